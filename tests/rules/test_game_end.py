"""End of the game (docs/rules.md: seed 000 "Goal & scoring"; ruling 15)."""

from __future__ import annotations

import pytest

from canasta.rules import from_dict, load
from tests.helpers import end_hand, position


@pytest.mark.parametrize(("scores", "over", "winner"), [
    ([4995, 0], False, -1),
    ([5000, 4000], True, 0),
    ([4000, 5005], True, 1),
    ([5200, 5100], True, 0),  # both over: the higher total wins
    ([5100, 5100], False, -1),  # level: one more deal
])
def test_the_game_ends_once_a_side_reaches_5000(scores: list[int], over: bool,
                                                winner: int) -> None:
    game = position(hands={}, scores=scores, stock="K")
    end_hand(game)  # an empty table scores 0 for both sides
    assert game.scores == scores
    assert game.is_terminal() == over and game.winner == winner
    assert game.deal_number == (1 if over else 2)
    if over:
        assert game.legal_actions() == [] and game.current_player == -1
        assert game.returns() == [1.0 if s % 2 == winner else -1.0 for s in range(4)]


def test_the_next_deals_minimum_follows_the_running_total() -> None:
    """docs/rules.md, REFERENCE §16 example 16: 1,495 against 1,525 means 50 against 90 next
    deal. Both sides start the deal at 1,400 (50 each); the melds of the hand (95 and 125) bring
    them to the example's totals."""
    game = position(hands={}, scores=[1400, 1400], stock="K",
                    melds={0: ["A A A A", "4 4 4"], 1: ["A A A A", "K K K", "5 5 5"]})
    assert [side.minimum for side in game.state.sides] == [50, 50]
    end_hand(game)
    assert game.scores == [1495, 1525] and game.deal_number == 2
    assert [side.minimum for side in game.state.sides] == [50, 90]


@pytest.mark.parametrize(("scores", "over"), [([1200, 900], True), ([1000, 1000], False)])
def test_a_game_of_a_set_number_of_deals_level_after_the_last_plays_another(
        scores: list[int], over: bool) -> None:
    """docs/rules.md, ruling 15: with ``game.deals``, the higher total after the last deal
    wins; level totals play one more deal, as at a target."""
    rules = from_dict({"game": {"target": 0, "deals": 1}}, base=load("classic"))
    game = position(rules, hands={}, scores=scores, stock="K")
    end_hand(game)
    assert game.is_terminal() == over
    assert game.deal_number == (1 if over else 2)
    if not over:  # the extra deal ends the game unless it leaves the totals level again
        end_hand(game)
        assert game.is_terminal() == (game.scores[0] != game.scores[1])
