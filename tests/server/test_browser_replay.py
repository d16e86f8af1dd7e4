"""The replay page in headless Chromium (issue 30): a finished table's page links to its
replay; the replay steps to its last move and back by the buttons, the move list and the
keyboard; face up every hand is shown, from a seat's eyes only that seat's (the DOM holds no
other hand's card face); a game in progress is refused; a record file chosen on /replay
replays, a bad one says why; face up, a six-hand game shows every seat in a place of its own,
and a hand of 49 cards fans by rank and leaves every seat in a laptop's window."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import httpx2
import pytest
from playwright.sync_api import Browser, Page, expect
from tests.server.harness import Running, create, running
from tests.server.test_browser_table import SIZES, seat_boxes, seats_in_play_order
from tests.server.test_replay import finished_table, until_over

from canasta import Game, record
from canasta.bots import make_bot
from canasta.rules import load
from canasta.sim.games import play_on

#: One worker runs the module (under ``--dist loadgroup``): its finished games (the module's
#: fixtures) are played once, not once on each worker the tests are spread over.
pytestmark = pytest.mark.xdist_group("browser-replay")

FACES = "svg.face"  # a card's face (a back is an img)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('replay-page') / 'server.db'}"
    with running(db, bot_pause=0.0, seeds="replay-page") as s:
        yield s


@pytest.fixture(scope="module")
def finished(server: Running) -> tuple[str, int]:
    """A finished table and its number of moves."""
    with server.http() as http:
        table = finished_table(http)
        return table, http.get(f"/api/tables/{table}/replay?seat=all").json()["steps"]


def at(page: Page, step: int, steps: int) -> None:
    words = f"the deal · {steps} moves" if step == 0 else f"move {step} of {steps}"
    expect(page.locator("#where")).to_have_text(words)
    expect(page.locator(f'#moves li.current[data-step="{step}"]')).to_have_count(1)


#: How much wider the moves list's left margin is than its widest number ("9999. "), in px.
NUMBER_ROOM = """() => { const list = document.getElementById('moves');
  const probe = document.createElement('span');
  probe.textContent = '9999. ';
  probe.style.font = getComputedStyle(list).font;
  probe.style.whiteSpace = 'pre';
  document.body.append(probe);
  const wide = probe.getBoundingClientRect().width;
  probe.remove();
  return parseFloat(getComputedStyle(list).paddingLeft) - wide; }"""


def test_the_game_over_dialog_links_to_a_replay_that_steps_both_ways(
        server: Running, browser: Browser, finished: tuple[str, int]) -> None:
    table, steps = finished
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server.url}t/{table}")
    expect(page.locator("#replay-link")).to_be_visible()
    # a spectator's dialog leaves out the player's links, and draws no word in their place
    expect(page.locator("#review-link")).to_have_count(0)
    expect(page.locator("#dialog")).not_to_contain_text("null")
    page.click("#replay-link")
    # the page writes where it is into the address (?seat=all&step=0) once it has loaded
    page.wait_for_url(re.compile(rf"/replay/{table}(\?|$)"))
    at(page, 0, steps)
    # face up: every seat's box shows its hand's faces, and no hand of "yours" below
    seats = page.locator("#felt .seat")
    expect(seats).to_have_count(4)
    for i in range(4):
        assert seats.nth(i).locator(f".open-hand {FACES}").count() > 0
    expect(page.locator("#me")).to_be_hidden()
    page.click("#last")
    at(page, steps, steps)
    expect(page.locator("#deal-end")).to_contain_text("Deal 1 is over")
    expect(page.locator("#turn")).to_contain_text("The game is over")
    expect(page.locator("#forward")).to_be_disabled()
    page.click("#back")
    at(page, steps - 1, steps)
    expect(page.locator("#deal-end")).to_be_hidden()
    page.click("#first")
    at(page, 0, steps)
    page.keyboard.press("ArrowRight")
    at(page, 1, steps)
    page.keyboard.press("ArrowRight")
    at(page, 2, steps)
    page.keyboard.press("ArrowLeft")
    at(page, 1, steps)
    page.keyboard.press("End")
    at(page, steps, steps)
    page.keyboard.press("Home")
    at(page, 0, steps)
    page.locator('#moves li[data-step="5"] button').click()
    at(page, 5, steps)
    page.click("#forward")
    at(page, 6, steps)
    # the list's numbers show whole up to move 9999 (a long game's "316." lost its "3")
    assert page.evaluate(NUMBER_ROOM) >= 0
    page.close()


def test_from_a_seats_eyes_no_other_hand_is_shown(server: Running, browser: Browser,
                                                  finished: tuple[str, int]) -> None:
    table, steps = finished
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    page.goto(f"{server.url}replay/{table}?seat=all&step=3")
    at(page, 3, steps)
    page.select_option("#viewpoint", "1")
    at(page, 3, steps)
    with server.http() as http:
        frame = http.get(f"/api/tables/{table}/replay?seat=1&step=3").json()
    hand = [c["words"] for g in frame["facts"]["hand"] for c in g["cards"]]
    expect(page.locator("#hand .card")).to_have_count(len(hand))
    assert page.locator("#hand .card").evaluate_all(
        "cards => cards.map(c => c.getAttribute('aria-label'))") == hand
    for step in (3, steps):  # the other seats show backs: no face in their boxes
        if step == steps:
            page.keyboard.press("End")
        at(page, step, steps)
        expect(page.locator("#felt .seat")).to_have_count(3)
        expect(page.locator(f"#felt .seat .seat-hand {FACES}")).to_have_count(0)
        expect(page.locator("#felt .open-hand")).to_have_count(0)
    assert "seat=1" in page.url
    page.close()


def test_a_game_in_progress_is_refused_and_a_record_file_replays(server: Running, browser: Browser,
                                                    finished: tuple[str, int],
                                                    tmp_path: Path) -> None:
    table, steps = finished
    with server.http() as http:
        saved = tmp_path / "game.json"
        saved.write_text(http.get(f"/api/tables/{table}/record").text)
        playing = create(http, ["me", "greedy", "greedy", "greedy"])["id"]  # waits for Ann
    page = browser.new_page()
    page.goto(f"{server.url}replay/{playing}")  # a game in progress: refused, no table drawn
    expect(page.locator("#upload-error")).to_contain_text("in progress")
    expect(page.locator("#felt .seat")).to_have_count(0)
    page.set_input_files("#record-file", str(saved))  # a finished game's file instead
    page.wait_for_url("**/replay/file/*")
    at(page, 0, steps)
    page.click("#rules-box summary")  # the record's own rules, in words
    expect(page.locator("#rules-box summary")).to_have_text("Rules: quick")
    expect(page.locator("#rules-box-body")).to_contain_text("Each player is dealt 7 cards.")
    page.keyboard.press("End")
    at(page, steps, steps)
    page.goto(f"{server.url}replay")
    data = json.loads(saved.read_text())
    saved.write_text(json.dumps({**data, "actions": ["dance", *data["actions"]]}))
    page.set_input_files("#record-file", str(saved))
    expect(page.locator("#upload-error")).to_contain_text("not a good record")
    page.close()


def separate_server(tmp_path_factory: pytest.TempPathFactory, seeds: str
                    ) -> AbstractContextManager[Running]:
    """A server for one fixture's games alone: their deals are the same whichever tests ran
    before on the worker (a server deals the n-th table it makes the n-th deal of its seeds;
    games made on the module's server changed with the order the tests ran in)."""
    db = f"sqlite:///{tmp_path_factory.mktemp(seeds) / 'server.db'}"
    return running(db, bot_pause=0.0, seeds=seeds)


@pytest.fixture(scope="module")
def six_hand(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Running, str]]:
    """A finished six-hand game of greedy bots, on a server of its own (``separate_server``)."""
    with separate_server(tmp_path_factory, "six-hand") as s, s.http() as http:
        table = create(http, ["greedy"] * 6, rules="six_hand")["id"]
        until_over(http, table)
        yield s, table


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_six_hand_game_face_up_shows_every_seat_in_the_order_of_play(
        six_hand: tuple[Running, str], browser: Browser, phone: bool) -> None:
    """Face up there is no "you": the first seat takes the bottom, where the others go round
    from; with six players every seat keeps a place of its own (the first seat's box once
    lay on its left-hand partner's). On a desktop the first seat sits in the left column,
    beside its side's melds: every seat in a laptop's window without scrolling (it had been
    below the table, out of sight at 1280x800), 13 cards a seat too (in rows of six)."""
    server, table = six_hand
    size = SIZES["phone" if phone else "desktop"]
    page = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone).new_page()
    page.goto(f"{server.url}replay/{table}?seat=all&step=40")
    expect(page.locator("#felt .seat .open-hand").first).to_be_visible()
    expect(page.locator("#felt .seat")).to_have_count(6)
    seats_in_play_order(page, [0, 1, 2, 3, 4, 5], phone)
    if not phone:
        for box in seat_boxes(page).values():
            assert box["y"] + box["height"] <= size["height"], box
    page.context.close()


def greedy_game(rules: str, seed: int) -> Game:
    """A whole game of greedy bots at every seat (seeded: the same game every run)."""
    game = Game(load(rules), seed)
    return play_on(game, [make_bot("greedy", seed + seat) for seat in range(game.num_players)])


#: Each group's cards' tops, rounded: a group on one row has one top.
GROUP_ROWS = """gs => gs.map(g => [...g.querySelectorAll('.card')]
                       .map(c => Math.round(c.getBoundingClientRect().y)))"""


def test_a_hand_of_49_cards_face_up_leaves_every_seat_in_a_laptops_window(
        server: Running, browser: Browser) -> None:
    """Six-hand, greedy at every seat, seed 23: at move 138 Bea has taken a pile of 50 cards
    and holds 49 (in 6 of 10 such games a hand passes 20 cards). Her hand fans by rank, the
    cards of a rank close together, in a side column made wider face up: 4 rows. Drawn a card
    every 14 px in a 140 px column it took 9 rows, and the seats under it ran past 800 px.
    The same game from other seats' eyes and from hers: the cards she is known to hold, and
    her own hand at the foot of the page, keep each rank's cards on one row."""
    with server.http() as http:
        made = http.post("/api/replays", content=record.dumps(greedy_game("six_hand", 23)))
        assert made.status_code == 201, made.text
        upload = made.json()["id"]
    page = browser.new_page(viewport=SIZES["desktop"])
    page.goto(f"{server.url}replay/file/{upload}?seat=all&step=138")
    bea = page.locator("#felt .seat", has_text="Bea")
    expect(bea.locator(".count")).to_have_text("49")
    expect(bea.locator(f".open-hand {FACES}")).to_have_count(49)
    rows: list[list[int]] = bea.locator(".open-hand .group").evaluate_all(GROUP_ROWS)
    assert sum(map(len, rows)) == 49
    assert all(len(set(tops)) == 1 for tops in rows), rows  # a rank's cards on one row
    assert len({tops[0] for tops in rows}) <= 4, "more than 4 rows"
    for box in seat_boxes(page).values():
        assert box["y"] + box["height"] <= SIZES["desktop"]["height"], box
    # from Bob's eyes, as at the live table: the cards everyone saw her take fan the same way
    # in her box (a small card every 28 px, four a row, they took 13 rows, past the window)
    page.goto(f"{server.url}replay/file/{upload}?seat=1&step=138")
    known = page.locator("#felt .seat", has_text="Bea").locator(".known")
    expect(known.locator(f".group {FACES}")).to_have_count(49)
    rows = known.locator(".group").evaluate_all(GROUP_ROWS)
    assert all(len(set(tops)) == 1 for tops in rows), rows
    assert len({tops[0] for tops in rows}) <= 6, "more than 6 rows"
    for box in seat_boxes(page).values():
        assert box["y"] + box["height"] <= SIZES["desktop"]["height"], box
    # her own hand, from her eyes: a rank's cards on one row (a pair split over two rows
    # reads as two odd cards), on a laptop and on a phone
    for size in ("desktop", "phone"):
        page.set_viewport_size(SIZES[size])
        page.goto(f"{server.url}replay/file/{upload}?seat=2&step=138")
        groups = page.locator("#hand .group")
        expect(groups.locator(".card")).to_have_count(49)
        rows = groups.evaluate_all(GROUP_ROWS)
        assert all(len(set(tops)) == 1 for tops in rows), (size, rows)
    page.close()


def natural_canasta_step(http: httpx2.Client, table: str, steps: int) -> int | None:
    """The first step (of every fifth) whose table shows a natural canasta, the longest word a
    canasta's ribbon holds; None if none does."""
    for step in range(5, steps, 5):
        facts = http.get(f"/api/tables/{table}/replay?seat=all&step={step}").json()["facts"]
        if any(m["canasta"] == "natural" for side in facts["sides"] for m in side["melds"]):
            return step
    return None


@pytest.fixture(scope="module")
def natural(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Running, str, int]]:
    """A finished classic game of greedy bots and a step of it that shows a natural canasta
    (the first of up to four games that has one), on a server of its own (as ``six_hand``)."""
    with separate_server(tmp_path_factory, "natural-canasta") as server, server.http() as http:
        for _ in range(4):
            table = create(http, ["greedy"] * 4, rules="classic")["id"]
            until_over(http, table, seconds=120)
            steps = http.get(f"/api/tables/{table}/replay?seat=all").json()["steps"]
            step = natural_canasta_step(http, table, steps)
            if step is not None:
                yield server, table, step
                return
    raise AssertionError("no natural canasta in four games to look at")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_canastas_ribbon_says_its_kind_on_one_line(
        browser: Browser, natural: tuple[Running, str, int], size: str) -> None:
    """A squared canasta's ribbon says its kind on one line across the card ("NATURAL"; it
    once said "NATURAL · 7", which wrapped over the card even on a desktop) and the count and
    bonus stand under it ("7 · +500")."""
    server, table, step = natural
    phone = size == "phone"
    page = browser.new_context(viewport=SIZES[size], is_mobile=phone, has_touch=phone).new_page()
    page.goto(f"{server.url}replay/{table}?seat=all&step={step}")
    canasta = page.locator(".meld.complete", has=page.locator(".squared.red")).first
    expect(canasta.locator(".ribbon")).to_have_text("natural")  # upper case by its style
    expect(canasta.locator(".meld-label")).to_have_text(re.compile(r"^\d+ · \+\d+$"))
    for ribbon in page.locator(".ribbon").all():
        box, card = ribbon.bounding_box(), ribbon.locator("xpath=..").bounding_box()
        assert box is not None and card is not None
        assert box["height"] < 16, f"the ribbon wraps: {box}"
        left, right = card["x"] - 4, card["x"] + card["width"] + 4  # a band a little wider
        assert left <= box["x"] and box["x"] + box["width"] <= right
        assert ribbon.evaluate("r => r.scrollWidth <= r.clientWidth"), "the words run past it"
    page.context.close()
