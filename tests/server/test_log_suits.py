"""The move log names the suits the cards show (docs/presentation.md, "The move log"), the
same for a client that watched every move, one that connects late, and a table rebuilt from
its stored events (a restart): the server keeps per action what its lines may name
(``MoveSuits``), not the ledger's states."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any, cast

from tests.server.test_undo_move import Recording

from canasta.rules import load
from canasta.server.seats import Seat, Settings, token_hash
from canasta.server.storage import Writer
from canasta.server.table import Table

SUITED = re.compile(r" of (spades|hearts|diamonds|clubs)\b")
RECEIVERS = (0, 1, 2, 3, None)


class Sink:
    """A client that keeps the frames it is sent (the browser's kind: no view)."""

    view = False

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    def send(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)

    @property
    def log(self) -> list[str]:
        """The log of the last frame that carried the table (not a presence frame)."""
        return list(next(f for f in reversed(self.frames) if "facts" in f)["facts"]["log"])


def new_table(writer: Recording) -> Table:
    seats = [Seat(n, "human", None, name, None, token_hash(f"token{n}"))
             for n, name in enumerate(("Ann", "Bob", "Bea", "Cy"))]
    return Table("t1", load("classic"), 7, "hash", seats, Settings(), cast("Writer", writer),
                  cast("Any", None), "creator", owned=True)


async def logs_of(table: Table) -> dict[int | None, list[str]]:
    """The log each receiver is sent on connecting now."""
    clients = {receiver: Sink() for receiver in RECEIVERS}
    for receiver, client in clients.items():
        await table.attach(client, receiver, None)
    return {receiver: client.log for receiver, client in clients.items()}


def test_a_late_client_and_a_restarted_table_read_the_same_log_with_its_suits() -> None:
    async def scenario() -> None:
        table = new_table(Recording())
        watching = {receiver: Sink() for receiver in RECEIVERS}
        for receiver, client in watching.items():
            await table.attach(client, receiver, None)
        rng = random.Random(3)
        while len(table.actions) < 60:
            texts = [str(a) for a in table.game.legal_actions()]
            await table.act(table.game.current_player, [rng.choice(texts)], table.version)
        watched = {receiver: client.log for receiver, client in watching.items()}
        assert all(any(SUITED.search(line) for line in log) for log in watched.values())
        assert any(line.startswith("You drew ") and SUITED.search(line)
                   for line in watched[table.game.current_player])
        assert await logs_of(table) == watched  # connected late
        again = new_table(Recording())
        again.replay(table.events)
        assert await logs_of(again) == watched  # rebuilt from the stored events

    asyncio.run(scenario())
