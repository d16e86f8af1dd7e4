"""The hall: every table of one server — creating them, finding them, resuming them after a
restart, the lobby, "play again", and the limits on what one client may ask for.

A new table draws its seed from ``secrets`` (128 bits) and publishes only the seed's SHA-256
until the game ends (docs/protocol.md, "Fair deals"). Unfinished tables are loaded at start
and play on (their bots included); finished ones are read from the database when asked for.
With several processes (``cluster``, docs/cluster.md) a process owns the tables it creates and
those whose owner died, and reads any other table from the database when a client asks for it,
to follow it. The hall asks that of a ``Sharing`` it is given, which ``server.cluster.Cluster``
implements: the cluster is built on the hall, and the hall never imports it
(docs/architecture.md, "The server's layers").
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import os
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any, Protocol

from sqlalchemy import Engine

from canasta.bots.levels import BY_NAME, LEVELS, Level
from canasta.errors import RulesError
from canasta.presentation import DEFAULT_NAMES
from canasta.rules import RuleSet, from_dict, load, loads, preset_names
from canasta.server import storage
from canasta.server.frames import Event
from canasta.server.models import SeatRow, TableRow
from canasta.server.peers import Peers
from canasta.server.seats import Refused, Seat, Settings, token_hash
from canasta.server.table import Table

#: The bots a table may seat, by name: the levels (``canasta.bots.levels``), gentlest first,
#: and ``random``, which the create form offers, then the names earlier clients sent (still
#: taken: ``greedy`` is the club level; ``search`` and ``search-strong`` the search bot at half
#: a second and two seconds a move).
BOTS: dict[str, Level] = {
    **{level.name: level for level in LEVELS},
    "random": Level("random", "random", "plays any legal move, for testing"),
    "greedy": BY_NAME["club"],
    "search": Level("search", "ismcts:seconds=0.5", "the search bot, half a second a move"),
    "search-strong": Level("search-strong", "ismcts:seconds=2",
                           "the search bot, two seconds a move"),
}
OFFERED = (*(level.name for level in LEVELS), "random")  #: the create form's bots, in order
ME, OPEN = "me", "open"  #: seat choices besides a bot: the creator, an invitation
MAX_RULES_BYTES = 64 * 1024
FORGET = 600.0  #: seconds a finished table nobody touches stays in memory (``Hall.get``)
SWEEP = 60.0  #: seconds between two looks for such tables
MAX_NAME = 24


@dataclass(frozen=True, slots=True)
class Limits:
    """What one client (an address) may do: unfinished tables it created, tables it creates
    in an hour (each is stored for good: a table of bots alone plays to its end unwatched),
    connections per minute; and one connection: messages a second, a burst, the strikes
    (messages dropped for coming too fast, fading at that rate) that close it
    (``canasta.server.rate``); the reviews' work (``server.reviewer``): samples a decision,
    reviews under way in all and for one client, and the reviews of uploaded records the
    database keeps."""

    tables_per_client: int = 20
    tables_per_hour: int = 120
    connections_per_minute: int = 120
    messages_per_second: float = 20.0
    message_burst: int = 40
    message_strikes: int = 100
    review_samples: int = 24  # deals each reviewed decision is judged on (canasta.bots.review)
    reviews_at_once: int = 4  # reviews under way in one process
    reviews_per_client: int = 2  # reviews under way for one client
    upload_reviews_kept: int = 1000  # the newest reviews of uploaded records kept stored


class Sharing(Peers, Protocol):
    """This process's part in sharing tables with the other processes of one database, as
    the hall asks it (``server.cluster.Cluster``; its tables ask it the rest: ``Peers``)."""

    def acquire(self, table_id: str) -> bool:
        """Take a table's lease if nobody holds a live one (a blocking call)."""
        ...

    def lease_op(self, table_id: str) -> storage.Op:
        """The write that makes this process a new table's owner."""
        ...

    async def start(self, hall: Hall) -> None:
        """Join the other processes: listen, send, and beat over ``hall``'s tables."""
        ...

    async def close(self) -> None:
        """Stop, giving up this process's leases."""
        ...


TEST_SEED = "CANASTA_TEST_SEED"  #: tests only: derive every table's seed from this value


def secure_seed() -> int:
    """A table's seed: 128 bits from ``secrets`` (nobody can guess it from its hash)."""
    return secrets.randbits(128)


def secure_id() -> str:
    """A table's id: 12 random URL-safe characters."""
    return secrets.token_urlsafe(9)


def test_seeds(base: str) -> tuple[Callable[[], int], Callable[[], str]]:
    """Seeds and ids for tests: the n-th table's are drawn from ``base`` and n, so a test's
    games (their bots' moves included) are the same every run. Deals so dealt are not fair:
    never for real play."""
    seeds, ids = itertools.count(), itertools.count()

    def seed() -> int:
        return int(hashlib.sha256(f"{base}:{next(seeds)}".encode()).hexdigest()[:32], 16)

    def table_id() -> str:
        return "t" + hashlib.sha256(f"{base}:id:{next(ids)}".encode()).hexdigest()[:11]

    return seed, table_id


def seed_hash(seed: int) -> str:
    """The published commitment to a seed: SHA-256 of its decimal digits."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def clean_name(name: object) -> str:
    """A person's name as shown at the table; ``Refused`` for a name that is no name."""
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise Refused("bad-name", f"a name is 1 to {MAX_NAME} characters")
    return " ".join(name.split())


def rules_from(preset: object, text: object) -> RuleSet:
    """A preset by name or an uploaded rules file, validated; ``Refused`` with the reason."""
    if text is not None or preset is None:
        if not isinstance(text, str) or len(text.encode()) > MAX_RULES_BYTES:
            raise Refused("bad-rules", f"a rules file is TOML text of at most "
                                       f"{MAX_RULES_BYTES // 1024} KB")
        try:
            return loads(text, origin="your rules file")
        except RulesError as exc:
            raise Refused("bad-rules", str(exc)) from None
    if not isinstance(preset, str) or preset not in preset_names():
        raise Refused("bad-rules", f"no preset named {preset!r}; presets: "
                                   f"{', '.join(preset_names())}")
    return load(preset)


def with_target(rules: RuleSet, target: object) -> RuleSet:
    """``rules`` playing to the host's ``target`` score (None: as they are). Only rules that
    play to a target take one (``game.target`` above 0)."""
    if target is None:
        return rules
    if isinstance(target, bool) or not isinstance(target, int) or not 0 < target <= 100_000:
        raise Refused("bad-request", "'target' is the score that ends the game, 1 to 100000")
    if rules.game.target <= 0:
        raise Refused("bad-request", f"{rules.name} plays {rules.game.deals} deals, not to a "
                                     "target score")
    return from_dict({"game": {"target": target}}, base=rules, origin="the target")


def settings_from(data: object, default: Settings) -> Settings:
    """A table's pace from the request (bounded), else the server's default."""
    if data is None:
        return default
    if not isinstance(data, dict) or set(data) - {"bot_pause", "grace", "public"}:
        raise Refused("bad-request", "'settings' has 'bot_pause' and 'grace' (seconds) and "
                                     "'public' (true or false)")
    public = data.get("public", default.public)
    if not isinstance(public, bool):
        raise Refused("bad-request", "settings.public is true or false")
    seconds = {"bot_pause": default.bot_pause, "grace": default.grace}
    for key, top in (("bot_pause", 5.0), ("grace", 3600.0)):
        if key in data:
            value = data[key]
            if isinstance(value, bool) or not isinstance(value, int | float) or \
                    not 0 <= value <= top:
                raise Refused("bad-request", f"settings.{key} is 0 to {top:g} seconds")
            seconds[key] = float(value)
    return Settings(seconds["bot_pause"], seconds["grace"], public)


class Hall:
    """Every table of the server, by id."""

    def __init__(self, engine: Engine, writer: storage.Writer, pool: Executor,
                 settings: Settings, limits: Limits, cluster: Sharing | None = None) -> None:
        self.engine, self.writer, self.pool, self.cluster = engine, writer, pool, cluster
        self.settings, self.limits = settings, limits
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table]] = {}  # tables being read (``get``)
        self._swept = time.monotonic()  # when the finished tables were last looked over
        self._connects: dict[str, deque[float]] = {}
        base = os.environ.get(TEST_SEED)
        self.draw_seed, self.draw_id = test_seeds(base) if base else (secure_seed, secure_id)

    # ------------------------------------------------------------------ loading

    def _table(self, stored: storage.StoredTable, owned: bool = True) -> Table:
        row = stored.row
        seats = [Seat(s.seat, s.kind, s.bot, s.name, s.invite, s.token_hash)
                 for s in stored.seats]
        table = Table(row.id, _rules(row.rules), int(row.seed), row.seed_hash, seats,
                      Settings(**row.settings), self.writer, self.pool, row.creator,
                      row.next_table, self.cluster, owned)
        table.replay([Event(e.version, e.kind, e.seat, e.data, e.kind == "hint")
                      for e in stored.events])
        return table

    def resume(self) -> int:
        """Load every unfinished table and start its bots; the number loaded. (With several
        processes the cluster's heartbeat takes the tables nobody owns instead.)"""
        if self.cluster is not None:
            return 0
        for stored in storage.load_unfinished(self.engine):
            table = self._table(stored)
            self.tables[table.id] = table
            table.start()
        return len(self.tables)

    async def take_over(self, table_id: str) -> None:
        """This process has taken a table's lease (its owner died): own it from its log."""
        table = self.tables.get(table_id)
        if table is not None:
            await table.promote()
            return
        stored = await asyncio.to_thread(storage.load_table, self.engine, table_id)
        if stored is not None and table_id not in self.tables:
            table = self.tables[table_id] = self._table(stored)
            table.start()

    async def get(self, table_id: str) -> Table:
        """A table by id; ``Refused`` if none. One not in memory (a finished one, or with
        several processes one another process owns) is read from the database in a thread
        (:meth:`_load`), so a slow database holds up the requests for that table only, not
        every table of this process; requests for it meanwhile wait for the same load."""
        self._forget_idle(table_id)
        table = self.tables.get(table_id)
        if table is None:
            if not _plausible(table_id):  # refused without a look at the database
                raise Refused("no-table", "there is no such table")
            loading = self._loading.get(table_id)
            if loading is None:
                loading = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
                loading.add_done_callback(lambda done: self._loaded(table_id, done))
            table = await asyncio.shield(loading)  # a request that goes away stops no load
        table.touched = time.monotonic()
        return table

    async def _load(self, table_id: str) -> Table:
        """Read a table from the database and, with several processes, take its lease if it
        is being played and nobody holds a live one (both blocking calls: in a thread)."""
        stored, owned = await asyncio.to_thread(self._read, table_id)
        table = self.tables.get(table_id)  # taken over meanwhile (``take_over``)
        if table is None:
            table = self.tables[table_id] = self._table(stored, owned)
            table.start()
        return table

    def _read(self, table_id: str) -> tuple[storage.StoredTable, bool]:
        """:meth:`_load`'s blocking part: the stored table and whether this process owns it."""
        stored = storage.load_table(self.engine, table_id)
        if stored is None:
            raise Refused("no-table", "there is no such table")
        owned = self.cluster is None or (not stored.row.over and self.cluster.acquire(table_id))
        return stored, owned

    def _loaded(self, table_id: str, done: asyncio.Future[Table]) -> None:
        """A load has ended: the next request for a table that failed to load tries again
        (its error was told to every request that waited; marked as seen here, so a load
        whose requests all went away logs nothing)."""
        self._loading.pop(table_id, None)
        if not done.cancelled():
            done.exception()

    def _forget_idle(self, wanted: str) -> None:
        """Let go of the finished tables (but ``wanted``, asked for now) that nobody is
        connected to and nobody has asked for in ``FORGET`` seconds (looked over once in
        ``SWEEP`` seconds at most): their record is in the database, and ``get`` reads it
        again when asked (with the next table "play again" made). Without this every table
        that ever finished here stayed in memory for good."""
        now = time.monotonic()
        if now - self._swept < SWEEP:
            return
        self._swept = now
        idle = [table.id for table in self.tables.values()
                if table.over and not table.connected() and now - table.touched > FORGET
                and table.id != wanted]
        for table_id in idle:
            del self.tables[table_id]

    async def start(self) -> None:
        """Resume the unfinished tables, or join the other processes (``cluster``)."""
        self.resume()
        if self.cluster is not None:
            await self.cluster.start(self)

    async def close(self) -> None:
        """Stop every table's bots (and with several processes, give up our leases)."""
        for table in self.tables.values():
            await table.stop()
        if self.cluster is not None:
            await self.cluster.close()

    # ------------------------------------------------------------------ creating

    async def create(self, creator: str, request: dict[str, Any]) -> dict[str, Any]:
        """A new table from a request: ``rules`` (a preset) or ``rules_file`` (TOML text),
        ``seats`` (per seat ``"me"``, ``"open"`` or a bot name), ``name`` (the creator's),
        ``settings``. Returns the table's id, and the creator's seat and secret token."""
        rules = with_target(rules_from(request.get("rules"), request.get("rules_file")),
                            request.get("target"))
        choices = request.get("seats")
        players = rules.players.count
        if not isinstance(choices, list) or len(choices) != players or not all(
                isinstance(c, str) and (c in BOTS or c in (ME, OPEN)) for c in choices):
            raise Refused("bad-seats", f"'seats' lists {players} seats, each 'me', 'open' or "
                                       f"a bot: {', '.join(BOTS)}")
        if choices.count(ME) > 1:
            raise Refused("bad-seats", "you can sit at one seat only")
        name = clean_name(request.get("name", DEFAULT_NAMES[choices.index(ME)])) \
            if ME in choices else ""
        settings = settings_from(request.get("settings"), self.settings)
        mine = sum(1 for t in self.tables.values() if t.creator == creator and not t.over) \
            if self.cluster is None else storage.unfinished_by(self.engine, creator)
        if mine >= self.limits.tables_per_client:
            raise Refused("too-many-tables", f"you have {mine} unfinished tables: finish one "
                                             "first")
        token = secrets.token_urlsafe(24)
        seats = []
        for number, choice in enumerate(choices):
            default = DEFAULT_NAMES[number % len(DEFAULT_NAMES)]
            if choice == ME:
                seats.append(Seat(number, "human", None, name, None, token_hash(token)))
            elif choice == OPEN:
                seats.append(Seat(number, "human", None, f"{default} (open)",
                                  secrets.token_urlsafe(12), None))
            else:
                seats.append(Seat(number, "bot", BOTS[choice].spec, f"{default} ({choice})",
                                  None, None))
        host = choices.index(ME) if ME in choices else None
        table = await self._open(rules, seats, replace(settings, host=host), creator)
        return {"id": table.id, "seat": host, "token": token if host is not None else None}

    async def _open(self, rules: RuleSet, seats: list[Seat], settings: Settings,
                    creator: str) -> Table:
        """Create, store and start a table; ``Refused`` (``too-many-tables``) if ``creator``
        has made ``tables_per_hour`` in the last hour (its "play again" tables too)."""
        hour = storage.now() - timedelta(hours=1)
        made = await asyncio.to_thread(storage.created_since, self.engine, creator, hour)
        if made >= self.limits.tables_per_hour:
            raise Refused("too-many-tables", f"you have made {made} tables in the last hour, "
                                             "the most there may be: try again later")
        seed = self.draw_seed()
        digest = seed_hash(seed)
        table_id = self.draw_id()
        row = TableRow(id=table_id, created_at=storage.now(), rules=rules.to_dict(),
                       seed=str(seed), seed_hash=digest, settings=settings.to_dict(),
                       creator=creator, over=False, next_table=None)
        rows = [SeatRow(table_id=table_id, seat=s.number, kind=s.kind, bot=s.bot, name=s.name,
                        invite=s.invite, token_hash=s.token_hash) for s in seats]
        ops = [storage.add_table(row, rows)]
        if self.cluster is not None:
            ops.append(self.cluster.lease_op(table_id))
        await self.writer.write(*ops)
        table = Table(table_id, rules, seed, digest, seats, settings, self.writer, self.pool,
                      creator, cluster=self.cluster)
        self.tables[table_id] = table
        table.start()
        return table

    async def again(self, table: Table, seat: int | None) -> str:
        """"Play again" with the same seats: a new table (once), its id announced."""
        if seat is None or table.seats[seat].kind != "human":
            raise Refused("spectator", "only a player at the table can start the next game")
        if not table.over:
            raise Refused("not-over", "the game is not over yet")
        if table.next_table is not None:
            return table.next_table
        seats = [Seat(s.number, s.kind, s.bot, s.name,
                      secrets.token_urlsafe(12) if s.kind == "human" and s.token_hash is None
                      else None, s.token_hash) for s in table.seats]
        fresh = await self._open(table.rules, seats, table.settings, table.creator)
        return await table.link_next(fresh.id)

    # ------------------------------------------------------------------ the lobby, limits

    def lobby(self) -> list[dict[str, Any]]:
        """Public unfinished tables with an open seat, newest first, with the invitations
        of their open seats (a public table is open to anyone). With several processes the
        database lists them (a table another process made is not loaded here)."""
        if self.cluster is not None:
            return [_listed(t.row.id, _rules(t.row.rules), [s.name for s in t.seats],
                            {str(s.seat): s.invite for s in t.seats if s.kind == "human"
                             and s.token_hash is None and s.invite})
                    for t in storage.public_open_tables(self.engine)]
        out = []
        for table in sorted(self.tables.values(), key=lambda t: -t.created):
            invites = {str(s.number): s.invite for s in table.seats
                       if s.kind == "human" and s.token_hash is None and s.invite}
            if invites and table.settings.public and not table.over:
                out.append(_listed(table.id, table.rules, [s.name for s in table.seats],
                                   invites))
        return out[:50]

    def connection_allowed(self, client: str) -> bool:
        """Count a connection from ``client``; False past the per-minute limit."""
        now = time.monotonic()
        recent = self._connects.setdefault(client, deque())
        while recent and recent[0] < now - 60:
            recent.popleft()
        if len(recent) >= self.limits.connections_per_minute:
            return False
        recent.append(now)
        return True

    async def claim(self, table: Table, request: dict[str, Any]) -> dict[str, Any]:
        """Take an open seat with its invitation code: a new secret token for it."""
        seat, invite = request.get("seat"), request.get("invite")
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(invite, str):
            raise Refused("bad-request", "'seat' is a seat number and 'invite' its code")
        name = clean_name(request.get("name"))
        token = secrets.token_urlsafe(24)
        await table.claim(seat, invite, token, name)
        return {"id": table.id, "seat": seat, "token": token}


def _listed(table_id: str, rules: RuleSet, names: list[str],
            invites: Mapping[str, str | None]) -> dict[str, Any]:
    """A table as the lobby lists it."""
    return {"id": table_id, "rules": rules.name, "title": rules.title,
            "description": rules.description,
            "seats": names, "invites": invites}


def _rules(data: dict[str, Any]) -> RuleSet:
    return from_dict(data, origin="stored rules")


def _plausible(table_id: str) -> bool:
    return 0 < len(table_id) <= 24 and all(c.isalnum() or c in "-_" for c in table_id)


__all__ = [
    "BOTS",
    "ME",
    "OFFERED",
    "OPEN",
    "Hall",
    "Limits",
    "Sharing",
    "clean_name",
    "rules_from",
    "secure_seed",
    "seed_hash",
    "settings_from",
    "test_seeds",
]
