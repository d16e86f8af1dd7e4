"""Time per call of the presentation layer (docs/presentation.md) over greedy self-play: what
a face pays per move to show a seat its table.

Each move of greedy self-play (games of ``--games`` seeds, each to the end of its first deal)
is described for every seat (``describe_move``, with the suits the seat is shown), and every
seat's ``table_facts`` is built and turned into JSON-ready data (``to_dict``); the hint
(``table_facts(..., with_hint=True)``) is timed for the seat to act, and the suits for the eye
once a move (``SuitLedger.play``, which applies the action and follows it, beside
``Game.apply`` alone; ``MoveSuits.of``: what a server keeps per move). Prints the median, 90th
percentile and maximum µs per call.

    python bench/presentation.py
    python bench/presentation.py --rules samba --games 5

Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from canasta.bots import make_bot
from canasta.engine.game import Game
from canasta.presentation import MoveSuits, SuitLedger, describe_move, table_facts
from canasta.rules import load, preset_names


def timed(calls: dict[str, list[float]], name: str, call: Callable[[], Any]) -> Any:
    """Run ``call``, adding its time in µs to ``calls[name]``."""
    start = time.perf_counter_ns()
    out = call()
    calls.setdefault(name, []).append((time.perf_counter_ns() - start) / 1000)
    return out


def measure(rules_name: str, games: int, seed: int) -> dict[str, list[float]]:
    """The timings of every call, by name."""
    rules = load(rules_name)
    calls: dict[str, list[float]] = {}
    for n in range(games):
        game = Game(rules, seed + n)
        players = game.num_players
        bots = [make_bot("greedy", seed + n + s) for s in range(players)]
        names = [f"P{s}" for s in range(players)]
        eye = SuitLedger.of_game(game)
        while not game.is_terminal() and not game.results:
            before = [game.view(s) for s in range(players)]
            mover = game.current_player
            timed(calls, "table_facts + hint (seat to act)",
                  partial(table_facts, before[mover], with_hint=True))
            action = bots[mover].act(before[mover])
            timed(calls, "Game.apply (alone, to compare)", partial(game.clone().apply, action))
            timed(calls, "SuitLedger.play (Game.apply + follow)", partial(eye.play, game, action))
            timed(calls, "MoveSuits.of", partial(MoveSuits.of, eye, mover))
            for seat in range(players):
                after, suits = game.view(seat), eye.move_seen_by(seat)
                timed(calls, "describe_move",
                      partial(describe_move, before[seat], action, after, names, suits))
                facts = timed(calls, "table_facts", partial(table_facts, after, suits=suits))
                timed(calls, "to_dict", facts.to_dict)
    return calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic", choices=preset_names())
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    calls = measure(args.rules, args.games, args.seed)
    print(f"presentation, {args.rules}, {args.games} first deals of greedy self-play "
          f"(Python {platform.python_version()}, {sys.platform})")
    print(f"{'call':<38} {'calls':>7} {'median µs':>10} {'p90 µs':>8} {'max µs':>8}")
    for name, times in calls.items():
        times.sort()
        p90 = times[int(len(times) * 0.9)]
        print(f"{name:<38} {len(times):>7} {statistics.median(times):>10.0f} {p90:>8.0f} "
              f"{times[-1]:>8.0f}")


if __name__ == "__main__":
    main()
