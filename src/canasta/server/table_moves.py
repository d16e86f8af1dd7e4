"""The one path every move of a table takes, and the bots that take it (docs/protocol.md,
"One path for every move").

A move is checked by the engine (every step of a gesture on a copy first, so a refusal changes
nothing), applied, committed to the database with its event, and only then announced. Bots
(and a stand-in for a person away longer than the grace period) play through the same path,
one move at a time, each the table's pause after the one before (the bot thinks during the
pause, so a search adds only the time it takes beyond it), deciding in a worker process on
the seat's view alone (``server.worker``: never in the server's own, where a search would hold
up every table). A bot's seed is drawn from the table and the move's number, so a table
resumed after a restart (or taken over by another process) plays on exactly as its record
says. Only the table's owner drives its bots.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Sequence
from typing import Any

from canasta.engine.actions import Action
from canasta.errors import CanastaError, IllegalAction
from canasta.server import storage
from canasta.server.follower import TableFollower
from canasta.server.frames import Event
from canasta.server.seats import Refused
from canasta.server.worker import decide, quick, run

STAND_IN = "greedy"  #: the bot that plays for a person who is away past the grace period

log = logging.getLogger("canasta.server")


def bot_seed(table_id: str, move: int) -> int:
    """The seed of the bot deciding move number ``move`` of a table."""
    return int.from_bytes(hashlib.sha256(f"{table_id}:{move}".encode()).digest()[:8], "big")


class TableMoves(TableFollower):
    """A table's moves: checked, committed, announced; and the task that plays its bots."""

    _driver: asyncio.Task[None] | None = None  # the bots' task, while it runs

    # ------------------------------------------------------------------ the one path

    def _check(self, texts: Sequence[str]) -> list[Action]:
        """The actions ``texts`` spell, each tried in turn on a copy of the game: ``Refused``
        with the engine's reason at the first one not legal (nothing changes)."""
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
                raise Refused("refused", exc.reason, exc.topic) from None
            except CanastaError as exc:  # a made-up action value
                raise Refused("bad-action", str(exc)) from None
            actions.append(action)
        return actions

    async def _commit(self, seat: int, action: Action, by: str, joined: bool = False) -> None:
        """Apply a legal action, commit its event, then announce it. Should the commit fail,
        the game is replayed without the action and the error goes to the caller.
        ``joined``: the action is a later step of the same move as the one before it (a lay
        of several cards): an undo takes the whole move back (``TableRecord.last_move``)."""
        version = self.version + 1
        deals = len(self.game.results)
        self._play(seat, action)
        data: dict[str, Any] = {"action": str(action), "by": by}
        if joined:
            data["joined"] = True
        if picked := self.picks.get(len(self.actions) - 1):  # suits of the cards laid
            data["eye"] = [list(p) for p in picked]
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

    async def _store(self, event: Event, *ops: storage.Op) -> None:
        """Commit an event (with ``ops``, in one transaction), telling the other processes."""
        await self.writer.write(*ops, self._event_op(event))

    def _event_op(self, event: Event) -> storage.Op:
        """The write that stores ``event`` (and, in a cluster, tells the other processes)."""
        return storage.add_event(self.id, event.version, event.kind, event.seat, event.data) \
            if self.cluster is None else self.cluster.event_op(self.id, event)

    # ------------------------------------------------------------------ bots

    def bot_to_move(self) -> tuple[int, str, str] | None:
        """(seat, bot spec, "bot" or "stand-in") when a bot is to move now, else None."""
        if self.over:
            return None
        if self._reading(time.monotonic()):
            return None  # someone present is reading the breakdown
        seat = self.seats[self.game.current_player]
        if seat.kind == "bot":
            assert seat.bot is not None
            return seat.number, seat.bot, "bot"
        if self.status(seat, time.monotonic()) == "stand-in":
            return seat.number, STAND_IN, "stand-in"
        return None

    def _reading(self, now: float) -> bool:
        """Whether the bots wait for a person present reading the last deal's breakdown
        (for the grace period at most: one connected but silent holds nobody up for good)."""
        return now - self.waiting_since < self.settings.grace and any(
            self.seats[s].present for s in self.waiting)

    def _next_wake(self) -> float | None:
        """Seconds until a grace period that matters ends: the breakdown's reading, or the
        person to act's (away, or silent on their turn)."""
        if self.over:
            return None
        now = time.monotonic()
        if self._reading(now):
            return self.waiting_since + self.settings.grace - now + 0.01
        seat = self.seats[self.game.current_player]
        if seat.kind != "human" or seat.token_hash is None or not self.others_here(seat.number):
            return None  # a presence change wakes the table
        if seat.present:
            since = self.turn_since
        else:
            since = seat.away_since if seat.away_since is not None else self.created
        return max(0.0, since + self.settings.grace - now) + 0.01

    def start(self) -> None:
        """Start the task that plays the bots' moves (the owner's alone)."""
        if (self._driver is None or self._driver.done()) and self.owned:
            self._driver = asyncio.create_task(self._drive(), name=f"table-{self.id}")

    async def stop(self) -> None:
        """Cancel the bots' task and wait for it to end (a cancellation of the caller's own
        goes on up: it is not the task's)."""
        if self._driver is not None:
            self._driver.cancel()
            try:
                await self._driver
            except asyncio.CancelledError:
                current = asyncio.current_task()
                if current is not None and current.cancelling():
                    raise
            self._driver = None

    async def _drive(self) -> None:
        """Play the bots' moves until the game ends; a failure (a bot's, the database's) is
        logged and the move tried again a second later, so a table never stalls for good.
        It ends when the game does or when the table is another process's now (``demote``)."""
        while not self.over and self.owned:
            try:
                await self._drive_once()
            except asyncio.CancelledError:
                raise
            except storage.OUTAGE as exc:  # logged once for the outage, not once a second
                self.writer.health.failed(exc)
                await asyncio.sleep(1.0)
            except Exception:
                log.exception("table %s: a bot's move failed; trying again", self.id)
                await asyncio.sleep(1.0)

    async def _drive_once(self) -> None:
        turn = self.bot_to_move()
        if turn is None:
            self._wake.clear()
            # asyncio.timeout, not wait_for: Python 3.11's wait_for returns the result of a
            # wait that ended as the task was cancelled, and the cancellation is lost (a
            # demoted table's driver then waited for good, and its demote with it)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self._next_wake()):
                    await self._wake.wait()
            return
        mark = self._game_mark()
        seat, spec, by = turn
        view = self.game.view(seat)
        # The bot thinks during the pause, not after it: a move shows the pause after the one
        # before it, or as soon as the bot has decided if that takes longer (a search).
        thinking = asyncio.ensure_future(run(self.pool, quick(spec, view), decide, spec,
                                             bot_seed(self.id, len(self.actions)), view))
        try:
            await asyncio.sleep(self.settings.bot_pause)
            if self.bot_to_move() != turn:
                return
            last = self.events[-1] if self.events else None
            if by == "stand-in" and (last is None or last.seat != seat or
                                     last.data.get("by") != by):
                self._presence()  # everyone is told the seat is a stand-in's now, before it moves
            action = await thinking
        finally:
            dropped(thinking)
        async with self.lock:
            if self.owned and self._game_mark() == mark and self.bot_to_move() == turn:
                await self._commit(seat, action, by)

    def _game_mark(self) -> tuple[int, tuple[int, str] | None]:
        """What a bot's move is decided on: the game's actions so far. An event that moves no
        card (a person joining) leaves it as it was, so the move decided during the pause
        still stands; an action or an undo does not."""
        return len(self.actions), (self.actions[-1] if self.actions else None)


def dropped(thinking: asyncio.Future[Any]) -> None:
    """Let go of a bot's decision: cancelled if still wanted from a worker, its failure (if
    it failed and nobody awaited it) marked seen, so that asyncio does not log it as lost."""
    if not thinking.done():
        thinking.cancel()
    elif not thinking.cancelled():
        thinking.exception()


__all__ = ["STAND_IN", "TableMoves", "bot_seed"]
