"""The greedy bot's going-out verdict reads each seat's own game total (bots/estimate.py)."""

from __future__ import annotations

from canasta.bots.estimate import going_out_verdict
from canasta.bots.knowledge import Knowledge
from canasta.rules import load
from tests.helpers import MELD, position

CANASTAS = ["K K K K K K K", "Q Q Q Q Q Q Q"]


def test_a_cutthroat_partner_goes_out_on_its_own_total() -> None:
    """Cutthroat (docs/rules.md, Presets: cutthroat): each seat keeps its own total and a
    partner scores the partnership's hand. Seat 2, partnered with seat 0 (7,400 to seat 0's
    100; game 7,500), wins the game by going out: its own total decides, not seat 0's."""
    game = position(load("cutthroat"), hands={2: "9 9 9 5"}, current=2, phase=MELD,
                    drew=True, melds={0: CANASTAS, 1: ["J J J"]}, scores=[100, 3000, 7400],
                    extra="partners 0 1 0")
    assert game.side_of(2) == game.side_of(0) == 0
    go, why = going_out_verdict(Knowledge(game.view(2)), hold_margin=10_000, low_stock=0)
    assert (go, why) == (True, "going out wins the game")
    # Seat 0, on the same table with 100 of its own, does not win the game by it.
    seat0 = position(load("cutthroat"), hands={0: "9 9 9 5"}, current=0, phase=MELD,
                     drew=True, melds={0: CANASTAS, 1: ["J J J"]}, scores=[100, 3000, 7400],
                     extra="partners 0 1 0")
    assert going_out_verdict(Knowledge(seat0.view(0)), 10_000, 0)[1] != "going out wins the game"


def test_in_a_partnership_game_the_totals_are_the_sides() -> None:
    """Classic: both partners read their side's column (seat 3 plays for side 1)."""
    game = position(hands={3: "9 9 9 5"}, current=3, phase=MELD, drew=True,
                    melds={1: CANASTAS, 0: ["J J J"]}, scores=[3000, 4900])
    assert going_out_verdict(Knowledge(game.view(3)), 10_000, 0) == (True,
                                                                      "going out wins the game")
