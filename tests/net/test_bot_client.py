"""``canasta bot``: network bot clients at a real server's table (tests/server/harness.py):
four of them play a whole game; what they decide on is the seat's true view; a refused move
is reported and play goes on; bad addresses and links are clear errors (exit code 2)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from canasta.bots import make_bot
from canasta.cli.main import main
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.net.bot_client import MAX_REFUSALS, GaveUp, play_seat
from canasta.net.client import SeatClient
from canasta.net.link import take_seat
from canasta.record import loads, verify
from tests.scripts import load_script
from tests.server.harness import Running, create, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('net') / 'server.db'}"
    with running(db, bot_pause=0.0, seeds="net-bots") as s:
        yield s


def open_table(server: Running, seats: list[str]) -> tuple[str, dict[str, str]]:
    """A public table of the quick rules: its id and the invitation codes of its open
    seats."""
    with server.http() as http:
        table = create(http, seats, settings={"public": True})["id"]
        lobby = http.get("/api/tables").json()["tables"]
    return table, next(t["invites"] for t in lobby if t["id"] == table)


@pytest.fixture(scope="module")
def spare(server: Running) -> tuple[str, dict[str, str]]:
    """A table whose open seat the error cases fail to take."""
    return open_table(server, ["open", "random", "random", "random"])


class Watching:
    """A bot that remembers every view it was asked to decide on."""

    def __init__(self, spec: str, seed: int) -> None:
        self.bot, self.views = make_bot(spec, seed), list[PlayerView]()

    def act(self, view: PlayerView) -> Action:
        self.views.append(view)
        return self.bot.act(view)


def test_four_network_bots_play_a_whole_game(server: Running, tmp_path: Path) -> None:
    table, invites = open_table(server, ["open"] * 4)
    players = [Watching("random" if n == 0 else "greedy", n) for n in range(4)]
    said: list[str] = []

    async def everyone() -> list[dict[str, Any]]:
        clients = [SeatClient(take_seat(server.url, f"{server.url}join/{table}/{n}/"
                                        f"{invites[str(n)]}", f"Bot {n}", tmp_path / "s.json"))
                   for n in range(4)]
        return await asyncio.gather(*(play_seat(c, p, said.append)
                                      for c, p in zip(clients, players, strict=True)))

    finals = asyncio.run(everyone())
    assert all(info["over"] for info in finals)
    with server.http() as http:
        game = verify(loads(http.get(f"/api/tables/{table}/record").text))
    assert game.is_terminal() and len(game.results) >= 1
    # every view a network bot decided on is the seat's true view at that point of the game
    replay, seen = Game(game.rules, game.seed), [list[PlayerView]() for _ in range(4)]
    for code in game.history:
        seen[replay.current_player].append(replay.view(replay.current_player))
        replay.apply(code)
    assert [p.views for p in players] == seen
    assert sum("game over" in line for line in said) == 4


class Stubborn:
    """Plays a discard while drawing (illegal) ``times`` times, then like the greedy bot."""

    def __init__(self, times: int) -> None:
        self.times, self.bot = times, make_bot("greedy", 3)

    def act(self, view: PlayerView) -> Action:
        if self.times > 0 and view.phase == "draw":
            self.times -= 1
            return Action.parse("discard JK")
        return self.bot.act(view)


def test_a_refused_move_is_reported_and_play_goes_on(server: Running, tmp_path: Path) -> None:
    table, invites = open_table(server, ["open", "greedy", "greedy", "greedy"])
    said: list[str] = []
    seating = take_seat(server.url, f"/join/{table}/0/{invites['0']}", "Stubborn",
                        tmp_path / "s.json")
    info = asyncio.run(play_seat(SeatClient(seating), Stubborn(1), said.append))
    assert info["over"]
    refusals = [line for line in said if line.startswith("the server refused")]
    assert len(refusals) == 1 and "'discard JK'" in refusals[0], said


def test_moves_refused_again_and_again_end_the_client_cleanly(server: Running,
                                                              tmp_path: Path) -> None:
    table, invites = open_table(server, ["open", "random", "random", "random"])
    seating = take_seat(server.url, f"/join/{table}/0/{invites['0']}", "Stubborn",
                        tmp_path / "s.json")
    said: list[str] = []
    client = SeatClient(seating)
    with pytest.raises(GaveUp, match="refused 3 moves in a row"):
        asyncio.run(play_seat(client, Stubborn(99), said.append))
    assert sum(line.startswith("the server refused") for line in said) == MAX_REFUSALS
    assert client.view is not None and client.view.current_player == 0
    assert client.view.phase == "draw"  # the refusals changed nothing: still its draw
    with server.http() as http:
        assert http.get(f"/api/tables/{table}").json()["version"] == client.version


def test_the_command_plays_a_seat_and_takes_it_back_when_run_again(
        server: Running, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table, invites = open_table(server, ["greedy", "open", "greedy", "greedy"])
    argv = ["bot", "--server", server.url, "--join", f"{server.url}join/{table}/1/"
            f"{invites['1']}", "greedy", "--seed", "5", "--seats", str(tmp_path / "s.json")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"seated at table {table} as greedy bot (seat 1)" in out and "game over" in out
    assert main(argv) == 0  # the invitation is used up; the kept token takes the seat back
    assert "game over" in capsys.readouterr().out


@pytest.mark.parametrize(("server_url", "link", "bot", "says"), [
    ("ftp://example.org", "t/0/x", "greedy", "is not a server address"),
    ("http://127.0.0.1:notaport", "t/0/x", "greedy", "port that is not a number"),
    ("{url}", "not-a-link", "greedy", "is not an invitation link"),
    ("{url}", "http://elsewhere.example:8765/join/t/0/x", "greedy", "the link is for"),
    ("{url}", "/join/nosuchtable/0/abc", "greedy", "the server refused: there is no such table"),
    ("{url}", "/join/{table}/0/forged", "greedy", "the server refused: that invitation"),
    ("{url}", "/join/{table}/7/{code}", "greedy", "has no seat 7"),
    ("{url}", "/join/{table}/0/{code}", "no-such-bot", "unknown bot"),
    ("http://127.0.0.1:9", "/join/t/0/x", "greedy", "cannot reach a canasta server"),
])
def test_bad_addresses_links_and_bots_are_clear_errors(
        server: Running, spare: tuple[str, dict[str, str]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str], server_url: str, link: str, bot: str,
        says: str) -> None:
    table, invites = spare
    fill = {"url": server.url, "table": table, "code": invites["0"]}
    code = main(["bot", "--server", server_url.format(**fill), "--join", link.format(**fill),
                 bot, "--seats", str(tmp_path / "s.json")])
    err = capsys.readouterr().err
    assert code == 2 and says in err and err.count("\n") == 1, err
    assert not (tmp_path / "s.json").exists()  # no seat was taken
    with server.http() as http:
        assert http.get(f"/api/tables/{table}").json()["seats"][0]["status"] == "open"


def test_the_example_bot_plays_a_seat_to_the_end(server: Running, tmp_path: Path) -> None:
    network_bot = load_script("examples/network_bot.py")
    table, invites = open_table(server, ["greedy", "greedy", "open", "greedy"])
    assert network_bot.main(["--server", server.url, "--join", f"/join/{table}/2/"
                             f"{invites['2']}", "--seats", str(tmp_path / "s.json")]) == 0
    with server.http() as http:
        info = http.get(f"/api/tables/{table}").json()
    assert info["over"] and info["seats"][2]["name"] == "Keep-wilds"


@pytest.mark.parametrize(("extra", "says"), [
    (["--server", "{url}"], "--server and --join go together"),
    (["--server", "{url}", "--join", "/join/{table}/0/{code}", "--rules", "samba"],
     "--rules: the server's table has its own rules"),
    (["--server", "{url}", "--join", "/join/{table}/0/{code}", "--plain"], "--plain"),
    (["--server", "{url}", "--join", "nonsense"], "is not an invitation link"),
    (["--server", "{url}", "--join", "/join/{table}/0/{code}"], "run it in a terminal"),
])
def test_play_at_a_server_refuses_what_leads_to_no_seat(
        server: Running, spare: tuple[str, dict[str, str]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str], extra: list[str], says: str) -> None:
    table, invites = spare
    fill = {"url": server.url, "table": table, "code": invites["0"]}
    code = main(["play", *(e.format(**fill) for e in extra), "--seats",
                 str(tmp_path / "s.json")])
    err = capsys.readouterr().err
    assert code == 2 and says in err and err.startswith("canasta play: error:"), err
    with server.http() as http:  # (pytest's stdin is no terminal: the seat stays open)
        assert http.get(f"/api/tables/{table}").json()["seats"][0]["status"] == "open"
