"""``kill -9`` in the middle of games, then a restart: every table resumes exactly — the
bots' table plays on to the very game an uninterrupted server plays, and a person's seat,
hand and version are as they were."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx2
from tests.server.harness import QUICK, Client, Subprocess, create

from canasta import record
from canasta.engine.game import Game
from canasta.rules import loads
from canasta.server.hall import BOTS
from canasta.server.table_moves import bot_seed
from canasta.server.worker import decide

SEATS = ["greedy", "random", "greedy", "random"]


def uninterrupted(table: str, seed: int) -> list[str]:
    """The actions of the bots' game as a server that never stopped plays it."""
    game = Game(loads(QUICK.read_text()), seed)
    while not game.is_terminal():
        seat = game.current_player
        spec = BOTS[SEATS[seat]].spec
        game.apply(decide(spec, bot_seed(table, len(game.history)), game.view(seat)))
    actions: list[str] = record.record_of(game)["actions"]
    return actions


def test_kill_9_and_restart_resumes_every_table(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'server.db'}"
    server = Subprocess(db, bot_pause=0.05, seeds="restart")
    try:
        with httpx2.Client(base_url=server.url, timeout=10) as http:
            bots = create(http, SEATS)["id"]
            mine = create(http, ["me", "greedy", "greedy", "greedy"])

        async def before() -> tuple[int, dict[str, object]]:
            watcher = await Client.open(server.ws, bots)
            await watcher.until(lambda f: f.get("v", 0) >= 12, start=0)
            ann = await Client.open(server.ws, mine["id"], mine["token"])
            frame = await ann.until(lambda f: f["kind"] in ("welcome", "event")
                                    and f["facts"]["turn"]["mine"], start=0)
            await ann.request({"kind": "act", "action": "draw", "v": frame["v"]})
            seen = watcher.latest["v"]
            assert not watcher.latest["table"]["over"]
            return seen, ann.latest

        seen, ann_before = asyncio.run(before())
    finally:
        server.kill()

    server = Subprocess(db, bot_pause=0.0, seeds="restart")
    try:
        async def after() -> None:
            watcher = await Client.open(server.ws, bots, seen=seen)
            assert watcher.frames[0]["kind"] == "welcome", watcher.frames[0]
            missed = watcher.frames[0]["missed"]
            assert missed is not None and [e["v"] for e in missed] == list(
                range(seen + 1, watcher.frames[0]["v"] + 1))
            await watcher.until(lambda f: f["kind"] in ("welcome", "event")
                                and f["table"]["over"], start=0)
            ann = await Client.open(server.ws, mine["id"], mine["token"])
            welcome = ann.frames[0]
            assert welcome["you"] == 0 and welcome["v"] == ann_before["v"]
            assert welcome["facts"] == ann_before["facts"]
            for client in (watcher, ann):
                await client.close()

        asyncio.run(after())
        with httpx2.Client(base_url=server.url, timeout=10) as http:
            data = record.loads(http.get(f"/api/tables/{bots}/record").text)
    finally:
        server.kill()
    record.verify(data)
    assert data["actions"] == uninterrupted(bots, data["seed"])
