"""A table: one game, its seats and its versioned events, owned by one actor in the server.

Everything a table does follows one path: check with the engine, commit the event to the
database, change the game, then tell every client, each from its own view (``frames``).
Nothing is applied before the engine accepts it, nor announced before the commit. ``Table`` is
built in layers, each a module:

- ``server.table_record``: the record (seats, events, the game as their fold), the followed
  receivers' views and logs, and the frames;
- ``server.follower``: a copy of a table another process owns, following its log;
- ``server.table_moves``: the one path every move takes, and the bots that take it;
- here, the actor itself: connections (``attach``, ``detach``, ``claim``), the requests of
  the protocol, each checked under the table's lock, and the several-process part.

With several server processes (docs/cluster.md) one of them owns a table (``owned``): it alone
applies requests and drives the bots. A request made at the table's copy in another process
goes to the owner (``Cluster.call``), which runs it here through ``run``, where an action's
idempotency key (its seat and the version it was played at) makes a request sent twice count
once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from canasta.engine.actions import Action
from canasta.errors import CanastaError
from canasta.presentation import hint
from canasta.presentation.facts import LayPreview
from canasta.presentation.lay import NotAMeld, lay_actions, preview_lay
from canasta.server import storage
from canasta.server.frames import Event, Receiver, error_frame, welcome_frame
from canasta.server.seats import Client, Refused, token_hash
from canasta.server.table_moves import TableMoves
from canasta.server.worker import run

MISSED_MAX = 200  #: a client further behind than this gets a fresh view, not the events


class Table(TableMoves):
    """The actor of one table (the hall makes it: a new table, or one read back from the
    database and ``replay``-ed)."""

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

    async def seat_for(self, token: str | None) -> int | None:
        """``seat_of_token``, except that a copy of a table another process owns reads the
        log before refusing a token it does not know: the seat may have been claimed at the
        owner a moment ago (its answer goes out only once the claim is committed, so the log
        has it; the notification telling us may still be on its way)."""
        try:
            return self.seat_of_token(token)
        except Refused:
            if self.owned or self.cluster is None:
                raise
        await self.catch_up()
        return self.seat_of_token(token)

    async def attach(self, client: Client, receiver: Receiver, seen: int | None,
                     token: str | None = None) -> None:
        """Connect a client to a seat (or as a spectator) and send its welcome. Under the
        table's lock: a move being committed (a stand-in's, say) is in the welcome, and a
        bot's move decided before a person came back is not committed after it; and a seat
        claimed with a rejoin link between the hello's reading of ``token`` and now is not
        given to the token it took from (``Refused``)."""
        async with self.lock:
            if token is not None and self.seat_of_token(token) != receiver:
                raise Refused("bad-token", "that token holds no seat at this table")
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
            self.signs_of_life(receiver)
        missed = None
        if seen is not None and 0 <= seen <= self.version and self.version - seen <= MISSED_MAX:
            missed = self.events[seen:]
        client.send(welcome_frame(receiver, self.info(), self.payload(receiver, client.view),
                                  missed))
        self._presence()
        self._wake.set()
        if self.cluster is not None and receiver is not None:
            self.cluster.here(self)

    def detach(self, client: Client) -> None:
        """A client went away; a seat with no client left is away from now."""
        self.touched = time.monotonic()
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
            if seat.kind != "human" or (seat.token_hash is not None and seat.invite is None):
                raise Refused("seat-taken", "that seat is not open")
            if seat.invite is None or seat.invite != invite:
                raise Refused("bad-invite", "that invitation does not open this seat")
            if seat.present:  # a rejoin link, and the seat's player came back meanwhile
                raise Refused("seat-taken", f"{seat.name} is back at the table: the link "
                                            "is not needed")
            event = Event(self.version + 1, "join", seat_number, {"name": name})
            await self._store(event, storage.set_token(self.id, seat_number, digest, name))
            seat.token_hash, seat.name, seat.invite = digest, name, None
            seat.away_since = time.monotonic()
            self._rebuild(list(self.actions))  # the logs say the new name
            self.events.append(event)
            self._announce(event)
            self._wake.set()

    async def rejoin(self, asker: int | None, seat_number: int, invite: str) -> None:
        """Open another person's seat to a new invitation, ``invite``, at the host's asking:
        a rejoin link, for a player whose device lost the seat's token (cleared, broken,
        another device). Only while that player is away; whoever claims it holds the seat,
        and the old token no longer does (``claim``)."""
        if not self.owned:
            await self._forward("rejoin", asker, seat_number, invite)
            return
        async with self.lock:
            if asker is None or asker != self.settings.host:
                raise Refused("not-host", "only the table's host, who made it, makes rejoin "
                                          "links")
            if not 0 <= seat_number < len(self.seats):
                raise Refused("no-seat", f"there is no seat {seat_number} at this table")
            seat = self.seats[seat_number]
            if seat_number == asker or seat.kind != "human" or seat.token_hash is None:
                raise Refused("bad-seat", "a rejoin link is for another player's taken seat "
                                          "(an open seat has its invitation)")
            if self.over:
                raise Refused("over", "the game is over")
            if seat.present:
                raise Refused("seat-taken", f"{seat.name} is at the table")
            await self.writer.write(storage.set_invite(self.id, seat_number, invite))
            seat.invite = invite

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
                  again: bool = False) -> int:
        """Play a person's actions (one, or the steps of one laying): each checked by the
        engine, all of them on a copy first, so a refusal changes nothing; the version just
        after them (what the request's ``ack`` says, wherever it was made). ``again``: a
        request that may have been carried out already: actions already played by that seat
        at that version (their idempotency key) are not played twice."""
        if not self.owned:
            return await self._forward("act", seat, list(texts), version)
        async with self.lock:
            if again and self._played(seat, texts, version):
                assert isinstance(version, int)
                return version + len(texts)
            seat = self._check_turn(seat, version)
            actions = self._check(texts)
            for n, action in enumerate(actions):
                await self._commit(seat, action, "person", joined=n > 0)
            return self.version

    async def lay(self, seat: int | None, cards: object, onto: object,
                  version: object) -> int:
        """Lay selected cards: a new meld, or additions to a meld (``presentation.lay``); the
        version after the last of them."""
        async with self.lock:
            seat = self._check_turn(seat, version)
            try:
                texts = lay_actions(self.game.view(seat), cards, onto)
            except NotAMeld as exc:
                raise Refused("refused", str(exc), exc.topic) from None
            except CanastaError as exc:
                raise Refused("refused", str(exc)) from None
            if self.owned:
                for n, action in enumerate(self._check(texts)):
                    await self._commit(seat, action, "person", joined=n > 0)
                return self.version
        return await self.act(seat, texts, version)  # spelled here, played by the owner

    def preview(self, seat: int | None, cards: object, onto: object,
                version: object) -> LayPreview:
        """What laying ``cards`` would do now (``presentation.preview_lay``), asked before the
        person lays them: nothing is played or stored, and any process that follows the table
        answers it."""
        seat = self._check_turn(seat, version)
        try:
            return preview_lay(self.game.view(seat), cards, onto)
        except CanastaError as exc:
            raise Refused("bad-request", str(exc)) from None

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

    async def undo(self, seat: int | None, version: object, again: bool = False) -> int:
        """Take back the seat's last move (``undo_refusal`` says when it may): its last action,
        or every action of the lay it ended with, each with an ``undo`` event (all stored in
        one transaction); the version of the last of them."""
        if not self.owned:
            return await self._forward("undo", seat, version)
        async with self.lock:
            if again and isinstance(version, int) and 0 <= version < self.version and \
                    self.events[version].kind == "undo" and self.events[version].seat == seat:
                done = version + 1
                while done < self.version and self.events[done].kind == "undo" and \
                        self.events[done].data.get("joined"):
                    done += 1
                return done
            seat = self._check_turn(seat, version)
            reason = self.undo_refusal(seat)
            if reason is not None:
                raise Refused("refused", reason)
            size = self.last_move()
            events = [Event(self.version + 1 + n, "undo", seat,
                            {"action": self.actions[-1 - n][1], **({"joined": True} if n else {})})
                      for n in range(size)]
            await self.writer.write(*(self._event_op(event) for event in events))
            for event in events:  # each version's frame shows the table at that version
                self._rebuild(self.actions[:-1])
                self.events.append(event)
                self._announce(event)
            return self.version

    async def carry_on(self, seat: int | None, again: bool = False) -> int:
        """The seat has read the last deal's breakdown; the version of its event."""
        if not self.owned:
            return await self._forward("continue", seat)
        async with self.lock:
            if again and seat is not None and seat not in self.waiting and \
                    (done := self._continued(seat)) is not None:
                return done
            if seat is None or seat not in self.waiting:
                raise Refused("not-waiting", "there is no breakdown waiting for you")
            event = Event(self.version + 1, "continue", seat, {})
            await self._store(event)
            self.waiting.discard(seat)
            self.events.append(event)
            self._announce(event)
            self._wake.set()
            return event.version

    def _continued(self, seat: int) -> int | None:
        """The version at which ``seat`` said it read the breakdown of the last deal that
        ended (None: it has not)."""
        for event in reversed(self.events):
            if event.kind == "continue" and event.seat == seat:
                return event.version
            if event.kind == "action" and event.data.get("deal_over"):
                return None
        return None

    async def advise(self, seat: int | None) -> int:
        """A hint for the seat to act: the greedy bot's move and reason, as a private event
        (everyone else receives its stub); the version of that event."""
        if not self.owned:
            return await self._forward("hint", seat)
        async with self.lock:
            if seat is None or self.over or self.game.current_player != seat:
                raise Refused("not-your-turn", "a hint is for the seat to act")
            view = self.game.view(seat)
            fact = await run(self.pool, True, hint, view)
            if fact is None:
                raise Refused("not-your-turn", "a hint is for the seat to act")
            event = Event(self.version + 1, "hint", seat, {"hint": fact.to_dict()},
                          private=True)
            await self._store(event)
            self.events.append(event)
            self._announce(event)
            return event.version

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

    # ------------------------------------------------------------------ several processes

    async def _forward(self, method: str, *args: Any) -> int:
        """Have the owner run a request, then wait until its events are here; the version
        just after them, as the owner answered (events absorbed meanwhile — a bot's next
        move — may have taken this copy further)."""
        assert self.cluster is not None
        version = await self.cluster.call(self, method, list(args))
        await self.catch_up(version)
        return version

    async def run(self, method: str, args: list[Any]) -> int:
        """Run a request another process forwarded (maybe a second time: ``again``); the
        version just after it."""
        if method == "act":
            return await self.act(args[0], args[1], args[2], again=True)
        if method == "undo":
            return await self.undo(args[0], args[1], again=True)
        if method == "continue":
            return await self.carry_on(args[0], again=True)
        if method == "hint":
            return await self.advise(args[0])
        if method == "claim":
            await self.claim(args[0], args[1], args[2], args[3], again=True)
        elif method == "rejoin":
            await self.rejoin(args[0], args[1], args[2])
        elif method == "next":
            await self.link_next(args[0])
        else:
            raise Refused("bad-request", f"no request {method!r}")
        return self.version  # (their answers carry no version to a client)

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


def error(exc: Refused, request: object = None, version: int | None = None) -> dict[str, Any]:
    """The error frame of a refusal."""
    return error_frame(exc.code, str(exc), request, version, exc.topic)


__all__ = ["MISSED_MAX", "Table", "error"]
