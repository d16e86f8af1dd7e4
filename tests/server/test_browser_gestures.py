"""The page's gestures spell the engine's actions whether the rules tell suits apart or not: a
whole deal of Samba and one of classic played by what the Hint says, each move made as a person
makes it (cards selected and a button pressed, a card laid onto a meld, a button of the bar),
with no move refused; and a Samba discard, by button or by drag, names the card's suit (a
scratch run of the same over every preset, three deals each, found nothing more). Until
2026-12-07 the page sent a discard's rank alone and the lay gesture dropped an added card's
suit, so in the presets that tell suits apart (Samba and four others) a person could neither
discard a natural card nor add one to a meld."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from tests.server.harness import Running, running
from tests.server.test_browser import new_table, press, until, visible

SECONDS = 90  #: the longest a deal played by the hints may take
DIALOGS = ("#confirm-yes", "#answer-yes")  #: a move's question to the person, and the answer
#: Italian, but 20 cards a hand and an opening of 10 points: a pile is often taken at once,
#: and with one of several pairs
EASY_TAKES = """name = "easy-takes"
description = "Italian, but 20 cards a hand and an opening of 10 points."
base = "italian"

[deal]
hand_size = 20

[initial_meld]
tiers = [[0, 10]]
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('gestures') / 'server.db'}"
    with running(db, bot_pause=0.0, seeds="gestures") as s:
        yield s


class Heard:
    """What the server told the page: the hints' actions, the refusals, the seat's own moves."""

    def __init__(self, page: Page) -> None:
        self.hints: list[str] = []
        self.refusals: list[str] = []
        self.mine: list[str] = []
        page.on("websocket", lambda socket: socket.on("framereceived", self.frame))

    def frame(self, payload: str | bytes) -> None:
        frame = json.loads(payload)
        event = frame.get("event", {})
        if frame.get("kind") == "error" and not str(frame.get("id")).startswith("preview:"):
            self.refusals.append(frame["message"])  # a preview's the page drops: no move
        elif event.get("kind") == "hint":
            self.hints.append(event["hint"]["action"]["text"])
        elif event.get("kind") == "action" and event["seat"] == frame["you"]:
            self.mine.append(event["action"])


def select(page: Page, cards: list[str]) -> bool:
    """Select exactly ``cards`` (card texts, a text once per card) in the hand; False if the
    hand does not hold them."""
    for card in page.locator("#hand .card.selected").all():
        card.click(position={"x": 6, "y": 30})
    for text in cards:
        free = page.locator(f'#hand .card[data-card="{text}"]:not(.selected)')
        if free.count() == 0:
            return False
        free.first.click(position={"x": 6, "y": 30})  # the left edge: cards of a rank overlap
    return True


def gesture(page: Page, action: str) -> bool:
    """Make the move ``action`` (the engine's text) as a person makes it on the page: False if
    the page offers no gesture for it."""
    verb, *rest = action.split()
    if verb == "draw":
        return press(page, "#do-draw")
    if verb in ("discard", "meld"):
        return select(page, rest) and press(page, f"#do-{verb}")
    if verb in ("add", "extend"):
        onto, cards = (rest[0], rest[1:]) if verb == "add" else ("seq", rest)
        return select(page, cards) and press(page, f'#melds-us [data-onto="{onto}"]')
    return press(page, f'#actions button[data-action="{action}"]')  # take, go out, ask...


#: Per preset, the seeds of a server whose first deal, played by the hints (greedy, as at the
#: bots' seats), is short and holds the gestures wanted: Samba's a sequence laid and extended
#: and a commit in 13 moves of the person's (its deals run to 22 at the median), classic's a
#: take, a meld, an addition and a commit in 11. On the module's server the deal changed with
#: the order the tests ran in (Samba's took 6 to 22 s).
DEALS = {"samba": "gestures-samba-142", "classic": "gestures-classic-75"}


@pytest.fixture
def deal_server(tmp_path: Path, preset: str) -> Iterator[Running]:
    with running(f"sqlite:///{tmp_path / 'deal.db'}", bot_pause=0.0, seeds=DEALS[preset]) as s:
        yield s


@pytest.mark.parametrize("preset", ["samba", "classic"])
def test_a_deal_played_by_the_hints_through_the_pages_gestures(
        deal_server: Running, browser: Browser, preset: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    heard = Heard(page)
    new_table(page, deal_server.url, preset=preset)
    made: list[str] = []
    deadline = time.monotonic() + SECONDS
    while not visible(page, ".breakdown"):
        assert time.monotonic() < deadline, f"the deal did not end: {made}"
        for dialog in DIALOGS:
            if visible(page, dialog):
                press(page, dialog)
        asked = len(heard.hints)
        if not visible(page, "#do-hint") or not press(page, "#do-hint"):
            page.wait_for_timeout(30)
            continue
        until(page, lambda n=asked: len(heard.hints) > n or bool(heard.refusals)
              or visible(page, ".breakdown"), seconds=10)
        assert not heard.refusals, heard.refusals
        if len(heard.hints) == asked:
            continue
        moved = len(heard.mine)
        assert gesture(page, heard.hints[-1]), f"no gesture for {heard.hints[-1]} (after {made})"
        made.append(heard.hints[-1])
        until(page, lambda n=moved: len(heard.mine) > n or bool(heard.refusals)
              or any(visible(page, dialog) for dialog in DIALOGS))
        assert not heard.refusals, (heard.hints[-1], heard.refusals)
    verbs = {action.split()[0] for action in made}
    wanted = {"draw", "discard", "meld", "commit", *(("extend",) if preset == "samba" else
                                                     ("take", "add"))}
    assert wanted <= verbs, f"{made}: the deal of {DEALS[preset]} no longer holds them all " \
                            "(greedy changed?): choose other seeds"
    page.close()


@pytest.mark.parametrize("gesture", ["button", "drag"])
def test_a_suited_card_is_discarded_where_the_rules_tell_suits_apart(
        server: Running, browser: Browser, gesture: str) -> None:
    """In Samba a natural card is named with its suit ('discard 9H'): the Discard button and a
    card dropped on the pile discard the very card selected (until 2026-12-07 the page sent
    its rank alone and every discard of a natural was refused)."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    heard = Heard(page)
    new_table(page, server.url, preset="samba")
    until(page, lambda: visible(page, "#do-draw"))
    page.click("#do-draw")
    page.wait_for_selector("#do-discard")
    suited = [c for c in page.locator("#hand .card").evaluate_all(
        "cs => cs.map(c => c.dataset.card)") if re.fullmatch(r"([4-9JQKA]|10)[SHDC]", c)]
    assert suited, "a Samba hand of 17 cards holds a natural"
    card = page.locator(f'#hand .card[data-card="{suited[-1]}"]').last
    if gesture == "button":
        card.click(position={"x": 6, "y": 30})
        page.click("#do-discard")
    else:
        card.drag_to(page.locator("#pile"))
    if visible(page, "#confirm-yes"):
        page.click("#confirm-yes")
    until(page, lambda: heard.mine[-1:] == [f"discard {suited[-1]}"] or bool(heard.refusals))
    assert not heard.refusals
    page.close()


@pytest.fixture
def takes_server(tmp_path: Path) -> Iterator[Running]:
    """A server of the test's own, whose first deal (of seeds ``easy-takes-0``) offers the
    choice early (the test takes about 3 s): on the module's server the deal changed with the
    order the tests ran in, and the test took 3 to 21 s to find a choice."""
    with running(f"sqlite:///{tmp_path / 'takes.db'}", bot_pause=0.0,
                 seeds="easy-takes-0") as s:
        yield s


def test_takes_that_differ_by_their_cards_suits_share_one_label(
        takes_server: Running, browser: Browser, tmp_path: Path) -> None:
    """Where suits count, one way of taking the pile may be open with several pairs of cards
    ("take pair H D", "take pair H C"): they share one label, each a short button of the
    cards it uses ("7♥ 7♦") with its full words for a screen reader, so the bar stays one row
    on a laptop; the button takes the pile with those cards. Italian with big hands and a low
    opening (``EASY_TAKES``), turn after turn until such a choice comes."""
    rules = tmp_path / "easy.toml"
    rules.write_text(EASY_TAKES)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    heard = Heard(page)
    for _ in range(5):  # deals: a deal can end before the choice comes
        new_table(page, takes_server.url, rules)
        for _ in range(15):
            until(page, lambda: visible(page, "#do-draw") or visible(page, ".breakdown"))
            if visible(page, ".breakdown"):
                break
            if page.locator("#actions .takes").count():
                choices = page.locator("#actions .takes button")
                assert choices.count() >= 2
                label = page.locator("#actions .takes .takes-label").inner_text()
                assert label.startswith("take the pile with") and label.endswith(":")
                for n in range(choices.count()):
                    choice = choices.nth(n)
                    assert re.fullmatch(r"\S+[♠♥♦♣] (\S+[♠♥♦♣]|2|joker)",
                                        choice.inner_text()), choice.inner_text()
                    words = choice.get_attribute("aria-label") or ""
                    assert words.startswith(label[:-1] + " ("), words
                action = choices.first.get_attribute("data-action")
                choices.first.click()
                until(page, lambda a=action: heard.mine[-1:] == [a] or bool(heard.refusals))
                assert not heard.refusals
                page.close()
                return
            page.click("#do-draw")
            page.wait_for_selector("#do-discard")
            select(page, [page.locator("#hand .card").first.get_attribute("data-card") or ""])
            page.click("#do-discard")
            if visible(page, "#confirm-yes"):
                page.click("#confirm-yes")
    pytest.fail("no choice of cards to take the pile with in five deals")
