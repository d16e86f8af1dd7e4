"""End of the game (seed 000 "Goal & scoring"; RULINGS 15)."""

from __future__ import annotations

import pytest

from canasta.rules import from_dict, load
from tests.helpers import position


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
    game._end_hand(-1, "stock exhausted")  # an empty table scores 0 for both sides
    assert game.scores == scores
    assert game.is_terminal() == over and game.winner == winner
    assert game.deal_number == (1 if over else 2)
    if over:
        assert game.legal_actions() == [] and game.current_player == -1
        assert game.returns() == [1.0 if s % 2 == winner else -1.0 for s in range(4)]


def test_the_next_deals_minimum_follows_the_running_total() -> None:
    """REFERENCE §16 example 16: 1,495 against 1,525 means 50 against 90 next deal."""
    game = position(hands={}, scores=[1495, 1525], stock="K")
    game._end_hand(-1, "stock exhausted")
    assert game.minimum == [50, 90]


@pytest.mark.parametrize(("scores", "over"), [([1200, 900], True), ([1000, 1000], False)])
def test_a_game_of_a_set_number_of_deals_level_after_the_last_plays_another(
        scores: list[int], over: bool) -> None:
    """docs/rules.md, ruling 15: with ``game.deals``, the higher total after the last deal
    wins; level totals play one more deal, as at a target."""
    rules = from_dict({"game": {"target": 0, "deals": 1}}, base=load("classic"))
    game = position(rules, hands={}, scores=scores, stock="K")
    game._end_hand(-1, "stock exhausted")
    assert game.is_terminal() == over
    assert game.deal_number == (1 if over else 2)
    if not over:  # the extra deal ends the game unless it leaves the totals level again
        game._end_hand(-1, "stock exhausted")
        assert game.is_terminal() == (game.scores[0] != game.scores[1])
