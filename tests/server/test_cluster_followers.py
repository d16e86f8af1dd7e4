"""Two ``canasta serve`` processes over one PostgreSQL database, seen from the process that
does not own a table (docs/cluster.md, "Everyone else: followers"): a seat claimed at the owner
can be taken up on the other process at once (the claim is committed before it is answered,
and a follower that does not know a token reads the log before refusing it); and while the
database is down, a request the follower cannot answer from memory gets the documented JSON
error (``unavailable``), with one log line for the whole outage, not a traceback a request,
and one more when the database is back; a seat that left or came meanwhile has its presence
written once the database is back."""

from __future__ import annotations

import asyncio
import json
import shlex
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager

import httpx2
from sqlalchemy import func, select
from tests.postgres import Postgres, _run
from tests.server.harness import Client, Subprocess, create, rows
from websockets.sync.client import ClientConnection, connect

from canasta.server.models import PresenceRow


@contextmanager
def stopped(postgres: Postgres) -> Iterator[None]:
    """The database server stopped (a fast shutdown: its sessions are ended), then started
    again as it was (``postmaster.opts`` holds the options it was started with)."""
    data = postgres.folder / "data"
    options = shlex.split((data / "postmaster.opts").read_text())[3:]  # past "postgres -D dir"
    _run([str(postgres.bin / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"], "stop")
    try:
        yield
    finally:
        _run([str(postgres.bin / "pg_ctl"), "-D", str(data), "-o", shlex.join(options), "-l",
              str(postgres.folder / "sock" / "pg.log"), "-w", "-t", "60", "start"], "start")


@contextmanager
def seated(ws: str, table: str, token: str) -> Iterator[ClientConnection]:
    """A connection holding a seat (its welcome read), closed at the end."""
    with connect(f"{ws}ws/{table}") as connection:
        connection.send(json.dumps({"kind": "hello", "token": token}))
        assert json.loads(connection.recv(10))["kind"] == "welcome"
        yield connection


def until_present(db: str, table: str, seats: set[int], seconds: float = 30) -> None:
    """Wait until the live presence rows of ``table`` name ``seats`` (on any process)."""
    deadline = time.monotonic() + seconds
    while (now := {seat for (seat,) in rows(db, select(PresenceRow.seat).where(
            PresenceRow.table_id == table, PresenceRow.expires_at >= func.now()))}) != seats:
        assert time.monotonic() < deadline, f"presence {now}, not {seats}"
        time.sleep(0.1)


def test_claims_are_known_everywhere_and_an_outage_is_one_json_error(
        postgres: Postgres) -> None:
    db = postgres.database()
    with ThreadPoolExecutor(2) as pool:
        a, b = pool.map(lambda seeds: Subprocess(db, seeds=seeds, args=["--lease", "2"]),
                        ["f-a", "f-b"])
    try:
        with ExitStack() as stack, httpx2.Client(base_url=a.url, timeout=10) as http_a, \
                httpx2.Client(base_url=b.url, timeout=10) as http_b:
            made = [create(http_a, ["me", "open", "open", "open"]) for _ in range(3)]
            for table in made:  # b follows every table from now on
                assert http_b.get(f"/api/tables/{table['id']}").status_code == 200

            tokens: dict[int, str] = {}  # the seats of the first table

            async def claim_here_join_there() -> list[tuple[str, int | None]]:
                answers = []
                async with httpx2.AsyncClient(base_url=a.url, timeout=10) as http:
                    for table in made:
                        ann = await Client.open(a.ws, table["id"], table["token"])
                        for seat, code in sorted(ann.frames[0]["invites"].items()):
                            got = await http.post(f"/api/tables/{table['id']}/claim", json={
                                "seat": int(seat), "invite": code, "name": f"P{seat}"})
                            if table is made[0]:
                                tokens[int(seat)] = got.json()["token"]
                            joined = await Client.open(b.ws, table["id"], got.json()["token"])
                            first = joined.frames[0]
                            answers.append((first["kind"], first.get("you")))
                            await joined.close()
                        await ann.close()
                return answers

            assert asyncio.run(claim_here_join_there()) == [("welcome", seat) for seat in
                                                            (1, 2, 3)] * 3
            unread = create(http_a, ["me", "open", "open", "open"])["id"]  # b has not read it
            first = made[0]["id"]
            seats = stack.enter_context(ExitStack())
            seats.enter_context(seated(b.ws, first, tokens[1]))
            until_present(db, first, {1})
            quiet = len(b.said())
            with stopped(postgres):
                seats.close()  # seat 1 leaves b and seat 2 comes while nothing can be written
                seats.enter_context(seated(b.ws, first, tokens[2]))
                deadline = time.monotonic() + 2.5
                answers = []
                while time.monotonic() < deadline:
                    answers.append(http_b.get(f"/api/tables/{unread}"))
                    followed = http_b.get(f"/api/tables/{made[0]['id']}")  # from memory
                    assert followed.status_code == 200
                    if len(answers) % 10 == 1:  # the score pad's games, within its rate
                        answers.append(http_b.get("/api/score"))
                    time.sleep(0.02)
                during = b.said()[quiet:]  # read before the restart, which b reports
            assert {r.status_code for r in answers} == {503}, {r.text for r in answers}
            assert {r.json()["code"] for r in answers} == {"unavailable"}
            assert "Traceback" not in during
            assert [line for line in during.splitlines() if line] == [
                line for line in during.splitlines() if "database is not answering" in line]
            assert during.count("database is not answering") == 1, during
            deadline = time.monotonic() + 30  # the database is back: so is the server
            while http_b.get(f"/api/tables/{unread}").status_code != 200:
                assert time.monotonic() < deadline, b.said()[-3000:]
                time.sleep(0.1)
            assert http_b.get(f"/api/tables/{unread}").json()["id"] == unread
            while "the database answers again" not in b.said()[quiet:]:  # its heartbeat says
                assert time.monotonic() < deadline, b.said()[-3000:]
                time.sleep(0.1)
            # and writes again the presence it could not: seat 2 is here, seat 1 is not (its
            # row would otherwise be renewed by every heartbeat, and the seat never played
            # for by a stand-in)
            until_present(db, first, {2})
    finally:
        for server in (a, b):
            server.kill()
            print(f"{server.url} said:", server.said()[-4000:])  # shown on failure
    assert b.said().count("database is not answering") == 1
    assert "Traceback" not in a.said() + b.said()
