"""Soak: every bot plays many games of every preset; the engine refuses any illegal choice.

    python bench/soak.py                                  # every bot, 100 games per preset
    python bench/soak.py --bot greedy --games 300 --deals 2
    python bench/soak.py --bot "ismcts:iterations=2,horizon=1" --games 100 --deals 1
    python bench/soak.py --rules modern_american --games 300      # one preset

The test suite plays a few games of each preset with each bot (tests/bots/test_every_preset.py);
this plays hundreds, which takes minutes. The bot under test holds side 0, greedy the other
sides, played as tournaments play them (``canasta.sim.games.play_game``); the engine refuses an
illegal action (``IllegalAction``, with its reason). An illegal action or any other exception is
counted and reported with its preset and seed, and the run goes on. Prints figures (games,
deals, decisions, failures, time) per preset; the exit status is 1 if anything failed.
"""

from __future__ import annotations

import argparse
import sys
import time

from canasta.rules import load, preset_names
from canasta.sim.games import GameJob, play_game

SPECS = ("random", "greedy", "ismcts:iterations=2,horizon=1")


def soak(spec: str, rules_name: str, games: int, deals: int,
         seed: int) -> tuple[int, int, list[str]]:
    """Play ``games`` games of ``deals`` deals (as tournaments do, ``sim.games.play_game``);
    the deals and decisions played, and the failures."""
    rules = load(rules_name)
    specs = (spec,) + ("greedy",) * (rules.players.sides - 1)
    played = decisions = 0
    failures: list[str] = []
    for s in range(seed, seed + games):
        try:
            result = play_game(GameJob(s, rules, s, tuple(range(len(specs))), specs, deals))
        except Exception as exc:  # a soak reports every crash and goes on
            failures.append(f"{rules_name} seed {s}: {type(exc).__name__}: {exc}")
            continue
        played += result.deals
        decisions += result.decisions
    return played, decisions, failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bot", action="append", help=f"bot spec (repeatable; default {SPECS})")
    parser.add_argument("--games", type=int, default=100, help="games per preset (default 100)")
    parser.add_argument("--deals", type=int, default=1, help="deals per game (default 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rules", action="append",
                        help="preset (repeatable; default every preset)")
    args = parser.parse_args(argv)
    failed = False
    for spec in args.bot or SPECS:
        total = [0, 0, 0.0]
        for name in args.rules or preset_names():
            start = time.perf_counter()
            played, decisions, failures = soak(spec, name, args.games, args.deals, args.seed)
            elapsed = time.perf_counter() - start
            total[0] += played
            total[1] += decisions
            total[2] += elapsed
            print(f"{spec} / {name}: {args.games} games, {played} deals, {decisions:,} "
                  f"decisions, {len(failures)} failures, {elapsed:.1f} s", flush=True)
            for line in failures:
                print(f"  FAILED {line}")
            failed = failed or bool(failures)
        presets = len(args.rules or preset_names())
        print(f"{spec}: {presets} presets, {total[0]} deals, {total[1]:,} decisions "
              f"in {total[2]:.0f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
