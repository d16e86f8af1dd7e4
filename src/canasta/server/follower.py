"""The copy of a table that another server process owns (docs/cluster.md, "Everyone else:
followers").

A process with clients at a table it does not own keeps a copy of it: the owner's events reach
it as notifications (``Cluster``) or by reading the log (``catch_up``), and ``absorb`` applies
each in turn and tells this process's clients, as the owner tells its own. ``set_remote``
records which seats are connected to other processes (their presence). A request made here is
forwarded to the owner (``server.table``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence

from canasta.engine.actions import Action
from canasta.server import storage
from canasta.server.frames import Event
from canasta.server.models import SeatRow
from canasta.server.table_record import TableRecord


class TableFollower(TableRecord):
    """A table's record that follows the log of the process owning it (``absorb``,
    ``catch_up``), and knows which seats are connected to other processes (``set_remote``,
    on the owner too)."""

    def absorb(self, event: Event, seats: Sequence[SeatRow] = ()) -> bool:
        """Apply the owner's next event here and tell this process's clients (``seats``: the
        seats' rows, read after a ``join``); False, changing nothing, unless it is the next
        version."""
        if event.version != self.version + 1:
            return False
        actions = list(self.actions)
        self._fold(event, actions)
        if event.kind == "action":
            assert event.seat is not None
            self._play(event.seat, Action.parse(event.data["action"]))
        elif event.kind == "join":
            for row in seats:
                seat = self.seats[row.seat]
                seat.token_hash, seat.name, seat.invite = row.token_hash, row.name, row.invite
            assert event.seat is not None
            self.seats[event.seat].away_since = time.monotonic()
            self._rebuild(actions)
        elif event.kind == "undo":
            self._rebuild(actions)
        self.events.append(event)
        if self.over:
            self.waiting = set()
        self._announce(event)
        self._wake.set()
        return True

    async def catch_up(self, version: int | None = None) -> None:
        """Read the events after ours from the log (all of them, or until ``version`` is
        here) and absorb them."""
        assert self.cluster is not None
        if version is not None and self.version >= version:
            return
        async with self.lock:
            stored = await asyncio.to_thread(storage.events_after, self.cluster.engine,
                                             self.id, self.version)
            if stored is None:
                return
            for row in stored.events:
                self.absorb(Event(row.version, row.kind, row.seat, row.data,
                                  row.kind == "hint"), stored.seats)

    def set_remote(self, seats: set[int]) -> None:
        """The seats connected to other processes now: their presence changed here."""
        changed = False
        for seat in self.seats:
            remote = seat.number in seats
            if remote != seat.remote:
                seat.remote, changed = remote, True
                if not seat.present:
                    seat.away_since = time.monotonic()
                elif remote:  # it connected to another process
                    self.signs_of_life(seat.number)
        if changed:
            self._presence()
            self._wake.set()


__all__ = ["TableFollower"]
