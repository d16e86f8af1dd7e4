"""The score pad's page on the server (docs/scorepad.md, "In the browser"): its HTTP API
against a real server (in a thread, over a temporary database), which must give exactly
the score package's answers and store nothing it refuses; and the page itself on a phone-sized
screen in the system's Chromium, entering the rules site's 1,255-point deal by taps."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx2
import pytest
from playwright.sync_api import Browser, expect
from tests.server.harness import Running, running
from tests.server.test_browser import shot

from canasta.rules import RuleSet, load
from canasta.score.entry import EntryError, SideEntry, parse_entry
from canasta.score.tally import tally

SIDES = ["Ann & Bob", "Cy & Di"]
#: The rules site's example (seed 002): a natural canasta of 7s, a mixed canasta of kings,
#: three aces, two red 3s, out, partner holding 30; the other side melded 60 and holds 15.
HAND_1255: list[dict[str, Any]] = [
    {"natural": 1, "mixed": 1, "melded": "7x5+5x10+5x20", "red3": 2, "hand": 30, "out": True},
    {"melded": 60, "hand": 15}]
WORDS_1255 = ["natural=1 mixed=1 melded=7x5+5x10+5x20 red3=2 hand=30 out", "melded=60 hand=15"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    """The server in a thread over a temporary database (one for this module)."""
    with running(f"sqlite:///{tmp_path_factory.mktemp('score-page') / 'server.db'}") as s:
        yield s


@pytest.fixture(scope="module")
def client(server: Running) -> Iterator[httpx2.Client]:
    with server.http() as http:
        yield http


def new_game(client: httpx2.Client, name: str, preset: str = "classic") -> dict[str, Any]:
    response = client.post("/api/score", json={"name": name, "preset": preset, "sides": SIDES})
    assert response.status_code == 201, response.text
    return dict(response.json())


def game(client: httpx2.Client, name: str) -> dict[str, Any]:
    response = client.get("/api/score/game", params={"name": name})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_game_created_listed_previewed_stored_and_undone(client: httpx2.Client) -> None:
    page = client.get("/score")
    assert page.status_code == 200 and "/static/score.js" in page.text
    assert "navigator.wakeLock.request" in client.get("/static/score.js").text
    created = new_game(client, "Friday")
    assert created["sides"] == SIDES and created["deals"] == []
    words = [field["word"] for field in created["fields"]]
    assert words[:2] == ["natural", "mixed"] and "wild" not in words  # classic's own words
    melded = next(f for f in created["fields"] if f["word"] == "melded")
    assert [c["value"] for c in melded["classes"]] == [5, 10, 20, 50]
    listed = client.get("/api/score").json()
    assert {"name": "Friday", "rules": "classic", "title": "Classic Canasta", "sides": SIDES,
            "deals": 0,
            "totals": [0, 0], "winner": None} in listed["games"]
    presets = {p["name"]: p["sides"] for p in listed["presets"]}
    assert presets["classic"] == load("classic").players.sides == 2

    rules = load("classic")
    expected = tally(rules, SIDES, [[parse_entry(w, rules) for w in WORDS_1255]])
    preview = client.post("/api/score/preview", json={"name": "Friday", "entries": HAND_1255})
    assert preview.status_code == 200, preview.text
    sides = preview.json()["deal"]["sides"]
    assert [s["score"] for s in sides] == [1255, 45]  # the rule text's figure
    assert [[tuple(i) for i in s["items"]] for s in sides] == \
        [score.items() for score in expected.deals[0].scores]
    assert game(client, "Friday")["deals"] == []  # a preview stores nothing

    stored = client.post("/api/score/deal", json={"name": "Friday", "entries": HAND_1255})
    assert stored.status_code == 201, stored.text
    standing = stored.json()["standing"]
    assert standing["totals"] == [1255, 45] and standing["needed"] == [3745, 4955]
    assert standing["minimums"] == list(expected.minimums()) and standing["next"] == 2
    assert standing["text"].startswith("Totals: Ann & Bob 1,255, Cy & Di 45")
    assert game(client, "Friday")["deals"][0]["sides"] == sides

    undone = client.post("/api/score/undo", json={"name": "Friday"})
    assert undone.status_code == 200 and undone.json()["undone"] == 1
    assert game(client, "Friday")["standing"]["totals"] == [0, 0]
    again = client.post("/api/score/undo", json={"name": "Friday"})
    assert again.status_code == 400 and "no deal to take back" in again.json()["message"]


def test_the_game_ends_with_its_winner_and_takes_no_more_deals(client: httpx2.Client) -> None:
    new_game(client, "To 5000")
    for _ in range(4):
        response = client.post("/api/score/deal", json={"name": "To 5000", "entries": HAND_1255})
        assert response.status_code == 201, response.text
    standing = game(client, "To 5000")["standing"]
    assert standing["over"] and standing["winner"] == "Ann & Bob"
    assert standing["totals"] == [5020, 180]
    late = client.post("/api/score/deal", json={"name": "To 5000", "entries": HAND_1255})
    assert late.status_code == 400
    assert late.json()["message"] == "deal 5: the game ended after deal 4 (Ann & Bob won)"
    assert len(game(client, "To 5000")["deals"]) == 4


def _parsed(side: str, words: str, rules: RuleSet) -> SideEntry:
    """A side's entry as the server reads it: a word it cannot read names the side."""
    try:
        return parse_entry(words, rules)
    except EntryError as exc:
        raise EntryError(f"{side}: {exc}") from None


@pytest.mark.parametrize(("entries", "words"), [
    ([{"red3": 5, "melded": 60}, {"melded": 60}], ["red3=5 melded=60", "melded=60"]),
    ([{"melded": 60, "out": True, "natural": 1}, {"melded": 60, "out": True, "natural": 1}],
     ["melded=60 out natural=1", "melded=60 out natural=1"]),
    ([{"melded": 52}, {}], ["melded=52", ""]),
])
def test_a_refused_entry_stores_nothing_and_gives_the_pads_reason(
        client: httpx2.Client, entries: list[dict[str, Any]], words: list[str]) -> None:
    name = f"Refused {len(client.get('/api/score').json()['games'])}"
    new_game(client, name)
    assert client.post("/api/score/deal", json={"name": name, "entries": HAND_1255}) \
        .status_code == 201
    before = game(client, name)
    rules = load("classic")
    first = [parse_entry(w, rules) for w in WORDS_1255]
    with pytest.raises(EntryError) as refused:  # a word out of range is refused as read
        tally(rules, SIDES, [first, [_parsed(side, w, rules) for side, w in zip(SIDES, words,
                                                                             strict=True)]])
    for url in ("/api/score/preview", "/api/score/deal"):
        response = client.post(url, json={"name": name, "entries": entries})
        assert response.status_code == 400
        assert response.json() == {"kind": "error", "code": "refused",
                                   "message": str(refused.value)}
    assert game(client, name) == before


@pytest.mark.parametrize(("body", "reason"), [
    ({"name": "Bad", "entries": HAND_1255[:1]}, "give one entry per side"),
    ({"name": "Bad", "entries": "natural=1"}, "give one entry per side"),
    ({"name": "Bad", "entries": [{"wild": 1}, {}]}, "Ann & Bob: wild: classic has no"),
    ({"name": "Bad", "entries": [{"natural": "1 out"}, {}]}, "is not a value"),
    ({"name": "Bad", "entries": [{"natural": [1]}, {}]}, "a number, card counts"),
    ({"name": "Bad", "entries": [{"melded": "9x7"}, {}]}, "no card is worth 7 points"),
    # out of range: refused as read, before anything is built (issue 26)
    ({"name": "Bad", "entries": [{"melded": 100000000}, {}]},
     "melded=100000000: the whole pack is worth 1,180"),
    ({"name": "Bad", "entries": [{"melded": 10**20}, {}]}, "the whole pack is worth 1,180"),
    ({"name": "Bad", "entries": [{"melded": "9" * 40}, {}]}, "the whole pack is worth 1,180"),
    ({"name": "Bad", "entries": [{"hand": 100000}, {}]}, "hand=100000: the whole pack is "
                                                         "worth 1,180"),
    ({"name": "Bad", "entries": [{"melded": "99999999999999999999x5"}, {}]},
     "melded 99999999999999999999x5: the pack holds 36 4s, 5s, 6s, 7s and black 3s"),
    ({"name": "Bad", "entries": [{"natural": 10**19}, {}]}, "so at most 36 from the pack"),
    ({"name": "Bad", "entries": ["melded=60", {}]}, "each side's entry is an object"),
    ({"name": 7, "entries": HAND_1255}, "expected a name"),
    ({"name": "Nobody's", "entries": HAND_1255}, "no game called"),
])
def test_bad_deal_requests_are_refused_and_store_nothing(
        client: httpx2.Client, body: dict[str, Any], reason: str) -> None:
    if not any(g["name"] == "Bad" for g in client.get("/api/score").json()["games"]):
        new_game(client, "Bad")
    response = client.post("/api/score/deal", json=body)
    assert response.status_code == 400
    assert reason in response.json()["message"]
    assert game(client, "Bad")["deals"] == []


@pytest.mark.parametrize(("body", "reason"), [
    ({"name": "Three", "preset": "classic", "sides": ["A", "B", "C"]}, "name 2, not 3"),
    ({"name": "Same", "preset": "classic", "sides": ["A", "A"]}, "the same name"),
    ({"name": "", "preset": "classic", "sides": SIDES}, "a game's name has 1 to 120"),
    ({"name": "Odd", "preset": "nonesuch", "sides": SIDES}, "no preset named"),
    ({"name": "Odd", "preset": "classic", "sides": "A B"}, "'sides' is the list"),
    ({"name": "Odd", "preset": "classic", "sides": ["A", 2]}, "expected a name"),
])
def test_bad_new_games_are_refused(client: httpx2.Client, body: dict[str, Any],
                                   reason: str) -> None:
    response = client.post("/api/score", json=body)
    assert response.status_code == 400 and reason in response.json()["message"]
    assert body["name"] not in [g["name"] for g in client.get("/api/score").json()["games"]]


def test_a_second_game_of_the_same_name_is_refused(client: httpx2.Client) -> None:
    new_game(client, "Twice")
    response = client.post("/api/score", json={"name": "Twice", "preset": "classic",
                                               "sides": SIDES})
    assert response.status_code == 400
    assert response.json()["message"] == "there is already a game called 'Twice'"


def test_the_page_on_a_phone_enters_the_1255_deal(server: Running,
                                                     browser: Browser) -> None:
    """Create a game and enter the 1,255-point deal by taps (and two typed amounts) at
    390x844; the engine's breakdown and then the stored total show, every tap target is at
    least 48 px high, and the page never scrolls sideways."""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True, device_scale_factor=2)
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url.rstrip("/") + "/score")
    page.fill("#game-name", "At the table")
    expect(page.locator("#preset")).to_have_value("classic")  # the game most tables play
    page.fill("#side-name-0", SIDES[0])
    page.fill("#side-name-1", SIDES[1])
    page.tap("#create-button")
    expect(page.locator("#deal-title")).to_have_text("Deal 1")

    def taps(selector: str, times: int) -> None:
        for _ in range(times):
            page.tap(selector)

    taps("#s0-natural-plus", 1)
    taps("#s0-mixed-plus", 1)
    page.fill("#s0-melded", "185")  # 7 x 5 + 5 x 10 + 5 x 20, typed
    taps("#s0-red3-plus", 2)
    page.fill("#s0-hand", "25")  # typed, then a tap: 30
    taps("#s0-hand-plus", 1)
    page.tap("#out-0")
    page.fill("#s1-melded", "60")
    page.tap("#s1-hand-by-card")  # 15 counted by card: a 5 and a 10
    taps("#s1-hand-5-plus", 1)
    taps("#s1-hand-10-plus", 1)
    expect(page.locator("#entry-0 .toggle#s0-concealed")).to_be_visible()
    expect(page.locator("#preview .deal-score").first).to_have_text("1,255")
    expect(page.locator("#preview .deal-score").last).to_have_text("45")
    shot(page, "score-preview")
    page.tap("#store")
    expect(page.locator("#standing-0 .total")).to_have_text("1,255")
    expect(page.locator("#standing-1 .total")).to_have_text("45")
    expect(page.locator("#standing-0 .needed")).to_have_text("3,745")
    expect(page.locator("#deal-title")).to_have_text("Deal 2")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    small = page.evaluate("""[...document.querySelectorAll(
        '#actions button, .stepper button, #out-row button, .toggle')]
        .filter(b => b.getBoundingClientRect().height < 48).length""")
    assert small == 0  # every tap target of the pad is at least 48 px high
    shot(page, "score-stored")
    page.goto(server.url.rstrip("/") + "/score")  # the list: the game by its rules' title
    expect(page.locator("#game-list")).to_contain_text("At the table (Classic Canasta)")
    page.tap("#to-new-game")  # the form is below the games: a way down to it at the top
    expect(page.locator("#game-name")).to_be_focused()
    assert errors == []
