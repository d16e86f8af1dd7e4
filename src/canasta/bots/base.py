"""The ``Bot`` protocol, the ``Decision`` a bot makes, and what every bot shares (``BotError``,
``forced``). The bots by name are ``canasta.bots.registry``'s.

A bot sees one seat's ``PlayerView`` and nothing else (docs/architecture.md, "Views") and returns
one of ``view.legal_actions``. Every bot says why it chose what it chose, in one line, so the play
interfaces can show any decision as a hint.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from canasta.engine.actions import Action
from canasta.engine.view import PlayerView
from canasta.errors import CanastaError


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and the one-line reason for it."""

    action: Action
    reason: str

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


@runtime_checkable
class Bot(Protocol):
    """A player that decides from a view alone."""

    name: str
    searches: bool  #: whether a decision may take long (a search): the server runs it last

    def decide(self, view: PlayerView) -> Decision:
        """Choose one of ``view.legal_actions``, with the reason."""
        ...

    def act(self, view: PlayerView) -> Action:
        """Choose one of ``view.legal_actions``."""
        ...

    def explain(self, view: PlayerView) -> str:
        """The decision for ``view`` as one line: ``"discard 7: ..."``."""
        ...


class BotBase:
    """``act`` and ``explain`` in terms of ``decide``, for bots to inherit."""

    name = "bot"
    searches = False

    def decide(self, view: PlayerView) -> Decision:
        """Choose one of ``view.legal_actions``, with the reason (subclasses implement it)."""
        raise NotImplementedError

    def act(self, view: PlayerView) -> Action:
        """Choose one of ``view.legal_actions``."""
        return self.decide(view).action

    def explain(self, view: PlayerView) -> str:
        """The decision for ``view`` as one line: ``"discard 7: ..."``."""
        return str(self.decide(view))


class BotError(CanastaError):
    """An unknown bot name or a bad bot option."""


def forced(view: PlayerView) -> Decision | None:
    """The decision when there is nothing to choose: the only legal action; a ``BotError``
    when it is not this seat's turn; None when the bot must choose."""
    legal = view.legal_actions
    if not legal:
        raise BotError(f"seat {view.seat} has no action to take: it is not its turn")
    return Decision(legal[0], "the only legal action") if len(legal) == 1 else None
