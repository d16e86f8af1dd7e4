"""Uniformly random legal play: decisions and complete hands per second, in one CPython process.

Policy: ``rng.choice(game.legal_actions())``. A ``Game`` plays deal after deal by itself; a hand
counts as complete when ``len(game.results)`` grows. A new game (the next seed) starts when one is
over or after ``--deals`` deals.

    python bench/random_play.py                      # classic, 10 s
    python bench/random_play.py --rules two_hand --seconds 5
    python bench/random_play.py --hands 1000         # a fixed amount of work instead of a time

Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from canasta.engine.game import Game
from canasta.rules import load, preset_names


@dataclass
class Tally:
    decisions: int = 0
    hands: int = 0
    games: int = 0
    games_finished: int = 0
    decisions_per_hand: list[int] = field(default_factory=list)
    ended_by: Counter[str] = field(default_factory=Counter)
    dead_ends: list[tuple[int, int]] = field(default_factory=list)  # (seed, deal)


def run(
    rules_name: str, seconds: float, max_hands: int, deals: int, seed: int
) -> tuple[Tally, float]:
    """Play until ``seconds`` have passed or ``max_hands`` hands are complete (0: no limit)."""
    rules = load(rules_name)
    rng = random.Random(seed)
    tally = Tally()
    next_seed = seed
    start = time.perf_counter()
    deadline = start + seconds if seconds > 0 else float("inf")
    while True:
        game = Game(rules, next_seed)
        next_seed += 1
        tally.games += 1
        hand_decisions = 0
        seen = 0
        while not game.is_terminal() and seen < deals:
            legal = game.legal_actions()
            if not legal:
                # An engine bug (docs/rules.md: no dead ends). Count it, show it, play on.
                tally.dead_ends.append((game.seed, game.deal_number))
                break
            game.apply(rng.choice(legal))
            tally.decisions += 1
            hand_decisions += 1
            if len(game.results) > seen:
                for result in game.results[seen:]:
                    tally.hands += 1
                    tally.ended_by[result.ended_by] += 1
                tally.decisions_per_hand.append(hand_decisions)
                hand_decisions = 0
                seen = len(game.results)
                if max_hands and tally.hands >= max_hands:
                    return tally, time.perf_counter() - start
                if time.perf_counter() >= deadline:
                    return tally, time.perf_counter() - start
        if game.is_terminal():
            tally.games_finished += 1


def report(rules_name: str, tally: Tally, elapsed: float) -> None:
    dph = sorted(tally.decisions_per_hand)
    n = len(dph)
    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}, one process")
    print(f"rules: {rules_name}")
    print(f"elapsed: {elapsed:.2f} s, games started: {tally.games} "
          f"(played to the end: {tally.games_finished})")
    print(f"decisions: {tally.decisions}  ({tally.decisions / elapsed:,.0f} per second)")
    print(f"complete hands: {tally.hands}  ({tally.hands / elapsed:,.1f} per second)")
    if n:
        print(f"decisions per hand: mean {sum(dph) / n:.1f}, median {dph[n // 2]}, "
              f"min {dph[0]}, max {dph[-1]}")
    print("hands ended by:")
    for reason, count in tally.ended_by.most_common():
        print(f"  {reason:<32} {count:>7}  ({100 * count / max(tally.hands, 1):5.1f}%)")
    if tally.dead_ends:
        shown = ", ".join(f"seed {s} deal {d}" for s, d in tally.dead_ends[:5])
        print(f"DEAD ENDS (engine bug: no legal action mid-game): {len(tally.dead_ends)}; {shown}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="classic", choices=preset_names())
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="wall time to play for (default 10; 0 = until --hands)")
    parser.add_argument("--hands", type=int, default=0,
                        help="stop after this many complete hands (default: no limit)")
    parser.add_argument("--deals", type=int, default=5,
                        help="start a new game after this many deals (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.seconds <= 0 and args.hands <= 0:
        parser.error("give --seconds or --hands")
    tally, elapsed = run(args.rules, args.seconds, args.hands, args.deals, args.seed)
    report(args.rules, tally, elapsed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
