"""A real server for the tests: uvicorn on a free loopback port, in a thread of the test
process (``running``) or in a subprocess (``Subprocess``), over a temporary database; and a
small WebSocket client that keeps every frame it receives."""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from canasta.server.hall import Limits
from canasta.server.serve import address, bind, server_for
from canasta.server.table import Settings


@dataclass
class Running:
    """A server running in a thread: its address and database."""

    url: str
    db: str

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://")

    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30)


@contextmanager
def running(db: str, bot_pause: float = 0.0, grace: float = 60.0,
            limits: Limits | None = None) -> Iterator[Running]:
    """A server over ``db`` in a thread, stopped on exit."""
    sock = bind("127.0.0.1", 0)
    server = server_for(sock, db, Settings(bot_pause=bot_pause, grace=grace),
                        limits or Limits())
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])),
                              daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield Running(address(sock), db)
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


class Subprocess:
    """``canasta serve`` in a child process (the kill-and-restart test)."""

    def __init__(self, db: str, bot_pause: float = 0.0) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "canasta", "serve", "--port", "0", "--no-browser",
             "--db", db, "--bot-pause", str(bot_pause)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.search(r"(http://\S+/)", line)
        if found is None:
            self.process.kill()
            raise RuntimeError(f"canasta serve said: {line!r}")
        self.url = found.group(1)
        self.ws = self.url.replace("http://", "ws://")
        with httpx.Client(base_url=self.url, timeout=5) as client:
            deadline = time.monotonic() + 30
            while True:
                try:
                    client.get("/api/presets")
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)

    def kill(self) -> None:
        """kill -9."""
        self.process.kill()
        self.process.wait(10)


@dataclass
class Client:
    """One WebSocket client of a table: every frame it received, in order."""

    connection: Any
    frames: list[dict[str, Any]] = field(default_factory=list)
    raw: list[str] = field(default_factory=list)

    @classmethod
    async def open(cls, ws: str, table: str, token: str | None = None,
                   seen: int | None = None) -> Client:
        connection = await websockets.connect(f"{ws}ws/{table}", max_size=2**22)
        client = cls(connection)
        await client.send({"kind": "hello", "token": token, "v": seen})
        await client.until(lambda f: f["kind"] in ("welcome", "error"))
        return client

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.connection.send(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, timeout: float = 30) -> dict[str, Any]:
        text = await asyncio.wait_for(self.connection.recv(), timeout)
        self.raw.append(text)
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        return frame

    async def until(self, done: Any, timeout: float = 60) -> dict[str, Any]:
        """Receive until a frame satisfies ``done``; that frame."""
        deadline = time.monotonic() + timeout
        while True:
            frame = await self.receive(max(0.1, deadline - time.monotonic()))
            if done(frame):
                return frame

    @property
    def latest(self) -> dict[str, Any]:
        """The last frame that carried the table's view."""
        return next(f for f in reversed(self.frames) if f["kind"] in ("welcome", "event"))

    async def close(self) -> None:
        await self.connection.close()


def create(http: httpx.Client, seats: list[str], rules: str = "classic",
           **extra: Any) -> dict[str, Any]:
    """Create a table; the response (id, seat, token)."""
    response = http.post("/api/tables", json={"rules": rules, "seats": seats, "name": "Ann",
                                              **extra})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def db_url(tmp: Path) -> str:
    return f"sqlite:///{tmp / 'server.db'}"
