"""A review on the replay page in headless Chromium (issue 30): a finished game's seat is
reviewed on request, its progress shown; the moves it judged are marked in the move list as the
server marked them, the marked moves are reached by their buttons, and each judged move's note
says what the search found better and why. Screenshots at a laptop's and a phone's size go to
test-artifacts/server/ (docs/bots.md shows them)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tests.server.harness import Running, create, lifted_limits, running

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "server"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('review-page') / 'server.db'}"
    with running(db, seeds="review-page", limits=lifted_limits(review_samples=4)) as s:
        yield s


@pytest.fixture(scope="module")
def finished(server: Running) -> str:
    """A finished table of beginner bots (who make mistakes to mark)."""
    with server.http() as http:
        table: str = create(http, ["beginner"] * 4)["id"]
        deadline = time.monotonic() + 60
        while not http.get(f"/api/tables/{table}").json()["over"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        return table


def test_a_seat_is_reviewed_on_the_replay_page_and_its_marks_lead_to_notes(
        server: Running, browser: Browser, finished: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server.url}replay/{finished}?seat=0&review=0")
    start = page.locator("#review-start")
    expect(start).to_have_text("Review Ann (beginner)'s play")
    expect(page.locator("#review-progress")).to_contain_text("decisions to judge")
    start.click()
    expect(page.locator("#review-progress")).to_contain_text(" decisions: ", timeout=120_000)
    expect(start).to_be_hidden()
    with server.http() as http:
        done: dict[str, Any] = http.get(f"/api/tables/{finished}/review?seat=0").json()
    marked = [line for line in done["lines"] if line["mark"]]
    assert done["state"] == "done" and len(marked) >= 2, "beginners made no marked mistake"
    marks = page.locator("#moves li .mark")
    expect(marks).to_have_count(len(marked))
    for i, line in enumerate(marked):
        item = page.locator(f'#moves li[data-step="{line["step"]}"] .mark')
        expect(item).to_have_text(line["symbol"])
        expect(marks.nth(i)).to_have_attribute("title", line["mark"])
    page.click("#review-next")  # from the deal: the first marked move
    first = marked[0]
    expect(page.locator("#where")).to_have_text(f"move {first['step']} of "
                                                f"{len(page.locator('#moves li').all()) - 1}")
    note = page.locator("#review-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text(f"chose to {first['chosen']['words']}")
    expect(note).to_contain_text(first["short"])  # "... points short, ... beyond the luck ..."
    expect(note).to_contain_text(first["why"])
    expect(note).to_have_class(f"marked mark-{first['mark']}")
    page.click("#review-next")
    expect(note).to_contain_text(marked[1]["why"])
    page.click("#review-prev")
    expect(note).to_contain_text(first["why"])
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "review-desktop.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    expect(note).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(ARTIFACTS / "review-phone.png"))
    # a move the review did not judge (another seat's) has no note
    other = next(m for m in range(1, 30) if m not in {line["step"] for line in done["lines"]})
    page.locator(f'#moves li[data-step="{other}"] button').click()
    expect(note).to_be_hidden()
    # the review is kept: choosing nobody and the seat again shows it done, without asking
    page.select_option("#review-seat", "")
    expect(page.locator("#moves li .mark")).to_have_count(0)
    page.select_option("#review-seat", "0")
    expect(page.locator("#review-progress")).to_contain_text(" decisions: ")
    expect(marks).to_have_count(len(marked))
    page.close()


def test_a_review_follows_the_viewpoint_and_the_address(server: Running, browser: Browser,
                                                         finished: str) -> None:
    with server.http() as http:  # begun here too: the tests may run apart, on two servers
        assert http.post(f"/api/tables/{finished}/review?seat=0").status_code == 202
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{server.url}replay/{finished}?seat=all&step=3&review=0")
    expect(page.locator("#review-progress")).to_contain_text(" decisions: ", timeout=120_000)
    marks = page.locator("#moves li .mark")
    count = marks.count()
    page.select_option("#viewpoint", "2")  # the address follows once the frame has come
    expect(page).to_have_url(re.compile(r"\?seat=2&step=3&review=0$"))
    expect(marks).to_have_count(count)  # the move list drawn again keeps its marks
    page.click("#forward")
    expect(page).to_have_url(re.compile(r"\?seat=2&step=4&review=0$"))
    page.close()
