"""The deal (docs/rules.md, seed 000 "Setup"; seed 003 and ruling 16 for the first dealer)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from canasta import Card, Game
from canasta.cards import JOKER, RED_THREE, TWO
from canasta.engine.deal import cut_for_dealer, drawn, shuffle
from canasta.rules import load
from tests.helpers import end_hand


def first_seed(rules: str, wanted: Callable[[Game], bool]) -> Game:
    """The first game (by seed) whose deal shows what the test is about."""
    for seed in range(5000):
        game = Game(rules, seed)
        if wanted(game):
            return game
    raise AssertionError("no seed below 5000 shows it")


@pytest.mark.parametrize(("rules", "players", "cards"),
                         [("classic", 4, 11), ("two_hand", 2, 15), ("three_hand", 3, 13)])
def test_each_player_is_dealt_the_preset_number(rules: str, players: int, cards: int) -> None:
    """docs/rules.md, seed 000: 11 cards each; 15 in the 2-hand game; 13 in the 3-hand game."""
    for seed in range(20):
        game = Game(rules, seed)
        assert [p.size for p in game.state.seats] == [cards] * players
        assert game.card_count() == 108


def test_cut_values() -> None:
    """docs/rules.md, seed 003: aces 1, jacks 11, queens 12, kings and jokers 13."""
    assert [Card.parse(t).cut_value for t in ("AS", "2H", "10C", "JD", "QS", "KH", "JK")] == [
        1, 2, 10, 11, 12, 13, 13]


def test_high_card_deals_and_ties_redraw() -> None:
    """docs/rules.md, ruling 16: high card deals; the tied players (only they) draw again."""
    rules = load("classic")
    saw_tie = False
    for seed in range(200):
        dealer, rounds = cut_for_dealer(rules, seed)
        for before, after in itertools.pairwise(rounds):
            best = max(Card.parse(c).cut_value for _, c in before)
            assert [s for s, _ in after] == [s for s, c in before
                                             if Card.parse(c).cut_value == best]
            saw_tie = True
        last = rounds[-1]
        values = {seat: Card.parse(c).cut_value for seat, c in last}
        assert values[dealer] == max(values.values())
        assert list(values.values()).count(values[dealer]) == 1
    assert saw_tie


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 63, 64, 65, 108, 162, 300])
def test_shuffles_are_the_standard_library_shuffle(size: int) -> None:
    """Every game's deals depend on it: ``shuffle`` makes ``random.shuffle``'s permutation,
    ``drawn`` gives its cards in the order ``pop`` takes them, and both leave the generator
    where ``random.shuffle`` leaves it (``drawn`` once every card is taken)."""
    for seed in range(25):
        expected, rng = list(range(size)), random.Random(seed)
        rng.shuffle(expected)
        mine, mine_rng = list(range(size)), random.Random(seed)
        shuffle(mine_rng, mine)
        assert mine == expected
        assert mine_rng.getstate() == rng.getstate()
        drawn_rng = random.Random(seed)
        assert list(drawn(drawn_rng, list(range(size)))) == expected[::-1]
        assert drawn_rng.getstate() == rng.getstate()


def test_deal_passes_clockwise() -> None:
    game = Game("classic", 3)
    dealers = [game.dealer]
    while game.deal_number < 4:
        end_hand(game)
        dealers.append(game.dealer)
    assert [(d - dealers[0]) % 4 for d in dealers] == [0, 1, 2, 3]


def test_player_left_of_dealer_plays_first() -> None:
    game = Game("classic", 5)
    assert game.current_player == (game.dealer + 1) % 4


def test_a_wild_or_red_three_upcard_is_covered_and_freezes_the_pile() -> None:
    """docs/rules.md, seed 000: turn cards until an ordinary card shows; the pile starts frozen."""
    game = first_seed("classic", lambda g: len(g.state.table.pile) > 1)
    pile = game.state.table.pile
    assert pile[0] in (JOKER, TWO, RED_THREE)
    assert pile[-1] not in (JOKER, TWO, RED_THREE)
    assert all(k in (JOKER, TWO, RED_THREE) for k in pile[:-1])
    assert game.state.table.freezers >= 1  # frozen by its cards, not only by no side's opening
    assert all(game.pile_frozen_for(seat) for seat in range(4))


def test_an_ordinary_upcard_does_not_freeze_the_pile_for_a_melded_side() -> None:
    game = first_seed("classic", lambda g: len(g.state.table.pile) == 1)
    assert game.state.table.freezers == 0


def test_red_threes_dealt_are_laid_out_and_replaced() -> None:
    """docs/rules.md, seed 000: red 3s go face up before the first turn, each replaced from the
    stock."""
    game = first_seed("classic", lambda g: sum(p.red_threes for p in g.state.seats) >= 2)
    seats, table = game.state.seats, game.state.table
    assert all(p.hand[RED_THREE] == 0 for p in seats)
    assert [p.size for p in seats] == [11] * 4
    assert len(table.stock) == 108 - 44 - len(table.pile) - sum(p.red_threes for p in seats)


def test_the_deal_is_determined_by_the_seed() -> None:
    assert Game("classic", 11).digest() == Game("classic", 11).digest()
    assert Game("classic", 11).digest() != Game("classic", 12).digest()
