"""A bot thinks during the table's pause, not after it (docs/protocol.md, "Bots"): a move
shows the pause after the one before it, or once the bot has decided if that takes longer. A
search of a second after a pause of 0.8 s once made each of the expert's moves wait 1.8 s. A
person joining during the pause moves no card, so the bot's decision stands (it was thrown
away and made again: a second search)."""

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


def test_a_join_during_the_pause_keeps_the_bots_decision(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds: list[int] = []
    asked = threading.Event()
    real = worker.run

    async def watched(pool: Any, fast: bool, fn: Any, *args: Any) -> Any:
        if fn is worker.decide:
            seeds.append(args[1])
            asked.set()
        return await real(pool, fast, fn, *args)

    monkeypatch.setattr(table_moves, "run", watched)
    app = create_app(db_url(tmp_path), Settings(), lifted_limits())
    with TestClient(app) as http:
        for _ in range(8):  # a table whose first move is a bot's
            made = create(http, ["club", "club", "club", "open"], settings={"bot_pause": 2.0})
            table = app.state.server.tables.tables[made["id"]]
            if table.game.current_player != 3:
                break
        assert table.game.current_player != 3
        assert asked.wait(5), "the bot was never asked"
        assert not table.actions  # still in its pause: a person joins
        code = table.seats[3].invite
        joined = http.post(f"/api/tables/{table.id}/claim",
                           json={"seat": 3, "invite": code, "name": "Zed"})
        assert joined.status_code == 200, joined.text
        start = time.monotonic()
        while len(table.events) < 2:  # the move is played, then stored, then its event kept
            assert time.monotonic() - start < 20, "the first move never came"
            time.sleep(0.05)
        first = table_moves.bot_seed(table.id, 0)
        assert seeds.count(first) == 1, "the first move was decided again after the join"
        assert [e.kind for e in table.events[:2]] == ["join", "action"]
