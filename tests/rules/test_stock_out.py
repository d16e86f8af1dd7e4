"""When the stock runs out (docs/rules.md: seed 000 "When the stock runs out"; ruling 13)."""

from __future__ import annotations

import pytest

from canasta import IllegalAction
from tests.helpers import MELD, legal_texts, position

MELDS = {0: ["8 8 8"], 1: ["J J J"]}


def test_a_red_three_as_the_last_stock_card_ends_the_hand_at_once() -> None:
    """docs/rules.md, seed 000: the player shows it and the hand ends immediately with no
    discard."""
    game = position(hands={0: "9 5", 1: "4"}, melds=MELDS, stock="R3")
    game.apply("draw")
    result = game.results[-1]
    assert result.ended_by == "red 3 was the last stock card" and result.went_out == -1
    assert result.sides[0].red_threes == 1 and result.sides[0].red_three_points == 100
    assert result.sides[0].in_hand == -15 and result.sides[0].going_out == 0


def test_taking_the_pile_is_compulsory_when_the_top_card_fits_a_meld() -> None:
    """docs/rules.md, seed 000: with no stock, if the top card can be added to one of your side's
    melds and the pile is not frozen against you, you must take the pile."""
    game = position(hands={0: "8 8 5 6"}, melds=MELDS, pile="4 8", stock="")
    assert legal_texts(game) == ["ask", "take pair", "take meld"]
    with pytest.raises(IllegalAction, match="taking the pile is compulsory"):
        game.apply("decline")
    with pytest.raises(IllegalAction, match="stock is empty"):
        game.apply("draw")
    game.apply("take meld")
    assert game.phase == MELD


def test_the_ordinary_route_may_be_taken_or_left() -> None:
    """docs/rules.md, seed 000: you may still take it by the two-cards route, but only the add case
    is forced; leaving it ends the hand, with no going-out bonus."""
    game = position(hands={0: "9 9 5 6"}, melds=MELDS, pile="4 9", stock="")
    assert legal_texts(game) == ["ask", "take pair", "decline"]
    game.apply("decline")
    result = game.results[-1]
    assert result.ended_by == "stock exhausted" and result.went_out == -1
    assert all(side.going_out == 0 for side in result.sides)


def test_the_hand_ends_when_the_player_cannot_take_the_pile() -> None:
    """docs/rules.md, seed 000: the moment a player has no legal way to take the pile, the hand
    stops."""
    game = position(hands={0: "9 5 6", 1: "5 6"}, melds=MELDS, pile="4 7", stock="",
                    phase=MELD)
    game.apply("discard 9")  # seat 1 faces a 9 it cannot use and an empty stock
    result = game.results[-1]
    assert result.ended_by == "stock exhausted"
    assert result.sides[0].in_hand == -10 and result.sides[1].in_hand == -10
    assert game.deal_number == 2


def test_two_hand_draws_what_is_left_of_the_stock() -> None:
    game = position("two_hand", hands={0: "9 5"}, melds=MELDS, stock="K")
    game.apply("draw")
    assert game.state.seats[0].size == 3 and game.state.table.stock == []
