"""A table's record and what each of its receivers sees (the base of ``server.table.Table``).

The game is the fold of the table's events (docs/protocol.md, "Events"): ``action`` applies an
action, ``undo`` takes the last one back (the game is replayed from its record minus that
action), ``continue`` and ``next`` change the waiting set and the next table. ``TableRecord``
holds the seats, the events and the game folded from them; the views and move logs of the
receivers being followed (a seat with a client, the spectators), kept up to date move by move;
the frames every client is told (``info``, ``payload``, announcements, presence); and the
questions asked of the record alone (may a seat undo, which seats are here).

The layers above it: ``server.follower`` (a copy that follows another process's log),
``server.table_moves`` (the one path every move takes, and the bots), ``server.table`` (the
actor: connections, requests, forwarding). With several processes a table reaches the others
through ``cluster``, a ``server.peers.Peers`` (the cluster, built above the hall, implements
it: docs/architecture.md, "The server's layers").
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from canasta.cards import SUITS, parse_kind, rank_of
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView, revealed
from canasta.errors import CanastaError
from canasta.presentation import MoveSuits, SuitLedger, describe_move
from canasta.rules import RuleSet
from canasta.server import storage
from canasta.server.frames import (
    Event,
    Receiver,
    SeatInfo,
    TableInfo,
    event_frame,
    presence_frame,
    seat_payload,
    spectator_payload,
    without_view,
)
from canasta.server.gallery import log_lines, public_view
from canasta.server.peers import Peers
from canasta.server.seats import Client, Seat, Settings

LOG_LINES = 12  #: move-log lines kept per receiver (and sent in each frame)


class TableRecord:
    """A table's seats, events and game, and the views and logs of its followed receivers.
    ``owned``: this process applies the table's requests (always, on one process;
    docs/cluster.md)."""

    def __init__(self, table_id: str, rules: RuleSet, seed: int, seed_hash: str,
                 seats: list[Seat], settings: Settings, writer: storage.Writer,
                 pool: Executor, creator: str, next_table: str | None = None,
                 cluster: Peers | None = None, owned: bool = True) -> None:
        self.id, self.rules, self.seed, self.seed_hash = table_id, rules, seed, seed_hash
        self.seats, self.settings, self.writer, self.pool = seats, settings, writer, pool
        self.creator, self.next_table = creator, next_table
        self.events: list[Event] = []
        self.actions: list[tuple[int, str]] = []  # (seat, action text) of the game so far
        self.waiting: set[int] = set()
        self.game = Game(rules, seed)
        self.eye = SuitLedger.of_seed(rules, seed)  # the suits every card shows
        self.eye.follow(self.game.state)
        #: per action (its index): the suits its player picked for the cards it moved
        self.picks: dict[int, tuple[tuple[int, str], ...]] = {}
        self._pick: tuple[int, tuple[tuple[int, str], ...]] | None = None
        self.spectators: set[Client] = set()
        self.lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._logs: dict[Receiver, deque[str]] = {}
        #: per action of the last ``LOG_LINES``, the suits its log lines may name
        self._told: deque[MoveSuits] = deque(maxlen=LOG_LINES)
        self._views: dict[Receiver, PlayerView] = {}
        self._undo: tuple[tuple[int, int], str | None] = ((-1, -1), None)
        self.created = time.monotonic()
        #: when this table was last asked for (``Hall.get``) or last left by a client: a
        #: finished table nobody has touched for a while is let go (``Hall.FORGET``)
        self.touched = self.created
        self.cluster, self.owned = cluster, owned
        #: when the seat to act (``_turn_of``) began its turn or last showed a sign of life:
        #: an accepted request of its own, or a connection (``Seat.status``)
        self.turn_since, self._turn_of = self.created, -1
        #: when the last deal's breakdown was shown (or a seat reading it connected)
        self.waiting_since = self.created

    # ------------------------------------------------------------------ the record

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def over(self) -> bool:
        return self.game.is_terminal()

    def replay(self, events: Sequence[Event]) -> None:
        """Rebuild the game, the waiting set and the logs from stored events."""
        self.events = list(events)
        actions: list[tuple[int, str]] = []
        for event in self.events:
            self._fold(event, actions)
        self._rebuild(actions)
        if self.over:
            self.waiting = set()

    def _fold(self, event: Event, actions: list[tuple[int, str]]) -> None:
        """What one event changes: the actions (in place), the waiting set, the next table."""
        if event.kind == "action":
            assert event.seat is not None
            actions.append((event.seat, event.data["action"]))
            if event.data.get("eye"):
                self.picks[len(actions) - 1] = tuple((k, e) for k, e in event.data["eye"])
            if event.data.get("deal_over"):
                self.waiting = self._humans()
        elif event.kind == "undo":
            actions.pop()
        elif event.kind == "continue" and event.seat is not None:
            self.waiting.discard(event.seat)
        elif event.kind == "next":
            self.next_table = event.data["table"]

    def _replayed(self, actions: Sequence[tuple[int, str]], eye: bool = False) -> Game:
        """The game after ``actions``; with ``eye``, ``self.eye`` and ``self._told`` are made
        afresh along it."""
        game = Game(self.rules, self.seed)
        if eye:
            self.eye = SuitLedger.of_seed(self.rules, self.seed)
            self.eye.follow(game.state)
            self._told.clear()
        for index, (seat, text) in enumerate(actions):
            if eye:
                self.eye.play(game, text, self.picks.get(index, ()))
                self._told.append(MoveSuits.of(self.eye, seat))
            else:
                game.apply(text)
        return game

    def _rebuild(self, actions: list[tuple[int, str]]) -> None:
        """The game from ``actions`` (and the suits its cards show), and the logs of the
        receivers being followed."""
        self.picks = {i: p for i, p in self.picks.items() if i < len(actions)}
        self.game = self._replayed(actions, eye=True)
        self.actions = list(actions)
        for receiver in list(self._views):
            self._follow(receiver)

    def _follow(self, receiver: Receiver) -> None:
        """Start keeping ``receiver``'s view and log (its last ``LOG_LINES`` actions written
        again): a receiver is followed while it has a client, so a move costs nothing for
        seats and spectators nobody is watching through."""
        quiet = max(0, len(self.actions) - LOG_LINES)
        game = self._replayed(self.actions[:quiet])
        log: deque[str] = deque(maxlen=LOG_LINES)
        before = _view_of(game, receiver)
        told = list(self._told)[len(self._told) - (len(self.actions) - quiet):]
        for (_, text), suits in zip(self.actions[quiet:], told, strict=True):
            action = Action.parse(text)
            game.apply(action)
            after = _view_of(game, receiver)
            log.extend(self._lines(receiver, before, action, after, suits))
            before = after
        self._views[receiver], self._logs[receiver] = before, log

    def _unfollow(self, receiver: Receiver) -> None:
        self._views.pop(receiver, None)
        self._logs.pop(receiver, None)

    def _lines(self, receiver: Receiver, before: PlayerView, action: Action,
               after: PlayerView, told: MoveSuits) -> tuple[str, ...]:
        suits = told.seen_by(receiver)
        return (log_lines(before, action, after, self.names, suits) if receiver is None
                else describe_move(before, action, after, self.names, suits))

    def _play(self, seat: int, action: Action) -> None:
        """Apply a legal action and write the followed receivers' log lines for it."""
        picked = self._pick[1] if self._pick is not None and self._pick[0] == seat else \
            self.picks.get(len(self.actions), ())  # a follower: the owner's event said them
        if picked:
            self.picks[len(self.actions)] = picked
        self.eye.play(self.game, action, picked)
        self.actions.append((seat, str(action)))
        told = MoveSuits.of(self.eye, seat)
        self._told.append(told)
        for receiver, before in self._views.items():
            after = _view_of(self.game, receiver)
            self._logs[receiver].extend(self._lines(receiver, before, action, after, told))
            self._views[receiver] = after

    def pick_suits(self, seat: int | None, cards: object, eye: object) -> None:
        """The suits a person picked for the cards of the move they ask for (the page sends
        each card's suit with a lay or a discard: ``presentation.suits``), or None to forget
        them; a malformed choice is ignored (suits are for the eye alone)."""
        self._pick = None
        if seat is None or not isinstance(cards, list) or not isinstance(eye, list) or \
                len(cards) != len(eye) or len(eye) > 64:
            return
        picked = []
        for card, suit in zip(cards, eye, strict=True):
            if not isinstance(card, str) or not isinstance(suit, str) or len(suit) != 1 or \
                    suit not in SUITS:
                continue
            try:
                picked.append((rank_of(parse_kind(card)), suit))
            except CanastaError:
                continue
        self._pick = (seat, tuple(p for p in picked if p[1]))

    def _humans(self) -> set[int]:
        return {s.number for s in self.seats if s.kind == "human" and s.token_hash}

    # ------------------------------------------------------------------ what clients see

    def status(self, seat: Seat, now: float) -> str:
        """The seat's presence (``Seat.status``): the seat to act is silent since
        ``turn_since``; a stand-in plays only while another seat's person is here."""
        to_act = not self.over and seat.number == self.game.current_player
        return seat.status(self.settings.grace, now, self.turn_since if to_act else None,
                           self.others_here(seat.number))

    def others_here(self, seat: int) -> bool:
        """Whether a person holding a seat other than ``seat`` is connected (to any
        process): someone a person away or silent would hold up."""
        return any(s.present for s in self.seats if s.kind == "human" and s.number != seat)

    def signs_of_life(self, seat: int) -> None:
        """``seat`` showed it is there (it connected, or a request of its own was accepted):
        when it is to act or reading the breakdown, the grace period of its silence starts
        again."""
        if not self.over and seat == self.game.current_player:
            self.turn_since = time.monotonic()
        if seat in self.waiting:
            self.waiting_since = time.monotonic()

    def info(self) -> TableInfo:
        now = time.monotonic()
        return TableInfo(
            self.id, self.rules.name, self.rules.title, self.rules.description, self.seed_hash,
            str(self.seed) if self.over else None,
            tuple(SeatInfo(s.number, s.name, s.kind, s.bot, self.status(s, now))
                  for s in self.seats),
            self.version, self.over, tuple(sorted(self.waiting)), self.next_table,
            self.undo_allowed, self.settings.to_dict(), self.rules.game.target)

    @property
    def undo_allowed(self) -> bool:
        """Undo is for one person playing bots alone."""
        return sum(s.kind == "human" for s in self.seats) == 1

    def payload(self, receiver: Receiver, wire: bool) -> dict[str, Any]:
        """What ``receiver`` is shown (with ``wire``, a seat's view too: ``seat_payload``)."""
        if receiver is None:
            return spectator_payload(self._views[None], self.names, self._logs[None],
                                     self.eye.seen_by(None))
        seat = self.seats[receiver]
        invites = {s.number: s.invite for s in self.seats
                   if s.kind == "human" and s.token_hash is None and s.invite}
        return seat_payload(self._views[receiver], self.names, self._logs[receiver],
                            self.undo_refusal(receiver) is None, invites if seat.token_hash
                            else {}, wire, self.eye.seen_by(receiver))

    def _receivers(self) -> dict[Receiver, list[Client]]:
        out: dict[Receiver, list[Client]] = {}
        for seat in self.seats:
            if seat.clients:
                out[seat.number] = list(seat.clients)
        if self.spectators:
            out[None] = list(self.spectators)
        return out

    def _announce(self, event: Event) -> None:
        """Tell every client ``event``: one frame per receiver, its view written only when
        one of the receiver's clients wants it (and left out for those that do not). A new
        turn starts the silence of the seat to act afresh, as does its own request (a
        stand-in's move for it does not: the stand-in plays the rest of that turn)."""
        turn = -1 if self.over else self.game.current_player
        if event.data.get("deal_over"):
            self.waiting_since = time.monotonic()
        if turn != self._turn_of:
            self.turn_since, self._turn_of = time.monotonic(), turn
        elif event.seat == turn and event.data.get("by") != "stand-in":
            self.signs_of_life(turn)
        info = self.info()
        for receiver, clients in self._receivers().items():
            wire = any(client.view for client in clients)
            frame = event_frame(event, receiver, info, self.payload(receiver, wire))
            lean = frame if all(client.view for client in clients) else without_view(frame)
            for client in clients:
                client.send(frame if client.view else lean)

    def _presence(self) -> None:
        frame = presence_frame(self.info())
        for clients in self._receivers().values():
            for client in clients:
                client.send(frame)

    # ------------------------------------------------------------------ questions of the record

    def connected(self) -> bool:
        """Whether any client (a seat's or a spectator) is connected to this copy."""
        return bool(self.spectators) or any(seat.clients for seat in self.seats)

    def here(self) -> set[int]:
        """The seats with a connection to this process."""
        return {seat.number for seat in self.seats if seat.clients}

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last move now, or None when it may: one
        person against bots, its own move this turn (one action, or the steps of one lay),
        and that move revealed no card (asked once per version: it replays the game)."""
        key = (self.version, seat)
        if self._undo[0] != key:
            self._undo = (key, self._undo_refusal(seat))
        return self._undo[1]

    def last_move(self) -> int:
        """How many actions the last move was: 1, or the steps of the lay it was (an action
        event ``joined`` to the one before it; an undo takes back a move whole)."""
        joined: list[bool] = []
        for event in self.events:
            if event.kind == "action":
                joined.append(bool(event.data.get("joined")))
            elif event.kind == "undo":
                joined.pop()
        size = 1
        while size < len(joined) and joined[-size]:
            size += 1
        return size

    def _undo_refusal(self, seat: int) -> str | None:
        if not self.undo_allowed:
            return "undo is only for one person playing bots"
        size = self.last_move()
        if len(self.actions) < size or self.over or \
                any(s != seat for s, _ in self.actions[-size:]):
            return "there is no action of yours to take back"
        if self.game.current_player != seat:
            return "your turn is over"
        game = self._replayed(self.actions[:-size])
        if game.current_player != seat:
            return "your turn is over"
        for _, text in self.actions[-size:]:
            before = game.view(seat)
            game.apply(text)
            if revealed(before, game.view(seat)):
                return "that move showed you a card: it cannot be taken back"
        return None


def _view_of(game: Game, receiver: Receiver) -> PlayerView:
    """A seat's view of ``game``, or the public view for a spectator."""
    return public_view(game) if receiver is None else game.view(receiver)


__all__ = ["LOG_LINES", "TableRecord"]
