"""Helpers for the preset scenario tests: refusals that change nothing, feet in a position."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from canasta import Game, IllegalAction, RuleSet
from canasta.engine.tables import tables_for
from canasta.rules import load
from tests.helpers import position


def refused(game: Game, action: str, match: str) -> None:
    """``action`` is illegal for the reason ``match`` (a regular expression) and the game is
    left exactly as it was."""
    before = game.digest()
    with pytest.raises(IllegalAction, match=match):
        game.apply(action)
    assert game.digest() == before


def with_feet(rules: str | RuleSet, feet: Mapping[int, str], **kwargs: Any) -> Game:
    """``position(rules, **kwargs)`` (``tests.helpers``) in which the listed seats have a foot
    not yet taken up (Hand and Foot, the position's ``feet`` field); every other seat has
    none. A position that gives no stock puts every card it does not place into the stock, the
    feet's cards excepted, so the pack stays complete."""
    ruleset = load(rules) if isinstance(rules, str) else rules
    players = tables_for(ruleset).players
    fields = [kwargs.pop("extra", "")]
    if feet:
        fields.append("feet " + " | ".join(feet.get(seat, "") for seat in range(players)))
    game = position(ruleset, extra="; ".join(f for f in fields if f), **kwargs)
    assert [p.foot_size for p in game.state.seats] == \
        [len(feet.get(seat, "").split()) for seat in range(players)]
    if kwargs.get("stock") is None:
        assert game.card_count() == sum(game.t.pack)
    return game
