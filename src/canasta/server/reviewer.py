"""Reviews of finished games, made in the background (docs/bots.md, "Reviews"; docs/protocol.md,
"Reviews").

A review of one seat of a finished game judges each of the seat's decisions on the seat's own
view (``canasta.bots.review.judge``), one decision at a time, in a process of its own
(``server.worker``): a single worker process at a low scheduling priority (``nice`` 10), so
reviews use at most one core, all of it when the tables leave it idle and about a tenth of it
when the tables need it (at nice 19 a busy machine starved a review to 1.5% of a core: it
barely moved). Each judged decision is
written to ``server_reviews`` as soon as it is judged (in the presentation layer's words,
``canasta.presentation.review``), so its progress shows and a review is done once: a finished
review is answered from the database, and one whose process stopped (a restart, another
process that died) is taken up where it stopped by the next request to review it.

Bounded: at most ``at_once`` reviews are under way in a process and ``per_client`` for one
client (an address); past that a request is refused (``busy``) and nothing is queued. Anyone
may upload a record and have it reviewed, so the database keeps the newest ``uploads_kept``
reviews of uploaded records (a seat each): beginning one more deletes the oldest. A review of a
server's own table is kept as long as the table.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, Engine, delete, insert, select, update
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from canasta.bots.review import MARKS, SAMPLES, decisions, judge
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.presentation.review import review_line
from canasta.server import storage
from canasta.server.models import ReviewRow
from canasta.server.seats import Refused
from canasta.server.worker import WorkerGone, Workers

WORKER_NICE = 10  #: the review process's niceness: about a tenth of a busy core, all of an idle one
STALE = 120.0  #: seconds without a write after which a review's process is taken to be gone
UPLOADED = "u:"  #: the key prefix of an uploaded record's game (``t:`` a table's)

log = logging.getLogger("canasta.server")

Decision = tuple[int, PlayerView, Action]  # an action's index, the seat's view then, its choice


class Taken(Exception):
    """Another process is reviewing that seat (its last write is fresh)."""


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished game to review: its key (``t:<table>`` or ``u:<digest>``), the game at its
    start and its actions."""

    key: str
    start: Game
    actions: list[Action]

    def decisions(self, seat: int) -> list[Decision]:
        """The seat's decisions: each with more than one legal action, with its view."""
        game = self.start.clone()
        return [(index, game.view(seat), chosen)
                for index, chosen in decisions(game, self.actions, seat)]


class Reviewer:
    """This process's reviews: started on request, judged in the worker process, stored."""

    def __init__(self, engine: Engine, writer: storage.Writer, samples: int = SAMPLES,
                 at_once: int = 4, per_client: int = 2, uploads_kept: int = 1000) -> None:
        self.engine, self.writer = engine, writer
        self.samples, self.at_once, self.per_client = samples, at_once, per_client
        self.uploads_kept = uploads_kept
        self.me = secrets.token_hex(8)
        self.running: dict[tuple[str, int], tuple[str, asyncio.Task[None]]] = {}
        self.worker = Workers(1, WORKER_NICE, "canasta-review")

    # ------------------------------------------------------------------ answers

    async def status(self, game: Finished, seat: int) -> dict[str, Any]:
        """Where the review of ``seat`` stands: ``none`` (not begun), ``running`` (here or in
        another process), ``stopped`` (its process went away: reviewing it again goes on),
        ``done``; with the decisions judged so far."""
        row = await run_in_threadpool(self._row, game.key, seat)
        if row is None:
            total = len(await run_in_threadpool(game.decisions, seat))
            return _answer(seat, "none", [], total, self.samples)
        if row.done:
            state = "done"
        elif (game.key, seat) in self.running or _fresh(row):
            state = "running"
        else:
            state = "stopped"
        return _answer(seat, state, row.lines, row.total, row.samples)

    async def start(self, game: Finished, seat: int, client: str) -> dict[str, Any]:
        """Begin (or go on with) the review of ``seat``, unless it is done or under way; its
        status. ``Refused`` (``busy``) when this process or this client has enough under
        way."""
        here = (game.key, seat)
        row = await run_in_threadpool(self._row, game.key, seat)
        if row is not None and (row.done or here in self.running or _fresh(row)):
            return await self.status(game, seat)
        mine = sum(1 for who, _ in self.running.values() if who == client)
        if len(self.running) >= self.at_once or mine >= self.per_client:
            raise Refused("busy", "the server is busy with other reviews: try again in a few "
                                  "minutes")
        todo = await run_in_threadpool(game.decisions, seat)
        lines = list(row.lines) if row is not None else []
        try:
            await self.writer.write(_claim(game.key, seat, self.samples, len(todo), self.me,
                                           self.uploads_kept))
        except Taken:
            return await self.status(game, seat)
        task = asyncio.create_task(self._review(game.key, seat, todo, lines))
        self.running[here] = (client, task)
        task.add_done_callback(lambda _: self.running.pop(here, None))
        return _answer(seat, "running", list(lines), len(todo), self.samples)

    async def close(self) -> None:
        """Stop the reviews under way (each keeps what it judged) and the worker process."""
        tasks = [task for _, task in self.running.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.worker.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ the work

    async def _review(self, key: str, seat: int, todo: list[Decision],
                      lines: list[dict[str, Any]]) -> None:
        try:
            for index, view, chosen in todo[len(lines):]:
                judged = await asyncio.get_running_loop().run_in_executor(
                    self.worker, judge, view, chosen, index, self.samples)
                lines.append(review_line(judged).to_dict())
                await self.writer.write(_save(key, seat, lines, len(lines) == len(todo),
                                              self.me))
        except Taken:
            log.info("review %s seat %d: another process took it up", key, seat)
        except WorkerGone:  # it died twice over: the review stays stopped where it was
            log.warning("review %s seat %d: the review process died", key, seat)
        except storage.OUTAGE:
            log.warning("review %s seat %d: stopped by a database outage", key, seat)
        except Exception:  # a fault of ours: logged; the review stays stopped where it was
            log.exception("review %s seat %d failed", key, seat)

    def _row(self, key: str, seat: int) -> ReviewRow | None:
        with Session(self.engine, expire_on_commit=False) as session:
            return session.get(ReviewRow, (key, seat))


def _answer(seat: int, state: str, lines: list[dict[str, Any]], total: int,
            samples: int) -> dict[str, Any]:
    marks = {mark: sum(1 for line in lines if line["mark"] == mark) for mark, _ in MARKS}
    return {"seat": seat, "state": state, "judged": len(lines), "total": total,
            "samples": samples, "marks": marks, "lines": lines}


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _fresh(row: ReviewRow) -> bool:
    """Whether the review's process wrote lately (it is taken to be at work)."""
    return not row.done and storage.now() - _aware(row.updated_at) < timedelta(seconds=STALE)


def _claim(key: str, seat: int, samples: int, total: int, me: str,
           uploads_kept: int) -> storage.Op:
    """The write that makes this process the review's (a new row, or one whose process went
    away); ``Taken`` if another process wrote to it lately or it is done. A new review of an
    upload deletes the oldest such reviews past the newest ``uploads_kept``."""

    def op(connection: Connection) -> None:
        where = (ReviewRow.game == key, ReviewRow.seat == seat)
        found = connection.execute(select(ReviewRow.worker, ReviewRow.updated_at,
                                          ReviewRow.done).where(*where)).first()
        if found is None:
            connection.execute(insert(ReviewRow), [{
                "game": key, "seat": seat, "samples": samples, "total": total, "lines": [],
                "done": False, "worker": me, "updated_at": storage.now()}])
            if key.startswith(UPLOADED):
                _forget_old_uploads(connection, uploads_kept)
            return
        fresh = storage.now() - _aware(found.updated_at) < timedelta(seconds=STALE)
        if found.done or (fresh and found.worker != me):
            raise Taken
        connection.execute(update(ReviewRow).where(*where).values(worker=me,
                                                                  updated_at=storage.now()))

    return op


def _forget_old_uploads(connection: Connection, kept: int) -> None:
    """Delete the reviews of uploaded records past the newest ``kept`` (by last write)."""
    old = connection.execute(
        select(ReviewRow.game, ReviewRow.seat).where(ReviewRow.game.startswith(UPLOADED))
        .order_by(ReviewRow.updated_at.desc(), ReviewRow.game, ReviewRow.seat)
        .offset(kept)).all()
    for game, seat in old:
        connection.execute(delete(ReviewRow).where(ReviewRow.game == game,
                                                   ReviewRow.seat == seat))


def _save(key: str, seat: int, lines: list[dict[str, Any]], done: bool,
          me: str) -> storage.Op:
    """The write of the decisions judged so far; ``Taken`` if another process has the review
    now."""
    kept = list(lines)

    def op(connection: Connection) -> None:
        saved = connection.execute(update(ReviewRow).where(
            ReviewRow.game == key, ReviewRow.seat == seat, ReviewRow.worker == me).values(
            lines=kept, done=done, updated_at=storage.now()))
        if saved.rowcount != 1:
            raise Taken

    return op


Starter = Callable[[], Reviewer]

__all__ = ["STALE", "WORKER_NICE", "Finished", "Reviewer", "Starter"]
