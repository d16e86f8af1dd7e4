"""Shared helpers of the environment tests: games played at random to a chosen moment."""

from __future__ import annotations

import random

from canasta import Action, ActionType, Game
from canasta.rules import preset_names

PRESETS = preset_names()


_CONCEDE = (ActionType.ASK_ACABA, ActionType.ACABA)


def random_action(game: Game, rng: random.Random) -> Action:
    """A legal action, uniform over the legal ones but conceding (British acaba) only when
    nothing else is legal, so that games reach the middle of a deal."""
    legal = game.legal_actions()
    return rng.choice([a for a in legal if a.type not in _CONCEDE] or legal)


def random_game(rules: str, seed: int, decisions: int) -> Game:
    """A game of ``rules`` after ``decisions`` ``random_action``s (fewer if it ends)."""
    game, rng = Game(rules, seed), random.Random(seed)
    for _ in range(decisions):
        if game.is_terminal():
            break
        game.apply(random_action(game, rng))
    return game
