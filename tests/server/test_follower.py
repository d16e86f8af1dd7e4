"""A table's copy on a process that does not own it (``server.follower``, docs/cluster.md):
a request it forwards is acknowledged with the version just after the request's own events
(docs/protocol.md, "What the server sends"), even when a later event (a bot's next move)
reached the copy before the owner's answer was read."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from canasta.engine.game import Game
from canasta.rules import load
from canasta.server.cluster import Cluster
from canasta.server.frames import Event
from canasta.server.seats import Seat, Settings, token_hash
from canasta.server.storage import Writer
from canasta.server.table import Table

SEED = 7


class Owner:
    """The owner as a follower meets it: it plays the forwarded action, its event and the
    next one (whoever's) reach the copy as notifications, then the answer comes: the
    version just after the forwarded action."""

    def __init__(self) -> None:
        self.game = Game(load("classic"), SEED)

    async def call(self, table: Table, method: str, args: list[Any]) -> int:
        assert method == "act"
        seat, texts, _version = args
        for text in texts:
            self.game.apply(text)
            table.absorb(Event(table.version + 1, "action", seat, {"action": text,
                                                                   "by": "person"}))
        answer = table.version
        mover = self.game.current_player
        text = str(self.game.legal_actions()[0])
        self.game.apply(text)
        table.absorb(Event(table.version + 1, "action", mover, {"action": text, "by": "bot"}))
        return answer


def test_a_forwarded_move_is_acknowledged_at_its_own_version() -> None:
    owner = Owner()
    rules = load("classic")
    first = owner.game.current_player
    seats = [Seat(n, "human", None, f"P{n}", None, token_hash(f"token-{n}")) for n in range(4)]
    table = Table("t1", rules, SEED, "hash", seats, Settings(), cast("Writer", None),
                  cast("Any", None), "creator", cluster=cast("Cluster", owner), owned=False)
    text = str(owner.game.legal_actions()[0])
    done = asyncio.run(table.act(first, [text], 0))
    assert table.version == 2  # the copy has the bot's move too
    assert done == 1  # the ack: just after the forwarded move, not the copy's version


def test_a_table_given_up_as_its_bot_driver_wakes_stops_that_driver() -> None:
    """``demote`` (another process took the table's lease) stops the driver of the bots'
    moves under the table's lock. A wake that lands in the same turn of the event loop (a
    seat's presence changing) once ended the driver's wait just as it was cancelled: the
    cancellation was lost (Python 3.11's ``asyncio.wait_for``), the driver waited again,
    and ``demote`` with it, holding the lock every hello needs (the cluster test's stall)."""
    async def scenario() -> Table:
        seats = [Seat(n, "human", None, f"P{n}", None, token_hash(f"token-{n}"))
                 for n in range(4)]
        table = Table("t2", load("classic"), SEED, "hash", seats, Settings(),
                      cast("Writer", None), cast("Any", None), "creator", owned=True)
        table.start()
        await asyncio.sleep(0.05)  # the driver waits: nobody is here to move
        table.set_remote({1})  # a seat connected elsewhere: the driver is woken
        async with asyncio.timeout(5):
            await table.demote()
        return table

    table = asyncio.run(scenario())
    assert not table.owned
