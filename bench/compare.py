"""This checkout's engine against a reference commit's (c64d12f by default), side by side.

The reference's ``src`` is taken out of git (``git archive``) into a temporary folder; each
measurement runs in a fresh process of each engine, the two alternating (A B A B ...) so that
a busy machine slows both alike, and the median of ``--rounds`` is kept. Printed, for each
engine and as a ratio (this checkout over the reference):

- ``classic random``: decisions per second of uniformly random play, classic, a fixed set of
  games (seeds 0..) played to the end of their second deal;
- ``samba random`` and ``samba / classic``: the same for Samba, and the cost of a Samba
  decision in units of a classic one;
- ``search samples``: samples per second of the search bot (``ismcts:iterations=8,settle=0``:
  every legal action played on to the end of the hand in each sample) over fixed decisions of
  greedy self-play.

Only the public surface both engines share is used (``Game``, ``legal_actions``, ``apply``,
``view``, ``make_bot``, ``IsmctsBot.search``). Prints figures; asserts nothing.

    python bench/compare.py                  # against c64d12f, 5 rounds
    python bench/compare.py --ref HEAD~3 --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def random_play(rules_name: str, games: int) -> float:
    """Decisions per second of random play over ``games`` games of two deals."""
    from canasta.engine.game import Game
    from canasta.rules import load

    rules = load(rules_name)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        game, rng = Game(rules, seed), random.Random(seed)
        while not game.is_terminal() and len(game.results) < 2:
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
    return decisions / (time.perf_counter() - start)


def search_samples(decisions: int) -> float:
    """Samples per second of the search bot over ``decisions`` fixed decisions."""
    from canasta.bots import make_bot
    from canasta.bots.ismcts import IsmctsBot
    from canasta.engine.game import Game

    views: list[Any] = []  # PlayerView of either engine
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
    bot = IsmctsBot(seed=1, iterations=8, settle=0)
    samples = 0
    start = time.perf_counter()
    for view in views:
        samples += bot.search(view).samples
    return samples / (time.perf_counter() - start)


def worker() -> None:
    figures = {
        "classic random": random_play("classic", 40),
        "samba random": random_play("samba", 20),
        "search samples": search_samples(24),
    }
    print(json.dumps(figures))


def run(src: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run([sys.executable, __file__, "--worker"], env=env, check=True,
                         capture_output=True, text=True).stdout
    figures: dict[str, float] = json.loads(out)
    figures["samba / classic"] = figures["classic random"] / figures["samba random"]
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--ref", default="c64d12f", help="the reference commit (c64d12f)")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each engine (5)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.ref, "src"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        engines = {"ref": Path(tmp) / "src", "this": ROOT / "src"}
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in engines}
        for _ in range(args.rounds):
            for name, src in engines.items():
                rounds[name].append(run(src))
    medians = {name: {key: statistics.median(r[key] for r in runs) for key in runs[0]}
               for name, runs in rounds.items()}
    print(f"python {sys.version.split()[0]}; reference {args.ref}; median of {args.rounds} "
          "alternating runs of each engine")
    print(f"{'figure':<22}{'reference':>14}{'this':>14}{'this / ref':>12}")
    for key in medians["ref"]:
        ref, this = medians["ref"][key], medians["this"][key]
        unit = "x" if "/" in key else "/s"
        print(f"{key:<22}{ref:>12,.2f}{unit:<2}{this:>12,.2f}{unit:<2}{this / ref:>11.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
