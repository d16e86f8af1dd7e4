"""``canasta play --server URL --join LINK`` end to end: a real server (in a thread of the test,
tests/server/harness.py), one table mixing the terminal game (Textual's pilot, by keys), a
scripted WebSocket client standing for the browser, and two of the server's bots, played
until the game is over. On the way: a move the server refuses shows its reason and changes
nothing; picked cards are laid (the server's ``lay``); a dropped connection is resumed; every
view either client was sent is exactly its seat's view of the true game at that version
(replayed from the record)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from canasta.bots import make_bot
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.net.client import SeatClient
from canasta.net.link import take_seat
from canasta.record import loads, verify
from canasta.tui.remote import NetworkApp, RemoteSession
from canasta.tui.screens import BreakdownScreen, RulesScreen
from tests.server.harness import Client, Running, choose, create, running
from tests.tui.conftest import pick, play_by_keys, screen_text

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('remote') / 'server.db'}"
    with running(db, bot_pause=0.0, seeds="remote-play") as s:
        yield s


class Keeping(SeatClient):
    """A seat client that keeps every view it is sent, with its table and version."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.views: list[tuple[str, int, PlayerView]] = []

    async def _receive(self) -> dict[str, Any]:
        frame = await super()._receive()
        if frame["kind"] in ("welcome", "event") and self.view is not None:
            self.views.append((self.table, frame["v"], self.view))
        return frame


async def until(pilot: Any, done: Callable[[], bool], rounds: int = 20000) -> None:
    for _ in range(rounds):
        if done():
            await pilot.pause()
            return
        await asyncio.sleep(0.001)
    app = pilot.app
    raise AssertionError(f"that never happened: {app.message!r}, busy {app.bots_busy}, "
                         f"screen {app.screen}, to act {app.session.human_to_act}, "
                         f"v {app.session.client.version}, {app.session.client.info}")


async def browser(client: Client, stop: asyncio.Event, rng: random.Random) -> None:
    """The browser's part: random legal moves from the facts it is sent, a continue after
    each deal (what a person clicking the page sends)."""
    while not stop.is_set():
        frame = client.latest
        if frame["table"]["over"]:
            return
        if frame["you"] in frame["table"]["waiting"]:
            await client.request({"kind": "continue"})
        elif frame["facts"]["actions"]:
            text = choose(frame["facts"]["actions"], rng)
            await client.request({"kind": "act", "action": text, "v": frame["v"]})
        else:
            await asyncio.sleep(0.005)


async def test_a_terminal_a_browser_and_bots_play_a_game(server: Running,
                                                        tmp_path: Path) -> None:
    with server.http() as http:
        made = create(http, ["me", "open", "greedy", "greedy"])
    page = await Client.open(server.ws, made["id"], made["token"])
    invite = page.frames[0]["invites"]["1"]
    seating = take_seat(server.url, f"{server.url}join/{made['id']}/1/{invite}", "Tess",
                        tmp_path / "seats.json")
    terminal = Keeping(seating)
    await terminal.open()
    session = RemoteSession(terminal)
    app = NetworkApp(session)
    stop, advice = asyncio.Event(), make_bot("greedy", 1)
    playing = asyncio.create_task(browser(page, stop, random.Random(2)))
    refused = dropped = laid = shown_rules = False
    discards: list[tuple[int | None, str, str]] = []  # by keys: version before, text, suit
    by_keys = 3  # moves played by keys (then by the command line's entry point)
    async with app.run_test(size=(100, 30)) as pilot:
        while not terminal.over:
            await until(pilot, lambda: isinstance(app.screen, BreakdownScreen) or
                        (session.human_to_act and not app.bots_busy) or terminal.over)
            if isinstance(app.screen, BreakdownScreen):
                if terminal.over:
                    break
                assert "ended" in screen_text(app)
                await pilot.press("enter")  # continue: the server's bots wait for it
                await until(pilot, lambda: not terminal.waiting)
                continue
            view = session.view
            # the terminal's cards show the suits (and new marks) the server gave them
            facts, sent = session.facts(), terminal.frame["facts"]
            assert [(c.code, c.eye, c.new) for g in facts.hand for c in g.cards] == \
                [(c["code"], c["eye"], c["new"]) for g in sent["hand"] for c in g["cards"]]
            assert all(c.eye for g in facts.hand for c in g.cards if c.rank != "JK")
            if not shown_rules:  # i: the server's table's rules in words (quick: 7 cards)
                await pilot.press("i")
                await until(pilot, lambda: isinstance(app.screen, RulesScreen))
                assert "Each player is dealt 7 cards." in " ".join(screen_text(app).split())
                await pilot.press("escape")
                await until(pilot, lambda: not isinstance(app.screen, RulesScreen))
                shown_rules = True
            if not refused and view.phase == "meld":  # a meld of cards it does not hold
                missing = next(r for r in "456789" if view.hand[int(r)] == 0)
                before = terminal.version
                app.act_checked(f"meld {missing} {missing} {missing}")  # as typed
                await until(pilot, lambda: "Not now" in app.message)
                assert terminal.version == before  # nothing changed
                assert app.message == f"Not now: you have 0 {missing}s; this meld needs 3 " \
                    "(i: the rules, Melds and canastas)"  # the server's refusal names its rule
                await pilot.press("i")  # which the rules open at
                await until(pilot, lambda: isinstance(app.screen, RulesScreen))
                assert isinstance(app.screen, RulesScreen) and app.screen.asked == "melds"
                await pilot.press("escape")
                await until(pilot, lambda: not isinstance(app.screen, RulesScreen))
                refused = True
                continue
            if not dropped and terminal.version and terminal.version > 20:
                assert terminal._socket is not None
                await terminal._socket.close()  # the line drops: the client resumes
                await until(pilot, lambda: app.message == "Back at the table.")
                dropped = True
                continue
            text = str(advice.act(view))
            verb, *words = text.split()
            cards = words if verb == "meld" else words[1:] if verb == "add" and \
                words[0] == words[1] else []  # a natural onto its rank's meld
            if not laid and cards:  # picked and laid with m: the server's lay
                hand = [c.text for group in app.facts.hand for c in group.cards]
                picks: list[int] = []
                for card in cards:
                    picks.append(next(i for i, c in enumerate(hand)
                                      if c == card and i not in picks))
                before = terminal.version
                await pick(pilot, picks)
                await pilot.pause()  # the preview, from the seat's view as the server sent it
                said = " ".join(screen_text(app).split())
                assert f"These cards: {Action.parse(text).describe()}" in said, said
                await pilot.press("m")
                await until(pilot, lambda: not app.bots_busy)
                assert terminal.version is not None and before is not None and \
                    terminal.version > before, app.message
                laid = True
            elif by_keys > 0 or text == "draw":  # the keys a player presses
                by_keys -= 1
                if verb == "discard":  # the card under the cursor, in the suit it shows
                    thrown = next(c for g in facts.hand for c in g.cards
                                  if c.text == words[0])
                    discards.append((terminal.version, text, thrown.eye))
                await play_by_keys(pilot, app, text)
            else:  # then, to spare the pilot's slow key presses, what Enter on the command
                app.act_checked(text)  # line does with the text typed
            await until(pilot, lambda: not app.bots_busy)
        await until(pilot, lambda: isinstance(app.screen, BreakdownScreen))
        assert isinstance(app.screen, BreakdownScreen) and app.screen.over
        text = screen_text(app)
        assert "ended" in text and "p: play again" in text
        await pilot.press("p")  # play again: the server's next table, the same seats
        await until(pilot, lambda: terminal.table != made["id"] and terminal.view is not None
                    and not isinstance(app.screen, BreakdownScreen))
        assert not terminal.over and terminal.names[1] == "Tess"
        assert app.message == "A new game at the same table."
        assert "Deal 1 · " in screen_text(app)
        await pilot.press("q")
    stop.set()
    await playing
    assert refused and dropped and laid and shown_rules and terminal.resumes == 1
    # a discard by keys sent the suit the card showed: the server threw that copy
    assert discards
    for version, text, eye in discards:
        frame = next(f for f in page.frames if f["kind"] == "event" and
                     f["v"] == (version or 0) + 1)
        assert frame["event"]["action"] == text and frame["event"]["seat"] == 1
        assert frame["facts"]["pile"]["top"]["eye"] == eye and \
            [e for _, e in frame["event"].get("eye", [])] == [eye]
    with server.http() as http:
        game = verify(loads(http.get(f"/api/tables/{made['id']}/record").text))
    assert game.is_terminal()
    print("HIST", len(game.history), len(game.results), len(terminal.views))
    # every view sent to either client is its seat's true view at that version
    actions_at, count = {0: 0}, 0
    for frame in page.frames:
        if frame["kind"] == "event":
            kind = frame["event"]["kind"]
            count += 1 if kind == "action" else -1 if kind == "undo" else 0
            actions_at[frame["v"]] = count
    rules = seating.rules
    sent = [*((v, view) for table, v, view in terminal.views if table == made["id"]),
            *((f["v"], PlayerView.from_wire(f["view"], rules)) for f in page.frames
                               if f["kind"] in ("welcome", "event"))]
    replayed = Game(game.rules, game.seed)
    states = [replayed.clone()]
    for code in game.history:
        replayed.apply(code)
        states.append(replayed.clone())
    for version, view in sent:
        assert view == states[actions_at[version]].view(view.seat)
    assert {view.seat for _, view in sent} == {0, 1} and len(sent) > 50
    await page.close()
