"""This checkout's engine against a reference commit's (c64d12f by default), side by side.

The reference's ``src`` is taken out of git (``git archive``) into a temporary folder, and
each measurement runs in a fresh process of each engine. Two ways to measure:

- ``--instructions`` (the default where valgrind is installed): each workload runs under
  ``valgrind --tool=callgrind``, which counts the instructions the process executes; a run
  with no work is subtracted, so the figure is instructions per decision (or per sample).
  Counts are the same from run to run and do not depend on what else the machine is doing,
  which matters on a shared machine where wall-clock speed can swing by half between runs.
- ``--seconds``: wall-clock rates, the engines alternating (A B A B ...) for ``--rounds``
  runs, the median kept.

Printed for each engine, and the ratio of this checkout's speed to the reference's (above 1
is faster):

- ``classic random``: uniformly random play, classic, games of seeds 0.. to the end of their
  second deal;
- ``samba random``: the same for Samba; ``samba / classic``: the cost of a Samba decision
  in classic decisions (a ratio of costs: below 1 here is better);
- ``two_hand random``: the same for two-hand Canasta (the learning environments' two-player
  benchmark, bench/envs.py);
- ``search samples``: the search bot (``ismcts:iterations=N,settle=0``: every legal action
  played on to the end of the hand in each sample) over fixed decisions of greedy self-play.

Only the public surface both engines share is used (``Game``, ``legal_actions``, ``apply``,
``view``, ``make_bot``, ``IsmctsBot.search``). Prints figures; asserts nothing.

    python bench/compare.py                       # instructions, against c64d12f
    python bench/compare.py --seconds --rounds 5  # wall clock
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: Work per measurement: (games of random play, classic), (games, samba), decisions searched,
#: (games, two_hand).
SECONDS_WORK = (40, 20, 24, 30)
INSTRUCTION_WORK = (6, 2, 4, 5)


def random_play(rules_name: str, games: int) -> int:
    """Play ``games`` random games of two deals; the number of decisions."""
    from canasta.engine.game import Game
    from canasta.rules import load

    rules = load(rules_name)
    Game(rules, 10**6)  # the rule set's tables, outside the work
    decisions = 0
    for seed in range(games):
        game, rng = Game(rules, seed), random.Random(seed)
        while not game.is_terminal() and len(game.results) < 2:
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
    return decisions


def search_views(decisions: int) -> list[Any]:
    """Views of fixed decisions of greedy self-play, classic (the search bot's inputs)."""
    from canasta.bots import make_bot
    from canasta.engine.game import Game

    views: list[Any] = []
    seed = 0
    while len(views) < decisions:
        game = Game("classic", seed)
        seed += 1
        bots = [make_bot("greedy", seed=s) for s in range(game.num_players)]
        step = 0
        while not game.is_terminal() and not game.results and len(views) < decisions:
            view = game.view(game.current_player)
            if len(view.legal_actions) > 2 and step % 7 == 0:
                views.append(view)
            game.apply(bots[game.current_player].act(view))
            step += 1
    return views


def search(views: list[Any], iterations: int) -> int:
    """Search every view; the samples taken."""
    from canasta.bots.ismcts import IsmctsBot

    bot = IsmctsBot(seed=1, iterations=iterations, settle=0)
    return sum(bot.search(view).samples for view in views)


def worker(what: str, amount: int, work: bool) -> None:
    """One measurement, in this process: prints the work done (decisions, samples) and, for
    wall clock, the rate."""
    if what == "search":
        views = search_views(amount)
        start = time.perf_counter()
        done = search(views, 8 if amount > 4 else 2) if work else 0
    else:
        random_play(what, 0)  # the first loading of the rules and their tables, apart
        start = time.perf_counter()
        done = random_play(what, amount if work else 0)  # the idle run loads them again too
    print(json.dumps({"done": done, "seconds": time.perf_counter() - start}))


def _process(src: Path, args: list[str], counted: bool) -> tuple[dict[str, float], int]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    command = [sys.executable, __file__, "--worker", *args]
    if counted:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    result = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", result.stderr)
    return json.loads(result.stdout.strip().splitlines()[-1]), int(found.group(1)) if found else 0


def measure(src: Path, counted: bool, work: tuple[int, int, int, int]) -> dict[str, float]:
    """Each figure for the engine at ``src``: instructions per unit, or units per second."""
    figures = {}
    for key, what, amount in (("classic random", "classic", work[0]),
                              ("samba random", "samba", work[1]),
                              ("search samples", "search", work[2]),
                              ("two_hand random", "two_hand", work[3])):
        done, total = _process(src, [what, str(amount), "1"], counted)
        if counted:
            _, idle = _process(src, [what, str(amount), "0"], counted)
            figures[key] = (total - idle) / done["done"]
        else:
            figures[key] = done["done"] / done["seconds"]
    classic, samba = figures["classic random"], figures["samba random"]
    figures["samba / classic"] = samba / classic if counted else classic / samba
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--ref", default="c64d12f", help="the reference commit (c64d12f)")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--instructions", action="store_true",
                     help="count instructions with valgrind (the default where installed)")
    how.add_argument("--seconds", action="store_true", help="measure wall-clock rates")
    parser.add_argument("--rounds", type=int, default=5,
                        help="alternating runs of each engine, with --seconds (5)")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        what, amount, work = args.worker
        worker(what, int(amount), work == "1")
        return 0
    counted = not args.seconds and (args.instructions or shutil.which("valgrind") is not None)
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.ref, "src"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        engines = {"ref": Path(tmp) / "src", "this": ROOT / "src"}
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in engines}
        for _ in range(1 if counted else args.rounds):
            for name, src in engines.items():
                rounds[name].append(measure(src, counted, INSTRUCTION_WORK if counted
                                            else SECONDS_WORK))
    medians = {name: {key: statistics.median(r[key] for r in runs) for key in runs[0]}
               for name, runs in rounds.items()}
    unit = "instructions per decision (sample)" if counted else \
        f"per second, median of {args.rounds} alternating runs"
    print(f"python {sys.version.split()[0]}; reference {args.ref}; {unit}")
    print(f"{'figure':<18}{'reference':>16}{'this':>16}{'speed-up':>11}")
    for key in medians["ref"]:
        ref, this = medians["ref"][key], medians["this"][key]
        if key == "samba / classic":
            print(f"{key:<18}{ref:>15.2f}x{this:>15.2f}x{'':>11}")
            continue
        speedup = ref / this if counted else this / ref
        print(f"{key:<18}{ref:>16,.0f}{this:>16,.0f}{speedup:>10.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
