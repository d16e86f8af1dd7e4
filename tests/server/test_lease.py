"""Table leases and presence on PostgreSQL (``canasta.server.lease``, docs/cluster.md): one owner
at a time, a live lease is never taken, an expired one is taken by exactly one process, the
heartbeat renews and reports what was lost, presence expires with its process, and the event
log's key fences a former owner."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest
from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from tests.postgres import Postgres
from tests.server.test_storage import table_rows

from canasta.server import lease, storage
from canasta.store import open_database


def eventually(check: Callable[[], bool], timeout: float = 20) -> None:
    """Poll ``check`` until it holds (a lease's expiry is database time, not ours)."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.05)


def tables(engine: Engine, *ids: str) -> None:
    writer = storage.Writer(engine)
    try:
        for table_id in ids:
            row, seats = table_rows(table_id)
            asyncio.run(writer.write(storage.add_table(row, seats)))
    finally:
        writer.close()


def test_one_owner_at_a_time_and_an_expired_lease_is_taken_once(postgres: Postgres) -> None:
    engine = open_database(postgres.database())
    try:
        tables(engine, "t1", "t2", "t3")
        assert lease.acquire(engine, "t1", "p1", 0.5)
        assert lease.acquire(engine, "t1", "p1", 30)  # renewing one's own
        assert not lease.acquire(engine, "t1", "p2", 30)  # a live lease is never taken
        assert lease.owner_of(engine, "t1") == "p1"
        # p2's heartbeat takes the tables nobody owns, not p1's
        found = lease.beat(engine, "p2", 30, [], [])
        assert sorted(found.taken) == ["t2", "t3"] and found.kept == set()
        assert lease.owned_by(engine, "p2") == {"t2", "t3"}
        # p2's last heartbeat: its leases expire, and p3's heartbeat takes them, once
        assert lease.beat(engine, "p2", 0.2, [], []).kept == {"t2", "t3"}
        eventually(lambda: lease.owner_of(engine, "t2") is None)
        assert sorted(lease.beat(engine, "p3", 30, [], []).taken) == ["t2", "t3"]
        assert lease.beat(engine, "p4", 30, [], []).taken == []
        # p2 comes back: its heartbeat says it kept nothing
        assert lease.beat(engine, "p2", 30, [], []).kept == set()
        assert lease.beat(engine, "p1", 30, [], []).kept == {"t1"}
        writer = storage.Writer(engine)
        asyncio.run(writer.write(lease.release_op("p3")))
        writer.close()
        assert lease.owner_of(engine, "t2") is None
        assert sorted(lease.beat(engine, "p1", 30, [], []).taken) == ["t2", "t3"]
    finally:
        engine.dispose()


def test_presence_and_versions_in_the_heartbeat(postgres: Postgres) -> None:
    engine = open_database(postgres.database())
    writer = storage.Writer(engine)

    async def write(*ops: storage.Op) -> None:
        await writer.write(*ops)

    try:
        tables(engine, "t1")
        asyncio.run(write(lease.presence_op("t1", "p1", {0, 2}, 30),
                          lease.presence_op("t1", "p2", {1}, 30),
                          storage.add_event("t1", 1, "continue", 1, {}),
                          storage.add_event("t1", 2, "continue", 2, {})))
        found = lease.beat(engine, "p2", 30, ["t1"], ["t1"])
        assert found.versions == {"t1": 2} and found.present == {"t1": {0, 2}}
        assert lease.presence(engine, ["t1"], "p1") == {"t1": {1}}
        asyncio.run(write(lease.renew_presence_op("p1", 0.2)))  # p1's last heartbeat
        eventually(lambda: lease.presence(engine, ["t1"], "p2") == {"t1": set()})  # p1 died
        asyncio.run(write(lease.renew_presence_op("p2", 30)))
        assert lease.presence(engine, ["t1"], "p1") == {"t1": {1}}
        asyncio.run(write(lease.presence_op("t1", "p2", set(), 30)))  # p2's seat left
        assert lease.presence(engine, ["t1"], "p1") == {"t1": set()}
        # a former owner writing a version the new owner wrote is refused by the log's key
        with pytest.raises(IntegrityError):
            asyncio.run(write(storage.add_event("t1", 2, "continue", 0, {})))
    finally:
        writer.close()
        engine.dispose()
