"""Bots: players that see one seat's view and choose a legal action, with a reason.

- ``random``: uniform over the legal actions.
- ``greedy``: the published strategy as heuristics, every decision explained.
- ``ismcts``: search over games sampled consistently with the view.

    >>> from canasta.bots import make_bot
    >>> bot = make_bot("greedy", seed=1)
"""

from canasta.bots.base import Bot, BotBase, BotError, Decision
from canasta.bots.registry import bot_names, make_bot, parse_spec

__all__ = ["Bot", "BotBase", "BotError", "Decision", "bot_names", "make_bot", "parse_spec"]
