"""Load on one server process: N tables of four players, each a WebSocket client playing
random legal moves (laying cards when it can), against ``canasta serve`` on loopback.

Prints the tables, the actions per second the server accepted, and the latency from an
action sent to every seat of its table updated (the event frame of that version received by
all four clients): p50, p99 and the maximum. Not a test: nothing is asserted.

    python bench/server_load.py --tables 200 --think 2 --seconds 30

``--think`` is the pause a player takes before each move (people take seconds; 0 floods the
server to find its throughput). The server runs in a child process with its own database in
a temporary folder and limits lifted for the run; the clients run in this process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

QUICK = Path(__file__).resolve().parents[1] / "tests" / "server" / "data" / "quick.toml"
SERVER = """
import sys
from canasta.server.hall import Limits
from canasta.server.serve import address, bind, run_forever, server_for
from canasta.server.seats import Settings
sock = bind("127.0.0.1", 0)
server = server_for(sock, sys.argv[1], Settings(bot_pause=0.0, grace=3600.0),
                    Limits(tables_per_client=10**6, connections_per_minute=10**6))
print(address(sock), flush=True)
run_forever(server, sock)
"""


class Seat:
    """One player's connection: the latest view, and when each version reached it."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.frame: dict[str, Any] | None = None
        self.arrived: dict[int, float] = {}
        self.changed = asyncio.Event()

    async def read(self) -> None:
        try:
            async for text in self.connection:
                frame = json.loads(text)
                if frame["kind"] in ("welcome", "event"):
                    self.arrived[frame["v"]] = time.perf_counter()
                    self.frame = frame
                    self.changed.set()
        except websockets.ConnectionClosed:
            pass


async def table(ws: str, table_id: str, tokens: list[str], rng: random.Random, think: float,
                stop: float, sent: dict[tuple[str, int], float]) -> tuple[int, list[Seat]]:
    """Play one table until ``stop`` (or its game ends); the moves sent, and the seats
    (with when each version reached them)."""
    seats = []
    for token in tokens:
        connection = await websockets.connect(f"{ws}ws/{table_id}", max_size=2**22)
        await connection.send(json.dumps({"kind": "hello", "token": token}))
        seats.append(Seat(connection))
    readers = [asyncio.create_task(s.read()) for s in seats]
    moves = 0
    while time.perf_counter() < stop:
        frame = next((s.frame for s in seats if s.frame and (s.frame["facts"]["turn"]["mine"]
                      or s.frame["you"] in s.frame["table"]["waiting"])), None)
        if frame is None or frame["table"]["over"]:
            if frame is not None and frame["table"]["over"]:
                break
            await asyncio.sleep(0.005)
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
    return moves, seats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds a player waits before a move (default 2)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to play")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'bench.db'}"
        child = subprocess.Popen([sys.executable, "-c", SERVER, db], stdout=subprocess.PIPE,
                                 text=True)
        try:
            assert child.stdout is not None
            found = re.search(r"(http://\S+/)", child.stdout.readline())
            assert found is not None, "the server did not start"
            asyncio.run(run(found.group(1), args))
        finally:
            child.terminate()
            child.wait(10)


async def run(url: str, args: argparse.Namespace) -> None:
    ws = url.replace("http://", "ws://")
    rules = QUICK.read_text()
    started = time.perf_counter()
    tables: list[tuple[str, list[str]]] = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for _ in range(args.tables):
            made = (await http.post("/api/tables", json={
                "rules_file": rules, "name": "P0",
                "seats": ["me", "open", "open", "open"]})).json()
            async with websockets.connect(f"{ws}ws/{made['id']}") as connection:
                await connection.send(json.dumps({"kind": "hello", "token": made["token"]}))
                codes = json.loads(await connection.recv())["invites"]
            tokens = [made["token"]]
            for seat in (1, 2, 3):
                got = (await http.post(f"/api/tables/{made['id']}/claim", json={
                    "seat": seat, "invite": codes[str(seat)], "name": f"P{seat}"})).json()
                tokens.append(got["token"])
            tables.append((made["id"], tokens))
    print(f"{args.tables} tables set up in {time.perf_counter() - started:.1f} s")
    sent: dict[tuple[str, int], float] = {}
    rng = random.Random(args.seed)
    begin = time.perf_counter()
    stop = begin + args.seconds
    played = await asyncio.gather(*(table(ws, t, tokens, random.Random(rng.random()),
                                          args.think, stop, sent) for t, tokens in tables))
    elapsed = time.perf_counter() - begin
    seats_of = {t: seats for (t, _), (_, seats) in zip(tables, played, strict=True)}
    latencies = []
    for (table_id, version), at in sent.items():
        times = [s.arrived.get(version) for s in seats_of[table_id]]
        if all(t is not None for t in times):
            latencies.append((max(t for t in times if t is not None) - at) * 1000)
    latencies.sort()
    total = sum(moves for moves, _ in played)
    print(f"tables {args.tables}, think {args.think} s, {elapsed:.1f} s played")
    print(f"actions {total} ({total / elapsed:.1f}/s), measured {len(latencies)}")
    if latencies:
        p50 = statistics.median(latencies)
        p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
        print(f"latency to every seat updated: p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
              f"max {latencies[-1]:.1f} ms")


if __name__ == "__main__":
    main()
