"""The score pad's tests run the command on a database in the test's own temporary folder
(never the user's data folder; safe under pytest-xdist)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from canasta.cli.main import main
from canasta.store import open_database


@dataclass(frozen=True)
class Ran:
    """What one run of ``canasta score ...`` did."""

    code: int
    out: str
    err: str


Pad = Callable[..., Ran]


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty database brought to the newest migration, once per test process (each
    pytest-xdist worker has its own)."""
    path = tmp_path_factory.mktemp("template") / "pad.db"
    open_database(f"sqlite:///{path}").dispose()  # closing checkpoints the WAL into the file
    return path


@pytest.fixture
def db_url(migrated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A fresh database for the test (a copy of the migrated template); CANASTA_DB points
    there too, so a command that forgot --db could never touch the user's own."""
    shutil.copyfile(migrated, tmp_path / "pad.db")
    url = f"sqlite:///{tmp_path / 'pad.db'}"
    monkeypatch.setenv("CANASTA_DB", url)
    return url


@pytest.fixture
def pad(db_url: str, capsys: pytest.CaptureFixture[str]) -> Pad:
    """Run ``canasta score ARGS... --db URL``: its exit code, standard output and error."""
    def run(*args: str) -> Ran:
        code = main(["score", *args, "--db", db_url])
        captured = capsys.readouterr()
        return Ran(code, captured.out, captured.err)
    return run
