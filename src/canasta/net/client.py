"""One seat's connection to a server table, over the browser's protocol (docs/protocol.md):
hello with the seat's token, the frames of the table as they come (each carrying the seat's
view, ``PlayerView.from_wire``), moves sent with the version they were chosen at, and the
protocol's resume when the connection drops (hello again with the last version seen).

The client never applies a move itself: it sends it and waits for the server's frame. A
refusal arrives as an ``error`` frame with the engine's reason; nothing changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection

from canasta.engine.view import PlayerView
from canasta.errors import CanastaError
from canasta.net.link import LinkError, Seating

RETRY_FOR = 120.0  #: seconds of waiting between failed reconnections before giving up
BACKOFF = (0.2, 0.5, 1.0, 2.0, 4.0, 5.0)  #: seconds between them (the last one repeats)
VIEWS = ("welcome", "event")  #: the frames that carry the table and the seat's view


class Disconnected(CanastaError):
    """The server could not be reached again."""


class SeatClient:
    """A seat at a table, as a network client: ``open`` it, then read ``next_frame`` and
    ``send`` moves. ``frame`` is the last frame that carried the view, ``view`` that view
    (``None`` before the welcome), ``version`` the last version seen."""

    def __init__(self, seating: Seating) -> None:
        self.seating = seating
        self.table = seating.invitation.table
        self.version: int | None = None
        self.frame: dict[str, Any] = {}
        self.view: PlayerView | None = None
        self.resumes = 0  # reconnections made (each one a hello with the version seen)
        self.on_retry: Callable[[int], None] | None = None  # told of each attempt, from 1
        self.retry_in = 0.0  # seconds until the next reconnection (``retry_status``)
        self._sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self._socket: ClientConnection | None = None

    @property
    def seat(self) -> int:
        return self.seating.invitation.seat

    @property
    def info(self) -> dict[str, Any]:
        """The table's public information (``TableInfo``) of the last frame."""
        info: dict[str, Any] = self.frame.get("table", {})
        return info

    @property
    def over(self) -> bool:
        return bool(self.info.get("over"))

    @property
    def waiting(self) -> bool:
        """The seat is asked to read the last deal's breakdown (then ``continue``)."""
        return self.seat in self.info.get("waiting", ())

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s["name"] for s in self.info.get("seats", ()))

    def address(self) -> str:
        return "ws" + self.seating.invitation.server.removeprefix("http") + f"/ws/{self.table}"

    # ------------------------------------------------------------------ the connection

    async def open(self) -> dict[str, Any]:
        """Connect and say hello (with the last version seen, when there is one); the
        welcome. ``LinkError`` when the server does not know the token."""
        try:
            self._socket = await websockets.connect(self.address(), max_size=2**22,
                                                    open_timeout=10)
        except (OSError, websockets.InvalidURI, websockets.InvalidHandshake,
                TimeoutError) as exc:
            raise Disconnected(f"cannot connect to {self.address()}: {exc}") from None
        await self.send({"kind": "hello", "token": self.seating.token, "v": self.version})
        while True:
            frame = await self._receive()
            if frame["kind"] == "error":
                raise LinkError(f"the server refused the seat: {frame.get('message')}")
            if frame["kind"] == "welcome":
                return frame

    async def close(self) -> None:
        if self._socket is not None:
            await self._socket.close()
            self._socket = None

    async def send(self, message: dict[str, Any]) -> None:
        """Send a message (dropped when the connection is down: the server's next frame,
        after the resume, shows the table as it is)."""
        if self._socket is None:
            return
        with contextlib.suppress(websockets.ConnectionClosed):
            await self._socket.send(json.dumps(message))

    async def act(self, action: str) -> None:
        """Play an action (the engine's text) chosen on the last view."""
        await self.send({"kind": "act", "action": action, "v": self.version})

    async def next_frame(self) -> dict[str, Any]:
        """The next frame from the server, reconnecting (and resuming) when the connection
        drops, with a growing pause between attempts (``BACKOFF``) and ``on_retry`` told of
        each; ``Disconnected`` once ``RETRY_FOR`` seconds of pauses brought no connection
        (longer than a server process takes to restart, or its tables to move to another
        one: docs/cluster.md)."""
        failures, waited = 0, 0.0
        while True:
            try:
                if self._socket is None:
                    return await self.open()
                return await self._receive()
            except (websockets.ConnectionClosed, Disconnected):
                self._socket = None
                if waited >= RETRY_FOR:
                    raise Disconnected(f"lost the connection to {self.address()} (tried "
                                       f"{failures} times over {waited:g} s)") from None
                failures += 1
                self.resumes += 1
                self.retry_in = BACKOFF[min(failures, len(BACKOFF)) - 1]
                if self.on_retry is not None:
                    self.on_retry(failures)
                await self._sleep(self.retry_in)
                waited += self.retry_in

    def retry_status(self, attempt: int) -> str:
        """What a client says of a reconnection: "reconnecting (attempt 3, in 1 s)"."""
        return f"the connection dropped: reconnecting (attempt {attempt}, in {self.retry_in:g} s)"

    async def switch(self, table: str) -> None:
        """Move to another table ("play again" made it: the seat's token holds it too)."""
        await self.close()
        self.table, self.version, self.frame, self.view = table, None, {}, None

    async def _receive(self) -> dict[str, Any]:
        assert self._socket is not None
        text = await self._socket.recv()
        frame: dict[str, Any] = json.loads(text)
        if frame.get("kind") in VIEWS:
            self.version, self.frame = int(frame["v"]), frame
            self.view = PlayerView.from_wire(frame["view"], self.seating.rules) \
                if frame.get("view") is not None else None
        elif frame.get("kind") == "next":
            self.frame = {**self.frame, "table": {**self.info, "next": frame.get("table")}}
        return frame


__all__ = ["BACKOFF", "RETRY_FOR", "Disconnected", "SeatClient"]
