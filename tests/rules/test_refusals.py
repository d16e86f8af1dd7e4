"""Refusals name the rule that really stops the action (regressions): each reason
here was wrong before the engine's rules and refusals became one (the generator's own check is
the reason given: docs/architecture.md, "Refusals")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from canasta import Game
from canasta.engine.refusal import Topic
from canasta.errors import ActionParseError, CanastaError, IllegalAction
from canasta.presentation.rules_words import HEADINGS
from tests.helpers import MELD, legal_texts, position

NO_CANASTA = "you may not go out: your side needs 1 canasta to go out"


def test_a_take_that_strands_the_hand_says_so() -> None:
    """House: a mixed canasta of 8s, ``8 8`` in hand, an 8 on the pile. The take would leave
    one card while the side may not go out (docs/rules.md, ruling 20); it was refused as
    "your meld of 8s already holds too many wild cards" (additions are free under the house
    sheet's wild-card rule)."""
    game = position("house", hands={0: "8 8"}, melds={0: ["8 8 8 8 8 2 2"]}, pile="5 8")
    assert "take pair" not in legal_texts(game)
    assert game.why_illegal("take pair") == (
        "that would leave you one card to discard, and you may not go out: your side needs 2 "
        "canastas to go out")


def test_an_opening_down_to_one_card_without_a_canasta_names_the_canasta() -> None:
    """An unmelded side lays 120 points tentatively, holds one card and has no canasta: the
    discard would go out, and commit would leave no card to keep. Both used to point at each
    other ("commit your opening ... or take it back"); both now name the missing canasta, and
    taking the opening back is still open."""
    game = position(hands={0: "A A A K K K Q Q Q 5"}, phase=MELD, drew=True)
    for action in ("meld A A A", "meld K K K", "meld Q Q Q"):
        game.apply(action)
    assert legal_texts(game) == ["retract"]
    assert game.why_illegal("discard 5") == (
        f"that discard would go out, and {NO_CANASTA}; take your opening back to play on")
    assert game.why_illegal("commit") == (
        "committing would leave you no card to keep after your discard, and your side needs 1 "
        "canasta to go out")


def test_an_opening_that_took_a_one_card_pile_goes_out_by_discarding() -> None:
    """The pile was one card, the top card, melded: nothing waits for the commit, so the
    opening may go out by its last discard. It used to be refused ("commit your opening (it
    has 80 of the 50 points needed)"): no cards waiting was read as cards waiting."""
    game = position(hands={0: "K K K K K 2 5"}, melds={1: ["Q Q Q"]}, melded=[False, True],
                    pile="K")
    for action in ("take pair", "add K K", "add K K", "add K K", "add K 2"):
        game.apply(action)
    assert game.state.turn.opening is not None and game.state.turn.opening.pending is None
    assert "discard 5" in legal_texts(game)
    game.apply("discard 5")
    assert game.results[-1].ended_by == "going out" and game.results[-1].went_out == 0


def test_an_opening_that_took_a_one_card_pile_goes_out_by_its_last_meld() -> None:
    """The same with no card left to discard: melding the last card goes out at once; it used
    to wait for a commit."""
    game = position(hands={0: "K K K K K 2"}, melds={1: ["Q Q Q"]}, melded=[False, True],
                    pile="K")
    for action in ("take pair", "add K K", "add K K", "add K K"):
        game.apply(action)
    game.apply("add K 2")
    assert game.results and game.results[-1].ended_by == "going out"
    assert game.results[-1].went_out == 0 and game.deal_number == 2


@pytest.mark.parametrize("form", ["draw", 3])
def test_why_illegal_takes_an_action_its_code_or_its_text(form: object) -> None:
    game = Game("classic", 1)
    game.apply("draw")
    assert game.why_illegal(form) == "you have already drawn or taken the pile this turn"  # type: ignore[arg-type]


@pytest.mark.parametrize("form", ["dance", 10**6, -1, None, 1.5])
def test_why_illegal_refuses_what_is_no_action(form: object) -> None:
    with pytest.raises(ActionParseError):
        Game("classic", 1).why_illegal(form)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", ["x", 1.5, True, None, "7"])
def test_a_game_refuses_a_seed_that_is_not_a_whole_number(seed: object) -> None:
    with pytest.raises(CanastaError, match="a game's seed is a whole number"):
        Game("classic", seed)  # type: ignore[arg-type]


def _refused(game: Game, action: str) -> tuple[str, str]:
    """The refusal's words and topic, as ``Game.refusal`` and ``IllegalAction`` give them."""
    refusal = game.refusal(action)
    assert refusal is not None
    with pytest.raises(IllegalAction) as raised:
        game.apply(action)
    assert (raised.value.reason, raised.value.topic) == (refusal.words(), refusal.topic)
    return refusal.words(), refusal.topic


@pytest.mark.parametrize(("game", "action", "words", "topic"), [
    (lambda: Game("classic", 1), "discard K", "draw from the stock or take the pile first",
     Topic.TURN),
    (lambda: position(hands={0: "K 5 6"}, pile="7 K"), "take pair",
     "you need two natural kings in your hand to take the pile", Topic.PILE),
    (lambda: position(hands={0: "K K K 5"}, phase=MELD, drew=True), "meld Q Q Q",
     "you have 0 queens; this meld needs 3", Topic.MELDS),
    (lambda: position(hands={0: "5 5 5 6 7"}, phase=MELD, drew=True), "commit",
     "there is no opening to commit", Topic.OPENING),
    (lambda: position(hands={0: "B3 B3 B3 5 6"}, melds={0: ["K K K"]}, phase=MELD, drew=True),
     "meld B3 B3 B3", "black 3s may be melded only as you go out (docs/rules.md, ruling 10)",
     Topic.THREES),
    (lambda: position(hands={0: "5"}, melds={0: ["K K K"]}, phase=MELD, drew=True),
     "discard 5", "that discard would go out, and you may not go out: your side needs 1 canasta "
     "to go out", Topic.GOING_OUT),
])
def test_a_refusal_names_the_topic_of_its_rule(game: Callable[[], Game], action: str,
                                               words: str, topic: Topic) -> None:
    """Each refusal names the part of the rules it applies (``Refusal.topic``), the topic of
    the rules in words a face leads to from it (docs/presentation.md, "The rules in words")."""
    assert _refused(game(), action) == (words, topic)
    assert topic in HEADINGS


def test_a_finished_game_refuses_by_the_end_of_the_game() -> None:
    game = Game("classic", 1)
    while not game.is_terminal():
        game.apply(game.legal_actions()[0])
    assert _refused(game, "draw") == ("the game is over", Topic.END)
