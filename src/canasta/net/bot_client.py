"""A bot playing a seat of a server table over the network (``canasta bot --server URL
--join LINK NAME``; docs/protocol.md, "Network clients").

The bot sees exactly what a bot in the server sees: the seat's ``PlayerView``, rebuilt from the
frames (``PlayerView.from_wire``). It decides in a thread (the connection keeps being read), sends
its move with the version it decided at, reads the deal's breakdown (``continue``) and stops
when the game is over. Any object with ``act(view) -> Action`` plays (``canasta.bots``'s bots,
or one of your own: examples/network_bot.py). A refused move is reported with the server's
reason and decided again; after ``MAX_REFUSALS`` refusals in a row the client gives up.

After a reconnection (each attempt is reported) the bot acts on the welcome's view even at the
version it last acted at: a move sent just before the connection dropped may be lost (its
process killed before committing it), and one that was not lost is refused as ``stale`` or
counted once (its idempotency key, docs/cluster.md), so acting again is always safe.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from canasta.engine.actions import Action
from canasta.engine.view import PlayerView
from canasta.errors import CanastaError
from canasta.net.client import SeatClient

MAX_REFUSALS = 3  #: refused moves in a row before the client stops


class Player(Protocol):
    """What plays a seat: a bot of ``canasta.bots``, or anything with this method."""

    def act(self, view: PlayerView) -> Action: ...


class GaveUp(CanastaError):
    """The server refused the player's moves ``MAX_REFUSALS`` times in a row."""


async def play_seat(client: SeatClient, player: Player,
                    report: Callable[[str], None] = print) -> dict[str, Any]:
    """Play ``client``'s seat with ``player`` until the game is over; the table's final
    information (``TableInfo``). ``report`` is told what happens (refusals, the end)."""
    client.on_retry = lambda attempt: report(client.retry_status(attempt))
    await client.open()
    report(f"seated at table {client.table} as {client.names[client.seat]} "
           f"(seat {client.seat}) over {client.seating.invitation.server}")
    acted = continued = None  # the versions a move, a continue, was sent at
    refusals, action = 0, ""
    while not client.over:
        view = client.view
        if client.waiting and continued != client.version:
            continued = client.version
            await client.send({"kind": "continue"})
        elif view is not None and view.legal_actions and acted != client.version \
                and not client.waiting:
            acted = client.version
            chosen = await asyncio.to_thread(player.act, view)
            action = str(chosen)
            await client.act(action)
        frame = await client.next_frame()
        if frame["kind"] == "welcome":  # a new connection: what was sent may be lost
            acted = continued = None
        elif frame["kind"] == "error" and frame.get("code") not in ("stale", "not-waiting"):
            refusals += 1
            report(f"the server refused {action!r}: {frame.get('message')}")
            if refusals >= MAX_REFUSALS:
                raise GaveUp(f"the server refused {refusals} moves in a row; stopping")
            acted = None  # decide again on the same view
        elif frame["kind"] == "ack":
            refusals = 0
    facts = client.frame.get("facts", {})
    report(f"game over: {facts.get('turn', {}).get('words', '')}".rstrip())
    await client.close()
    return client.info


__all__ = ["MAX_REFUSALS", "GaveUp", "Player", "play_seat"]
