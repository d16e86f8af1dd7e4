"""The initial meld (docs/rules.md: seed 000 "The first meld"; ruling 6; REFERENCE §16 examples
1-6, 16)."""

from __future__ import annotations

import pytest

from canasta import IllegalAction
from canasta.rules import load
from tests.helpers import DRAW, MELD, counts, kinds, legal_texts, position


@pytest.mark.parametrize(("score", "minimum"), [
    (-5, 15), (-1000, 15), (0, 50), (1495, 50), (1500, 90), (1525, 90), (2995, 90),
    (3000, 120), (9000, 120)])
def test_minimum_by_score_at_the_start_of_the_deal(score: int, minimum: int) -> None:
    """docs/rules.md, seed 000: 15 below zero, 50 from 0 to 1,495, 90 to 2,995, 120 from 3,000."""
    assert load("classic").minimum_for(score) == minimum


@pytest.mark.parametrize(("score", "melds", "ok"), [
    (1600, ["meld 6 6 6", "meld K K K", "add K 2"], False),  # 65 < 90
    (1600, ["meld 6 6 6", "meld A A A", "add A 2"], True),  # 95 >= 90
    (1000, ["meld 6 6 6", "meld K K K", "add K 2"], True),  # 65 >= 50
    (1000, ["meld 6 6 6", "meld A A A", "add A 2"], True),
    (3000, ["meld 6 6 6", "meld K K K", "add K 2"], False),  # 65 < 120
    (3000, ["meld 6 6 6", "meld A A A", "add A 2"], False),  # 95 < 120
    (0, ["meld 5 5 5", "meld K K 2"], True),  # 15 + 40 = 55
    (0, ["meld K K K", "add K 2"], True),  # 30 + 20 = 50
    (0, ["meld K K JK"], True),  # 70
    (0, ["meld 4 4 4", "meld 5 5 5"], False),  # 30
])
def test_all_melds_of_the_turn_count_together(score: int, melds: list[str], ok: bool) -> None:
    """docs/rules.md, REFERENCE §16 examples 1-7: the opening's card points against the minimum."""
    game = position(hands={0: "6 6 6 K K K A A A 2 5 5 5 4 4 4 JK 9 9"}, scores=[score, 0],
                    phase=MELD, drew=True)
    for text in melds:
        game.apply(text)
    assert ("commit" in legal_texts(game)) == ok
    if not ok:
        need = load("classic").minimum_for(score)
        with pytest.raises(IllegalAction, match=f"your side needs {need}"):
            game.apply("commit")


def test_an_opening_that_falls_short_can_be_taken_back() -> None:
    """No dead ends: a short opening is retracted and the cards return to the hand (docs/rules.md,
    "How the engine settles what the texts leave open": tentative openings)."""
    game = position(hands={0: "4 4 4 9 10"}, phase=MELD, drew=True)
    game.apply("meld 4 4 4")
    assert game.melds(0) and "discard 9" not in legal_texts(game)
    game.apply("retract")
    assert game.melds(0) == [] and game.state.seats[0].hand == counts("4 4 4 9 10")
    game.apply("discard 9")
    assert not game.state.sides[0].opened


def test_with_the_pile_the_top_card_counts_and_the_buried_cards_do_not() -> None:
    """docs/rules.md, seed 000: if you make the initial meld while taking the pile, the top card
    counts but the buried cards do not; they come into the hand only once the opening is made."""
    game = position(hands={0: "K K 7 7 7 5"}, pile="A A JK K", stock="9")
    game.apply("take pair")
    opening = game.state.turn.opening
    assert opening is not None and opening.pending == tuple(kinds("A A JK"))
    assert game.state.turn.opening_points == 30
    assert "commit" not in legal_texts(game)
    game.apply("meld 7 7 7")
    assert game.state.turn.opening_points == 45 and "commit" not in legal_texts(game)
    game.apply("retract")
    assert game.state.table.pile == kinds("A A JK K") and game.phase == DRAW
    assert game.state.seats[0].hand == counts("K K 7 7 7 5")


def test_the_pile_joins_the_hand_when_the_opening_is_committed() -> None:
    game = position(hands={0: "K K A A A 5"}, pile="9 JK K", stock="9")
    game.apply("take pair")
    game.apply("meld A A A")
    assert game.state.turn.opening_points == 90
    game.apply("commit")
    assert game.state.sides[0].opened and game.state.seats[0].hand == counts("5 9 JK")


def test_openings_taken_back_too_often_close_the_pile_for_the_turn() -> None:
    """Engine cap (limits.retracts_per_turn; docs/rules.md, "Engine caps"): keeps every turn finite;
    the stock stays open."""
    game = position(hands={0: "K K 5 6"}, pile="9 K", stock="9 8")
    for _ in range(2):
        game.apply("take pair")
        game.apply("retract")
    assert "take pair" not in legal_texts(game)
    with pytest.raises(IllegalAction, match="taken back your opening 2 times"):
        game.apply("take pair")
    game.apply("draw")


def test_a_side_that_has_melded_needs_no_minimum() -> None:
    """docs/rules.md, seed 000: once one partner has gone down the minimum is satisfied for both."""
    game = position(hands={2: "4 4 4 9 10"}, melds={0: ["K K K"]}, current=2, phase=MELD)
    game.apply("meld 4 4 4")
    assert game.state.turn.opening is None and game.state.sides[0].opened
