"""The search bot's scoring of its samples, on hand-built positions."""

from __future__ import annotations

import math

from canasta.bots.ismcts import IsmctsBot, melders
from canasta.cards import NUM_KINDS, parse_kind
from canasta.engine.actions import Action
from canasta.engine.game import MELD
from tests.helpers import position


def test_an_action_that_ends_the_hand_is_scored_with_the_hands_result() -> None:
    """Going out scores its bonus (seed 000, "Going out": 100 points): the outcome of the
    meld that ends the hand is the hand's own margin, not an estimate of the table."""
    game = position(hands={0: "K K K", 1: "4 6 10 Q", 2: "4 4", 3: "6 6"},
                    melds={0: ["A A A A A A A"], 1: ["Q Q Q"]}, pile="4 5", current=0,
                    phase=MELD, drew=True)
    outcome = IsmctsBot().outcome(game, Action.parse("meld K K K"), 0)
    game.apply("meld K K K")
    sides = game.results[0].sides
    assert game.results[0].went_out == 0 and sides[0].going_out == 100
    assert outcome == math.tanh((sides[0].total - sides[1].total) / 1000)


def test_the_melders_prior_keeps_meldable_cards_out_of_opened_hands() -> None:
    """Side 1 has melded queens: a seat of side 1 with more than three cards seldom holds a
    queen or a third natural of a rank; side 0 has not opened, so anything goes there."""
    game = position(hands={0: "4 5 6 7", 1: "4 6 10 J 9", 2: "4 4", 3: "6 6 8 8"},
                    melds={1: ["Q Q Q"]}, pile="4 5", current=0)
    likely = melders(game.view(0), 0.1)
    hand = [0] * NUM_KINDS
    assert likely(1, parse_kind("Q"), hand) == 0.1
    assert likely(1, parse_kind("K"), hand) == 1.0
    hand[parse_kind("K")] = 2
    assert likely(1, parse_kind("K"), hand) == 0.1
    assert likely(1, parse_kind("2"), hand) == 1.0  # wild cards are kept for canastas
    assert likely(2, parse_kind("Q"), hand) == 1.0  # side 0 has not opened


def test_a_settled_decision_stops_early() -> None:
    """Going out beats keeping the kings in every sample, so the search stops after
    ``settle`` samples; with ``settle=0`` it spends its whole budget."""
    game = position(hands={0: "K K K", 1: "4 6 10 Q", 2: "4 4", 3: "6 6"},
                    melds={0: ["A A A A A A A"], 1: ["Q Q Q"]}, pile="4 5", current=0,
                    phase=MELD, drew=True, scores=[3000, 1000])
    view = game.view(0)
    assert IsmctsBot(iterations=12, settle=4).search(view).samples == 4
    assert IsmctsBot(iterations=12, settle=0).search(view).samples == 12
