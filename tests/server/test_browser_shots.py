"""Screenshots of the table compared with stored ones (issue 25), so that a change to the look
is a reviewed change: one seeded classic deal against greedy bots, seen at once by a desktop
(1280x800), and by a phone (390x844) that opens the same seat at each of three moments: the
start, mid-deal (a canasta and a red 3 on the table) and the deal's breakdown. At the start of a
turn the phone shows the pile whole above the hand's panel without scrolling, buttons a finger
can hit (40 px high at least) and the sort button beside your seat, not on a row of its own; a
laptop's window (1366x650) shows your side's melds; on a phone on its side (844x390) the hand's
panel lies below the table, not over it.

A shot matches when at most ``TOLERANCE`` of its pixels differ by more than a faint shade
(fonts anti-alias a little differently from run to run). ``CANASTA_UPDATE_SHOTS=1`` writes the
stored images again: look at them (and at the diff) before committing."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from tests.server.harness import Running, running
from tests.server.test_browser import all_moves, new_table, visible

STORED = Path(__file__).with_name("data") / "shots"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "server" / "shots"
SIZES: dict[str, ViewportSize] = {"desktop": {"width": 1280, "height": 800},
                                  "phone": {"width": 390, "height": 844}}
#: A laptop's window: 1366x768 less the browser's bars. Only looked at, not stored.
LAPTOP: ViewportSize = {"width": 1366, "height": 650}
#: A phone on its side. Only looked at, not stored.
SIDEWAYS: ViewportSize = {"width": 844, "height": 390}
TOLERANCE = 0.02  #: the share of pixels that may differ
SHADE = 48  #: a pixel differs when a channel is further off than this (of 255)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('shots') / 'server.db'}"
    with running(db, bot_pause=0.0, seeds="shots") as s:
        yield s


def differing(a: Path, b: Path) -> float:
    """The share of pixels of two images that differ by more than ``SHADE`` (1.0 when their
    sizes differ)."""
    from PIL import Image, ImageChops

    first, second = Image.open(a).convert("RGB"), Image.open(b).convert("RGB")
    if first.size != second.size:
        return 1.0
    diff = ImageChops.difference(first, second).convert("L").point(lambda v: 255 if v > SHADE
                                                                   else 0)
    histogram = diff.histogram()
    return histogram[255] / (first.size[0] * first.size[1])


def check(page: Page, size: str, moment: str) -> list[str]:
    """Take the shot of ``moment``; [] if it matches the stored image, else why not."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(150)  # the last frame drawn
    name = f"{size}-{moment}.png"
    taken = ARTIFACTS / name
    page.screenshot(path=str(taken))
    stored = STORED / name
    if os.environ.get("CANASTA_UPDATE_SHOTS"):
        STORED.mkdir(parents=True, exist_ok=True)
        stored.write_bytes(taken.read_bytes())
    assert stored.exists(), f"no stored {name}: run with CANASTA_UPDATE_SHOTS=1 and look"
    share = differing(stored, taken)
    return [f"{name}: {share:.1%} of its pixels differ (see {taken})"] if share > TOLERANCE \
        else []


@contextmanager
def same_seat(page: Page, browser: Browser, size: ViewportSize, selector: str,
              **options: Any) -> Iterator[Page]:
    """The seat of ``page`` opened in a new browser context of ``size`` (its secret token put
    where the page keeps it), once ``selector`` shows."""
    token = page.evaluate("localStorage.getItem(`canasta.seat.${location.pathname.split('/')[2]}`)")
    context = browser.new_context(viewport=size, reduced_motion="reduce", **options)
    other = context.new_page()
    other.add_init_script(f"localStorage.setItem('canasta.seat.{page.url.rsplit('/', 1)[1]}',"
                          f" {token!r})")
    other.goto(page.url)
    other.wait_for_selector(selector)
    try:
        yield other
    finally:
        context.close()


def both(page: Page, browser: Browser, moment: str, selector: str) -> list[str]:
    """The shots of ``moment``: the desktop's page, and a phone opened on the same seat and
    waiting for ``selector``."""
    with same_seat(page, browser, SIZES["phone"], selector, is_mobile=True,
                   has_touch=True) as mirror:
        wrong = check(page, "desktop", moment) + check(mirror, "phone", moment)
        if selector == "#do-draw":
            wrong += pile_in_sight(mirror) + taps_big_enough(mirror) + sort_beside_seat(mirror)
    return wrong


def taps_big_enough(page: Page) -> list[str]:
    """[] if every button of the hand's panel is at least 40 px high (a finger's tap, not a
    mouse's click), else those that are not."""
    small = page.evaluate("""[...document.querySelectorAll('#me button')]
        .filter((b) => b.offsetParent !== null && b.getBoundingClientRect().height < 40)
        .map((b) => `${b.textContent.trim()} (${b.getBoundingClientRect().height} px)`)""")
    return [f"buttons under 40 px on a phone: {small}"] if small else []


def sort_beside_seat(page: Page) -> list[str]:
    """[] if the sort button shares the panel's first row with your seat (the moves under
    them), else where it is: on a phone it once took a row of its own, with the four-colour
    option now under Options."""
    seat, sort = page.locator("#my-seat").bounding_box(), page.locator("#sort").bounding_box()
    assert seat is not None and sort is not None
    return [] if sort["y"] < seat["y"] + seat["height"] else [
        f"the sort button at {sort['y']:.0f} px is under your seat's row, which ends at "
        f"{seat['y'] + seat['height']:.0f} px"]


def melds_in_sight(page: Page, browser: Browser) -> list[str]:
    """[] if, in a laptop's window (``LAPTOP``), your side's melds show whole above the hand's
    panel without scrolling as the turn starts, else how far they reach."""
    with same_seat(page, browser, LAPTOP, "#do-draw") as laptop:
        laptop.evaluate("window.scrollTo(0, 0)")
        panel = laptop.locator("#me").bounding_box()
        boxes = [m.bounding_box() for m in laptop.locator("#melds-us .meld").all()]
        assert panel is not None and boxes and None not in boxes, "no meld of your side"
        bottom = max(box["y"] + box["height"] for box in boxes if box is not None)
        return [] if bottom <= panel["y"] else [
            f"{LAPTOP['width']}x{LAPTOP['height']}: your melds end at {bottom:.0f} px, under "
            f"the hand's panel from {panel['y']:.0f} px"]


def pile_in_sight(page: Page) -> list[str]:
    """[] if the pile shows whole above the hand's panel without scrolling, as the turn starts
    (to take it or not is the first choice), else where it is."""
    page.evaluate("window.scrollTo(0, 0)")
    pile, panel = page.locator("#pile").bounding_box(), page.locator("#me").bounding_box()
    assert pile is not None and panel is not None
    bottom = pile["y"] + pile["height"]
    return [] if bottom <= panel["y"] else [f"the pile ends at {bottom:.0f} px, under the hand's "
                                            f"panel from {panel['y']:.0f} px"]


def table_uncovered(page: Page, browser: Browser) -> list[str]:
    """[] if, on a phone on its side (``SIDEWAYS``), the hand's panel lies below the table
    rather than over it (a panel held at the bottom of 390 px would leave the table a strip),
    else where the two meet."""
    with same_seat(page, browser, SIDEWAYS, "#do-draw", is_mobile=True, has_touch=True) as side:
        side.evaluate("window.scrollTo(0, 0)")
        felt, panel = side.locator("#felt").bounding_box(), side.locator("#me").bounding_box()
        assert felt is not None and panel is not None
        bottom = felt["y"] + felt["height"]
        return [] if panel["y"] >= bottom else [
            f"{SIDEWAYS['width']}x{SIDEWAYS['height']}: the hand's panel at {panel['y']:.0f} px "
            f"covers the table, which ends at {bottom:.0f} px"]


CHANGED = """([log, message]) => (document.querySelector('#log li:last-child')?.textContent
  !== log) || (document.querySelector('#message').textContent !== message)"""


def steady_turn(page: Page) -> bool:
    """The person's next step after the draw, if it is theirs, each waited for before the next
    look (so the deal is the same on every run): answer no, discard the first card (confirming
    a question; when refused, the last move the engine offers). True if something was done."""
    if visible(page, "#answer-no"):
        page.click("#answer-no")
        page.wait_for_selector("#answer-no", state="detached")
    elif visible(page, "#do-discard"):
        seen = [page.locator("#log li").last.text_content(),
                page.locator("#message").text_content()]
        page.locator('#hand .card[data-index="0"]').click(position={"x": 8, "y": 30})
        page.click("#do-discard")
        if visible(page, "#confirm-yes"):
            page.click("#confirm-yes")
        page.wait_for_function(CHANGED, arg=seen)
        if page.locator("#message").text_content() and visible(page, "#do-discard"):
            seen = [page.locator("#log li").last.text_content(),
                    page.locator("#message").text_content()]
            all_moves(page)
            page.click("#all-actions button >> nth=-1")
            page.wait_for_function(CHANGED, arg=seen)
    else:
        return False
    return True


def play_until(page: Page, stop: Callable[[], bool], seconds: float) -> str:
    """Play the person's turns until ``stop()`` holds at the start of one (looked at only
    then: the bots wait for the person, so the table is still) or the deal's breakdown shows:
    "stop" or "breakdown"."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if visible(page, ".breakdown"):
            return "breakdown"
        if visible(page, "#do-draw"):  # the person's turn: the table is still
            if stop():
                return "stop"
            page.click("#do-draw")
            page.wait_for_selector("#do-discard")
        elif not steady_turn(page):
            page.wait_for_timeout(30)
    raise AssertionError("the page did not get there")


def test_the_table_looks_as_it_did(server: Running, browser: Browser) -> None:
    desktop = browser.new_context(viewport=SIZES["desktop"], reduced_motion="reduce")
    page = desktop.new_page()
    new_table(page, server.url)
    # the form chose the server's pace, none, and the table says so in words
    expect(page.locator("#table-settings")).to_have_text(re.compile(r"^bots move at once · "))
    assert play_until(page, lambda: True, 60) == "stop"
    wrong = both(page, browser, "start", "#do-draw")
    mid = play_until(page, lambda: page.locator("#felt .meld.complete").count() > 0
                     and page.locator("#felt .threes .card").count() > 0, 120)
    assert mid == "stop", "the deal ended before a canasta and a red 3"
    wrong += both(page, browser, "mid", "#do-draw") + melds_in_sight(page, browser) \
        + table_uncovered(page, browser)
    assert play_until(page, lambda: False, 180) == "breakdown"
    # each side's melds as the deal ended (the felt shows the next deal's), a canasta as its
    # top card and its count
    expect(page.locator("#dialog .end-melds")).to_have_count(2)
    expect(page.locator("#dialog .end-meld.canasta .end-count").first).to_have_text(
        re.compile("^\u00d7([7-9]|1[0-9])$"))
    expect(page.locator("#dialog .end-melds").first).to_have_attribute(
        "aria-label", re.compile(r"^your side's melds: .*canasta"))
    expect(page.locator("#felt .meld")).to_have_count(0)
    wrong += both(page, browser, "breakdown", ".breakdown")
    assert not wrong, wrong
    desktop.close()
