"""Reading and writing the server's tables (``models``) in the shared database.

Every write goes through one ``Writer``: a thread that owns the database connection and
commits what the tables hand it, several tables' events in one transaction when they arrive
together (group commit), so the event loop never waits on the disk and a burst of moves costs
one commit. ``await writer.write(op)`` returns once ``op`` is committed: a table tells its
clients about an event only after that (docs/protocol.md, "Persistence").
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select, update
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session

from canasta.server.models import EventRow, SeatRow, TableRow

Op = Callable[[Connection], None]  #: one write, run in the writer's transaction

#: What the database raises when it cannot be reached (stopped, restarting, the network
#: down): an outage, answered ``unavailable`` (docs/protocol.md), never a fault of ours.
#: (psycopg's own ``OperationalError``, raised where the cluster talks to psycopg directly,
#: is added there: ``cluster.OUTAGE``.)
OUTAGE: tuple[type[Exception], ...] = (OperationalError, InterfaceError, DisconnectionError,
                                       PoolTimeout)

log = logging.getLogger("canasta.server")


class Health:
    """Whether the database answers, as the server last found it: an outage is logged once
    when it begins (``failed``) and once when it ends (``ok``), however many requests,
    heartbeats and bot moves meet it meanwhile (each of those is answered ``unavailable`` or
    tried again later, without a traceback)."""

    def __init__(self) -> None:
        self.down_since: float | None = None
        self._lock = threading.Lock()  # the writer's thread reports too

    def failed(self, exc: BaseException) -> None:
        with self._lock:
            if self.down_since is not None:
                return
            self.down_since = time.monotonic()
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        log.warning("the database is not answering (%s); requests get 'unavailable' until "
                    "it is back", first)

    def ok(self) -> None:
        with self._lock:
            if self.down_since is None:
                return
            lasted, self.down_since = time.monotonic() - self.down_since, None
        log.warning("the database answers again (after %.1f s)", lasted)



def now() -> datetime:
    """The current time, in UTC."""
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as the database holds it: its row, its seats by number, its events in order."""

    row: TableRow
    seats: list[SeatRow]
    events: list[EventRow]


def load_table(engine: Engine, table_id: str) -> StoredTable | None:
    """One table with its seats and events, or None when there is no such table."""
    with Session(engine, expire_on_commit=False) as session:
        row = session.get(TableRow, table_id)
        if row is None:
            return None
        return _gather(session, row)


def load_unfinished(engine: Engine) -> list[StoredTable]:
    """Every table whose game is not over (the ones a restarted server resumes)."""
    with Session(engine, expire_on_commit=False) as session:
        rows = session.scalars(select(TableRow).where(TableRow.over.is_(False))
                               .order_by(TableRow.created_at)).all()
        return [_gather(session, row) for row in rows]


def events_after(engine: Engine, table_id: str, version: int) -> StoredTable | None:
    """A table's row and seats with its events after ``version`` (another process's newer
    events: docs/cluster.md), or None when there is no such table."""
    with Session(engine, expire_on_commit=False) as session:
        row = session.get(TableRow, table_id)
        if row is None:
            return None
        return _gather(session, row, version)


def _gather(session: Session, row: TableRow, after: int = 0) -> StoredTable:
    """A table's events after ``after``, then its seats: each read sees what was committed
    when it ran, and a claim (a ``join`` and the seat's token) committed between the two
    reads must not give a join without its token; read in this order, the seats are at least
    as new as the events (a seat claimed after the last event read is harmless: its own join
    comes next)."""
    events = session.scalars(select(EventRow).where(EventRow.table_id == row.id,
                                                    EventRow.version > after)
                             .order_by(EventRow.version)).all()
    seats = _seats(session, row.id)
    return StoredTable(row, seats, list(events))


def _seats(session: Session, table_id: str) -> list[SeatRow]:
    return list(session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                                .order_by(SeatRow.seat)))


def public_open_tables(engine: Engine, limit: int = 50) -> list[StoredTable]:
    """The newest unfinished public tables with an open seat (their events left out): the
    lobby of several processes, which the database alone knows whole."""
    with Session(engine, expire_on_commit=False) as session:
        open_seat = select(SeatRow.table_id).where(SeatRow.kind == "human",
                                                   SeatRow.token_hash.is_(None),
                                                   SeatRow.invite.is_not(None))
        rows = session.scalars(select(TableRow).where(TableRow.over.is_(False),
                                                      TableRow.id.in_(open_seat))
                               .order_by(TableRow.created_at.desc())).all()
        public = [row for row in rows if row.settings.get("public")][:limit]
        return [StoredTable(row, _seats(session, row.id), []) for row in public]


def unfinished_by(engine: Engine, creator: str) -> int:
    """How many unfinished tables a client (its address) created."""
    with Session(engine) as session:
        return session.scalar(select(func.count()).select_from(TableRow).where(
            TableRow.creator == creator, TableRow.over.is_(False))) or 0


def created_since(engine: Engine, creator: str, since: datetime) -> int:
    """How many tables a client (its address) created since ``since``."""
    with Session(engine) as session:
        return session.scalar(select(func.count()).select_from(TableRow).where(
            TableRow.creator == creator, TableRow.created_at >= since)) or 0


def add_table(row: TableRow, seats: list[SeatRow]) -> Op:
    """The write that creates a table and its seats."""
    table = {c.key: getattr(row, c.key) for c in TableRow.__table__.columns}
    rows = [{c.key: getattr(seat, c.key) for c in SeatRow.__table__.columns} for seat in seats]

    def op(connection: Connection) -> None:
        connection.execute(insert(TableRow), [table])
        connection.execute(insert(SeatRow), rows)

    return op


def add_event(table_id: str, version: int, kind: str, seat: int | None,
              data: dict[str, Any]) -> Op:
    """The write that appends one event to a table's log."""
    row = event_row(table_id, version, kind, seat, data)

    def op(connection: Connection) -> None:
        connection.execute(insert(EventRow), [row])

    return op


def event_row(table_id: str, version: int, kind: str, seat: int | None,
              data: dict[str, Any]) -> dict[str, Any]:
    """The columns of one event's row."""
    return {"table_id": table_id, "version": version, "kind": kind, "seat": seat,
            "data": data, "at": now()}


def set_token(table_id: str, seat: int, token_hash: str, name: str) -> Op:
    """The write that gives a seat to the holder of a token (the invitation is used up)."""

    def op(connection: Connection) -> None:
        connection.execute(update(SeatRow).where(SeatRow.table_id == table_id,
                                              SeatRow.seat == seat)
                        .values(token_hash=token_hash, name=name, invite=None))

    return op


def set_invite(table_id: str, seat: int, invite: str) -> Op:
    """The write that opens a person's seat to a new invitation: a rejoin link, claimed by a
    player whose device lost the seat's token (``Table.rejoin``)."""

    def op(connection: Connection) -> None:
        connection.execute(update(SeatRow).where(SeatRow.table_id == table_id,
                                              SeatRow.seat == seat).values(invite=invite))

    return op


def set_over(table_id: str) -> Op:
    """The write that marks a table's game as over."""

    def op(connection: Connection) -> None:
        connection.execute(update(TableRow).where(TableRow.id == table_id).values(over=True))

    return op


def set_next(table_id: str, next_id: str) -> Op:
    """The write that links a table to the one its "play again" made."""

    def op(connection: Connection) -> None:
        connection.execute(update(TableRow).where(TableRow.id == table_id)
                           .values(next_table=next_id))

    return op


class Writer:
    """One thread that commits the writes handed to it, in order, batching those that wait."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.Queue[tuple[Op, asyncio.Future[None]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="canasta-writer", daemon=True)
        self._thread.start()
        self.commits = 0  # transactions committed (the bench reads it)
        self.health = Health()  # the server's view of the database (its outages)

    async def write(self, *ops: Op) -> None:
        """Commit ``ops`` (in one transaction, maybe with other tables' writes); raise what
        the database raised if it could not."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()

        def all_of(connection: Connection) -> None:
            for op in ops:
                op(connection)

        self._queue.put((all_of, future))
        await future

    def close(self) -> None:
        """Finish the writes queued so far and stop the thread."""
        self._queue.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        with self.engine.connect() as connection:
            if connection.dialect.name == "sqlite":
                # WAL with synchronous=NORMAL: a commit survives the server being killed
                # (kill -9), though not the machine losing power; it saves an fsync a move
                connection.exec_driver_sql("PRAGMA synchronous=NORMAL")
                connection.commit()  # the pragma's own transaction, before the writes' own
            self._loop(connection)

    def _loop(self, connection: Connection) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while True:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._commit(connection, batch)
                    return
                batch.append(more)
            self._commit(connection, batch)

    def _commit(self, connection: Connection,
                batch: list[tuple[Op, asyncio.Future[None]]]) -> None:
        try:
            with connection.begin():
                for op, _ in batch:
                    op(connection)
            self.commits += 1
            self.health.ok()
            for _, future in batch:
                _settle(future, None)
        except OUTAGE as exc:  # the database is away: every write of the batch failed
            self.health.failed(exc)
            for _, future in batch:
                _settle(future, exc)
        except Exception:  # one bad write must not sink the others: commit each alone
            for op, future in batch:
                try:
                    with connection.begin():
                        op(connection)
                    self.commits += 1
                    _settle(future, None)
                except Exception as exc:
                    _settle(future, exc)


def _settle(future: asyncio.Future[None], error: BaseException | None) -> None:
    def done() -> None:
        if future.done():
            return
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)

    future.get_loop().call_soon_threadsafe(done)


__all__ = [
    "OUTAGE",
    "Health",
    "Op",
    "StoredTable",
    "Writer",
    "add_event",
    "add_table",
    "event_row",
    "events_after",
    "load_table",
    "load_unfinished",
    "public_open_tables",
    "set_invite",
    "set_next",
    "set_over",
    "set_token",
    "unfinished_by",
]
