"""The shared database (docs/storage.md): created by the migrations on first use, SQLite in WAL
mode with foreign keys on, the migrations matching the models, one head, clear errors. The
tests that hold for every database run on SQLite and on PostgreSQL (tests/postgres.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from platformdirs import user_data_dir
from sqlalchemy import inspect, text

import canasta.score.models  # noqa: F401  (the score pad's tables on Base)
from canasta.cli.main import main
from canasta.store import Base, StoreError, default_url, open_database, upgrade
from canasta.store.database import _config, head, revision
from tests.postgres import BACKENDS, Postgres

SCORE_TABLES = {"score_games", "score_sides", "score_deals", "score_entries"}
SERVER_TABLES = {"server_tables", "server_seats", "server_events", "server_leases",
                 "server_presence", "server_reviews"}


def _url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'sub' / 'canasta.db'}"


@pytest.fixture
def empty(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """An empty database's URL: an SQLite file not yet made, or a new PostgreSQL database."""
    if backend == "sqlite":
        return _url(tmp_path)
    server: Postgres = request.getfixturevalue("postgres")
    return server.database(empty=True)


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_empty_database_is_created_by_the_migrations(backend: str, empty: str,
                                                         tmp_path: Path) -> None:
    engine = open_database(empty)
    assert revision(engine) == head() == "0004"
    tables = SCORE_TABLES | SERVER_TABLES | {"alembic_version"}
    assert set(inspect(engine).get_table_names()) == tables
    with engine.connect() as connection:
        if backend == "sqlite":
            assert (tmp_path / "sub" / "canasta.db").is_file()
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        # the models and the migrations agree: autogenerate finds nothing to add
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_foreign_keys_are_enforced(empty: str) -> None:
    engine = open_database(empty)
    with pytest.raises(Exception, match="(?i)FOREIGN KEY"), engine.begin() as connection:
        connection.execute(text("INSERT INTO score_deals (game_id, number, entered_at) "
                                "VALUES (42, 1, CURRENT_TIMESTAMP)"))
    engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_upgrade_is_idempotent_and_the_migrations_go_down_and_up(empty: str) -> None:
    url = empty
    assert upgrade(url) == upgrade(url) == head()
    engine = open_database(url, migrate=False)
    command.downgrade(_config(engine), "base")
    assert set(inspect(engine).get_table_names()) == {"alembic_version"}
    assert revision(engine) is None
    assert upgrade(engine) == head()
    assert set(inspect(engine).get_table_names()) >= SCORE_TABLES
    engine.dispose()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_database_from_a_newer_canasta_is_refused(empty: str) -> None:
    engine = open_database(empty)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    with pytest.raises(StoreError, match="9999.*newer canasta"):
        upgrade(engine)
    engine.dispose()


def test_the_default_database_is_the_env_var_else_the_data_folder(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CANASTA_DB", "postgresql+psycopg://u@db/canasta")
    assert default_url() == "postgresql+psycopg://u@db/canasta"
    monkeypatch.delenv("CANASTA_DB")
    assert default_url() == f"sqlite:///{Path(user_data_dir('canasta')) / 'canasta.db'}"


@pytest.mark.parametrize("backend", BACKENDS)
def test_db_upgrade_command(empty: str, capsys: pytest.CaptureFixture[str]) -> None:
    url = empty
    assert main(["db", "upgrade", "--db", url]) == 0
    assert capsys.readouterr().out == f"{url}: at migration 0004 (the newest)\n"
    assert main(["db", "upgrade", "--db", "nope://x"]) == 1
    assert "cannot open the database 'nope://x'" in capsys.readouterr().err


def test_db_upgrade_reads_the_env_var(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    url = _url(tmp_path)
    monkeypatch.setenv("CANASTA_DB", url)
    assert main(["db", "upgrade"]) == 0
    assert capsys.readouterr().out.startswith(url)
    assert (tmp_path / "sub" / "canasta.db").is_file()


def test_without_the_database_libraries_the_command_says_how_to_install_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    for name in [m for m in sys.modules if m.startswith(("canasta.store", "sqlalchemy"))]:
        monkeypatch.delitem(sys.modules, name)  # restored after the test
    monkeypatch.setitem(sys.modules, "sqlalchemy", None)  # as if SQLAlchemy were missing
    assert main(["score", "list", "--db", _url(tmp_path)]) == 1
    assert main(["db", "upgrade", "--db", _url(tmp_path)]) == 1
    assert capsys.readouterr().err == 2 * ('canasta: error: the database libraries are not '
                                           'installed (sqlalchemy): pip install '
                                           '"canasta[store]"\n')
    assert not (tmp_path / "sub").exists()
