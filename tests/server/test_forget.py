"""A finished table nobody is connected to or asks for is let go from the server's memory
after ``FORGET`` seconds (every table that ever finished in a process once stayed there for
good), and read again from the database, the same, when someone asks for it; a table with a
client connected is kept however long it sits."""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.harness import create, db_url, lifted_limits

from canasta.server import hall, storage
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


def test_a_table_read_from_a_slow_database_holds_up_no_other(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table not in memory is read from the database in a thread: while that read hangs,
    the lobby and another table still answer, and a second request for the same table waits
    for the same read rather than starting its own (the read once ran on the event loop and
    held up every table of the process)."""
    app = create_app(db_url(tmp_path), Settings(bot_pause=0.0), lifted_limits())
    with TestClient(app) as http:
        tables = app.state.server.tables.tables
        first, second = made = [create(http, ["club"] * 4)["id"] for _ in range(2)]
        deadline = time.monotonic() + 60
        while not all(http.get(f"/api/tables/{t}").json()["over"] for t in made):
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        before = http.get(f"/api/tables/{first}").json()
        monkeypatch.setattr(hall, "FORGET", 0.0)
        monkeypatch.setattr(hall, "SWEEP", 0.0)
        http.get("/api/tables/nosuch")  # the sweep lets both go
        assert first not in tables and second not in tables
        monkeypatch.setattr(hall, "SWEEP", 3600.0)
        entered, release, reads = threading.Event(), threading.Event(), Counter[str]()
        load = storage.load_table

        def slow(engine: Any, table_id: str) -> Any:
            reads[table_id] += 1
            if table_id == first:
                entered.set()
                assert release.wait(30), "the test never let the read go"
            return load(engine, table_id)
        monkeypatch.setattr(storage, "load_table", slow)
        answers: dict[str, Any] = {}

        def ask(name: str) -> None:
            answers[name] = http.get(f"/api/tables/{first}").json()
        waiting = [threading.Thread(target=ask, args=(name,)) for name in ("a", "b")]
        waiting[0].start()
        assert entered.wait(10)
        waiting[1].start()
        time.sleep(0.5)
        assert http.get("/api/tables").status_code == 200  # the lobby answers meanwhile
        assert http.get(f"/api/tables/{second}").json()["over"]  # and another table
        assert all(thread.is_alive() for thread in waiting) and first not in tables
        release.set()
        for thread in waiting:
            thread.join(30)
        assert answers == {"a": before, "b": before}
        assert reads == {first: 1, second: 1}  # the second request waited for the first's read
        junk = http.get("/api/tables/" + "x" * 25)  # no id is that long: no read at all
        assert junk.status_code == 404 and junk.json()["code"] == "no-table"
        assert reads == {first: 1, second: 1}
