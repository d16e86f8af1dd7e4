"""Card counting from a view: unseen cards, hypergeometric odds, dead ranks, danger."""

from __future__ import annotations

from math import comb

import pytest

from canasta.bots.knowledge import Knowledge, at_least
from canasta.cards import parse_kind
from tests.helpers import MELD, position


def test_hypergeometric_odds() -> None:
    assert at_least(10, 2, 5, 2) == pytest.approx(comb(8, 3) / comb(10, 5))
    assert at_least(10, 2, 5, 1) == pytest.approx(1 - comb(8, 5) / comb(10, 5))
    assert at_least(10, 1, 5, 2) == 0.0
    assert at_least(10, 4, 0, 1) == 0.0
    assert at_least(10, 4, 3, 0) == 1.0


def test_cards_known_to_be_held_count_for_certain() -> None:
    game = position(hands={0: "4 5 6", 1: "K K 7 8"}, melds={0: ["A A A"], 1: ["Q Q Q"]},
                    pile="9", current=0, phase=MELD, drew=True,
                    extra="known | K K | |")  # seat 1 took two kings from the pile
    know = Knowledge(game.view(0))
    king = parse_kind("K")
    assert know.p_holds(1, king, 2) == 1.0
    assert know.hidden_size(1) == 2
    assert 0.0 < know.p_holds(1, king, 3) < 1.0
    assert know.take_danger(king) == 1.0


def test_dead_ranks_and_safe_cards() -> None:
    game = position(hands={0: "7 8 J Q", 1: "4 6 9 10 Q"}, melds={0: ["A A A"],
                    1: ["8 8 8 8 8 8"]}, pile="2 9 10 J 5 5 K", current=0, phase=MELD,
                    drew=True)
    know = Knowledge(game.view(0))
    assert know.dead(parse_kind("8")) and not know.dead(parse_kind("7"))
    assert know.unseen[parse_kind("8")] == 1
    assert know.take_danger(parse_kind("8")) == 0.0
    assert know.take_danger(parse_kind("B3")) == 0.0  # a 3 on top cannot be taken
    assert know.take_danger(parse_kind("2")) == 0.0  # a wild freezes the pile
    assert know.frozen_for(1)


def test_an_unfrozen_pile_is_taken_by_adding_to_a_meld() -> None:
    game = position(hands={0: "7 9 Q J", 1: "4 6 10 Q"}, melds={0: ["A A A"], 1: ["Q Q Q"]},
                    pile="4 5 6 8 10", current=0, phase=MELD, drew=True)
    know = Knowledge(game.view(0))
    assert not know.frozen_for(1)
    assert know.take_danger(parse_kind("Q")) == 1.0
    assert know.take_danger(parse_kind("7")) < 0.5
