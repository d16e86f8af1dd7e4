"""The score pad's costs (docs/scorepad.md): a deal scored through the engine's ``score_side``
(the adapter of canasta.score.tally), a game re-scored whole (what every command does first),
and a deal stored in its own transaction in SQLite, as a game grows; and the server's
``POST /api/score/preview`` answering entries out of range (issue 26: ``melded=100000000``
took 20 s and 800 MB before it was refused; a 20-digit value ended in an HTTP 500).

    python bench/score_pad.py [--rules NAME] [--deals N] [--seed N]

Prints medians in milliseconds. Nothing asserts on time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from canasta.rules import load
from canasta.score import pad
from canasta.score.entry import SideEntry
from canasta.score.tally import tally
from canasta.store import open_database


def _median_ms(run: Callable[[], object], times: int) -> float:
    samples = []
    for _ in range(times):
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def _deal(rng: random.Random, needed: int) -> list[SideEntry]:
    """A small deal (no one went out, the stock ran dry) so that a game lasts many deals; one
    deal in four, a side went out with the ``needed`` natural canastas."""
    out = rng.randrange(8)  # sides 0 and 1: one deal in four
    return [SideEntry(natural=needed if side == out else 0, melded=120 + 5 * rng.randrange(16),
                      hand=0 if side == out else 5 * rng.randrange(20), red3=rng.randrange(2),
                      out=side == out) for side in range(2)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rules, rng = load(args.rules), random.Random(args.seed)
    names = ["Us", "Them"][:rules.players.sides]
    deals: list[list[SideEntry]] = []
    while len(deals) < args.deals:  # a game that does not end before --deals (small deals)
        deal = _deal(rng, max(1, rules.going_out.canastas))
        if tally(rules, names, [*deals, deal]).over:
            break
        deals.append(deal)
    print(f"{args.rules}: a game of {len(deals)} deals")
    one = _median_ms(lambda: tally(rules, names, deals[:1]), 200)
    whole = _median_ms(lambda: tally(rules, names, deals), 20)
    print(f"  score one deal (check + engine):   {one:8.3f} ms")
    print(f"  re-score the whole game:           {whole:8.3f} ms")
    with tempfile.TemporaryDirectory() as folder:
        engine = open_database(f"sqlite:///{Path(folder) / 'bench.db'}")
        game = pad.create(engine, "bench", rules, names).name
        first = last = 0.0
        for number, deal in enumerate(deals, start=1):
            start = time.perf_counter()
            pad.add_deal(engine, game, deal)
            took = (time.perf_counter() - start) * 1000
            first, last = (took, took) if number == 1 else (first, took)
        loaded = _median_ms(lambda: pad.load(engine, game), 20)
        print(f"  store deal 1, deal {len(deals)} (SQLite, WAL): {first:8.3f}, {last:8.3f} ms")
        print(f"  load and score the game:           {loaded:8.3f} ms")
        engine.dispose()
        _preview(f"sqlite:///{Path(folder) / 'server.db'}", args.rules, names)


def _preview(db_url: str, rules: str, names: list[str]) -> None:
    """The preview route's answer to entries out of range, through the whole server app."""
    from starlette.testclient import TestClient

    from canasta.server.app import create_app
    from canasta.server.hall import Limits

    lifted = Limits(messages_per_second=1e6, message_burst=10**6)
    with TestClient(create_app(db_url, limits=lifted)) as client:
        client.post("/api/score", json={"name": "bench", "preset": rules, "sides": names})
        for melded in (10**8, 10**19, "9" * 40):
            body = {"name": "bench", "entries": [{"melded": melded}] + [{}] * (len(names) - 1)}
            answer = client.post("/api/score/preview", json=body)
            took = _median_ms(partial(client.post, "/api/score/preview", json=body), 50)
            shown = melded if isinstance(melded, int) else f"'{melded[:6]}...' (40 digits)"
            print(f"  preview melded={shown}: HTTP {answer.status_code} in {took:6.3f} ms "
                  f"({answer.json()['message'][:48]})")


if __name__ == "__main__":
    main()
