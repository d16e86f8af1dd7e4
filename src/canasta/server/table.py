"""A table: one game, its seats and its versioned events, owned by one actor in the server.

The game is the fold of the table's events (docs/protocol.md, "Events"): ``action`` applies an
action, ``undo`` takes the last one back (the game is replayed from its record minus that
action). Everything a table does follows one path: check with the engine, commit the event
to the database, change the game, then tell every client, each from its own view
(``frames``). Nothing is applied before the engine accepts it, nor announced before the
commit.

Bots (and a stand-in for a person away longer than the grace period) play through the same
path, one move at a time after a pause, deciding in a worker thread on the seat's view alone.
A bot's seed is drawn from the table and the move's number, so a table resumed after a
restart plays on exactly as its record says.

With several server processes (docs/cluster.md) one of them owns a table (``owned``): it alone
applies requests and drives the bots. The table's copy in another process follows the log
(``absorb``, ``catch_up``) and tells its own clients; its requests go to the owner
(``Cluster.call``), which runs them here through ``run``, where an action's idempotency key
(its seat and the version it was played at) makes a request sent twice count once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from canasta.bots import make_bot
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.errors import CanastaError, IllegalAction
from canasta.presentation import describe_move, hint
from canasta.rules import RuleSet
from canasta.server import storage
from canasta.server.compose import lay_actions
from canasta.server.frames import (
    Event,
    Receiver,
    SeatInfo,
    TableInfo,
    error_frame,
    event_frame,
    presence_frame,
    seat_payload,
    spectator_payload,
    welcome_frame,
)
from canasta.server.gallery import log_lines, public_view
from canasta.server.models import SeatRow
from canasta.server.seats import Client, Refused, Seat, Settings, token_hash

if TYPE_CHECKING:
    from canasta.server.cluster import Cluster

STAND_IN = "greedy"  #: the bot that plays for a person who is away past the grace period
LOG_LINES = 12  #: move-log lines kept per receiver (and sent in each frame)
MISSED_MAX = 200  #: a client further behind than this gets a fresh view, not the events

log = logging.getLogger("canasta.server")


def bot_seed(table_id: str, move: int) -> int:
    """The seed of the bot deciding move number ``move`` of a table."""
    return int.from_bytes(hashlib.sha256(f"{table_id}:{move}".encode()).digest()[:8], "big")


def decide(spec: str, seed: int, view: PlayerView) -> Action:
    """A bot's move (run in a worker thread: it sees the view alone)."""
    return make_bot(spec, seed).act(view)


class Table:
    """The actor of one table. Create with ``Table.restore`` (from the database's rows)."""

    def __init__(self, table_id: str, rules: RuleSet, seed: int, seed_hash: str,
                 seats: list[Seat], settings: Settings, writer: storage.Writer,
                 pool: Executor, creator: str, next_table: str | None = None,
                 cluster: Cluster | None = None, owned: bool = True) -> None:
        self.id, self.rules, self.seed, self.seed_hash = table_id, rules, seed, seed_hash
        self.seats, self.settings, self.writer, self.pool = seats, settings, writer, pool
        self.creator, self.next_table = creator, next_table
        self.events: list[Event] = []
        self.actions: list[tuple[int, str]] = []  # (seat, action text) of the game so far
        self.waiting: set[int] = set()
        self.game = Game(rules, seed)
        self.spectators: set[Client] = set()
        self.lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._logs: dict[Receiver, deque[str]] = {}
        self._views: dict[Receiver, PlayerView] = {}
        self._driver: asyncio.Task[None] | None = None
        self._undo: tuple[tuple[int, int], str | None] = ((-1, -1), None)
        self.created = time.monotonic()
        self.cluster, self.owned = cluster, owned

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
            if event.data.get("deal_over"):
                self.waiting = self._humans()
        elif event.kind == "undo":
            actions.pop()
        elif event.kind == "continue" and event.seat is not None:
            self.waiting.discard(event.seat)
        elif event.kind == "next":
            self.next_table = event.data["table"]

    def _replayed(self, actions: Sequence[tuple[int, str]]) -> Game:
        game = Game(self.rules, self.seed)
        for _, text in actions:
            game.apply(text)
        return game

    def _rebuild(self, actions: list[tuple[int, str]]) -> None:
        """The game from ``actions``, and the logs of the receivers being followed."""
        self.game = self._replayed(actions)
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
        for _, text in self.actions[quiet:]:
            action = Action.parse(text)
            game.apply(action)
            after = _view_of(game, receiver)
            log.extend(self._lines(receiver, before, action, after))
            before = after
        self._views[receiver], self._logs[receiver] = before, log

    def _unfollow(self, receiver: Receiver) -> None:
        self._views.pop(receiver, None)
        self._logs.pop(receiver, None)

    def _lines(self, receiver: Receiver, before: PlayerView, action: Action,
               after: PlayerView) -> tuple[str, ...]:
        return (log_lines(before, action, after, self.names) if receiver is None
                else describe_move(before, action, after, self.names))

    def _play(self, seat: int, action: Action) -> None:
        """Apply a legal action and write the followed receivers' log lines for it."""
        self.game.apply(action)
        self.actions.append((seat, str(action)))
        for receiver, before in self._views.items():
            after = _view_of(self.game, receiver)
            self._logs[receiver].extend(self._lines(receiver, before, action, after))
            self._views[receiver] = after

    def _humans(self) -> set[int]:
        return {s.number for s in self.seats if s.kind == "human" and s.token_hash}

    # ------------------------------------------------------------------ what clients see

    def info(self) -> TableInfo:
        now = time.monotonic()
        return TableInfo(
            self.id, self.rules.name, self.rules.description, self.seed_hash,
            str(self.seed) if self.over else None,
            tuple(SeatInfo(s.number, s.name, s.kind, s.bot,
                           s.status(self.settings.grace, now)) for s in self.seats),
            self.version, self.over, tuple(sorted(self.waiting)), self.next_table,
            self.undo_allowed)

    @property
    def undo_allowed(self) -> bool:
        """Undo is for one person playing bots alone."""
        return sum(s.kind == "human" for s in self.seats) == 1

    def payload(self, receiver: Receiver) -> dict[str, Any]:
        if receiver is None:
            return spectator_payload(self._views[None], self.names, self._logs[None])
        seat = self.seats[receiver]
        invites = {s.number: s.invite for s in self.seats
                   if s.kind == "human" and s.token_hash is None and s.invite}
        return seat_payload(self._views[receiver], self.names, self._logs[receiver],
                            self.undo_refusal(receiver) is None, invites if seat.token_hash
                            else {})

    def _receivers(self) -> dict[Receiver, list[Client]]:
        out: dict[Receiver, list[Client]] = {}
        for seat in self.seats:
            if seat.clients:
                out[seat.number] = list(seat.clients)
        if self.spectators:
            out[None] = list(self.spectators)
        return out

    def _announce(self, event: Event) -> None:
        info = self.info()
        for receiver, clients in self._receivers().items():
            frame = event_frame(event, receiver, info, self.payload(receiver))
            for client in clients:
                client.send(frame)

    def _presence(self) -> None:
        frame = presence_frame(self.info())
        for clients in self._receivers().values():
            for client in clients:
                client.send(frame)

    # ------------------------------------------------------------------ connections

    def seat_of_token(self, token: str | None) -> int | None:
        """The seat a token holds here; ``Refused`` for a token that holds none."""
        if token is None:
            return None
        digest = token_hash(token)
        for seat in self.seats:
            if seat.token_hash is not None and seat.token_hash == digest:
                return seat.number
        raise Refused("bad-token", "that token holds no seat at this table")

    async def attach(self, client: Client, receiver: Receiver, seen: int | None) -> None:
        """Connect a client to a seat (or as a spectator) and send its welcome. Under the
        table's lock: a move being committed (a stand-in's, say) is in the welcome, and a
        bot's move decided before a person came back is not committed after it."""
        async with self.lock:
            self._attach(client, receiver, seen)

    def _attach(self, client: Client, receiver: Receiver, seen: int | None) -> None:
        if receiver not in self._views:
            self._follow(receiver)
        if receiver is None:
            self.spectators.add(client)
        else:
            seat = self.seats[receiver]
            seat.clients.add(client)
            seat.away_since = None
        missed = None
        if seen is not None and 0 <= seen <= self.version and self.version - seen <= MISSED_MAX:
            missed = self.events[seen:]
        client.send(welcome_frame(receiver, self.info(), self.payload(receiver), missed))
        self._presence()
        self._wake.set()
        if self.cluster is not None and receiver is not None:
            self.cluster.here(self)

    def detach(self, client: Client) -> None:
        """A client went away; a seat with no client left is away from now."""
        self.spectators.discard(client)
        if not self.spectators:
            self._unfollow(None)
        for seat in self.seats:
            if client in seat.clients:
                seat.clients.discard(client)
                if not seat.clients:
                    seat.away_since = time.monotonic()
                    self._unfollow(seat.number)
                    if self.cluster is not None:
                        self.cluster.here(self)
        self._presence()
        self._wake.set()

    def here(self) -> set[int]:
        """The seats with a connection to this process."""
        return {seat.number for seat in self.seats if seat.clients}

    async def claim(self, seat_number: int, invite: str, token: str, name: str,
                    again: bool = False) -> None:
        """Give an open seat to the holder of ``token`` (an invitation's code claims it);
        ``again``: a request that may have been carried out already (the seat is then the
        token's)."""
        if not self.owned:
            await self._forward("claim", seat_number, invite, token, name)
            return
        async with self.lock:
            if not 0 <= seat_number < len(self.seats):
                raise Refused("no-seat", f"there is no seat {seat_number} at this table")
            seat = self.seats[seat_number]
            digest = token_hash(token)
            if again and seat.token_hash == digest:
                return
            if seat.kind != "human" or seat.token_hash is not None:
                raise Refused("seat-taken", "that seat is not open")
            if seat.invite is None or seat.invite != invite:
                raise Refused("bad-invite", "that invitation does not open this seat")
            event = Event(self.version + 1, "join", seat_number, {"name": name})
            await self._store(event, storage.set_token(self.id, seat_number, digest, name))
            seat.token_hash, seat.name, seat.invite = digest, name, None
            seat.away_since = time.monotonic()
            self._rebuild(list(self.actions))  # the logs say the new name
            self.events.append(event)
            self._announce(event)
            self._wake.set()

    # ------------------------------------------------------------------ requests

    def _check_turn(self, seat: int | None, version: object) -> int:
        if seat is None:
            raise Refused("spectator", "spectators cannot play: open an invitation to sit")
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refused("bad-request", "'v' (the version you saw) must be a whole number")
        if version != self.version:
            raise Refused("stale", f"the table moved on (version {self.version}, "
                                   f"you saw {version}): here it is now")
        if self.over:
            raise Refused("over", "the game is over")
        if self.game.current_player != seat:
            raise Refused("not-your-turn", f"it is {self.names[self.game.current_player]}'s "
                                           "turn, not yours")
        return seat

    async def act(self, seat: int | None, texts: Sequence[str], version: object,
                  again: bool = False) -> None:
        """Play a person's actions (one, or the steps of one laying): each checked by the
        engine, all of them on a copy first, so a refusal changes nothing. ``again``: a
        request that may have been carried out already: actions already played by that seat
        at that version (their idempotency key) are not played twice."""
        if not self.owned:
            await self._forward("act", seat, list(texts), version)
            return
        async with self.lock:
            if again and self._played(seat, texts, version):
                return
            seat = self._check_turn(seat, version)
            actions = self._check(texts)
            for action in actions:
                await self._commit(seat, action, "person")

    async def lay(self, seat: int | None, cards: object, onto: object,
                  version: object) -> None:
        """Lay selected cards: a new meld, or additions to a meld (``compose``)."""
        async with self.lock:
            seat = self._check_turn(seat, version)
            try:
                texts = lay_actions(self.game.view(seat), cards, onto)
            except CanastaError as exc:
                raise Refused("refused", str(exc)) from None
            if self.owned:
                for action in self._check(texts):
                    await self._commit(seat, action, "person")
                return
        await self.act(seat, texts, version)  # spelled here, played by the owner

    def _played(self, seat: int | None, texts: Sequence[str], version: object) -> bool:
        """Whether ``texts`` are the actions ``seat`` played at ``version`` onwards (the
        idempotency key of an action: its seat and the version it was played at)."""
        if isinstance(version, bool) or not isinstance(version, int) or seat is None or \
                not 0 <= version < self.version:
            return False
        done = self.events[version:version + len(texts)]
        try:
            wanted = [str(Action.parse(text)) for text in texts]
        except CanastaError:
            return False
        return len(done) == len(texts) and all(
            e.kind == "action" and e.seat == seat and e.data["action"] == w
            for e, w in zip(done, wanted, strict=True))

    def _check(self, texts: Sequence[str]) -> list[Action]:
        trial = self.game.clone()
        actions = []
        for text in texts:
            try:
                action = Action.parse(text)
            except CanastaError as exc:
                raise Refused("bad-action", str(exc)) from None
            try:
                trial.apply(action)
            except IllegalAction as exc:  # its reason only: never its position
                raise Refused("refused", exc.reason) from None
            except CanastaError as exc:  # a made-up action value
                raise Refused("bad-action", str(exc)) from None
            actions.append(action)
        return actions

    async def _commit(self, seat: int, action: Action, by: str) -> None:
        """Apply a legal action, commit its event, then announce it. Should the commit fail,
        the game is replayed without the action and the error goes to the caller."""
        version = self.version + 1
        deals = len(self.game.results)
        self._play(seat, action)
        data: dict[str, Any] = {"action": str(action), "by": by}
        if len(self.game.results) > deals:
            data["deal_over"] = True
        event = Event(version, "action", seat, data)
        try:
            await self._store(event, *([storage.set_over(self.id)] if self.over else []))
        except Exception:
            self._rebuild(self.actions[:-1])
            if self.cluster is not None:  # maybe another process took the table over
                self.cluster.check(self)
            raise
        self.events.append(event)
        if data.get("deal_over"):
            self.waiting = self._humans() if not self.over else set()
        self._announce(event)
        self._wake.set()

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now, or None when it may: one
        person against bots, its own action this turn, and that action revealed no card
        (asked once per version: it replays the game)."""
        key = (self.version, seat)
        if self._undo[0] != key:
            self._undo = (key, self._undo_refusal(seat))
        return self._undo[1]

    def _undo_refusal(self, seat: int) -> str | None:
        if not self.undo_allowed:
            return "undo is only for one person playing bots"
        if not self.actions or self.actions[-1][0] != seat or self.over:
            return "there is no action of yours to take back"
        if self.game.current_player != seat:
            return "your turn is over"
        before = self._replayed(self.actions[:-1])
        if before.current_player != seat:
            return "your turn is over"
        after = before.clone()
        after.apply(self.actions[-1][1])
        if (len(after.state.table.stock) != len(before.state.table.stock)
                or after.deal_number != before.deal_number
                or [p.foot_size for p in after.state.seats]
                != [p.foot_size for p in before.state.seats]):
            return "that action showed you a card: it cannot be taken back"
        return None

    async def undo(self, seat: int | None, version: object, again: bool = False) -> None:
        """Take back the seat's last action (``undo_refusal`` says when it may)."""
        if not self.owned:
            await self._forward("undo", seat, version)
            return
        async with self.lock:
            if again and isinstance(version, int) and 0 <= version < self.version and \
                    self.events[version].kind == "undo" and self.events[version].seat == seat:
                return
            seat = self._check_turn(seat, version)
            reason = self.undo_refusal(seat)
            if reason is not None:
                raise Refused("refused", reason)
            event = Event(self.version + 1, "undo", seat, {"action": self.actions[-1][1]})
            await self._store(event)
            self._rebuild(self.actions[:-1])
            self.events.append(event)
            self._announce(event)

    async def carry_on(self, seat: int | None, again: bool = False) -> None:
        """The seat has read the last deal's breakdown."""
        if not self.owned:
            await self._forward("continue", seat)
            return
        async with self.lock:
            if again and seat is not None and seat not in self.waiting and \
                    self._continued(seat):
                return
            if seat is None or seat not in self.waiting:
                raise Refused("not-waiting", "there is no breakdown waiting for you")
            event = Event(self.version + 1, "continue", seat, {})
            await self._store(event)
            self.waiting.discard(seat)
            self.events.append(event)
            self._announce(event)
            self._wake.set()

    def _continued(self, seat: int) -> bool:
        """Whether ``seat`` said it read the breakdown of the last deal that ended."""
        for event in reversed(self.events):
            if event.kind == "continue" and event.seat == seat:
                return True
            if event.kind == "action" and event.data.get("deal_over"):
                return False
        return False

    async def advise(self, seat: int | None) -> None:
        """A hint for the seat to act: the greedy bot's move and reason, as a private event
        (everyone else receives its stub)."""
        if not self.owned:
            await self._forward("hint", seat)
            return
        async with self.lock:
            if seat is None or self.over or self.game.current_player != seat:
                raise Refused("not-your-turn", "a hint is for the seat to act")
            view = self.game.view(seat)
            fact = await asyncio.get_running_loop().run_in_executor(self.pool, hint, view)
            if fact is None:
                raise Refused("not-your-turn", "a hint is for the seat to act")
            event = Event(self.version + 1, "hint", seat, {"hint": fact.to_dict()},
                          private=True)
            await self._store(event)
            self.events.append(event)
            self._announce(event)

    async def link_next(self, next_id: str) -> str:
        """Tell everyone the table "play again" made; the next table (the one linked
        first, should two processes have made one at once)."""
        if not self.owned:
            await self._forward("next", next_id)
            assert self.next_table is not None
            return self.next_table
        async with self.lock:
            if self.next_table is not None:
                return self.next_table
            event = Event(self.version + 1, "next", None, {"table": next_id})
            await self._store(event, storage.set_next(self.id, next_id))
            self.next_table = next_id
            self.events.append(event)
            self._announce(event)
            return next_id

    async def _store(self, event: Event, *ops: storage.Op) -> None:
        """Commit an event (with ``ops``, in one transaction), telling the other processes."""
        write = storage.add_event(self.id, event.version, event.kind, event.seat, event.data) \
            if self.cluster is None else self.cluster.event_op(self.id, event)
        await self.writer.write(*ops, write)

    # ------------------------------------------------------------------ several processes

    async def _forward(self, method: str, *args: Any) -> None:
        """Have the owner run a request, then wait until its events are here."""
        assert self.cluster is not None
        version = await self.cluster.call(self, method, list(args))
        await self.catch_up(version)

    async def run(self, method: str, args: list[Any]) -> int:
        """Run a request another process forwarded (maybe a second time: ``again``); the
        version after it."""
        if method == "act":
            await self.act(args[0], args[1], args[2], again=True)
        elif method == "undo":
            await self.undo(args[0], args[1], again=True)
        elif method == "continue":
            await self.carry_on(args[0], again=True)
        elif method == "hint":
            await self.advise(args[0])
        elif method == "claim":
            await self.claim(args[0], args[1], args[2], args[3], again=True)
        elif method == "next":
            await self.link_next(args[0])
        else:
            raise Refused("bad-request", f"no request {method!r}")
        return self.version

    def absorb(self, event: Event, seats: Sequence[SeatRow] = ()) -> bool:
        """Apply the owner's next event here and tell this process's clients (``seats``: the
        seats' rows, read after a ``join``); False, changing nothing, unless it is the next
        version."""
        if event.version != self.version + 1:
            return False
        actions = list(self.actions)
        self._fold(event, actions)
        if event.kind == "action":
            assert event.seat is not None
            self._play(event.seat, Action.parse(event.data["action"]))
        elif event.kind == "join":
            for row in seats:
                seat = self.seats[row.seat]
                seat.token_hash, seat.name, seat.invite = row.token_hash, row.name, row.invite
            assert event.seat is not None
            self.seats[event.seat].away_since = time.monotonic()
            self._rebuild(actions)
        elif event.kind == "undo":
            self._rebuild(actions)
        self.events.append(event)
        if self.over:
            self.waiting = set()
        self._announce(event)
        self._wake.set()
        return True

    async def catch_up(self, version: int | None = None) -> None:
        """Read the events after ours from the log (all of them, or until ``version`` is
        here) and absorb them."""
        assert self.cluster is not None
        if version is not None and self.version >= version:
            return
        async with self.lock:
            stored = await asyncio.to_thread(storage.events_after, self.cluster.engine,
                                             self.id, self.version)
            if stored is None:
                return
            for row in stored.events:
                self.absorb(Event(row.version, row.kind, row.seat, row.data,
                                  row.kind == "hint"), stored.seats)

    def set_remote(self, seats: set[int]) -> None:
        """The seats connected to other processes now: their presence changed here."""
        changed = False
        for seat in self.seats:
            remote = seat.number in seats
            if remote != seat.remote:
                seat.remote, changed = remote, True
                if not seat.present:
                    seat.away_since = time.monotonic()
        if changed:
            self._presence()
            self._wake.set()

    async def promote(self) -> None:
        """This process took the table's lease: read the log to its end, then own it."""
        await self.catch_up()
        self.owned = True
        self.start()

    async def demote(self) -> None:
        """Another process owns the table now: follow it (under the lock, so a bot's move
        being committed is not cut in two)."""
        async with self.lock:
            self.owned = False
            await self.stop()

    # ------------------------------------------------------------------ bots

    def bot_to_move(self) -> tuple[int, str, str] | None:
        """(seat, bot spec, "bot" or "stand-in") when a bot is to move now, else None."""
        if self.over:
            return None
        if any(self.seats[s].present for s in self.waiting):
            return None  # someone present is reading the breakdown
        seat = self.seats[self.game.current_player]
        if seat.kind == "bot":
            assert seat.bot is not None
            return seat.number, seat.bot, "bot"
        if seat.status(self.settings.grace, time.monotonic()) == "stand-in":
            return seat.number, STAND_IN, "stand-in"
        return None

    def _next_wake(self) -> float | None:
        """Seconds until an absent person's grace period ends, if that will matter."""
        if self.over:
            return None
        seat = self.seats[self.game.current_player]
        if seat.kind != "human" or seat.token_hash is None or seat.present:
            return None
        away = seat.away_since if seat.away_since is not None else self.created
        return max(0.0, away + self.settings.grace - time.monotonic()) + 0.01

    def start(self) -> None:
        """Start the task that plays the bots' moves (the owner's alone)."""
        if self._driver is None and self.owned:
            self._driver = asyncio.create_task(self._drive(), name=f"table-{self.id}")

    async def stop(self) -> None:
        if self._driver is not None:
            self._driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._driver
            self._driver = None

    async def _drive(self) -> None:
        """Play the bots' moves until the game ends; a failure (a bot's, the database's) is
        logged and the move tried again a second later, so a table never stalls for good."""
        while not self.over:
            try:
                await self._drive_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("table %s: a bot's move failed; trying again", self.id)
                await asyncio.sleep(1.0)

    async def _drive_once(self) -> None:
        turn = self.bot_to_move()
        if turn is None:
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self._next_wake())
            return
        await asyncio.sleep(self.settings.bot_pause)
        version = self.version
        if self.bot_to_move() != turn:
            return
        seat, spec, by = turn
        action = await asyncio.get_running_loop().run_in_executor(
            self.pool, decide, spec, bot_seed(self.id, len(self.actions)),
            self.game.view(seat))
        async with self.lock:
            if self.owned and self.version == version and self.bot_to_move() == turn:
                await self._commit(seat, action, by)


def _view_of(game: Game, receiver: Receiver) -> PlayerView:
    """A seat's view of ``game``, or the public view for a spectator."""
    return public_view(game) if receiver is None else game.view(receiver)


def error(exc: Refused, request: object = None, version: int | None = None) -> dict[str, Any]:
    """The error frame of a refusal."""
    return error_frame(exc.code, str(exc), request, version)


__all__ = ["STAND_IN", "Table", "bot_seed", "decide", "error"]
