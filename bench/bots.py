"""Bots: strength (mirrored matches, 95% intervals), decision times, throughput, scaling.

    python bench/bots.py                          # every section with its default size
    python bench/bots.py --only strength --games 400
    python bench/bots.py --only search --search ismcts:seconds=1 --search-games 200
    python bench/bots.py --only speed --only scaling
    python bench/bots.py --only levels --hands 20 --searches 10
    python bench/bots.py --only speed --rules italian --hands 10

Sections:

- ``strength``: greedy against random, full classic games to the target (mirrored deals);
- ``search``: the search bot against greedy (``--search`` spec, ``--search-games`` games,
  ``--search-deals`` deals per game, 0 for full games);
- ``speed``: greedy's time per decision (median, p90, max) in greedy self-play (``--rules``,
  classic by default); random classic self-play through the ``Bot`` protocol (a view per
  decision) against the engine's raw random play (``rng.choice(game.legal_actions())``, as
  ``bench/random_play.py``);
- ``levels``: each level's decisions per second (the quick levels over ``--hands`` hands of
  self-play under ``--rules``; the expert level's search over ``--searches`` decisions taken
  from classic greedy self-play, each searched for its one second: samples per second,
  playouts per second, how far past its second a search ran; then the same with
  ``rollout=fast``, with ``prune=1``, and in one process (the expert samples in two: this
  process and a helper at once);
- ``scaling``: tournament games per second with 1 and 2 local workers and on a local Ray
  instance (2 CPUs, started beforehand), the same jobs each time, results checked equal.

Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from canasta.bots import make_bot
from canasta.bots.ismcts import IsmctsBot
from canasta.bots.levels import LEVELS
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.rules import load, preset_names
from canasta.sim.backends import run_local, run_ray
from canasta.sim.games import GameResult
from canasta.sim.tournament import PairStats, plan, play_tournament


def show_pair(label: str, p: PairStats, elapsed: float) -> None:
    print(f"{label}: {p.games} games in {elapsed:.1f} s: won {p.wins}, lost {p.losses}, "
          f"tied {p.ties}; win rate {p.win_rate:.1%} [95% CI {p.win_low:.1%}, {p.win_high:.1%}]"
          f"; mean margin {p.margin:+.0f} [{p.margin_low:+.0f}, {p.margin_high:+.0f}]; "
          f"Elo {p.elo:+.0f} [{p.elo_low:+.0f}, {p.elo_high:+.0f}]")


def strength(games: int, workers: int, seed: int) -> None:
    start = time.perf_counter()
    outcome = play_tournament(["greedy", "random"], load("classic"), games, seed,
                              workers=workers)
    finished = sum(r.finished for r in outcome.results)
    show_pair("greedy vs random, classic, full games to 5,000", outcome.pairs[0],
              time.perf_counter() - start)
    print(f"  games played to the target: {finished} of {len(outcome.results)}")


def search(spec: str, games: int, deals: int, workers: int, seed: int) -> None:
    start = time.perf_counter()
    outcome = play_tournament([spec, "greedy"], load("classic"), games, seed, deals,
                              workers=workers)
    length = f"first {deals} deal(s) of each game" if deals else "full games"
    show_pair(f"{spec} vs greedy, classic, {length}", outcome.pairs[0],
              time.perf_counter() - start)


def timed_decisions(spec: str, hands: int, seed: int, rules: str = "classic") -> list[float]:
    """Seconds per decision of ``spec`` playing every seat, over ``hands`` hands of ``rules``."""
    times: list[float] = []
    next_seed = seed
    played = 0
    while played < hands:
        game = Game(rules, next_seed)
        bots = [make_bot(spec, next_seed + s) for s in range(game.num_players)]
        next_seed += 1
        while not game.is_terminal() and played < hands:
            seat = game.current_player
            view = game.view(seat)
            t = time.perf_counter()
            action = bots[seat].act(view)
            times.append(time.perf_counter() - t)
            deals = len(game.results)
            game.apply(action)
            played += len(game.results) - deals
    return times


def throughput(step: Callable[[Game, random.Random], None], seconds: float) -> float:
    """Decisions per second of ``step`` over random games, for about ``seconds``."""
    decisions, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game, rng = Game("classic", seed), random.Random(seed)
        seed += 1
        while not game.is_terminal() and len(game.results) < 5:
            step(game, rng)
            decisions += 1
    return decisions / (time.perf_counter() - start)


def speed(hands: int, seconds: float, seed: int, rules: str) -> None:
    times = sorted(timed_decisions("greedy", hands, seed, rules))
    n = len(times)
    print(f"greedy decision time over {n} decisions ({hands} hands of greedy self-play, "
          f"{rules}): "
          f"median {1000 * times[n // 2]:.3f} ms, p90 {1000 * times[int(n * 0.9)]:.3f} ms, "
          f"mean {1000 * statistics.fmean(times):.3f} ms, max {1000 * times[-1]:.1f} ms")
    bots = [make_bot("random", s) for s in range(4)]

    def raw(game: Game, rng: random.Random) -> None:
        game.apply(rng.choice(game.legal_actions()))

    def protocol(game: Game, rng: random.Random) -> None:
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat)))

    engine = throughput(raw, seconds)
    bot = throughput(protocol, seconds)
    print(f"random play, decisions/s: engine raw {engine:,.0f}; random bot through views "
          f"{bot:,.0f} ({bot / engine:.0%} of raw)")


def levels(hands: int, searches: int, seed: int, rules: str) -> None:
    for level in LEVELS:
        if level.spec.startswith("ismcts"):
            continue
        times = timed_decisions(level.name, hands, seed, rules)
        print(f"level {level.name} ({level.spec}): {len(times) / sum(times):,.0f} decisions/s "
              f"over {len(times)} decisions ({hands} hands of {rules} self-play)")
    expert = next(level for level in LEVELS if level.spec.startswith("ismcts"))
    views = searched_views(searches, seed)
    # the expert, its cheaper playouts, its pruning, and the search in one process
    for spec in dict.fromkeys((expert.spec, f"{expert.spec},rollout=fast",
                               f"{expert.spec},prune=1", "ismcts:seconds=1")):
        search_speed(spec, views, seed)


def searched_views(searches: int, seed: int) -> list[PlayerView]:
    """``searches`` views of greedy self-play, each a few decisions on from the last."""
    greedy, game, rng = make_bot("greedy"), Game("classic", seed), random.Random(seed)
    views = []
    for _ in range(searches):
        for _ in range(rng.randrange(1, 12)):  # a decision some way into the deal
            if game.is_terminal() or game.results:
                game = Game("classic", rng.randrange(1 << 30))
            game.apply(greedy.act(game.view(game.current_player)))
        views.append(game.view(game.current_player))
    return views


def search_speed(spec: str, views: list[PlayerView], seed: int) -> None:
    """The search's samples and playouts per second over ``views`` (and per second of this
    process's CPU time, which other processes on the machine disturb less), and how far past
    its time budget a search ran (the load average says how busy the machine was)."""
    bot = make_bot(spec, seed)
    assert isinstance(bot, IsmctsBot)
    if bot.processes > 1:
        bot.search(views[0])  # the helpers started and ready: not counted
    samples = playouts = 0
    spent = cpu = 0.0
    over: list[float] = []
    for view in views:
        start, start_cpu = time.perf_counter(), time.process_time()
        found = bot.search(view)
        took = time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        spent += took
        over.append(took - bot.seconds)
        samples += found.samples
        playouts += sum(len(o) for o in found.outcomes.values())
    full = sorted(o for o in over if o > -0.01)  # the searches that used their whole time
    past = (f"past the {bot.seconds:g} s budget by median {1000 * full[len(full) // 2]:.0f} ms, "
            f"max {1000 * full[-1]:.0f} ms over the {len(full)} that used it all"
            if full else "none used its whole budget")
    # with helpers, this process's CPU time is not the search's: only the wall time counts
    per_cpu = bot.processes == 1
    print(f"{spec}: {len(views)} decisions searched in {spent:.1f} s"
          + (f" ({cpu:.1f} s CPU)" if per_cpu else f" in {bot.processes} processes") + "; "
          f"{samples / spent:,.1f} samples/s"
          + (f", {samples / cpu:,.1f} per CPU second" if per_cpu else "")
          + " (a sample: the hidden cards drawn once, every candidate played out on them); "
          f"{playouts / spent:,.0f} playouts/s"
          + (f", {playouts / cpu:,.0f} per CPU second" if per_cpu else "")
          + f"; {past}; load average {os.getloadavg()[0]:.1f}")


def scaling(games: int, seed: int) -> None:
    import ray

    jobs = plan(["greedy", "random"], load("classic"), games, seed)
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    print(f"Ray: a local instance with 2 CPUs started in {time.perf_counter() - start:.1f} s "
          "(not counted below)")
    reference = None
    runs: list[tuple[str, Callable[[], list[GameResult]]]] = [
        ("1 worker", lambda: run_local(jobs, 1)),
        ("2 workers", lambda: run_local(jobs, 2)),
        ("Ray, 2 CPUs", lambda: run_ray(jobs, None, 2)),
    ]
    for label, run in runs:
        start = time.perf_counter()
        results = run()
        elapsed = time.perf_counter() - start
        same = "" if reference is None else (
            ", results identical to 1 worker" if results == reference else ", RESULTS DIFFER")
        reference = reference or results
        print(f"tournament of {len(jobs)} full games (greedy vs random), {label}: "
              f"{elapsed:.2f} s, {len(jobs) / elapsed:.1f} games/s{same}")
    ray.shutdown()


SECTIONS = ("strength", "search", "speed", "levels", "scaling")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--only", action="append", choices=SECTIONS,
                        help="run only this section (repeatable)")
    parser.add_argument("--games", type=int, default=200,
                        help="greedy vs random games (default 200)")
    parser.add_argument("--search", default="ismcts:iterations=8",
                        help="the search bot's spec (default ismcts:iterations=8)")
    parser.add_argument("--search-games", type=int, default=100,
                        help="search vs greedy games (default 100)")
    parser.add_argument("--search-deals", type=int, default=1,
                        help="deals per search game, 0 for full games (default 1)")
    parser.add_argument("--hands", type=int, default=100,
                        help="hands of greedy self-play timed (default 100)")
    parser.add_argument("--searches", type=int, default=20,
                        help="the expert level's decisions searched, a second each (default 20)")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="seconds per throughput measure (default 5)")
    parser.add_argument("--scaling-games", type=int, default=100,
                        help="full games per scaling run (default 100)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--rules", default="classic", choices=preset_names(),
                        help="the preset of the speed and levels sections' self-play "
                             "(default classic)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    chosen = args.only or SECTIONS
    print(f"python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} CPUs, {args.workers} workers")
    if "strength" in chosen:
        strength(args.games, args.workers, args.seed)
    if "search" in chosen:
        search(args.search, args.search_games, args.search_deals, args.workers, args.seed)
    if "speed" in chosen:
        speed(args.hands, args.seconds, args.seed, args.rules)
    if "levels" in chosen:
        levels(args.hands, args.searches, args.seed, args.rules)
    if "scaling" in chosen:
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
        os.environ.setdefault("RAY_TMPDIR", tempfile.mkdtemp(prefix="ray-"))
        scaling(args.scaling_games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
