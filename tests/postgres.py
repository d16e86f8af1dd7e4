"""A throwaway PostgreSQL server for the tests (../shared/RECIPES.md): ``initdb`` in a temporary
folder, started on a free loopback port and a private socket folder, stopped at the end of the
session. ``scripts/test-services`` installs PostgreSQL where it is missing; when it cannot start,
every test that needs it fails saying why (there are no skips).

Each test gets a database of its own (``Postgres.database``), copied from a template that is
already at the newest migration, so a test starts from an empty schema in a few milliseconds.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest

from canasta.store import open_database

USER = "postgres"  #: the system account the server runs as when the tests run as root
TEMPLATE = "canasta_template"


def bindir() -> Path:
    """The folder of PostgreSQL's server programs (initdb, pg_ctl)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb is None:
        raise RuntimeError("PostgreSQL is not installed (no initdb): run scripts/test-services")
    return Path(initdb).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _as_server_user(argv: Sequence[str]) -> list[str]:
    """``argv`` run as the account that owns the data folder (``postgres`` when we are root:
    PostgreSQL refuses to run as root)."""
    if os.geteuid() != 0:
        return list(argv)
    return ["runuser", "-u", USER, "--", *argv]


def _run(argv: Sequence[str], what: str) -> None:
    done = subprocess.run(_as_server_user(argv), capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"PostgreSQL: {what} failed ({done.returncode}):\n{done.stdout}"
                           f"{done.stderr}")


@dataclass
class Postgres:
    """A running server: its port and folder, and the databases made for tests."""

    folder: Path
    port: int
    bin: Path
    _names: Iterator[int] = field(default_factory=itertools.count)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def sql(self, *statements: str, database: str = "postgres") -> None:
        """Run statements outside a transaction (``CREATE DATABASE`` needs that)."""
        with psycopg.connect(self.url(database).replace("+psycopg", ""),
                             autocommit=True) as connection:
            for statement in statements:
                connection.execute(statement.encode())

    def database(self, *, empty: bool = False) -> str:
        """A new database's URL: at the newest migration (a copy of the template), or empty."""
        name = f"t{os.getpid()}_{next(self._names)}"
        template = "template0" if empty else TEMPLATE
        self.sql(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY")
        return self.url(name)

    def stop(self) -> None:
        subprocess.run(_as_server_user([str(self.bin / "pg_ctl"), "-D",
                                        str(self.folder / "data"), "-m", "immediate", "-w",
                                        "stop"]), capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


def start() -> Postgres:
    """initdb and start a server (fsync off: a test database need not survive the machine);
    its template database migrated."""
    pg = bindir()
    # as root, in /tmp (the postgres account must reach the folder, whatever $TMPDIR is)
    folder = Path(tempfile.mkdtemp(prefix="canasta-pg-",
                                   dir="/tmp" if os.geteuid() == 0 else None))
    (folder / "sock").mkdir()
    if os.geteuid() == 0:
        try:
            account = pwd.getpwnam(USER)
        except KeyError:
            raise RuntimeError(f"PostgreSQL: there is no {USER!r} account: run "
                               "scripts/test-services") from None
        for path in (folder, folder / "sock"):
            os.chown(path, account.pw_uid, account.pw_gid)
    port = free_port()
    _run([str(pg / "initdb"), "-D", str(folder / "data"), "-U", "postgres", "--auth=trust",
          "-E", "UTF8", "--no-sync"], "initdb")
    options = (f"-p {port} -k {folder / 'sock'} -c listen_addresses=127.0.0.1 -c fsync=off "
               "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
    _run([str(pg / "pg_ctl"), "-D", str(folder / "data"), "-o", options, "-l",
          str(folder / "sock" / "pg.log"), "-w", "-t", "60", "start"], "pg_ctl start")
    server = Postgres(folder, port, pg)
    try:
        server.sql(f"CREATE DATABASE {TEMPLATE}")
        open_database(server.url(TEMPLATE)).dispose()
    except BaseException:
        server.stop()
        raise
    return server


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """The session's PostgreSQL server (it fails, saying why, when PostgreSQL cannot start)."""
    try:
        server = start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        pytest.fail(f"the tests need PostgreSQL (scripts/test-services installs it): {exc}",
                    pytrace=False)
    try:
        yield server
    finally:
        server.stop()


BACKENDS = ["sqlite", "postgresql"]
"""Parametrize a test on both databases: ``@pytest.mark.parametrize("backend", BACKENDS)``.
Each xdist worker that runs one starts its own server (``postgres`` is session-scoped per
worker). No ``xdist_group`` mark keeps them on one worker: under pytest 9.2, pytest-xdist
3.8's ``--dist loadgroup`` has no effect (it renames ``item._nodeid``, which pytest 9 no longer
reads). A fresh install gets pytest 8.4 for now (syrupy 4.8, through pytest-textual-snapshot,
asks for pytest below 9), where the marks work; the tests must not count on either."""


@pytest.fixture
def database(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A fresh database at the newest migration on ``backend``: an SQLite file in the test's
    folder, or a new PostgreSQL database."""
    if backend == "sqlite":
        url = f"sqlite:///{tmp_path / 'test.db'}"
        open_database(url).dispose()
        return url
    server: Postgres = request.getfixturevalue("postgres")
    return server.database()
