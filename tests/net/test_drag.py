"""Drag and drop on the game page, in headless Chromium (the system's, as in
tests/server/test_browser.py): selected cards dragged onto the side's part of the table are
laid as a new meld, a card dragged onto one of the side's melds is added to it, a card dragged
onto the pile is discarded; tapping and clicking keep working beside it (the selection is
made by clicks). The rules open with any meld (tests/net/data/open.toml)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Position, expect

from tests.server.harness import Running, running
from tests.server.test_browser import new_table, shot, until, visible

OPEN = Path(__file__).with_name("data") / "open.toml"
WILD_OR_THREE = {"2", "JK", "B3", "R3"}
EDGE: Position = {"x": 6, "y": 30}  # where a fanned card shows


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('drag') / 'server.db'}"
    with running(db, bot_pause=0.0, seeds="drag") as s:
        yield s


def hand(page: Page) -> list[str]:
    texts: list[str] = page.locator("#hand .card").evaluate_all(
        "cs => cs.map(c => c.dataset.card)")
    return texts


def heard(text: str | bytes, mine: list[str]) -> None:
    frame = json.loads(text)
    if frame.get("kind") == "event" and frame["event"]["kind"] == "action" \
            and frame["event"]["seat"] == frame["you"]:
        mine.append(frame["event"]["action"])


def card(page: Page, index: int) -> str:
    return f'#hand .card[data-index="{index}"]'


def test_cards_dragged_onto_the_table_a_meld_and_the_pile(server: Running,
                                                         browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    mine: list[str] = []  # the actions the server announced as this seat's
    page.on("websocket", lambda ws: ws.on("framereceived", lambda text: heard(text, mine)))
    new_table(page, server.url, OPEN)
    done: set[str] = set()
    for _ in range(15):
        until(page, lambda: visible(page, "#do-draw") or visible(page, "#continue"))
        if visible(page, "#continue"):  # a deal ended: its breakdown
            page.click("#continue")
            continue
        page.click("#do-draw")  # tapping and clicking still play
        page.wait_for_selector("#do-discard")
        cards = hand(page)
        naturals = Counter(c for c in cards if c not in WILD_OR_THREE)
        melds = page.locator(".side.mine .meld")
        if "meld" not in done and (triple := next((r for r, n in naturals.items()
                                                    if n >= 3), None)):
            picked = [i for i, c in enumerate(cards) if c == triple][:3]
            for i in picked:
                page.click(card(page, i), position=EDGE)
            expect(page.locator("#hand .card.selected")).to_have_count(3)
            page.drag_and_drop(card(page, picked[0]), ".side.mine", source_position=EDGE,
                               target_position={"x": 12, "y": 6})
            expect(melds).to_have_count(1)
            assert f"meld {triple} {triple} {triple}" in mine
            shot(page, "dragged-meld")
            page.click('[data-action="commit"]')
            expect(page.locator("#log")).to_contain_text("You made the initial meld")
            done.add("meld")
            cards = hand(page)
        if "add" not in done and melds.count() == 1:  # (the same turn, or a later one)
            rank = melds.first.get_attribute("data-onto")
            extra = next((i for i, c in enumerate(cards) if c in (rank, "2", "JK")), None)
            if extra is not None:
                before = melds.first.get_attribute("aria-label")
                page.drag_and_drop(card(page, extra), ".side.mine .meld", source_position=EDGE)
                expect(melds.first).not_to_have_attribute("aria-label", before or "")
                assert mine[-1].startswith("add "), mine
                done.add("add")
                cards = hand(page)
        if visible(page, "#do-discard"):
            throw = next((i for i, c in enumerate(cards) if c not in WILD_OR_THREE), 0)
            if "discard" not in done:  # the first discard of the game, dragged
                page.drag_and_drop(card(page, throw), "#pile", source_position=EDGE)
            else:  # then by clicks: select, discard
                page.click(card(page, throw), position=EDGE)
                page.click("#do-discard")
            if visible(page, "#confirm-yes"):
                page.click("#confirm-yes")
            until(page, lambda: any(a.startswith("discard ") for a in mine))
            done.add("discard")
        if done == {"meld", "add", "discard"}:
            break
    assert done == {"meld", "add", "discard"}, done
    shot(page, "dragged")
    assert not errors
    page.close()
