"""Two ``canasta serve`` processes behind nginx, configured as docs/cluster.md says, over one
PostgreSQL database: a network bot (``canasta bot``'s loop, ``play_seat``) plays its seat
through the balancer, WebSocket included; the process it is connected to is stopped with the
bot's move in flight, then killed (``kill -9``): the move is lost with it, the bot reconnects
through nginx to the other process (saying so) and acts again at the version it is shown, and
the game is played to its end (no stand-in: the grace period is longer than the test). A
client's own ``X-Forwarded-For`` does not pass nginx: the processes see the address nginx
saw."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor

import httpx2
from sqlalchemy import select
from tests.postgres import Postgres
from tests.server.balancer import balancer, connected
from tests.server.harness import Subprocess, create, scalar

from canasta import record
from canasta.bots import make_bot
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.net.bot_client import play_seat
from canasta.net.client import SeatClient
from canasta.net.link import Invitation, Seating
from canasta.rules import from_dict
from canasta.server.models import TableRow


def creator(db: str, table: str) -> str | None:
    """The address a table was created from, as the database keeps it."""
    found: str | None = scalar(db, select(TableRow.creator).where(TableRow.id == table))
    return found


class Held:
    """The greedy bot, whose decision number ``hold`` waits until the test releases it."""

    def __init__(self, hold: int) -> None:
        self.bot, self.hold, self.decisions = make_bot("greedy", 1), hold, 0
        self.deciding, self.release = threading.Event(), threading.Event()

    def act(self, view: PlayerView) -> Action:
        self.decisions += 1
        if self.decisions == self.hold:
            self.deciding.set()
            self.release.wait(60)
        return self.bot.act(view)


def test_a_network_bot_whose_move_died_with_its_process_plays_on_through_nginx(
        postgres: Postgres) -> None:
    db = postgres.database()
    options = ["--lease", "2", "--grace", "600", "--forwarded-allow-ips", "127.0.0.1"]
    with ThreadPoolExecutor(2) as pool:
        servers = list(pool.map(lambda seeds: Subprocess(db, bot_pause=0.02, seeds=seeds,
                                                         args=options), ["lb-a", "lb-b"]))
    urls = [server.url for server in servers]
    player, said = Held(3), list[str]()
    try:
        with balancer(urls) as front:
            with httpx2.Client(base_url=front, timeout=10,
                              headers={"X-Forwarded-For": "203.0.113.7"}) as http:
                made = create(http, ["me", "greedy", "greedy", "greedy"])
                table = made["id"]
                rules = from_dict(http.get(f"/api/tables/{table}/rules").json())
            # nginx names the client it saw, whatever the client claims: the limits count it
            assert creator(db, table) == "127.0.0.1"
            seating = Seating(Invitation(front.rstrip("/"), table, 0, ""), made["token"],
                              rules, "Ann")

            async def scenario() -> tuple[dict[str, object], list[int]]:
                bot = asyncio.create_task(play_seat(SeatClient(seating), player, said.append))
                assert await asyncio.to_thread(player.deciding.wait, 30)
                homes = connected(urls)  # the process nginx gave the bot's WebSocket to
                victim = servers[homes.index(1)]
                os.kill(victim.process.pid, signal.SIGSTOP)
                player.release.set()  # the move goes out, through nginx, to a stopped process
                await asyncio.sleep(0.3)
                victim.kill()  # and dies with it
                return await asyncio.wait_for(bot, 60), homes

            info, homes = asyncio.run(scenario())
            assert sorted(homes) == [0, 1]
            with httpx2.Client(base_url=front, timeout=10) as http:
                game = record.verify(record.loads(http.get(f"/api/tables/{table}/record")
                                                  .text))
    finally:
        for server in servers:
            server.kill()
            print(f"{server.url} said:", server.said()[-3000:])  # shown on failure
        print("the bot said:", said)
    assert info["over"] and game.is_terminal()
    replay, played = Game(game.rules, game.seed), 0
    for code in game.history:
        played += replay.current_player == 0
        replay.apply(code)
    assert player.decisions == played + 1  # one decision was lost with its process, no more
    assert any(line.startswith("the connection dropped: reconnecting (attempt 1,")
               for line in said), said
