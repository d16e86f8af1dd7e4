"""Random play: a uniformly random legal policy, the baseline of benchmarks and bots."""

from __future__ import annotations

import random

from canasta.engine.game import Game
from canasta.rules import RuleSet


def play_random(rules: RuleSet | str, seed: int, max_deals: int) -> Game:
    """Play one game choosing uniformly among the legal actions at every decision.

    The game is dealt with ``seed`` and the policy draws from ``random.Random(seed)``, so the
    same arguments always give the same game. Play stops when the game is over or once
    ``max_deals`` deals have been scored, whichever comes first; check ``is_terminal()``.
    An empty legal-action list before the end (an engine bug: the rules as implemented leave
    no player without a move, docs/rules.md, "How the engine settles what the texts leave
    open" and "Engine caps") raises ``RuntimeError`` naming the seed and the deal.
    """
    game = Game(rules, seed)
    rng = random.Random(seed)
    while not game.is_terminal() and len(game.results) < max_deals:
        legal = game.legal_actions()
        if not legal:
            raise RuntimeError(
                f"engine bug: no legal action (seed {seed}, deal {game.deal_number}, "
                f"after {len(game.history)} actions)"
            )
        game.apply(rng.choice(legal))
    return game
