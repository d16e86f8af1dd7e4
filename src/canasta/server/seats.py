"""A table's seats and settings, and the refusal every request can meet (docs/protocol.md).

A seat is a bot (its spec) or a person, who holds it by a secret token kept in their browser:
the server stores only the token's SHA-256. A person with no connection left is away; past
the table's grace period a stand-in bot plays for them until they return. So does a stand-in
for a person connected but silent on their turn for the grace period (that turn only). A
stand-in is there so that the others can go on: it plays only while a person holding another
seat is here. With nobody else here the table waits for the person (a phone locked for a few
minutes, a tab closed at a table of bots: the game is where they left it).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Protocol

from canasta.errors import CanastaError


class Refused(CanastaError):
    """A request the table refuses: ``code`` for programs, the message for people, and for
    a move the rules refused the part of the rules it applies (``topic``, "" if none:
    ``IllegalAction.topic``)."""

    def __init__(self, code: str, message: str, topic: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.topic = topic


class Client(Protocol):
    """A connection as the table sees it: frames go out through ``send`` (never blocking);
    ``view``: whether its seat frames carry the seat's view (``PlayerView.to_wire``), which a
    client that draws only the facts (the browser page) declines in its hello."""

    view: bool

    def send(self, frame: dict[str, Any]) -> None: ...


@dataclass
class Seat:
    """One seat: a bot, or a person (``token_hash`` None while the seat is open)."""

    number: int
    kind: str
    bot: str | None
    name: str
    invite: str | None
    token_hash: str | None
    clients: set[Client] = field(default_factory=set)
    away_since: float | None = None  # when its last connection closed (monotonic)
    remote: bool = False  # connected to another server process (docs/cluster.md)

    @property
    def present(self) -> bool:
        """Whether the seat has a connection here or on another process."""
        return bool(self.clients) or self.remote

    def status(self, grace: float, now: float, silent_since: float | None = None,
               others: bool = True) -> str:
        """``bot``, ``open``, ``here``, ``away``, or ``stand-in``: a person away for the grace
        period, or (``silent_since``: the seat is to act, and has shown no sign of life since
        then) connected but silent on its turn for that long — a client that froze, or lost
        its move with a server process, must not hold the table up for good. ``others``:
        whether a person holding another seat is here; without one no stand-in plays (it
        would hold nobody up)."""
        if self.kind == "bot":
            return "bot"
        if self.token_hash is None:
            return "open"
        if self.present:
            silent = silent_since is not None and now - silent_since >= grace
            return "stand-in" if silent and others else "here"
        away = self.away_since if self.away_since is not None else now
        return "stand-in" if now - away >= grace and others else "away"


@dataclass(frozen=True, slots=True)
class Settings:
    """A table's pace: the pause before each bot move and the grace period of an absent
    person before a bot plays their seat (seconds); whether the lobby lists it; and the seat
    of the person who made it (``host``, None for a table made with no seat for its maker),
    who may make a rejoin link for another person's seat."""

    bot_pause: float = 0.8
    grace: float = 60.0
    public: bool = False  # listed in the lobby, its open seats joinable by anyone
    host: int | None = None  # set by the server as the table is made, never by a request

    def to_dict(self) -> dict[str, float | bool | int | None]:
        return {"bot_pause": self.bot_pause, "grace": self.grace, "public": self.public,
                "host": self.host}


def token_hash(token: str) -> str:
    """What the database keeps of a seat's secret token."""
    return hashlib.sha256(token.encode()).hexdigest()


__all__ = ["Client", "Refused", "Seat", "Settings", "token_hash"]
