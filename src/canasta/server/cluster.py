"""Several server processes over one PostgreSQL database (docs/cluster.md).

Each process has an id. A table is owned by the process holding its lease (``lease``): the
owner keeps the game in memory, applies the table's requests and plays its bots. Every other
process that has clients at the table keeps a copy that follows the event log and tells its own
clients; a request made there is forwarded to the owner and answered through PostgreSQL's
LISTEN/NOTIFY (psycopg's asynchronous connection), never a broker of our own:

- an event's commit notifies ``canasta_events`` (in the same transaction: no notification
  without its event); a follower absorbs the event when it is the next version, and reads the
  log otherwise (a notification is only a hint: the log is the truth);
- a request is a notification on the owner's channel, its answer one on the asker's; with no
  answer in time (the owner died, or no longer owns the table) the asker looks the owner up
  again, takes the lease itself once it has expired, and asks again; a request asked twice
  counts once (its idempotency key: the seat and the version it was played at);
- a heartbeat renews this process's leases and presence, takes over unfinished tables whose
  lease expired (their owner died), and reads the newest versions of the followed tables.

On SQLite (one process) there is no ``Cluster`` and none of this runs. The cluster is built on
the hall and its tables, which ask it what they need through interfaces of their own
(``hall.Sharing``, ``peers.Peers``) and never import it (docs/architecture.md, "The server's
layers").
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import secrets
import time
from typing import Any

import psycopg
from sqlalchemy import Engine, event
from sqlalchemy.exc import OperationalError

from canasta.server import lease, storage
from canasta.server.frames import Event
from canasta.server.hall import Hall
from canasta.server.peers import Following, Shared
from canasta.server.seats import Refused
from canasta.server.storage import Op
from canasta.server.table import Table

log = logging.getLogger("canasta.server")

#: A database outage, met through SQLAlchemy or psycopg's own connections (``storage.OUTAGE``)
OUTAGE: tuple[type[Exception], ...] = (*storage.OUTAGE, psycopg.OperationalError)


def conninfo(engine: Engine) -> str:
    """The libpq connection string of a SQLAlchemy PostgreSQL engine."""
    return engine.url.set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster:
    """This process's part in sharing tables with the other processes of one database (the
    ``hall.Sharing`` the hall is given, the ``peers.Peers`` its tables are given)."""

    def __init__(self, engine: Engine, lease_seconds: float) -> None:
        self.engine, self.lease = engine, lease_seconds
        self.process = secrets.token_hex(8)
        #: how long a process's presence rows outlive its last heartbeat: three leases, so a
        #: busy process's seats do not flicker to "away" (presence matters after the grace
        #: period, seconds to minutes), and a dead one's seats are away soon enough
        self.presence_ttl = 3 * lease_seconds
        self.channel = lease.channel(self.process)
        self.hall: Hall | None = None
        self._answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._owners: dict[str, str] = {}  # the process that last answered for a table
        self._ids = itertools.count()
        self._reads = itertools.count(1)  # presence reads, numbered as they start
        self._shown: dict[str, int] = {}  # per table: the presence read it shows
        self._tasks: set[asyncio.Task[Any]] = set()
        #: tables whose presence write met an outage: the next heartbeat writes it again
        self._unsaid: set[str] = set()
        self._sender: psycopg.AsyncConnection[Any] | None = None
        self._listening = asyncio.Event()
        self._loops: list[asyncio.Task[None]] = []
        event.listen(engine, "connect", self._configure)
        engine.dispose()  # the pool's connections from now on all get the timeouts

    def _configure(self, dbapi_connection: Any, _record: object) -> None:
        with dbapi_connection.cursor() as cursor:
            for statement in lease.timeouts(self.lease):
                cursor.execute(statement)
        dbapi_connection.commit()

    # ------------------------------------------------------------------ life

    async def start(self, hall: Hall) -> None:
        """Listen, send, and beat (returns once notifications are being received)."""
        self.hall = hall
        await hall.writer.write(lease.settings_op(self.lease))  # the writer's connection too
        self._sender = await psycopg.AsyncConnection.connect(conninfo(self.engine),
                                                            autocommit=True)
        self._loops = [asyncio.create_task(self._listen(), name="canasta-listen"),
                       asyncio.create_task(self._beat(), name="canasta-heartbeat")]
        await asyncio.wait_for(self._listening.wait(), 30)

    async def close(self) -> None:
        """Stop, and give up this process's leases so another takes its tables at once."""
        for task in [*self._loops, *self._tasks]:
            task.cancel()
        for task in [*self._loops, *self._tasks]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._sender is not None:
            await self._sender.close()
        assert self.hall is not None
        try:
            await self.hall.writer.write(lease.release_op(self.process))
        except Exception:  # the others will take the tables when the leases expire
            log.exception("could not give up this process's leases")

    def _spawn(self, coroutine: Any) -> None:
        task: asyncio.Task[Any] = asyncio.ensure_future(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled() or (error := task.exception()) is None:
            return
        if isinstance(error, OUTAGE):
            # the heartbeat writes it again once the database is back (the renewal, and a
            # table's presence: ``_say_here``)
            self.failed(error)
        else:
            log.error("cluster task failed", exc_info=error)

    def failed(self, error: BaseException) -> None:
        """A database outage met (logged once for the whole outage: ``storage.Health``)."""
        assert self.hall is not None
        self.hall.writer.health.failed(error)

    @property
    def tables(self) -> dict[str, Table]:
        assert self.hall is not None
        return self.hall.tables

    # ------------------------------------------------------------------ writes

    def event_op(self, table_id: str, event: Event) -> Op:
        """The write of a new event with its notification, sent when it commits (the event
        itself when it fits in a notification, else its version alone: the follower reads
        the log)."""
        payload: dict[str, Any] = {"f": self.process, "t": table_id, "v": event.version}
        whole = {**payload, "e": [event.kind, event.seat, event.data]}
        if len(json.dumps(whole)) < lease.NOTIFY_MAX:
            payload = whole
        row = storage.event_row(table_id, event.version, event.kind, event.seat, event.data)
        return lease.add_event_op(row, payload)

    def lease_op(self, table_id: str) -> Op:
        """The write that makes this process a new table's owner."""
        return lease.lease_op(table_id, self.process, self.lease)

    def acquire(self, table_id: str) -> bool:
        """Take a table's lease if nobody holds a live one (a blocking call); False also when
        its row is locked past ``lock_timeout`` (another process is renewing or taking it)."""
        try:
            return lease.acquire(self.engine, table_id, self.process, self.lease)
        except OperationalError:
            return False

    def here(self, table: Shared) -> None:
        """Record which seats of ``table`` have a connection to this process (written again
        by the next heartbeat if the database is down: a seat that came or went meanwhile
        would otherwise keep its old presence, renewed by every heartbeat after)."""
        self._spawn(self._say_here(table.id, table.here()))

    async def _say_here(self, table_id: str, seats: set[int]) -> None:
        assert self.hall is not None
        op = lease.presence_op(table_id, self.process, seats, self.presence_ttl)
        try:
            await self.hall.writer.write(op)
        except OUTAGE:
            self._unsaid.add(table_id)
            raise

    def check(self, table: Following) -> None:
        """A write of ``table`` failed: read the log, in case another process owns it now."""
        self._spawn(table.catch_up())

    # ------------------------------------------------------------------ forwarding

    async def call(self, table: Shared, method: str, args: list[Any]) -> int:
        """Have the owner of ``table`` run a request; the table's version after it. Asked
        again (with the same idempotency key) until an owner answers, taking the table over
        once its lease has expired; ``Refused("unavailable")`` if nobody does for
        3 leases."""
        deadline = time.monotonic() + 3 * self.lease + 5
        while True:
            if table.owned:
                return await table.run(method, args)
            owner = self._owners.get(table.id)
            if owner is None:
                owner = await asyncio.to_thread(lease.owner_of, self.engine, table.id)
            if owner is None or owner == self.process:
                if await asyncio.to_thread(self.acquire, table.id):
                    await table.promote()
                    continue
            else:
                answer = await self._ask(owner, table.id, method, args)
                if answer is not None and "err" in answer:
                    self._owners[table.id] = owner
                    code, message, *topic = answer["err"]  # no topic from an older process
                    raise Refused(code, message, *topic[:1])
                if answer is not None and "ok" in answer:
                    self._owners[table.id] = owner
                    version: int = answer["ok"]
                    return version
            self._owners.pop(table.id, None)  # no answer, or not the owner: look it up again
            if time.monotonic() > deadline:
                raise Refused("unavailable", "the table's server is not answering: try again "
                                             "in a moment")
            await asyncio.sleep(min(0.2, self.lease / 5))

    async def _ask(self, owner: str, table_id: str, method: str,
                   args: list[Any]) -> dict[str, Any] | None:
        """One request to ``owner``; its answer, or None with none in a lease's time."""
        number = next(self._ids)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._answers[number] = answer
        try:
            await self._send(lease.channel(owner), {"c": number, "f": self.process,
                                                    "t": table_id, "m": method, "a": args})
            async with asyncio.timeout(self.lease):  # not wait_for: it can lose a cancel
                return await answer
        except TimeoutError:
            return None
        except psycopg.OperationalError as exc:  # the database is away: asked again later
            self.failed(exc)
            await asyncio.sleep(min(1.0, self.lease))
            return None
        finally:
            self._answers.pop(number, None)

    async def _send(self, channel: str, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"))
        if len(text) > lease.NOTIFY_MAX:
            raise Refused("too-large", "that request is too large to forward")
        assert self._sender is not None
        try:
            await self._sender.execute("SELECT pg_notify(%s, %s)", (channel, text))
        except psycopg.OperationalError:  # the connection broke: one new one, once
            self._sender = await psycopg.AsyncConnection.connect(conninfo(self.engine),
                                                                autocommit=True)
            await self._sender.execute("SELECT pg_notify(%s, %s)", (channel, text))

    async def _answer(self, request: dict[str, Any]) -> None:
        """Run a request forwarded to us and answer it (``moved``: we do not own that
        table)."""
        table = self.tables.get(request["t"])
        reply: dict[str, Any] = {"r": request["c"]}
        if table is None or not table.owned:
            reply["moved"] = True
        else:
            try:
                reply["ok"] = await table.run(request["m"], request["a"])
            except Refused as exc:
                reply["err"] = [exc.code, str(exc), exc.topic]
            except Exception:
                log.exception("table %s: a forwarded request failed", table.id)
                reply["err"] = ["server-error", "the server could not do that", ""]
        await self._send(lease.channel(request["f"]), reply)

    # ------------------------------------------------------------------ listening

    async def _listen(self) -> None:
        """Receive notifications for as long as the process runs (a lost connection is made
        again, and every followed table reads the log: notifications may have been lost)."""
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        conninfo(self.engine), autocommit=True) as connection:
                    await connection.execute(f"LISTEN {lease.EVENTS}")
                    await connection.execute(f"LISTEN {self.channel}")
                    if self._listening.is_set():
                        for table in list(self.tables.values()):
                            if not table.owned:
                                self._spawn(table.catch_up())
                    self._listening.set()
                    async for note in connection.notifies():
                        try:
                            self._heard(note.channel, json.loads(note.payload))
                        except Exception:  # one bad notification must not stop the others
                            log.exception("a notification could not be handled")
            except asyncio.CancelledError:
                raise
            except OUTAGE as exc:
                self.failed(exc)
                await asyncio.sleep(0.5)
            except Exception:
                log.exception("the notification connection failed; connecting again")
                await asyncio.sleep(0.5)

    def _heard(self, channel: str, data: dict[str, Any]) -> None:
        if channel == self.channel:
            if "c" in data:
                self._spawn(self._answer(data))
            elif (answer := self._answers.get(data["r"])) is not None and not answer.done():
                answer.set_result(data)
            return
        table = self.tables.get(data["t"])
        if data["f"] == self.process or table is None:
            return
        if "p" in data:
            self._spawn(self._presence([table]))
        elif table.owned:
            self.check(table)  # another process wrote here: we lost the table
        elif not self._absorbed(table, data) and data["v"] > table.version:
            self._spawn(table.catch_up(data["v"]))  # a gap, or no event: read the log

    @staticmethod
    def _absorbed(table: Table, data: dict[str, Any]) -> bool:
        """Whether the event a notification carries was the table's next one, absorbed
        (a ``join`` is read from the log: it changes a seat's row)."""
        if "e" not in data or data["e"][0] == "join":
            return False
        kind, seat, event = data["e"]
        return table.absorb(Event(data["v"], kind, seat, event, kind == "hint"))

    async def _presence(self, tables: list[Table]) -> None:
        read = next(self._reads)
        present = await asyncio.to_thread(lease.presence, self.engine,
                                          [t.id for t in tables], self.process)
        for table in tables:
            self._remote(table.id, present.get(table.id, set()), read)

    def _remote(self, table_id: str, seats: set[int], read: int) -> None:
        """Show presence read number ``read`` at a table, unless it shows a later-started
        read already: reads run in threads and may end out of order, and a stale one must not
        undo a newer (the read started after the last change is the one shown at last)."""
        table = self.tables.get(table_id)
        if table is None or self._shown.get(table_id, 0) > read:
            return
        self._shown[table_id] = read
        table.set_remote(seats)

    # ------------------------------------------------------------------ the heartbeat

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                await self.beat()
            except asyncio.CancelledError:
                raise
            except OUTAGE as exc:
                self.failed(exc)
            except Exception:
                log.exception("the heartbeat failed")
            else:
                assert self.hall is not None
                self.hall.writer.health.ok()

    async def beat(self) -> None:
        """Renew, take over, catch up (one transaction; see ``lease.beat``)."""
        assert self.hall is not None
        tables = list(self.tables.values())
        owned = {t.id for t in tables if t.owned}
        followed = [t.id for t in tables if not t.owned and not t.over]
        watched = [t.id for t in tables if not t.over]
        self._spawn(self.hall.writer.write(lease.renew_presence_op(self.process,
                                                                   self.presence_ttl)))
        unsaid, self._unsaid = self._unsaid, set()
        for table_id in unsaid:  # after the renewal: each write makes its rows anew
            if (table := self.tables.get(table_id)) is not None:
                self.here(table)
        read = next(self._reads)
        found = await asyncio.to_thread(lease.beat, self.engine, self.process, self.lease,
                                        followed, watched)
        for table_id in owned - found.kept:
            log.warning("table %s: lease lost; following its new owner", table_id)
            await self.tables[table_id].demote()
        for table_id in found.taken:
            await self.hall.take_over(table_id)
        for table_id, version in found.versions.items():
            table = self.tables[table_id]
            if version > table.version:
                self._spawn(table.catch_up(version))
        for table_id, seats in found.present.items():
            self._remote(table_id, seats, read)


__all__ = ["Cluster", "conninfo"]
