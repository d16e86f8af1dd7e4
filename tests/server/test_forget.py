"""A finished table nobody is connected to or asks for is let go from the server's memory
after ``FORGET`` seconds (every table that ever finished in a process once stayed there for
good), and read again from the database, the same, when someone asks for it; a table with a
client connected is kept however long it sits."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.server.harness import create, db_url, lifted_limits

from canasta.server import hall
from canasta.server.app import create_app
from canasta.server.seats import Settings


def test_a_finished_table_nobody_wants_is_let_go_and_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(db_url(tmp_path), Settings(bot_pause=0.0), lifted_limits())
    with TestClient(app) as http:
        tables = app.state.server.tables.tables
        made = [create(http, ["club"] * 4)["id"] for _ in range(2)]
        deadline = time.monotonic() + 60
        while not all(http.get(f"/api/tables/{t}").json()["over"] for t in made):
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        first, second = made
        before = http.get(f"/api/tables/{first}").json()
        kept = tables[first]
        monkeypatch.setattr(hall, "FORGET", 0.0)
        monkeypatch.setattr(hall, "SWEEP", 0.0)
        with http.websocket_connect(f"/ws/{first}") as watcher:  # a spectator of the first
            watcher.send_json({"kind": "hello", "token": None})
            assert watcher.receive_json()["kind"] == "welcome"
            http.get(f"/api/tables/{second}")  # a look: the first has a client, kept
            assert tables[first] is kept and second in tables
        http.get(f"/api/tables/{second}")  # the spectator left: the first is let go
        assert first not in tables
        assert http.get(f"/api/tables/{first}").json() == before  # read again, the same
        assert tables[first] is not kept
        record = http.get(f"/api/tables/{first}/record")
        assert record.status_code == 200 and record.json()["actions"]
