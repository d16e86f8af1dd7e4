"""The random bot: uniform over the legal actions, the baseline every other bot must beat."""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta.bots.base import BotBase, BotError, Decision
from canasta.engine.actions import Action
from canasta.engine.view import PlayerView


class RandomBot(BotBase):
    """Chooses uniformly among ``view.legal_actions`` with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: PlayerView) -> Decision:
        """A uniformly random legal action."""
        return Decision(self.act(view), f"chosen at random among {len(view.legal_actions)} actions")

    def act(self, view: PlayerView) -> Action:
        """A uniformly random legal action (``decide`` without the reason)."""
        if not view.legal_actions:
            raise BotError(f"seat {view.seat} has no action to take: it is not its turn")
        return self.choose(view.legal_actions)

    def choose(self, legal: Sequence[Action]) -> Action:
        """``act`` from the legal actions alone, which are all it reads of a view: the same
        choice, drawn from the same generator, without the view's information set (what
        the learning environments call for their random opponents)."""
        return self.rng.choice(legal)


def make_random(seed: int = 0) -> RandomBot:
    """The random bot."""
    return RandomBot(seed=seed)
