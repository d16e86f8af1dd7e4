"""The terminal's cards show suits (docs/presentation.md, "Suits for the eye"), as the browser's
do: the local session keeps the same ``SuitLedger`` the server keeps, moves the copies the
person pointed at, takes them back with an undo, and keeps the person's picks in the seating
file so a resumed game shows the same suits; the cards new to the hand this turn are marked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from canasta import Game
from canasta.bots import make_bot
from canasta.engine.actions import Action
from canasta.presentation import (
    CardFact,
    SuitLedger,
    TableFacts,
    plain,
    render,
    table_facts,
)
from canasta.presentation.cards import with_sent_deal_end, with_sent_suits
from canasta.tui.local import CanastaApp
from canasta.tui.session import Options, Session, SessionError, seating_path, start
from canasta.tui.widgets import Glyphs
from tests.tui.conftest import screen_text, session_at, settle

pytestmark = pytest.mark.anyio

#: Seed 3 of classic: after the draw the person holds 4♣ 5♥ 5♣ 7♠ 7♥ 8♥ 9♣ J♥ J♦ J♣ Q♥ A♣
#: (the 5♥ just drawn), and their side has melded jacks.
SEED = 3


def drawn(tmp_path: Path, name: str = "g.json") -> Session:
    session = start(Options(seed=SEED, save=str(tmp_path / name)))
    while not session.human_to_act:
        session.play_bot(session.bot_action())
    session.play("draw")
    return session


def hand(facts: TableFacts) -> list[CardFact]:
    return [card for group in facts.hand for card in group.cards]


def seen(facts: TableFacts) -> list[tuple[str, str]]:
    """The suits the person sees: the hand's, the pile's top, every meld's."""
    return [(card.text, card.eye) for card in hand(facts)] + \
        ([(facts.pile.top.text, facts.pile.top.eye)] if facts.pile.top else []) + \
        [(card.text, card.eye) for side in facts.sides for meld in side.melds
         for card in meld.cards]


def the(facts: TableFacts, text: str, eye: str) -> CardFact:
    return next(c for c in hand(facts) if c.text == text and c.eye == eye)


def test_the_hand_shows_the_ledgers_suits_and_the_card_drawn_is_new(tmp_path: Path) -> None:
    session = drawn(tmp_path)
    facts = session.facts()
    ledger = SuitLedger.of_game(session.game)  # the server's ledger of the same game
    assert sorted(ledger.seen_by(session.human).hand) == \
        sorted((c.code, c.eye) for c in hand(facts))
    assert " ".join(f"{c.text}{c.eye}" for c in hand(facts)) == \
        "4C 5H 5C 7S 7H 8H 9C JH JD JC QH AC"
    assert [f"{c.text}{c.eye}" for c in hand(facts) if c.new] == ["5H"]


@pytest.mark.parametrize("eye", ["S", "H"])
def test_the_seven_pointed_at_is_the_one_discarded(tmp_path: Path, eye: str) -> None:
    session = drawn(tmp_path)
    seven = the(session.facts(), "7", eye)
    session.play("discard 7", [seven])
    facts = session.facts()
    assert facts.pile.top is not None and facts.pile.top.eye == eye
    assert [c.eye for c in hand(facts) if c.text == "7"] == ["H" if eye == "S" else "S"]


def test_an_undo_gives_back_the_suits_as_they_were(tmp_path: Path) -> None:
    session = drawn(tmp_path)
    before = seen(session.facts())
    facts = session.facts()
    session.play("add J J", [the(facts, "J", "D")])
    assert ("J", "D") not in [(c.text, c.eye) for c in hand(session.facts())]
    assert session.picks == {len(session.game.history) - 1: ((11, "D"),)}
    session.undo()
    assert seen(session.facts()) == before and session.picks == {}


def test_a_resumed_game_shows_the_suits_the_person_saw(tmp_path: Path) -> None:
    session = drawn(tmp_path)
    session.play("add J J", [the(session.facts(), "J", "C")])
    session.play("discard 7", [the(session.facts(), "7", "H")])
    while not session.human_to_act:
        session.play_bot(session.bot_action())
    session.play("draw")
    shown = seen(session.facts())
    resumed = start(Options(resume=str(session.path)))
    assert resumed.picks == session.picks and len(resumed.picks) == 2
    assert seen(resumed.facts()) == shown
    # without the picks the ledger moves other copies: the suits would not be the same
    assert seen(Session(resumed.game, 0, "greedy", tmp_path / "other.json",
                        resumed.names).facts()) != shown


@pytest.mark.parametrize("picks", [
    "nope", [[0]], [[0, [[11, "X"]]]], [[-1, [[11, "S"]]]], [[10**6, [[11, "S"]]]],
    [[0, [[99, "S"]]]], [[0, []]], [[True, [[11, "S"]]]], [[0, [["J", "S"]]]],
])
def test_a_seating_file_with_malformed_picks_is_refused(tmp_path: Path, picks: object) -> None:
    session = drawn(tmp_path)
    session.play("add J J", [the(session.facts(), "J", "C")])
    where = seating_path(session.path)
    seating = json.loads(where.read_text())
    assert seating["picks"] == [[len(session.game.history) - 1, [[11, "C"]]]]
    seating["picks"] = picks
    where.write_text(json.dumps(seating))
    game_file = session.path.read_bytes()
    with pytest.raises(SessionError, match="not a seating file .its picks are"):
        start(Options(resume=str(session.path)))
    assert session.path.read_bytes() == game_file and json.loads(where.read_text()) == seating


def test_a_seating_file_without_picks_still_resumes(tmp_path: Path) -> None:
    session = drawn(tmp_path)
    where = seating_path(session.path)
    seating = json.loads(where.read_text())
    del seating["picks"]  # as the seating files written before the terminal kept suits
    where.write_text(json.dumps(seating))
    assert start(Options(resume=str(session.path))).picks == {}


async def test_the_key_x_discards_the_card_under_the_cursor_in_its_suit(tmp_path: Path) -> None:
    session = start(Options(seed=SEED, save=str(tmp_path / "g.json")))
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("d")
        await settle(pilot, app)
        row = next(r for r in screen_text(app).splitlines() if "Your hand" in r)
        assert "Your hand (12, 1 new): [4\u2663]  5\u2665  5\u2663   7\u2660  7\u2665" in row
        index = len(session.game.history)
        await pilot.press("home", *["right"] * 4, "x")  # the 7♥
        await settle(pilot, app)
        assert str(Action.from_code(session.game.history[index])) == "discard 7"
        assert session.picks == {index: ((7, "H"),)}


def test_a_server_s_suits_are_taken_card_by_card_and_a_bad_frame_changes_nothing(
        tmp_path: Path) -> None:
    """The terminal at a server's table draws the seat's view with the suits of the facts the
    server sent (``with_sent_suits``); what does not fit is left without suits, never fails."""
    session = drawn(tmp_path)
    bare = table_facts(session.view, session.names)
    with_ledger = table_facts(session.view, session.names, suits=session.eye.seen_by(0))
    merged = with_sent_suits(bare, plain(with_ledger))
    assert merged == with_ledger and seen(merged) == seen(session.facts())
    assert not any(card.eye for card in hand(bare))
    wrong_code = plain(session.facts())
    wrong_code["hand"][0]["cards"][0]["code"] += 1
    not_a_suit = plain(session.facts())
    not_a_suit["hand"][-1]["cards"][0]["eye"] = "<b>"
    shorter = plain(session.facts())
    shorter["hand"].pop()
    for bad, left_bare in ((wrong_code, [0]), (not_a_suit, [len(hand(bare)) - 1]),
                           (shorter, list(range(len(hand(bare)))))):  # groups unmatched
        cards = hand(with_sent_suits(bare, bad))
        assert [i for i, card in enumerate(cards) if not card.eye] == left_bare
    hostile: object
    for hostile in (None, "facts", [], {"hand": "x"}, {"hand": [{"cards": 5}]},
                    {"pile": {"top": {"code": "7", "eye": "H"}}}, {"seats": [1, 2, 3, 4]}):
        assert with_sent_suits(bare, hostile) == bare


def test_the_plain_face_says_which_cards_are_new_and_shows_what_one_types(
        tmp_path: Path) -> None:
    """``--plain`` (text.render) names the hand as one types it (``5``, not ``5♥``: classic
    refuses a suit), and the cards new this turn after it."""
    session = drawn(tmp_path)

    def hand_line() -> str:
        return next(row for row in render(session.facts()).splitlines()
                    if row.startswith("Your hand: "))

    assert hand_line() == "Your hand: 4  5 5  7 7  8  9  J J J  Q  A (new this turn: 5)"
    session.play("discard 4")
    assert "new this turn" not in hand_line()  # the turn is over: nothing is new


@pytest.mark.parametrize("rules", ["classic", "samba", "bolivia"])
def test_a_servers_deal_end_melds_are_made_again_and_a_bad_one_changes_nothing(
        rules: str) -> None:
    """Just after a deal ended, the terminal at a server's table shows each side's melds as
    the deal ended as the server's facts show them (``with_sent_deal_end``: made again from
    their codes, with their suits); a meld these rules could not lay leaves them all out."""
    game = Game(rules, 7)
    eye = SuitLedger.of_game(game)
    bots = [make_bot("greedy", 7 + s) for s in range(game.num_players)]
    while game.deal_number == 1:
        eye.play(game, bots[game.current_player].act(game.view(game.current_player)))
    view = game.view(0)
    sent = plain(table_facts(view, suits=eye.seen_by(0)))
    bare = with_sent_suits(table_facts(view), sent)
    assert bare.last_deal is not None and not any(s.melds for s in bare.last_deal.sides)
    made = with_sent_deal_end(bare, game.rules, sent)
    assert made.last_deal == table_facts(view, suits=eye.seen_by(0)).last_deal  # suits too
    assert made.last_deal is not None and any(s.melds for s in made.last_deal.sides)
    side = next(n for n, s in enumerate(sent["last_deal"]["sides"]) if s["melds"])

    def shown(facts: object) -> tuple[object, ...]:
        last = with_sent_deal_end(bare, game.rules, facts).last_deal
        assert last is not None
        return last.sides[side].melds

    changes: list[dict[str, object]] = [
        {"kind": "sequence"}, {"kind": "castle"}, {"cards": []}, {"cards": [{"code": 99}]},
        {"cards": [{"code": "7"}] * 3}]
    for change in changes:
        bad = json.loads(json.dumps(sent))
        bad["last_deal"]["sides"][side]["melds"][0].update(change)
        assert not shown(bad), change
    mixed = json.loads(json.dumps(sent))  # a meld of two ranks
    cards = mixed["last_deal"]["sides"][side]["melds"][0]["cards"]
    cards[0]["code"] = 4 if cards[1]["code"] != 4 else 5
    assert not shown(mixed)
    hostile: object
    for hostile in (None, [], {"last_deal": None}, {"last_deal": {"deal": 9, "sides": []}}):
        assert with_sent_deal_end(bare, game.rules, hostile) == bare


async def test_the_threes_laid_out_show_as_cards_red_then_black(tmp_path: Path) -> None:
    """A side's title shows the 3s its seats laid out as cards, red then black (Modern
    American lays both out), where it said "red 3s 2 · black 3s 1"."""
    game = Game("modern_american", 11)
    bots = [make_bot("greedy", s) for s in range(game.num_players)]
    while not (game.current_player == 0 and all(
            sum(counts[s] for s in (0, 2)) for counts in
            (game.view(0).red_threes, game.view(0).black_threes))):
        game.apply(bots[game.current_player].act(game.view(game.current_player)))
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot, app)
        seats = [s for s in session.facts().seats if s.side == 0]
        threes = [*(c for s in seats for c in s.red_three_cards),
                  *(c for s in seats for c in s.black_three_cards)]
        shown = " ".join(Glyphs(False).card(c) for c in threes)
        assert "3♥" in shown or "3♦" in shown
        assert f"canastas · {shown}" in screen_text(app) or f"canasta · {shown}" in \
            screen_text(app), shown
