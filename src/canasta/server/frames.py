"""Every frame the server sends, built here and only here: the boundary of hidden information
(docs/protocol.md, "What a client may know").

A frame for a seat is built from that seat's ``PlayerView`` (through ``canasta.presentation``);
a frame for a spectator from the public view (``gallery``). The table's own state (the game,
the seed, other seats' tokens and invitations) never goes into a frame: ``table_info`` lists
what of a table is public, the seed only once the game is over. An event a receiver may not
see reaches it as a stub (its version alone), so versions stay contiguous.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from canasta.bots.levels import level_of
from canasta.engine.actions import ActionType
from canasta.engine.refusal import Topic
from canasta.engine.view import PlayerView
from canasta.presentation import Suits, discard_warning, plain, spectator_facts, table_facts
from canasta.presentation.facts import LayPreview
from canasta.presentation.lay import preview_line
from canasta.presentation.rules_words import HEADINGS

Receiver = int | None  # a seat, or None for a spectator


@dataclass(frozen=True, slots=True)
class Event:
    """One versioned event of a table. ``private`` events (a hint) are seen by ``seat``
    alone; everyone else receives their stub. ``data`` is what a receiver that may see the
    event is sent: never a hidden card (an action's text names only cards laid face up)."""

    version: int
    kind: str
    seat: int | None
    data: dict[str, Any] = field(default_factory=dict)
    private: bool = False

    def for_receiver(self, receiver: Receiver) -> dict[str, Any]:
        """The event as ``receiver`` is told it: whole, or its stub."""
        if self.private and receiver != self.seat:
            return {"v": self.version, "kind": "stub"}
        return {"v": self.version, "kind": self.kind, "seat": self.seat, **self.data}


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What everyone may know about a seat: who sits there and whether they are here."""

    seat: int
    name: str
    kind: str  # "bot" or "human"
    bot: str | None
    status: str  # "bot", "open", "here", "away", "stand-in"

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "kind": self.kind, "bot": self.bot,
                "level": level_of(self.bot), "status": self.status}


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What everyone may know about a table (never its seed before the end, nor a token)."""

    id: str
    rules: str
    title: str  # what players call the rules (RuleSet.title)
    description: str
    seed_hash: str
    seed: str | None  # revealed once the game is over
    seats: tuple[SeatInfo, ...]
    version: int
    over: bool
    waiting: tuple[int, ...]  # seats still reading the last deal's breakdown
    next_table: str | None
    undo_allowed: bool  # one person against bots: undo within the turn
    settings: dict[str, float | bool | int | None] = field(default_factory=dict)  # seats.Settings
    target: int = 0  # the score that ends the game (rules' game.target), 0 for none

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "rules": self.rules, "title": self.title,
                "description": self.description,
                "seed_hash": self.seed_hash, "seed": self.seed,
                "seats": [s.to_dict() for s in self.seats], "version": self.version,
                "over": self.over, "waiting": list(self.waiting), "next": self.next_table,
                "undo_allowed": self.undo_allowed, "settings": self.settings,
                "target": self.target}


def seat_payload(view: PlayerView, names: Sequence[str], log: Sequence[str],
                 can_undo: bool, invites: dict[int, str], wire: bool,
                 suits: Suits | None = None) -> dict[str, Any]:
    """What ``view``'s seat is shown: the presentation's facts (with ``suits``, the seat's
    ``SuitLedger.seen_by``, every card's suit), the question to ask before each legal
    discard, whether it may undo now, the invitations to the open seats, and with ``wire``
    the view itself (``PlayerView.to_wire``: for clients that decide on it, such as bots and the
    terminal; a third of the payload's cost)."""
    facts = plain(table_facts(view, names, log, suits=suits))
    warnings = {str(a): w for a in view.legal_actions if a.type == ActionType.DISCARD
                and (w := discard_warning(view, a)) is not None}
    payload = {"facts": facts, "warnings": warnings, "can_undo": can_undo,
               "invites": {str(seat): code for seat, code in invites.items()}}
    if wire:
        payload["view"] = view.to_wire()
    return payload


def without_view(frame: dict[str, Any]) -> dict[str, Any]:
    """``frame`` for a client that declined the seat's view."""
    return {key: value for key, value in frame.items() if key != "view"}


def spectator_payload(view: PlayerView, names: Sequence[str], log: Sequence[str],
                      suits: Suits | None = None) -> dict[str, Any]:
    """What a spectator is shown: the public facts only (``suits``: the spectator's)."""
    return {"facts": plain(spectator_facts(view, names, log, suits)), "warnings": {},
            "can_undo": False, "invites": {}}


def event_frame(event: Event, receiver: Receiver, info: TableInfo,
                payload: dict[str, Any]) -> dict[str, Any]:
    """The frame announcing ``event`` to ``receiver``, with the table as it now is."""
    return {"kind": "event", "v": event.version, "event": event.for_receiver(receiver),
            "you": receiver, "table": info.to_dict(), **payload}


def welcome_frame(receiver: Receiver, info: TableInfo, payload: dict[str, Any],
                  missed: list[Event] | None) -> dict[str, Any]:
    """The first frame of a connection: the table now and, for a reconnecting client that
    said which version it had seen, the events since (None: too many, the view is fresh)."""
    return {"kind": "welcome", "v": info.version, "you": receiver, "table": info.to_dict(),
            "missed": None if missed is None else [e.for_receiver(receiver) for e in missed],
            **payload}


def presence_frame(info: TableInfo) -> dict[str, Any]:
    """Who is here and who is away (not versioned: presence is not part of the game)."""
    return {"kind": "presence", "v": info.version,
            "seats": [s.to_dict() for s in info.seats]}


def frame_text(frame: dict[str, Any]) -> str:
    """``frame`` as the text of a WebSocket message: compact JSON, by orjson (a tenth of the
    standard library's cost on a seat's frame, the largest share of a move's work in
    bench/server_load.py), or by ``json`` for what orjson refuses (an integer past 64 bits,
    which a client may put in a request's ``id``)."""
    try:
        return orjson.dumps(frame).decode()
    except orjson.JSONEncodeError:
        return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


def preview_frame(preview: LayPreview, request: object, version: int) -> dict[str, Any]:
    """The answer to a ``preview``, to its sender alone: what laying the cards would do
    (``LayPreview``: ``ok``, ``words``, ``topic`` and its ``topic_heading`` for a refusal,
    ``opening`` and ``minimum`` for a side still to open; ``line``: all of it as the faces say
    it, ``preview_line``); nothing is played."""
    frame: dict[str, Any] = {"kind": "preview", "v": version, **preview.to_dict(),
                             "line": preview_line(preview)}
    if isinstance(request, str | int) and not isinstance(request, bool):
        frame["id"] = request
    if preview.topic:
        frame["topic_heading"] = HEADINGS[Topic(preview.topic)]
    return frame


def error_frame(code: str, message: str, request: object = None,
                version: int | None = None, topic: str = "") -> dict[str, Any]:
    """An error for the client that caused it, and it alone. ``message`` is the engine's
    refusal or the server's reason: never a position (``IllegalAction.position`` is not
    sent); ``topic``, where the rules refused a move, the part of the rules it applies (the
    ``id`` of a topic of the rules in words) and ``topic_heading`` its heading."""
    frame: dict[str, Any] = {"kind": "error", "code": code, "message": message}
    if topic:
        frame["topic"], frame["topic_heading"] = topic, HEADINGS[Topic(topic)]
    if isinstance(request, str | int) and not isinstance(request, bool):
        frame["id"] = request
    if version is not None:
        frame["v"] = version
    return frame


__all__ = ["Event", "Receiver", "SeatInfo", "TableInfo", "error_frame", "event_frame",
           "frame_text", "presence_frame", "preview_frame", "seat_payload", "spectator_payload",
           "welcome_frame", "without_view"]
