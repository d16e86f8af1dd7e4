"""canasta: a fast, deterministic Canasta engine — every variant, rules as data.

>>> import canasta
>>> game = canasta.Game("classic", seed=7)
>>> game.apply(game.legal_actions()[0])
"""

from canasta import rules
from canasta.cards import Card
from canasta.engine.actions import ALL_ACTIONS, NUM_ACTIONS, Action, ActionType, Route
from canasta.engine.game import Game
from canasta.engine.scoring import HandResult, Meld, SideScore
from canasta.errors import (
    ActionParseError,
    CanastaError,
    CardError,
    IllegalAction,
    RecordError,
    RulesError,
)
from canasta.rules import RuleSet

__all__ = [
    "ALL_ACTIONS",
    "NUM_ACTIONS",
    "Action",
    "ActionParseError",
    "ActionType",
    "CanastaError",
    "Card",
    "CardError",
    "Game",
    "HandResult",
    "IllegalAction",
    "Meld",
    "RecordError",
    "Route",
    "RuleSet",
    "RulesError",
    "SideScore",
    "rules",
]
