"""The exceptions of the package. Every one is a ``CanastaError`` and a ``ValueError``."""

from __future__ import annotations

from collections.abc import Callable


class CanastaError(ValueError):
    """Base class of every error this package raises on bad input."""


class CardError(CanastaError):
    """A text that is not a card or a card kind."""


class RulesError(CanastaError):
    """A rule set or rules file that is malformed or impossible. The message names the key."""


class IllegalAction(CanastaError):
    """An action that the rules do not allow now. The state is unchanged.

    ``reason`` is the plain-words explanation, e.g. "the pile is frozen: you need two natural
    8s in your hand". ``position`` is the game's position (docs/positions.md), for a bug
    report: it shows every hand and the stock, so it is never part of the message. (It is
    written when first read.) ``topic`` is the part of the rules the refusal applies
    (``engine.refusal.Topic``'s value, e.g. "pile"), or "" where none is known.
    """

    def __init__(self, action: object, reason: str,
                 position: str | Callable[[], str] = "", topic: str = "") -> None:
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason
        self.topic = topic
        self._position = position

    @property
    def position(self) -> str:
        if callable(self._position):
            self._position = self._position()
        return self._position


class ActionParseError(CanastaError):
    """A text or an integer that names no action."""


class RecordError(CanastaError):
    """A game record that is malformed, corrupt or does not replay to its digest."""
