"""The database side of several server processes (docs/cluster.md): table leases, seat
presence and the notifications that hint at new events. PostgreSQL only (a process on SQLite
owns every table and calls none of this).

A lease is a row ``server_leases(table_id, owner, expires_at)``: the owner renews all of its
leases on every heartbeat; a lease past its expiry (database time, so the processes' clocks do
not matter) may be taken by anyone, atomically (``INSERT ... ON CONFLICT DO UPDATE ... WHERE
expired``). The event log's primary key ``(table_id, version)`` fences a former owner that has
not yet noticed it lost its lease: its next event collides with the new owner's.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.exc import OperationalError

from canasta.server.models import EventRow, LeaseRow, PresenceRow, TableRow
from canasta.server.storage import Op

EVENTS = "canasta_events"  #: the channel every process listens on for new events and presence
NOTIFY_MAX = 7900  #: PostgreSQL's payload limit is 8000 bytes


def timeouts(lease_seconds: float) -> list[str]:
    """The session settings of every connection of a clustered process: a transaction left
    open longer than a lease (its process frozen with a row locked) is ended by PostgreSQL,
    so its locks cannot stop another process from taking the table over; and a statement
    waits at most half a lease for a lock (a heartbeat fails and tries again, rather than
    hanging while its own leases expire)."""
    ms = max(1, int(lease_seconds * 1000))
    return [f"SET idle_in_transaction_session_timeout = {ms}",
            f"SET lock_timeout = {max(1, ms // 2)}"]


def settings_op(lease_seconds: float) -> Op:
    """The write that applies ``timeouts`` to the writer's own connection."""

    def op(connection: Connection) -> None:
        for statement in timeouts(lease_seconds):
            connection.exec_driver_sql(statement)

    return op


def channel(process: str) -> str:
    """The channel a process receives forwarded requests and their replies on."""
    return f"canasta_{process}"


def notify(connection: Connection, channel_name: str, payload: dict[str, Any]) -> None:
    """Queue a notification, sent when the transaction commits (never before)."""
    connection.execute(select(func.pg_notify(channel_name,
                                             json.dumps(payload, separators=(",", ":")))))


def add_event_op(row: dict[str, Any], payload: dict[str, Any]) -> Op:
    """The write that appends an event (``storage.event_row``) and notifies it, in one
    statement (``WITH e AS (INSERT ... RETURNING) SELECT pg_notify(...) FROM e``): one round
    trip to the database fewer a move than two statements."""
    text = json.dumps(payload, separators=(",", ":"))

    def op(connection: Connection) -> None:
        inserted = insert(EventRow).values(**row).returning(EventRow.version).cte("e")
        connection.execute(select(func.pg_notify(EVENTS, text)).select_from(inserted))

    return op


def _expiry(ttl: float) -> Any:
    return func.now() + timedelta(seconds=ttl)


def take(connection: Connection, table_id: str, owner: str, ttl: float) -> bool:
    """Take a table's lease if nobody holds it or it expired (or renew our own); whether we
    hold it now."""
    statement = insert(LeaseRow).values(table_id=table_id, owner=owner, expires_at=_expiry(ttl))
    statement = statement.on_conflict_do_update(
        index_elements=[LeaseRow.table_id],
        set_={"owner": statement.excluded.owner, "expires_at": statement.excluded.expires_at},
        where=or_(LeaseRow.expires_at < func.now(), LeaseRow.owner == owner))
    return connection.execute(statement.returning(LeaseRow.table_id)).first() is not None


def lease_op(table_id: str, owner: str, ttl: float) -> Op:
    """The write that gives a new table's lease to its creator (with the table's rows)."""

    def op(connection: Connection) -> None:
        take(connection, table_id, owner, ttl)

    return op


def acquire(engine: Engine, table_id: str, owner: str, ttl: float) -> bool:
    """``take`` in a transaction of its own."""
    with engine.begin() as connection:
        return take(connection, table_id, owner, ttl)


def owner_of(engine: Engine, table_id: str) -> str | None:
    """The process holding a table's live lease, or None (no lease, or an expired one)."""
    with engine.connect() as connection:
        return connection.scalar(select(LeaseRow.owner).where(
            LeaseRow.table_id == table_id, LeaseRow.expires_at >= func.now()))


def release_op(owner: str) -> Op:
    """The write that gives up every lease and presence of a process (it is shutting down;
    through its writer, after its last writes)."""

    def op(connection: Connection) -> None:
        connection.execute(delete(LeaseRow).where(LeaseRow.owner == owner))
        connection.execute(delete(PresenceRow).where(PresenceRow.process == owner))

    return op


def presence_op(table_id: str, process: str, seats: Collection[int], ttl: float) -> Op:
    """The write that says which seats of a table have a connection on ``process`` now, and
    tells the other processes."""

    def op(connection: Connection) -> None:
        connection.execute(delete(PresenceRow).where(PresenceRow.table_id == table_id,
                                                     PresenceRow.process == process))
        if seats:
            connection.execute(insert(PresenceRow).values([
                {"table_id": table_id, "seat": seat, "process": process,
                 "expires_at": _expiry(ttl)} for seat in sorted(seats)]))
        notify(connection, EVENTS, {"f": process, "t": table_id, "p": 1})

    return op


def renew_presence_op(process: str, ttl: float) -> Op:
    """The write that renews every presence of a process (through the process's writer, as
    its other presence writes: one connection, so they never deadlock one another)."""

    def op(connection: Connection) -> None:
        connection.execute(update(PresenceRow).where(PresenceRow.process == process)
                           .values(expires_at=_expiry(ttl)))

    return op


def presence(engine: Engine, table_ids: Collection[str], process: str) -> dict[str, set[int]]:
    """The seats of these tables that have a live connection on another process."""
    with engine.connect() as connection:
        return _presence(connection, table_ids, process)


def _presence(connection: Connection, table_ids: Collection[str],
              process: str) -> dict[str, set[int]]:
    out: dict[str, set[int]] = {t: set() for t in table_ids}
    if table_ids:
        rows = connection.execute(select(PresenceRow.table_id, PresenceRow.seat).where(
            PresenceRow.table_id.in_(table_ids), PresenceRow.process != process,
            PresenceRow.expires_at >= func.now()))
        for table_id, seat in rows:
            out[table_id].add(seat)
    return out


@dataclass(frozen=True, slots=True)
class Beat:
    """What one heartbeat found: the leases still ours, the orphaned tables we took, the
    newest version of each table we follow, and who is here elsewhere."""

    kept: set[str]
    taken: list[str]
    versions: dict[str, int]
    present: dict[str, set[int]]


def beat(engine: Engine, owner: str, ttl: float, followed: Collection[str],
         watched: Collection[str], take_limit: int = 50) -> Beat:
    """One heartbeat: renew our leases (first, in a transaction of their own), take up to
    ``take_limit`` unfinished tables whose lease is gone or expired (each in its own: a lease
    row still locked by a frozen process is left for the next beat), read the newest version
    of the ``followed`` tables (to catch a missed notification) and the presence at the
    ``watched`` ones."""
    with engine.begin() as connection:
        kept = set(connection.scalars(
            update(LeaseRow).where(LeaseRow.owner == owner).values(expires_at=_expiry(ttl))
            .returning(LeaseRow.table_id)))
    with engine.connect() as connection:
        orphans = list(connection.scalars(
            select(TableRow.id).outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
            .where(TableRow.over.is_(False),
                   or_(LeaseRow.table_id.is_(None), LeaseRow.expires_at < func.now()))
            .order_by(TableRow.created_at).limit(take_limit)))
        versions: dict[str, int] = {}
        if followed:
            versions = {t: v for t, v in connection.execute(
                select(EventRow.table_id, func.max(EventRow.version))
                .where(EventRow.table_id.in_(followed)).group_by(EventRow.table_id))}
        present = _presence(connection, watched, owner)
    taken = []
    for table_id in orphans:
        try:
            if acquire(engine, table_id, owner, ttl):
                taken.append(table_id)
        except OperationalError:  # lock_timeout: its row is locked by a stalled process
            continue
    return Beat(kept, taken, versions, present)


def owned_by(engine: Engine, owner: str) -> set[str]:
    """The tables whose live lease a process holds (tests and the benchmark read it)."""
    with engine.connect() as connection:
        return set(connection.scalars(select(LeaseRow.table_id).where(
            and_(LeaseRow.owner == owner, LeaseRow.expires_at >= func.now()))))


__all__ = ["EVENTS", "NOTIFY_MAX", "Beat", "acquire", "add_event_op", "beat", "channel",
           "lease_op", "notify", "owned_by", "owner_of", "presence", "presence_op", "release_op",
           "renew_presence_op", "settings_op", "take", "timeouts"]
