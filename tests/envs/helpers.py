"""Shared helpers of the environment tests: games played at random to a chosen moment."""

from __future__ import annotations

import random

from canasta import ActionType, Game
from canasta.rules import preset_names

PRESETS = preset_names()


_CONCEDE = (ActionType.ASK_ACABA, ActionType.ACABA)


def random_game(rules: str, seed: int, decisions: int) -> Game:
    """A game of ``rules`` after ``decisions`` random actions (fewer if it ends), uniform
    over the legal ones but conceding (British acaba) only when nothing else is legal, so that
    games reach the middle of a deal."""
    game, rng = Game(rules, seed), random.Random(seed)
    for _ in range(decisions):
        if game.is_terminal():
            break
        legal = game.legal_actions()
        game.apply(rng.choice([a for a in legal if a.type not in _CONCEDE] or legal))
    return game
