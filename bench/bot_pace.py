"""How often a table of bots moves on the server: the time from each move to the next.

A table of four bots of one level (``--level``, default the expert) plays in an app made as
``canasta serve`` makes it, over a temporary SQLite file, with the table's pause between moves
(``--pause``, default the server's 0.8 s); for ``--seconds`` (or until ``--moves`` moves are
seen) the moves are timed as the table holds them. A bot thinks during the pause
(docs/protocol.md, "Bots"), so the gaps of a quick level are the pause, and a search's the
longer of the pause and its time.

    python bench/bot_pace.py --seconds 60
    python bench/bot_pace.py --level club --pause 0.3
    python bench/bot_pace.py --level club --moves 20

The first moves of a table include starting its worker processes (docs/protocol.md, "Bots").
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
from pathlib import Path

from starlette.testclient import TestClient

from canasta.bots.levels import LEVELS
from canasta.server.app import create_app
from canasta.server.hall import Limits
from canasta.server.seats import Settings


def gaps(level: str, pause: float, seconds: float, rules: str = "classic",
         moves: int | None = None) -> list[float]:
    """The seconds between successive moves of a table of four ``level`` bots over
    ``seconds`` (or its first ``moves`` moves, if sooner), the table's pause ``pause``."""
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{Path(folder) / 'server.db'}", Settings(bot_pause=pause),
                         Limits())
        with TestClient(app) as http:
            made = http.post("/api/tables", json={"rules": rules, "seats": [level] * 4,
                                                  "name": "bench"})
            made.raise_for_status()
            table = app.state.server.tables.tables[made.json()["id"]]
            seen = 0
            stamps: list[float] = []
            end = time.monotonic() + seconds
            while time.monotonic() < end and not table.over and \
                    (moves is None or len(stamps) < moves):
                if len(table.actions) != seen:
                    seen = len(table.actions)
                    stamps.append(time.monotonic())
                time.sleep(0.002)
    return [b - a for a, b in itertools.pairwise(stamps)]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", choices=[level.name for level in LEVELS])
    parser.add_argument("--pause", type=float, default=Settings().bot_pause,
                        help="the table's pause between moves, in seconds (0 to 5)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to watch")
    parser.add_argument("--moves", type=int, help="stop once this many moves are seen")
    parser.add_argument("--rules", default="classic")
    args = parser.parse_args(argv)
    if not 0 <= args.pause <= 5 or args.seconds <= 0 or (args.moves is not None and
                                                          args.moves < 2):
        parser.error("--pause: 0 to 5; --seconds: above 0; --moves: 2 or more")
    found = gaps(args.level, args.pause, args.seconds, args.rules, args.moves)
    if not found:
        print(f"{args.level}: no two moves in {args.seconds:g} s")
        return
    print(f"{args.level}, pause {args.pause:g} s, {args.rules}: {len(found) + 1} moves in "
          f"{sum(found):.1f} s from the first to the last; from one move to the next median "
          f"{statistics.median(found):.2f} s, mean {statistics.mean(found):.2f} s, "
          f"max {max(found):.2f} s")


if __name__ == "__main__":
    main()
