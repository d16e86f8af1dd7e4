"""Hypothesis profiles: deterministic by default, exploring on demand.

- ``default``: every property test draws the same examples on every run (``derandomize``, no
  example database), so the README's test command gives the same verdict every time.
- ``explore`` (``HYPOTHESIS_PROFILE=explore``): fresh random examples, ten times as many, for
  longer runs that look for new failures; a failure prints the blob that reproduces it.
- ``quick``: ten examples per property, for a fast local loop.

Property tests scale their example counts from the loaded profile's ``max_examples`` (100 in
the default profile), so ``explore`` (1000) runs each of them ten times longer.

Fixtures for every test folder: the PostgreSQL server (``tests/postgres.py``) and ``browser``,
Debian's headless Chromium (``chromium-headless-shell``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

from tests.postgres import database, postgres  # noqa: F401  (the PostgreSQL fixtures)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

#: the system's (scripts/test-services; never a downloaded one): Debian's headless shell, the
#: build without the desktop browser's window code. It draws the pages as the full browser
#: does (the stored screenshots match alike) on two thirds of the CPU: the browser tests took
#: 90 s where the full browser took 136 (64 tests on 2 workers).
CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

settings.register_profile("default", settings(deadline=None, derandomize=True, database=None))
settings.register_profile(
    "explore",
    settings(max_examples=1000, deadline=None, print_blob=True,
             suppress_health_check=[HealthCheck.too_slow]),
)
settings.register_profile("quick", settings(max_examples=10, deadline=None, derandomize=True,
                                            database=None))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium driven by Playwright, one per test module (the page tests of
    tests/server and tests/net). Playwright is imported only by the tests that use it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
