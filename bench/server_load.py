"""Load on the game server: N tables of four players, each a WebSocket client playing random
legal moves (laying cards when it can), against ``canasta serve`` processes on loopback.

Prints, for each setup, the actions per second the servers accepted and the latency from an
action sent to every seat of its table updated (the event frame of that version received by
all four clients): p50, p99 and the maximum. Not a test: nothing is asserted.

    python bench/server_load.py --tables 200 --think 2 --seconds 30
    python bench/server_load.py --tables 100 --think 1 --setups sqlite pg pg2

``--think`` is the pause a player takes before each move (people take seconds; 0 floods the
server to find its throughput). ``--setups``: ``sqlite`` is one process on SQLite (the
default), ``pg`` one process on PostgreSQL, ``pg2`` two processes on one PostgreSQL
(docs/cluster.md): tables are created on the two in turn, and each table's seats connect to
the two in turn, so half of every table's moves are forwarded to the owning process and every
event is fanned out by both. PostgreSQL is a throwaway server the benchmark starts (the
tests' recipe, tests/postgres.py), or ``--db URL`` (a database it may fill). The servers run
in child processes with limits lifted; the clients run in this process. Every player is
connected and holds its welcome before the clock starts. The players read only the facts, as
the browser page does, and decline the seat's view in their hello as it does; ``--views``
asks for it, as the terminal and bot clients do. ``--review`` has the server review a seat of
a finished game of club bots (classic, a whole game) while the tables play (docs/protocol.md,
"Reviews"), and prints how many of its decisions were judged meanwhile. ``--bot-tables N``
adds N tables of four bots of ``--bot-level`` (expert: a second's search a move) playing
beside the people's tables, and prints how many moves the bots made meanwhile (issue 27: the
server's bots must not slow the other tables).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import orjson
import uvloop
import websockets

ROOT = Path(__file__).resolve().parents[1]
QUICK = ROOT / "tests" / "server" / "data" / "quick.toml"
SERVER = """
import sys
from canasta.server.hall import Limits
from canasta.server.serve import address, bind, run_forever, server_for
from canasta.server.seats import Settings
sock = bind("127.0.0.1", 0)
server = server_for(sock, sys.argv[1], Settings(bot_pause=0.0, grace=3600.0),
                    Limits(tables_per_client=10**6, tables_per_hour=10**6,
                           connections_per_minute=10**6, messages_per_second=10**6,
                           message_burst=10**6, reviews_per_client=4), lease=5.0)
print(address(sock), flush=True)
run_forever(server, sock)
"""


class Seat:
    """One player's connection: the latest view, and when each version reached it.
    ``moved`` is its table's, set by every seat's new frame."""

    def __init__(self, connection: Any, moved: asyncio.Event) -> None:
        self.connection = connection
        self.frame: dict[str, Any] | None = None
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.moved = moved

    async def read(self) -> None:
        try:
            async for text in self.connection:
                at = time.perf_counter()  # received: its parsing is the player's own time
                frame = orjson.loads(text)
                if frame["kind"] in ("welcome", "event"):
                    self.arrived[frame["v"]] = at
                    self.frame = frame
                    self.changed.set()
                    self.moved.set()
        except websockets.ConnectionClosed:
            pass


async def seated(homes: list[str], table_id: str, tokens: list[str], views: bool
                 ) -> tuple[list[Seat], list[asyncio.Task[None]]]:
    """A table's four players connected, each holding its welcome; their readers. With
    ``views`` their frames carry the seat's view (as the terminal's and bots' do), else not
    (as the browser page's: these players read only the facts)."""
    moved = asyncio.Event()
    seats = []
    for ws, token in zip(homes, tokens, strict=True):
        connection = await websockets.connect(f"{ws}ws/{table_id}", max_size=2**22)
        await connection.send(json.dumps({"kind": "hello", "token": token, "view": views}))
        seats.append(Seat(connection, moved))
    readers = [asyncio.create_task(s.read()) for s in seats]
    for seat in seats:
        while seat.frame is None:
            seat.changed.clear()
            await asyncio.wait_for(seat.changed.wait(), 60)
    return seats, readers


async def table(table_id: str, seats: list[Seat], readers: list[asyncio.Task[None]],
                rng: random.Random, think: float, stop: float,
                sent: dict[tuple[str, int], float]) -> int:
    """Play one table until ``stop`` (or its game ends); the moves sent (when each version
    reached each seat is in the seats)."""
    moves = 0
    moved = seats[0].moved
    while time.perf_counter() < stop:
        moved.clear()  # before looking: a frame arriving after the look wakes the wait
        frame = next((s.frame for s in seats if s.frame and (s.frame["facts"]["turn"]["mine"]
                      or s.frame["you"] in s.frame["table"]["waiting"])), None)
        if frame is None or frame["table"]["over"]:
            if frame is not None and frame["table"]["over"]:
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(moved.wait(), 1)
            continue
        seat = seats[frame["you"]]
        if frame["you"] in frame["table"]["waiting"]:
            await seat.connection.send(json.dumps({"kind": "continue"}))
        else:
            await asyncio.sleep(think * rng.random() * 2)
            texts = [a["text"] for a in frame["facts"]["actions"]]
            laying = [t for t in texts if t.split()[0] in ("meld", "add", "take", "commit")]
            text = rng.choice(laying if laying and rng.random() < 0.9 else texts)
            sent[(table_id, frame["v"] + 1)] = time.perf_counter()
            await seat.connection.send(json.dumps({"kind": "act", "action": text,
                                                   "v": frame["v"]}))
            moves += 1
        seat.changed.clear()
        version = frame["v"]
        while seat.frame is not None and seat.frame["v"] == version:
            try:
                await asyncio.wait_for(seat.changed.wait(), 5)
            except TimeoutError:
                break
            seat.changed.clear()
    for s in seats:
        await s.connection.close()
    for reader in readers:
        await reader
    return moves


@dataclass
class Figures:
    """One setup's result."""

    setup: str
    actions: int
    seconds: float
    latencies: list[float]

    def line(self) -> str:
        rate = self.actions / self.seconds
        if not self.latencies:
            return f"{self.setup:8} {rate:9.1f} {'-':>9} {'-':>9} {'-':>9}"
        p50 = statistics.median(self.latencies)
        p99 = self.latencies[min(len(self.latencies) - 1, int(len(self.latencies) * 0.99))]
        return f"{self.setup:8} {rate:9.1f} {p50:9.1f} {p99:9.1f} {self.latencies[-1]:9.1f}"


def serve(db: str) -> tuple[subprocess.Popen[str], str]:
    """A server process over ``db``, and its address."""
    child = subprocess.Popen([sys.executable, "-c", SERVER, db], stdout=subprocess.PIPE,
                             text=True)
    assert child.stdout is not None
    found = re.search(r"(http://\S+/)", child.stdout.readline())
    assert found is not None, "the server did not start"
    return child, found.group(1)


def postgres_url(args: argparse.Namespace, stack: contextlib.ExitStack, name: str) -> str:
    """A fresh database for one setup: on ``--db``'s server, else on a throwaway one."""
    if args.db:
        return str(args.db)
    if "server" not in args:
        sys.path.insert(0, str(ROOT))
        from tests.postgres import start

        args.server = start()
        stack.callback(args.server.stop)
    url: str = args.server.database(empty=True)
    return url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds a player waits before a move (default 2)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--setups", nargs="+", choices=["sqlite", "pg", "pg2"],
                        default=["sqlite"], help="what to measure (default: sqlite)")
    parser.add_argument("--db", help="a PostgreSQL URL to use instead of a throwaway server")
    parser.add_argument("--review", action="store_true",
                        help="a review runs on the server while the tables play")
    parser.add_argument("--bot-tables", type=int, default=0,
                        help="tables of four bots playing beside the people's (default 0)")
    parser.add_argument("--bot-level", default="expert",
                        help="the bots' level or spec at those tables (default expert)")
    parser.add_argument("--views", action="store_true",
                        help="players ask for the seat's view in every frame, as the terminal "
                             "and bot clients do (default: not, as the browser page)")
    args = parser.parse_args()
    results = []
    with contextlib.ExitStack() as stack, tempfile.TemporaryDirectory() as tmp:
        for setup in args.setups:
            db = f"sqlite:///{Path(tmp) / f'{setup}.db'}" if setup == "sqlite" else \
                postgres_url(args, stack, setup)
            children = []
            try:
                for _ in range(2 if setup == "pg2" else 1):
                    children.append(serve(db))
                results.append(uvloop.run(run(setup, [url for _, url in children], args)))
            finally:
                for child, _ in children:
                    child.terminate()
                    child.wait(10)
    print(f"tables {args.tables}, think {args.think} s, {args.seconds:g} s each, "
          f"{'with' if args.views else 'without'} the seats' views"
          f"{', a review running' if args.review else ''}"
          f"{f', {args.bot_tables} tables of {args.bot_level} bots' if args.bot_tables else ''}")
    print(f"{'setup':8} {'actions/s':>9} {'p50 ms':>9} {'p99 ms':>9} {'max ms':>9}")
    for figures in results:
        print(figures.line())


async def run(setup: str, urls: list[str], args: argparse.Namespace) -> Figures:
    """Set the tables up (the n-th on server n mod k, its seat s connected to server
    (n + s) mod k) and play them."""
    ws = [url.replace("http://", "ws://") for url in urls]
    rules = QUICK.read_text()
    started = time.perf_counter()
    tables: list[tuple[str, list[str], list[str]]] = []
    clients = [httpx2.AsyncClient(base_url=url, timeout=60) for url in urls]
    try:
        for n in range(args.tables):
            home = n % len(urls)
            made = (await clients[home].post("/api/tables", json={
                "rules_file": rules, "name": "P0",
                "seats": ["me", "open", "open", "open"]})).json()
            async with websockets.connect(f"{ws[home]}ws/{made['id']}") as connection:
                await connection.send(json.dumps({"kind": "hello", "token": made["token"]}))
                codes = json.loads(await connection.recv())["invites"]
            tokens = [made["token"]]
            for seat in (1, 2, 3):
                got = (await clients[home].post(f"/api/tables/{made['id']}/claim", json={
                    "seat": seat, "invite": codes[str(seat)], "name": f"P{seat}"})).json()
                tokens.append(got["token"])
            tables.append((made["id"], tokens,
                           [ws[(n + seat) % len(urls)] for seat in range(4)]))
    finally:
        for client in clients:
            await client.aclose()
    joined = await asyncio.gather(*(seated(homes, t, tokens, args.views)
                                    for t, tokens, homes in tables))
    reviewed = await start_review(urls[0]) if args.review else None
    before = await judged(urls[0], reviewed) if reviewed else 0
    bots = await bot_tables(urls[0], args.bot_tables, args.bot_level)
    bot_moves = await moves_of(urls[0], bots)
    print(f"{setup}: {args.tables} tables set up, {4 * args.tables} players connected in "
          f"{time.perf_counter() - started:.1f} s", flush=True)
    sent: dict[tuple[str, int], float] = {}
    rng = random.Random(args.seed)
    begin = time.perf_counter()
    stop = begin + args.seconds
    played = await asyncio.gather(*(table(t, seats, readers, random.Random(rng.random()),
                                          args.think, stop, sent)
                                    for (t, _, _), (seats, readers) in zip(tables, joined,
                                                                           strict=True)))
    elapsed = time.perf_counter() - begin
    if reviewed is not None:
        print(f"{setup}: the review judged {await judged(urls[0], reviewed) - before} "
              "decisions while the tables played", flush=True)
    if bots:
        print(f"{setup}: the {len(bots)} bot tables made "
              f"{await moves_of(urls[0], bots) - bot_moves} moves while the tables played",
              flush=True)
    seats_of = {t: seats for (t, _, _), (seats, _) in zip(tables, joined, strict=True)}
    latencies = []
    for (table_id, version), at in sent.items():
        times = [s.arrived.get(version) for s in seats_of[table_id]]
        if all(t is not None for t in times):
            latencies.append((max(t for t in times if t is not None) - at) * 1000)
    latencies.sort()
    return Figures(setup, sum(played), elapsed, latencies)


async def judged(url: str, path: str) -> int:
    """How many decisions the review at ``path`` has judged."""
    async with httpx2.AsyncClient(base_url=url, timeout=60) as http:
        found: int = (await http.get(path)).json()["judged"]
        return found


async def bot_tables(url: str, count: int, level: str) -> list[str]:
    """``count`` tables of four ``level`` bots, created (they start playing at once)."""
    async with httpx2.AsyncClient(base_url=url, timeout=60) as http:
        made = [(await http.post("/api/tables", json={"rules": "classic", "name": "P0",
                                                      "seats": [level] * 4})).json()
                for _ in range(count)]
    return [table["id"] for table in made]


async def moves_of(url: str, tables: list[str]) -> int:
    """How many moves ``tables`` have made so far (their versions, added up)."""
    async with httpx2.AsyncClient(base_url=url, timeout=60) as http:
        return sum([int((await http.get(f"/api/tables/{t}")).json()["version"])
                    for t in tables])


async def start_review(url: str) -> str:
    """A whole classic game of club bots played to its end, then seat 0's review begun; the
    review's address."""
    async with httpx2.AsyncClient(base_url=url, timeout=60) as http:
        made = (await http.post("/api/tables", json={"rules": "classic", "name": "P0",
                                                     "seats": ["club"] * 4})).json()
        while not (await http.get(f"/api/tables/{made['id']}")).json()["over"]:
            await asyncio.sleep(0.5)
        path = f"/api/tables/{made['id']}/review?seat=0"
        begun = await http.post(path)
        assert begun.status_code == 202, begun.text
        while (await http.get(path)).json()["judged"] == 0:  # the worker process is up
            await asyncio.sleep(0.2)
    return path


if __name__ == "__main__":
    main()
