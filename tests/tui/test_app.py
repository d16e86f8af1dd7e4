"""The full-screen table, driven by Textual's pilot as a player would: what is on screen, the
keys, refusals, confirmations, undo, the deal's breakdown, bots one by one (issue 13)."""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from canasta import ALL_ACTIONS, Game
from canasta.bots import Bot
from canasta.cards import parse_kind
from canasta.engine.view import PlayerView
from canasta.record import read, verify
from canasta.tui.local import CanastaApp
from canasta.tui.screens import BreakdownScreen, ChoiceScreen, ConfirmScreen, RulesScreen
from canasta.tui.session import Options, start
from canasta.tui.widgets import Glyphs, HandPanel
from tests.helpers import MELD, cutthroat_pair, position
from tests.presentation.test_log import named_suits
from tests.tui.conftest import (
    pick,
    play_by_keys,
    screen_text,
    session_at,
    settle,
    type_command,
)

pytestmark = pytest.mark.anyio

#: Cards for the bots' seats, so that they can play on from a position.
OTHERS = {1: "4 6 8 J Q", 2: "5 7 9 J Q", 3: "4 6 8 10 A"}


async def test_the_table_fits_80_by_24_and_shows_every_fact(tmp_path: Path) -> None:
    session = start(Options(seed=3, save=str(tmp_path / "g.json")))
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("d")
        await settle(pilot, app)
        text = screen_text(app)
        facts = session.facts()
        rows = text.splitlines()
        assert len(rows) == 24 and all(len(row) <= 80 for row in rows)
        assert "partner Bea" in rows[0] and facts.turn.words in rows[1]
        assert f"Stock {facts.stock} cards" in text
        cards = [card for group in facts.hand for card in group.cards]
        assert f"Your hand ({len(cards)}, 1 new)" in text  # the card just drawn
        hand_row = next(row for row in rows if "Your hand" in row)
        shown = [Glyphs(ascii=False).card(card) for card in cards]
        assert all(card.eye for card in cards) and shown[0] == "4\u2663"  # suits for the eye
        assert hand_row.split(":", 1)[1].split() == [f"[{shown[0]}]", *shown[1:]]
        for side in facts.sides:
            assert f"{side.score} points" in text
            for meld in side.melds:
                assert f"{meld.rank}\u00d7{meld.count}" in text
        for seat in facts.seats:
            if seat.relation == "opponent":
                assert f"{seat.name} {seat.hand_size} cards" in text
            elif seat.relation == "partner":
                assert f"{seat.name} (partner) {seat.hand_size} cards" in text
        assert facts.log[-1] in text.replace("\n", " ") or "You drew" in text
        footer = rows[-1]
        for key in ("x discard", "a add", "h hint", ": type", "q quit"):
            assert key in footer
        assert "d draw" not in footer  # the draw is over: its key is gone


async def test_more_room_shows_more_of_the_log(tmp_path: Path) -> None:
    session = start(Options(seed=3, save=str(tmp_path / "g.json")))
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        rows = screen_text(app).splitlines()
        assert len(rows) == 40 and max(len(r) for r in rows) == 120
        shown = [line for line in session.log if line in " ".join(rows)]
        assert len(shown) >= 4


async def test_a_refused_meld_shows_the_engines_reason_and_changes_nothing(
        tmp_path: Path) -> None:
    game = position(hands={0: "K K K 5"}, melds={0: ["Q Q Q"]}, pile="4", phase=MELD,
                    drew=True)
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        digest = game.digest()
        await pilot.press("right", "space", "right", "space", "right", "space", "m")
        why = game.why_illegal("meld K K K")  # it would leave one card and no way out
        assert why is not None and f"Not now: {why}"[:60] in screen_text(app).replace("\n", " ")
        assert session.game.digest() == digest and not session.saved


async def test_picked_cards_are_laid_as_the_page_lays_them(tmp_path: Path) -> None:
    """``m`` lays every picked card (``presentation.lay_actions``): four kings and a 2 are a
    new meld and two additions; two queens go onto the side's queens. Until 2026-12-07 the
    terminal sent them as one meld and refused any but three cards."""
    game = position(hands={0: "K K K K 2 Q Q 5 7", **OTHERS}, melds={0: ["Q Q Q"]},
                    pile="4", phase=MELD, drew=True)
    session, start = session_at(game, tmp_path), len(game.history)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        hand = [c.text for group in app.facts.hand for c in group.cards]
        picks = [i for i, card in enumerate(hand) if card in ("K", "2")]
        kings = [c.eye for group in app.facts.hand for c in group.cards if c.text == "K"]
        await pick(pilot, picks)
        await pilot.pause()  # said under the hand before they are laid
        assert "These cards: meld three kings, then 2 more cards onto it" in \
            " ".join(screen_text(app).split())
        await pilot.press("m")
        await settle(pilot, app, lambda: len(session.game.history) == start + 3)
        assert [str(ALL_ACTIONS[a]) for a in session.game.history[start:]] == \
            ["meld K K K", "add K K", "add K 2"]
        melded = re.fullmatch(r"You melded three kings \((.+)\)\.", session.log[-3])
        added = re.fullmatch(r"You added a king of (\w+) to your kings\.", session.log[-2])
        assert melded and added, session.log  # the very kings picked, with their suits
        assert named_suits(melded[1]) + Counter([added[1][0].upper()]) == Counter(kings)
        hand = [c.text for group in app.facts.hand for c in group.cards]
        await pick(pilot, [i for i, card in enumerate(hand) if card == "Q"])
        await pilot.press("m")
        await settle(pilot, app, lambda: len(session.game.history) == start + 5)
        assert [str(ALL_ACTIONS[a]) for a in session.game.history[-2:]] == ["add Q Q", "add Q Q"]


async def test_a_lay_with_a_step_refused_plays_none_of_it(tmp_path: Path) -> None:
    game = position(hands={0: "K K K 2 2 2 2 5", **OTHERS}, pile="4", phase=MELD, drew=True)
    session, digest = session_at(game, tmp_path), game.digest()
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        hand = [c.text for group in app.facts.hand for c in group.cards]
        await pick(pilot, [i for i, card in enumerate(hand) if card in ("K", "2")])
        await pilot.pause()
        trial = game.clone()
        for text in ("meld K K K", "add K 2", "add K 2", "add K 2"):
            trial.apply(text)
        why = trial.why_illegal("add K 2")  # a fourth wild card
        assert why is not None  # said as they are picked, under the hand, with the way to
        assert f"These cards cannot be laid: {why} (i: the rules, Melds and canastas)" in \
            " ".join(screen_text(app).split())  # the rule: i opens the rules there
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.asked == "melds"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert f"Not now: {why}"[:50] in screen_text(app).replace("\n", " ")
        assert session.game.digest() == digest and not session.saved


async def test_a_discard_that_could_be_laid_off_asks_first(tmp_path: Path) -> None:
    game = position(hands={0: "K 5 7 9", **OTHERS}, melds={0: ["K K K"]}, pile="4", phase=MELD,
                    drew=True)
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("end", "x")  # the king, last in the hand
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "add a king to your kings" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert session.game.digest() == game.digest()
        (suit,) = [s for code, s in session.eye.seen_by(0).hand
                  if code == parse_kind("K")]
        await pilot.press("x", "y")
        await settle(pilot, app, lambda: bool(session.log))
        words = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[suit]
        assert session.log[0] == f"You discarded a king of {words}."  # the one it held


async def test_undo_takes_back_an_action_that_revealed_nothing(tmp_path: Path) -> None:
    game = position(hands={0: "K K K 5 7 9"}, melds={0: ["Q Q Q"]}, pile="4", phase=MELD,
                    drew=True)
    before = game.digest()
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("end", "space", "left", "space", "left", "space", "m")
        await pilot.pause()
        assert session.game.melds(0)[-1].rank == 13 and session.can_undo
        assert "u undo" in screen_text(app).splitlines()[-1]
        await pilot.press("u")
        await pilot.pause()
        assert session.game.digest() == before and session.log == []
        assert read(tmp_path / "game.json")["actions"] == []  # saved as taken back


async def test_a_draw_cannot_be_undone(tmp_path: Path) -> None:
    game = position(hands={0: "K 5 7 9"}, melds={0: ["Q Q Q"]}, pile="4")
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("d", "u")
        await pilot.pause()
        assert len(session.game.history) == 1 and not session.can_undo


async def test_the_pile_is_taken_by_a_route_the_engine_offers(tmp_path: Path) -> None:
    game = position(hands={0: "9 9 2 5 6 7"}, melds={0: ["Q Q Q"]}, pile="4 8 9")
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert [a.text for a in app.screen.actions] == ["take pair", "take 2"]
        await pilot.press("enter")
        await pilot.pause()
        assert session.log[0] == "You took the pile with two 9s (both diamonds): 3 cards."


async def test_the_palette_takes_text_forms_and_the_hint_key_advises(tmp_path: Path) -> None:
    game = position(hands={0: "K K 5 7 9"}, melds={0: ["Q Q Q"]}, pile="4 6 K")
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("h")
        given = session.facts(hint=True).hint
        assert given is not None and "Hint: " + given.action.text in screen_text(app)
        await type_command(pilot, "meld K K K")
        await pilot.pause()
        assert "Not now: " in screen_text(app) and session.game.history == []
        await type_command(pilot, "take pair")
        await pilot.pause()
        assert session.game.history and session.log[0].startswith("You took the pile")


async def test_asking_and_answering_may_i_go_out(tmp_path: Path) -> None:
    game = position(hands={**OTHERS, 0: "K 5", 2: "4 4 J"}, melds={0: ["Q Q Q"]}, pile="7")
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert session.log[0] == "You asked: may I go out?"
        assert session.log[1].startswith("Bea (your partner) answered ")
        assert f"your partner answered {session.view.permission}" in screen_text(app)
    asked = position(hands={**OTHERS, 0: "K 5 6", 2: "4 4 J"}, melds={0: ["Q Q Q"]}, pile="7",
                     current=2)
    asked.apply("ask")
    session = session_at(asked, tmp_path / "x")
    (tmp_path / "x").mkdir()
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert "Bea (your partner) asks you: may I go out?" in screen_text(app)
        assert "y yes" in screen_text(app).splitlines()[-1]
        await pilot.press("y")
        await settle(pilot, app, lambda: bool(session.log))
        assert session.log[0] == "You answered yes: going out is allowed."


async def test_bots_move_one_at_a_time_and_think_during_the_pause(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bot's move shows ``bot_delay`` after the one before it; the next bot is asked at
    once and thinks during that pause (a search then adds only what it takes beyond it)."""
    game = position(hands={0: "K 5 7 9", **OTHERS},
                    melds={0: ["Q Q Q"]}, pile="10", phase=MELD, drew=True)
    session = session_at(game, tmp_path)
    asked: list[int] = []  # the moves played when a bot was asked to think
    real = session.bot_turn

    def counted() -> tuple[Bot, PlayerView]:
        asked.append(len(session.game.history))
        return real()

    monkeypatch.setattr(session, "bot_turn", counted)
    app = CanastaApp(session, bot_delay=1000)  # the next bot waits: one move at a time
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("end", "x")
        await settle(pilot, app, lambda: len(session.game.history) == 2 and 2 in asked)
        for _ in range(20):
            await pilot.pause()
        assert asked == [1, 2]  # the next bot was asked as soon as the first had moved
        assert len(session.game.history) == 2 and app.bots_busy  # its move waits
        assert session.log[-1] in screen_text(app).replace("\n", " ")


async def test_a_whole_deal_by_keys_ends_with_a_breakdown_that_stays(tmp_path: Path) -> None:
    # a short deal: a take, an addition, a commit
    session = start(Options(seed=51, save=str(tmp_path / "g.json")))
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        while not session.game.results:
            given = session.facts(hint=True).hint
            assert given is not None
            await play_by_keys(pilot, app, given.action.text)
            await settle(pilot, app, lambda: isinstance(app.screen, BreakdownScreen)
                         or (session.human_to_act and not app.bots_busy))
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, BreakdownScreen)  # it stays until dismissed
        text = screen_text(app)
        result = session.game.results[0]
        assert f"Deal 1 ended: {result.ended_by}" in text
        for label, value in result.sides[0].items():
            assert label in text and f"{value:+d}" in text
        await pilot.press("enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, BreakdownScreen)
        assert session.game.deal_number == 2
        assert verify(read(tmp_path / "g.json")).history == session.game.history


async def test_ascii_mode_prints_nothing_but_ascii(tmp_path: Path) -> None:
    session = session_at(Game("samba", 4), tmp_path)
    app = CanastaApp(session, ascii=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        assert any(card.suit and f"{card.rank}{card.suit}" in text
                   for group in session.facts().hand for card in group.cards)


async def test_going_out_ends_the_game_and_play_again_starts_a_new_file(
        tmp_path: Path) -> None:
    game = position(hands={0: "K 5", **OTHERS}, melds={0: ["K K K K K K", "Q Q Q"]},
                    pile="4", phase=MELD, drew=True, scores=[4900, 100])
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("g")  # the engine-found line: add the king, discard the 5
        await settle(pilot, app, lambda: isinstance(app.screen, BreakdownScreen))
        text = screen_text(app)
        assert session.game.is_terminal() and "The game is over: your side wins" in text
        assert "p: play again" in text
        assert session.log[:2] == ["You added a king of clubs to your kings.",
                                      "You discarded a 5 of hearts and went out."]
        await pilot.press("p")
        await settle(pilot, app)
        assert app.session is not session and app.session.path == tmp_path / "game-2.json"
        assert not app.session.game.is_terminal()
        assert (tmp_path / "game.json").exists()  # the finished game's record is kept


async def test_a_click_picks_a_card(tmp_path: Path) -> None:
    game = position(hands={0: "K K K 5", **OTHERS}, melds={0: ["Q Q Q"]}, pile="4",
                    phase=MELD, drew=True)
    session = session_at(game, tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        row = next(r for r in screen_text(app).splitlines() if "Your hand" in r)
        hand = app.query_one(HandPanel)
        first_king = re.search(" K[\u2660\u2665\u2666\u2663] ", row)  # K and its suit
        assert first_king is not None, row
        await pilot.click(HandPanel, offset=(first_king.start() + 1 - hand.region.x, 0))
        assert [c.text for c in hand.selection()] == ["K"] and hand.selected == {1}
        assert f"selected: {first_king.group().strip()}" in screen_text(app)


async def test_every_other_side_has_its_panel(tmp_path: Path) -> None:
    session = session_at(Game("three_hand", 2), tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        rows = screen_text(app).splitlines()
        assert any(row.startswith(" Bob · ") for row in rows)
        assert any(row.startswith(" Bea · ") for row in rows)
        assert any(row.startswith(" You · ") for row in rows)  # alone: not "Your side"


async def test_a_side_left_empty_for_the_deal_has_no_panel(tmp_path: Path) -> None:
    """Cutthroat: the side a player left to join a partner has nobody and nothing on the
    table, so it is not drawn (it once showed as "Nobody · 0 points · needs 50 to open")."""
    app = CanastaApp(session_at(cutthroat_pair(), tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert "Your side · " in text and "Bob · " in text
        assert "obody" not in text


#: A game against bots that search on two processes, as the expert level does, in a fresh
#: interpreter (where multiprocessing's resource tracker is not yet running).
SEARCHERS = """
import asyncio, sys
from canasta.tui.local import CanastaApp
from canasta.tui.session import Options, start

async def main() -> None:
    session = start(Options(seed=12, bots="ismcts:iterations=4,processes=2", save=sys.argv[1]))
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(100, 30)):
        for _ in range(6000):
            if session.human_to_act and not app.bots_busy:
                break
            await asyncio.sleep(0.01)
    print(len(session.game.history), session.human_to_act)

asyncio.run(main())
"""


def test_bots_that_search_on_two_processes_play_in_the_terminal(tmp_path: Path) -> None:
    """The expert level's search samples in helper processes; under the terminal's face
    (Textual, which captures standard error) they start and the bots play up to the person's
    turn (they once stopped at their first search: 'bad value(s) in fds_to_keep')."""
    done = subprocess.run([sys.executable, "-c", SEARCHERS, str(tmp_path / "g.json")],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    moves, human = done.stdout.split()
    assert int(moves) > 0 and human == "True"
