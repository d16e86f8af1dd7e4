"""Helpers for the preset scenario tests: refusals that change nothing, feet in a position."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from canasta import Game, IllegalAction
from canasta.cards import NUM_KINDS
from tests.helpers import counts


def refused(game: Game, action: str, match: str) -> None:
    """``action`` is illegal for the reason ``match`` (a regular expression) and the game is
    left exactly as it was."""
    before = game.digest()
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert game.digest() == before


def with_feet(game: Game, feet: Mapping[int, str]) -> Game:
    """Give the listed seats a foot not yet taken up (Hand and Foot); every other seat has
    none. A position built with the default stock gives up the feet's cards from it, so the
    pack stays complete."""
    full = game.card_count() - sum(game.footsz) == sum(game.t.pack)
    game.foot = [counts(feet.get(seat, "")) for seat in range(game.t.players)]
    game.footsz = [sum(foot) for foot in game.foot]
    if full:
        for foot in game.foot:
            for kind in range(NUM_KINDS):
                for _ in range(foot[kind]):
                    game.stock.remove(kind)
        assert game.card_count() == sum(game.t.pack)
    game._legal = None
    return game
