"""The server's storage (``canasta.server.storage``) on SQLite and PostgreSQL alike: a table, its
seats and its event log written through the writer and read back; a write that fails fails
alone; and a database written by the previous schema (migration 0002) upgrades without losing
its game."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from pathlib import Path

import pytest
import sqlalchemy
from alembic import command
from sqlalchemy.exc import IntegrityError
from tests.postgres import BACKENDS, Postgres
from tests.server.harness import QUICK

from canasta.engine.game import Game
from canasta.rules import loads
from canasta.server import storage
from canasta.server.hall import seed_hash
from canasta.server.models import EventRow, SeatRow, TableRow
from canasta.store import open_database, upgrade
from canasta.store.database import _config, head, revision

SEED = 2026


def table_rows(table_id: str) -> tuple[TableRow, list[SeatRow]]:
    rules = loads(QUICK.read_text())
    row = TableRow(id=table_id, created_at=storage.now(), rules=rules.to_dict(), seed=str(SEED),
                   seed_hash=seed_hash(SEED), settings={"bot_pause": 0.0, "grace": 60.0,
                                                        "public": False},
                   creator="127.0.0.1", over=False, next_table=None)
    seats = [SeatRow(table_id=table_id, seat=n, kind="bot", bot="greedy", name=f"B{n}",
                     invite=None, token_hash=None) for n in range(4)]
    return row, seats


def a_game(moves: int) -> tuple[Game, list[tuple[int, str]]]:
    """A game ``moves`` actions in (random legal ones, seeded), and who played what."""
    rng = random.Random(7)
    game = Game(loads(QUICK.read_text()), SEED)
    played = []
    for _ in range(moves):
        seat, action = game.current_player, rng.choice(game.legal_actions())
        game.apply(action)
        played.append((seat, str(action)))
    assert not game.is_terminal()
    return game, played


async def write_game(writer: storage.Writer, table_id: str,
                     played: list[tuple[int, str]]) -> None:
    row, seats = table_rows(table_id)
    await writer.write(storage.add_table(row, seats))
    # many writes at once: the writer commits those waiting together
    await asyncio.gather(*(writer.write(storage.add_event(
        table_id, version, "action", seat, {"action": text, "by": "bot"}))
        for version, (seat, text) in enumerate(played, 1)))


def replayed(stored: storage.StoredTable) -> Game:
    game = Game(loads(QUICK.read_text()), int(stored.row.seed))
    for event in stored.events:
        game.apply(event.data["action"])
    return game


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_table_and_its_log_are_written_and_read_back(database: str) -> None:
    engine = open_database(database)
    writer = storage.Writer(engine)
    game, played = a_game(30)

    async def scenario() -> None:
        await write_game(writer, "t1", played)
        await writer.write(storage.set_next("t1", "t2"), storage.set_over("t1"))
        row, seats = table_rows("t2")
        await writer.write(storage.add_table(row, seats))
        # a second event at a version the log has: refused, and it sinks nothing else
        results = await asyncio.gather(
            writer.write(storage.add_event("t1", 5, "action", 0, {"action": "draw"})),
            writer.write(storage.add_event("t2", 1, "continue", 1, {})),
            return_exceptions=True)
        assert isinstance(results[0], IntegrityError) and results[1] is None

    try:
        asyncio.run(scenario())
        stored = storage.load_table(engine, "t1")
        assert stored is not None and stored.row.over and stored.row.next_table == "t2"
        assert [e.version for e in stored.events] == list(range(1, 31))
        assert replayed(stored).digest() == game.digest()
        assert [s.name for s in stored.seats] == ["B0", "B1", "B2", "B3"]
        after = storage.events_after(engine, "t1", 27)
        assert after is not None and [e.version for e in after.events] == [28, 29, 30]
        assert [t.row.id for t in storage.load_unfinished(engine)] == ["t2"]
        assert storage.load_table(engine, "nope") is None
        assert storage.events_after(engine, "nope", 0) is None
    finally:
        writer.close()
        engine.dispose()


def _empty(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.database(empty=True)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_database_of_the_previous_schema_upgrades_with_its_game(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = _empty(backend, tmp_path, request)
    old = open_database(url, migrate=False)
    command.upgrade(_config(old), "0002")  # what the previous canasta made
    assert revision(old) == "0002"
    writer = storage.Writer(old)
    game, played = a_game(40)
    asyncio.run(write_game(writer, "old1", played))
    writer.close()
    old.dispose()

    assert upgrade(url) == head() != "0002"
    engine = open_database(url)
    try:
        stored = storage.load_table(engine, "old1")
        assert stored is not None and len(stored.events) == 40
        assert replayed(stored).digest() == game.digest()
        assert [t.row.id for t in storage.load_unfinished(engine)] == ["old1"]
    finally:
        engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_table_read_while_a_seat_is_claimed_has_the_seat_of_every_join_it_holds(
        database: str) -> None:
    """A process following a table reads its log (``events_after``, ``load_table``) while the
    owner commits a claim (a ``join`` event and the seat's token, in one transaction). Read
    seats first and events second, and a claim committed between the two reads gave a join
    whose seat had no token: the follower then refused that seat's own token for good (seen
    as a cluster test's seat that never showed up, 2026-12-07)."""
    engine = open_database(database)
    other = open_database(database, migrate=False)  # the owner's connection
    row, seats = table_rows("t1")
    seats[3].kind, seats[3].bot, seats[3].invite = "human", None, "code"
    writer = storage.Writer(engine)
    try:
        asyncio.run(writer.write(storage.add_table(row, seats)))
        claimed: list[bool] = []

        def claim_between_reads(conn: object, cursor: object, statement: str,
                                *rest: object) -> None:
            if not claimed and ("server_seats" in statement or "server_events" in statement):
                claimed.append(True)
                with other.begin() as connection:  # the owner's claim, committed now
                    storage.set_token("t1", 3, "digest", "Ann")(connection)
                    storage.add_event("t1", 1, "join", 3, {"name": "Ann"})(connection)

        reads: list[Callable[[], storage.StoredTable | None]] = [
            lambda: storage.events_after(engine, "t1", 0),
            lambda: storage.load_table(engine, "t1")]
        for read in reads:
            sqlalchemy.event.listen(engine, "after_cursor_execute", claim_between_reads)
            try:
                stored = read()
            finally:
                sqlalchemy.event.remove(engine, "after_cursor_execute", claim_between_reads)
            assert claimed and stored is not None
            tokens: dict[int | None, str | None] = {s.seat: s.token_hash for s in stored.seats}
            for joined in (e for e in stored.events if e.kind == "join"):
                assert tokens[joined.seat] is not None, "a join read without its seat's token"
            with other.begin() as connection:  # the claim undone, for the next read
                connection.execute(sqlalchemy.delete(EventRow))
                connection.execute(sqlalchemy.update(SeatRow).values(token_hash=None))
            claimed.clear()
    finally:
        writer.close()
        engine.dispose()
        other.dispose()
