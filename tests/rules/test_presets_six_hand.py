"""The ``six_hand`` preset (docs/rules.md, Presets: six_hand): seed 001 ("a six-player game in two
partnerships of three"), seed 002 ("Players: 2, 4, 6"), with REFERENCE §5 (rummy-games) for the
numbers (all described in docs/rules.md, Sources)."""

from __future__ import annotations

from typing import Any

import pytest

from canasta import Game
from canasta.engine.scoring import Meld, score_side
from canasta.rules import from_dict, load
from tests.helpers import ANSWER, MELD, kinds, position
from tests.preset_helpers import refused

SIX = load("six_hand")
KING = kinds("K")[0]


def six(**kwargs: Any) -> Game:
    return position(SIX, **kwargs)


def test_two_partnerships_of_three_three_decks_thirteen_each() -> None:
    """docs/rules.md, seed 001: "a six-player game in two partnerships of three"; REFERENCE §5:
    162 cards (3 x 52 + 6 jokers), 13 cards each. Partners sit apart: seats 0, 2, 4 against
    1, 3, 5."""
    game = Game(SIX, 5)
    assert sum(game.t.pack) == 162 == game.card_count()
    assert [p.size for p in game.state.seats] == [13] * 6
    assert [game.side_of(seat) for seat in range(6)] == [0, 1, 0, 1, 0, 1]


def test_the_next_partner_answers_may_i_go_out() -> None:
    """docs/rules.md, seed 000's "one question across the table": with three partners the next
    one answers."""
    game = six(hands={0: "K 9 4 5"}, melds={0: ["Q Q Q"], 1: ["J J J"]})
    game.apply("ask")
    assert game.phase == ANSWER and game.current_player == 2
    refused(game, "draw", "seat 0 asked 'may I go out\\?': seat 2 must answer yes or no")
    game.apply("no")
    assert game.current_player == 0


def test_two_canastas_to_go_out() -> None:
    """docs/rules.md, REFERENCE §5: "Two canastas are needed to go out"."""
    game = six(hands={0: "K 9"}, melds={0: ["Q Q Q Q Q Q Q", "K K K"]}, phase=MELD, drew=True)
    refused(game, "add K K", "your side needs 2 canastas to go out")


def test_game_to_10000_and_150_from_7500() -> None:
    """docs/rules.md, REFERENCE §5: "10000 with two teams. When playing to 10000, the minimum at
    7500+ is 150"."""
    assert SIX.game.target == 10000
    assert [SIX.minimum_for(s) for s in (-5, 0, 1500, 3000, 7495, 7500)] == \
        [15, 50, 90, 120, 120, 150]


@pytest.mark.parametrize(("red", "value"), [(1, 100), (3, 300), (4, 400), (5, 1000),
                                             (6, 1200)])
def test_red_threes_100_each_1000_for_five_1200_for_six(red: int, value: int) -> None:
    """docs/rules.md, REFERENCE §5: "Red 3s: 100 each up to four; five red 3s = 1000 total;
    six = 1200 total"; counted against a side that has not melded, as classic."""
    assert score_side(SIX, 0, [Meld(KING, 3)], [], red, True).red_three_points == value
    assert score_side(SIX, 0, [], [], red, False).red_three_points == -value


def test_three_partnerships_of_two_is_one_option_away() -> None:
    """docs/rules.md, seed 001 and REFERENCE §5: "Either two 3-player partnerships or three 2-player
    partnerships." With players.sides = 3, partners are three seats apart."""
    three = from_dict({"players": {"sides": 3}}, base=SIX)
    game = position(three, hands={0: "K 9 4 5"}, melds={0: ["Q Q Q"], 1: ["J J J"]})
    assert [game.side_of(seat) for seat in range(6)] == [0, 1, 2, 0, 1, 2]
    game.apply("ask")
    assert game.current_player == 3
