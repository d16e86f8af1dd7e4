"""An undo takes back a move whole (docs/protocol.md, "Undo"): a lay's actions are stored
``joined``, one undo writes an ``undo`` event for each in one transaction, and an undo asked
again (a forwarded request retried after its owner answered: ``Table.run``) answers the
version after the whole move and writes nothing more."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from canasta.rules import load
from canasta.server.seats import Seat, Settings, token_hash
from canasta.server.storage import Writer
from canasta.server.table import Table

#: Classic seed 0: seat 0 plays first and, after drawing, holds three 7s and a 2.
SEED = 0


class Recording:
    """A writer that keeps what it is asked to write, one transaction a call."""

    def __init__(self) -> None:
        self.transactions: list[tuple[Any, ...]] = []

    async def write(self, *ops: Any) -> None:
        self.transactions.append(ops)


def test_an_undo_asked_again_answers_after_the_whole_move() -> None:
    async def scenario() -> tuple[Table, Recording]:
        seats = [Seat(0, "human", None, "Ann", None, token_hash("token")),
                 *(Seat(n, "bot", "greedy", f"Bot {n}", None, None) for n in (1, 2, 3))]
        writer = Recording()
        table = Table("t1", load("classic"), SEED, "hash", seats, Settings(),
                      cast("Writer", writer), cast("Any", None), "creator", owned=True)
        drawn = await table.act(0, ["draw"], 0)
        laid = await table.lay(0, ["7", "7", "7", "2"], None, drawn)
        assert [e.data for e in table.events[drawn:]] == [
            {"action": "meld 7 7 7", "by": "person"},
            {"action": "add 7 2", "by": "person", "joined": True}]
        assert table.undo_refusal(0) is None
        writes = len(writer.transactions)
        undone = await table.undo(0, laid)
        assert undone == laid + 2 and len(writer.transactions) == writes + 1
        assert len(writer.transactions[-1]) == 2  # both undo events in one transaction
        assert [(e.kind, e.data) for e in table.events[laid:]] == [
            ("undo", {"action": "add 7 2"}), ("undo", {"action": "meld 7 7 7", "joined": True})]
        assert table.actions == [(0, "draw")]
        assert await table.run("undo", [0, laid]) == undone  # asked again: the same answer
        assert table.version == undone and len(writer.transactions) == writes + 1
        return table, writer

    table, _ = asyncio.run(scenario())
    assert table.undo_refusal(0) == "that move showed you a card: it cannot be taken back"
