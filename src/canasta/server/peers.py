"""What a table asks of the other server processes sharing its database (docs/cluster.md).

A table is built below the cluster and never imports it: it holds a ``Peers`` (on one process,
SQLite, none), which ``server.cluster.Cluster`` implements, and hands itself to it as the
``Following`` or ``Shared`` table these protocols describe. So the cluster is built on the
tables and the hall, and nothing below it names it (docs/architecture.md, "The server's
layers").
"""

from __future__ import annotations

from typing import Any, Protocol

from sqlalchemy import Engine

from canasta.server.frames import Event
from canasta.server.storage import Op


class Following(Protocol):
    """A table's copy that reads the events after its own from the log (``server.follower``)."""

    async def catch_up(self, version: int | None = None) -> None: ...


class Shared(Following, Protocol):
    """A table as the other processes' part carries its requests and its presence
    (``server.table.Table``): ``owned`` while this process holds its lease."""

    id: str
    owned: bool

    def here(self) -> set[int]: ...

    async def run(self, method: str, args: list[Any]) -> int: ...

    async def promote(self) -> None: ...


class Peers(Protocol):
    """The other processes, as a table sees them."""

    @property
    def engine(self) -> Engine:
        """The shared database (a copy reads the log from it)."""
        ...

    def event_op(self, table_id: str, event: Event) -> Op:
        """The write of a new event with the notification that tells the others of it."""
        ...

    def check(self, table: Following) -> None:
        """A write of ``table`` failed: read its log, in case another process owns it now."""
        ...

    def here(self, table: Shared) -> None:
        """Record which seats of ``table`` have a connection to this process."""
        ...

    async def call(self, table: Shared, method: str, args: list[Any]) -> int:
        """Have the owner of ``table`` run a request; the table's version after it."""
        ...


__all__ = ["Following", "Peers", "Shared"]
