"""The cost of a replay (docs/protocol.md, "Replay"): building one from a record, its memory,
its move list, and the size and time of its frames, from one seat's eyes and face up.

A game of greedy bots (``--rules``, ``--seed``) is played to its end, its record replayed by
``canasta.server.replay.Replay``, and every step's frame built and serialised as the server
sends it (orjson).

    python bench/replay.py
    python bench/replay.py --rules two_hand --seed 3

Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import statistics
import time
import tracemalloc

import orjson

from canasta import record
from canasta.bots import make_bot
from canasta.engine.game import Game
from canasta.rules import load, preset_names
from canasta.server.replay import Replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic", choices=preset_names())
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    game = Game(load(args.rules), args.seed)
    bots = [make_bot("greedy", seed=seat) for seat in range(game.num_players)]
    while not game.is_terminal():
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat)))
    rec = record.record_of(game)
    start = time.perf_counter()
    replay = Replay(rec)
    built = time.perf_counter() - start
    tracemalloc.start()
    kept = Replay(rec)
    held = tracemalloc.get_traced_memory()[0]
    del kept
    tracemalloc.stop()
    print(f"{args.rules}, seed {args.seed}: {replay.steps} actions in {len(game.results)} deals; "
          f"record {len(record.dumps(game))} bytes")
    print(f"build: {built:.3f} s; held: {held / 1e6:.2f} MB")
    for viewpoint in (0, None):
        start = time.perf_counter()
        listing = orjson.dumps(replay.listing(viewpoint))
        listed = time.perf_counter() - start
        sizes, times = [], []
        for step in range(replay.steps + 1):
            start = time.perf_counter()
            sizes.append(len(orjson.dumps(replay.frame(step, viewpoint))))
            times.append((time.perf_counter() - start) * 1000)
        print(f"{'seat 0' if viewpoint == 0 else 'face up'}: move list {len(listing)} bytes in "
              f"{listed:.3f} s; frame mean {statistics.mean(sizes):.0f} bytes, max "
              f"{max(sizes)}, all {sum(sizes) / 1e6:.1f} MB; median {statistics.median(times):.2f}"
              f" ms, max {max(times):.2f} ms a frame")


if __name__ == "__main__":
    main()
