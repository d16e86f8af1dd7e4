"""A bot thinks during the table's pause, not after it (docs/protocol.md, "Bots"): a move
shows the pause after the one before it, or once the bot has decided if that takes longer. A
search of a second after a pause of 0.8 s once made each of the expert's moves wait 1.8 s."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.harness import create, db_url, lifted_limits

from canasta.server import table_moves, worker
from canasta.server.app import create_app
from canasta.server.seats import Settings

PAUSE = 5.0  #: the longest pause a table may set


def test_a_bot_is_asked_at_once_and_moves_after_the_pause(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float] = []
    called = threading.Event()
    real = worker.run

    async def watched(pool: Any, fast: bool, fn: Any, *args: Any) -> Any:
        if fn is worker.decide:
            asked.append(time.monotonic())
            called.set()
        return await real(pool, fast, fn, *args)

    monkeypatch.setattr(table_moves, "run", watched)
    app = create_app(db_url(tmp_path), Settings(), lifted_limits())
    with TestClient(app) as http:
        start = time.monotonic()
        table = app.state.server.tables.tables[
            create(http, ["club"] * 4, settings={"bot_pause": PAUSE})["id"]]
        assert called.wait(PAUSE - 1), "the bot was asked only once the pause was over"
        assert asked[0] - start < PAUSE - 1
        time.sleep(0.5)  # long enough for a club bot's decision to come back
        assert not table.actions, "the bot moved before the pause was over"
        while len(asked) < 2:
            assert time.monotonic() - start < 4 * PAUSE, "the first move never came"
            time.sleep(0.05)
        assert asked[1] - start >= PAUSE, "the first move came before its pause was over"
        assert len(table.actions) == 1
