"""A real server for the tests: uvicorn on a free loopback port, in a thread of the test
process (``running``) or in a subprocess (``Subprocess``), over a temporary database; and a
small WebSocket client that keeps every frame it receives."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import websockets
from sqlalchemy import Executable, create_engine

from canasta.server.hall import TEST_SEED, Limits
from canasta.server.seats import Settings
from canasta.server.serve import address, bind, server_for


@dataclass
class Running:
    """A server running in a thread: its address and database."""

    url: str
    db: str

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://")

    def http(self) -> httpx2.Client:
        return httpx2.Client(base_url=self.url, timeout=30)


QUICK = Path(__file__).with_name("data") / "quick.toml"  # one short deal a game


def lifted_limits(**given: Any) -> Limits:
    """The tests' limits: ``given`` ones, and a message rate and tables an hour no test player
    reaches (they play as fast as the machine lets them; tests/net/test_rate.py sets its own
    rate)."""
    return Limits(**{"messages_per_second": 1e6, "message_burst": 10**6,
                     "tables_per_hour": 10**6, **given})


@contextmanager
def running(db: str, bot_pause: float = 0.0, grace: float = 60.0,
            limits: Limits | None = None, seeds: str = "tests",
            forwarded_allow_ips: str | None = None) -> Iterator[Running]:
    """A server over ``db`` in a thread, its tables' seeds drawn from ``seeds`` (the same
    games every run), stopped on exit; with ``lifted_limits()`` unless others are given."""
    os.environ[TEST_SEED] = seeds
    sock = bind("127.0.0.1", 0)
    server = server_for(sock, db, Settings(bot_pause=bot_pause, grace=grace),
                        limits or lifted_limits(), forwarded_allow_ips=forwarded_allow_ips)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])),
                              daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    del os.environ[TEST_SEED]
    try:
        yield Running(address(sock), db)
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


class Subprocess:
    """``canasta serve`` in a child process (the kill-and-restart test)."""

    def __init__(self, db: str, bot_pause: float = 0.0, seeds: str = "tests",
                 args: Sequence[str] = ()) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1", TEST_SEED: seeds}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "canasta", "serve", "--port", "0", "--no-browser",
             "--db", db, "--bot-pause", str(bot_pause), *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"(http://\S+/)", line)
        if found is None:
            self.process.kill()
            raise RuntimeError(f"canasta serve said: {line!r}")
        self.url = found.group(1)
        self.ws = self.url.replace("http://", "ws://")
        # what it prints from now on is read as it comes: a server writing into a full pipe
        # nobody reads (64 KiB: a few dozen logged tracebacks) would stop in that write
        self.output: list[str] = []
        self._reader = threading.Thread(target=self.output.extend, args=(self.process.stdout,),
                                        daemon=True)
        self._reader.start()
        with httpx2.Client(base_url=self.url, timeout=5) as client:
            deadline = time.monotonic() + 30
            while True:
                try:
                    client.get("/api/presets")
                    break
                except httpx2.TransportError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)

    def kill(self) -> None:
        """kill -9."""
        self.process.kill()
        self.process.wait(10)

    def said(self) -> str:
        """What the server printed after its address (all of it, once it has been killed)."""
        if self.process.poll() is not None:
            self._reader.join(10)
        return "".join(self.output)


class Client:
    """One WebSocket client of a table: a task reads every frame it is sent, in order."""

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.closed = False
        self._new = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, ws: str, table: str, token: str | None = None,
                   seen: int | None = None, hello: bool = True) -> Client:
        connection = await websockets.connect(f"{ws}ws/{table}", max_size=2**22)
        client = cls(connection)
        if hello:
            await client.send({"kind": "hello", "token": token, "v": seen})
            await client.until(lambda f: f["kind"] in ("welcome", "error"))
        return client

    async def _read(self) -> None:
        try:
            async for text in self.connection:
                self.raw.append(text)
                self.frames.append(json.loads(text))
                self._new.set()
        except websockets.ConnectionClosed:
            pass
        self.closed = True
        self._new.set()

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        await self.connection.send(message if isinstance(message, str | bytes)
                                   else json.dumps(message))

    async def until(self, done: Any, timeout: float = 60, start: int | None = None
                    ) -> dict[str, Any]:
        """Wait for a frame (from index ``start``, default: the next one) that satisfies
        ``done``; that frame."""
        index = len(self.frames) if start is None else start
        deadline = time.monotonic() + timeout
        while True:
            while index < len(self.frames):
                if done(self.frames[index]):
                    return self.frames[index]
                index += 1
            if self.closed:
                raise ConnectionError("the server closed the connection")
            self._new.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such frame came")
            with suppress(TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    async def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send a message and wait for its ack or error (or its answer: a preview)."""
        start = len(self.frames)
        await self.send(message)
        return await self.until(lambda f: f["kind"] in ("ack", "error", "pong", "next",
                                                        "preview"), start=start)

    @property
    def latest(self) -> dict[str, Any]:
        """The last frame that carried the table's view."""
        return next(f for f in reversed(self.frames) if f["kind"] in ("welcome", "event"))

    async def close(self) -> None:
        await self.connection.close()
        await self._reader


def choose(actions: list[dict[str, Any]], rng: random.Random) -> str:
    """A random legal move, laying cards when it can (so deals end sooner)."""
    texts: list[str] = [a["text"] for a in actions]
    laying = [t for t in texts if t.split()[0] in ("meld", "add", "take", "commit", "yes")]
    return rng.choice(laying if laying and rng.random() < 0.9 else texts)


async def play(clients: list[Client], rng: random.Random, done: Any,
               hints: float = 0.0, limit: int = 2000, previews: float = 0.0) -> int:
    """Let seated clients play random legal moves (and continue after each deal, ask for a
    hint now and then, and in the meld phase for the preview of laying a few of their cards)
    until ``done()``; the number of moves sent."""
    moves = 0
    while not done() and moves < limit:
        acted = False
        for client in clients:
            frame = client.latest
            if frame["you"] is None:
                continue
            if frame["you"] in frame["table"]["waiting"]:
                await client.request({"kind": "continue"})
                acted = True
            elif frame["facts"]["turn"]["mine"] and frame["facts"]["actions"] \
                    and not frame["table"]["over"]:
                if rng.random() < hints:
                    await client.request({"kind": "hint"})
                if frame["facts"]["turn"]["phase"] == "meld" and rng.random() < previews:
                    hand = [c["text"] for g in frame["facts"]["hand"] for c in g["cards"]]
                    cards = rng.sample(hand, min(len(hand), rng.randint(1, 5)))
                    reply = await client.request({"kind": "preview", "cards": cards,
                                                  "v": frame["v"]})
                    assert reply["kind"] == "preview" or reply["code"] == "stale", reply
                text = choose(frame["facts"]["actions"], rng)
                reply = await client.request({"kind": "act", "action": text, "v": frame["v"]})
                assert reply["kind"] == "ack" or reply["code"] == "stale", reply
                # the ack's version is the one just after the move, on any process
                assert reply["kind"] != "ack" or reply["v"] == frame["v"] + 1, reply
                moves += 1
                acted = True
        if not acted:
            await asyncio.sleep(0.01)
    return moves


def create(http: httpx2.Client, seats: list[str], rules: str | None = None,
           **extra: Any) -> dict[str, Any]:
    """Create a table (by default of the quick rules); the response (id, seat, token)."""
    chosen = {"rules": rules} if rules else {"rules_file": QUICK.read_text()}
    response = http.post("/api/tables", json={**chosen, "seats": seats, "name": "Ann",
                                              **extra})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def db_url(tmp: Path) -> str:
    return f"sqlite:///{tmp / 'server.db'}"


def scalar(db: str, statement: Executable) -> Any:
    """The first value ``statement`` reads from the database at ``db`` (a connection of its
    own, closed after)."""
    found = rows(db, statement)
    return found[0][0] if found else None


def rows(db: str, statement: Executable) -> list[Any]:
    """Every row ``statement`` reads from the database at ``db`` (a connection of its own,
    closed after)."""
    engine = create_engine(db)
    try:
        with engine.connect() as connection:
            return list(connection.execute(statement))
    finally:
        engine.dispose()
