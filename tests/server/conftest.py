"""Fixtures of the server's tests: a temporary database per test."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.server.harness import db_url


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A fresh SQLite database URL in the test's temporary folder."""
    return db_url(tmp_path)
