"""Opening the shared database and bringing it to the newest migration (docs/storage.md).

A database is named by a SQLAlchemy URL: ``--db URL`` on a command, else the environment
variable ``CANASTA_DB``, else an SQLite file ``canasta.db`` in the user's data folder
(platformdirs' ``user_data_dir("canasta")``). SQLite runs in WAL mode with foreign keys on; the
same models and migrations run on PostgreSQL (``postgresql+psycopg://...``). A database is
created on first use by the migrations, never by ``create_all``.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from platformdirs import user_data_dir
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from canasta.errors import CanastaError

ENV_VAR = "CANASTA_DB"
MIGRATIONS = Path(__file__).with_name("migrations")


class StoreError(CanastaError):
    """A database that cannot be opened or migrated: a bad URL, an unreachable server, a
    database newer than this version of canasta."""


def default_url() -> str:
    """The database used when no ``--db`` is given: ``$CANASTA_DB``, else SQLite in the user's
    data folder."""
    from_env = os.environ.get(ENV_VAR, "").strip()
    if from_env:
        return from_env
    return f"sqlite:///{Path(user_data_dir('canasta')) / 'canasta.db'}"


def _sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    """Every new SQLite connection: foreign keys enforced, WAL journal, wait on a busy lock."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _engine(url: str) -> Engine:
    """An engine for ``url``; an SQLite file's folder is created, SQLite pragmas set."""
    try:
        parsed = make_url(url)
        sqlite = parsed.get_backend_name() == "sqlite"
        if sqlite and parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(parsed, pool_pre_ping=not sqlite)
    except (ArgumentError, ImportError, SQLAlchemyError) as exc:
        raise StoreError(f"cannot open the database {url!r}: {exc}") from None
    if sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _config(engine: Engine | None = None) -> Config:
    """An Alembic configuration in code: the packaged migrations, no alembic.ini; env.py
    migrates ``engine``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


@lru_cache(maxsize=1)
def head() -> str:
    """The newest migration this version of canasta ships (read once per process)."""
    heads = ScriptDirectory.from_config(_config()).get_heads()
    if len(heads) != 1:  # two features branched from the same revision: docs/storage.md
        raise StoreError(f"the migrations have {len(heads)} heads: {', '.join(heads)}")
    return heads[0]


def revision(engine: Engine) -> str | None:
    """The migration a database is at (``None``: an empty database)."""
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    except SQLAlchemyError as exc:
        raise StoreError(f"cannot read {engine.url.render_as_string()}: {exc}") from None


def upgrade(url: str | Engine | None = None) -> str:
    """Bring a database (a URL, an engine, or by default :func:`default_url`) to the newest
    migration; return that revision. A database at the head is left as it is."""
    engine = url if isinstance(url, Engine) else _engine(url or default_url())
    try:
        newest = head()
        if revision(engine) != newest:
            command.upgrade(_config(engine), "head")
    except CommandError as exc:  # a revision this version does not know: a newer canasta's
        raise StoreError(f"{engine.url.render_as_string()}: {exc} (is it from a newer canasta?)"
                         ) from None
    except SQLAlchemyError as exc:
        raise StoreError(f"cannot migrate {engine.url.render_as_string()}: {exc}") from None
    finally:
        if not isinstance(url, Engine):
            engine.dispose()
    return newest


def open_database(url: str | None = None, *, migrate: bool = True) -> Engine:
    """The shared database at ``url`` (default: :func:`default_url`), brought to the newest
    migration first unless ``migrate`` is false. Use it with ``sqlalchemy.orm.Session``."""
    engine = _engine(url or default_url())
    if migrate:
        upgrade(engine)
    return engine
