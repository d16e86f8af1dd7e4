"""Cards and their values (docs/rules.md: seed 000 "Setup"; seed 002 "Card Point Values")."""

from __future__ import annotations

import pytest

from canasta.cards import (
    ACE,
    BLACK_THREE,
    JOKER,
    RED_THREE,
    TWO,
    Card,
    kind_counts,
    kind_name,
    parse_kind,
)
from canasta.engine.tables import tables_for
from canasta.errors import CardError
from canasta.rules import load


@pytest.mark.parametrize("text", ["AS", "10D", "3H", "2C", "JK", "KH", "4S", "QC"])
def test_card_text_round_trips(text: str) -> None:
    assert str(Card.parse(text)) == text


@pytest.mark.parametrize(("text", "expected"), [("K♥", "KH"), ("10♦", "10D"), ("a♠", "AS"),
                                                ("2♣", "2C"), ("joker", "JK"), (" 1h ", "AH")])
def test_suit_symbols_and_case_are_accepted(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "K", "1X", "11H", "ZZ", "KHH", "3"])
def test_bad_card_text_is_refused_with_the_text(text: str) -> None:
    with pytest.raises(CardError, match="is not a card"):
        Card.parse(text)


def test_cards_fold_to_kinds() -> None:
    assert Card.parse("3H").kind == Card.parse("3D").kind == RED_THREE
    assert Card.parse("3S").kind == Card.parse("3C").kind == BLACK_THREE
    assert Card.parse("2D").kind == TWO
    assert Card.parse("JK").kind == JOKER
    assert Card.parse("AC").kind == ACE
    assert parse_kind("R3") == RED_THREE and kind_name(parse_kind("10H")) == "10"


def test_classic_pack_is_108_cards() -> None:
    """docs/rules.md, seed 000: two standard decks plus four jokers, 108 cards."""
    counts = kind_counts(2, 4)
    assert sum(counts) == 108
    assert counts[JOKER] == 4 and counts[TWO] == 8 and counts[RED_THREE] == 4
    assert counts[BLACK_THREE] == 4 and counts[ACE] == 8


def test_card_points() -> None:
    """docs/rules.md, seed 002: joker 50; 2 and ace 20; K to 8 10; 7 to 4 and black 3 5."""
    points = tables_for(load("classic")).points
    expected = {"JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10,
                "8": 10, "7": 5, "6": 5, "5": 5, "4": 5, "B3": 5}
    assert {k: points[parse_kind(k)] for k in expected} == expected
