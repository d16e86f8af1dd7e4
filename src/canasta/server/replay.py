"""Replays of finished games: the table as it was after any move, face up or from one seat's
eyes (docs/protocol.md, "Replay").

A replay is built from a game's record (``canasta.record``): a finished table's, or a record
file someone uploads. Every frame is made by the presentation layer from views of the game
after that many actions, exactly as the live table makes a seat's frame: a seat's frame is
``table_facts`` of that seat's view; the face-up frame is the public facts
(``spectator_facts``) with every seat's hand as that seat's own view shows it
(``hand_groups``). The suits the cards show come from the same ``SuitLedger`` the live table
keeps (with the suits the players picked, where the table kept them), so a card keeps its suit
from the live game to its replay.

Only a finished game is replayed: a game in progress is refused (``not-over``), face up and from
every seat alike, since a replay shows hands. A replay's seats can be reviewed: each decision
judged by the search bot, in the background (``server.reviewer``; docs/protocol.md,
"Reviews").
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from canasta import record
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.errors import RecordError
from canasta.presentation import (
    MoveSuits,
    SuitLedger,
    describe_move,
    hand_groups,
    plain,
    spectator_facts,
    table_facts,
)
from canasta.presentation.names import default_names
from canasta.presentation.rules_words import rules_in_words_json
from canasta.server.gallery import log_lines, public_view
from canasta.server.hall import Hall
from canasta.server.reviewer import Finished, Starter
from canasta.server.seats import Refused

STATIC = Path(__file__).with_name("static")
LOG_LINES = 12  #: move-log lines in each frame (as in a live table's frame)
MAX_RECORD = 1024 * 1024  #: the largest record file that may be uploaded (bytes)
KEPT = 16  #: replays kept in memory
CHECKPOINT = 16  #: a replay keeps the game every so many steps
FACE_UP = "all"  #: the viewpoint that shows every hand

Viewpoint = int | None  # a seat, or None: face up
Picks = Mapping[int, Sequence[tuple[int, str]]]  # the suits a seat picked, by action index
Reader = Callable[[Request, int], Awaitable[bytes]]  # a request's body, at most so many bytes


@dataclass(frozen=True, slots=True)
class Move:
    """One action of the replayed game: who made it, in which deal, whether it ended that
    deal, and the suits its player picked for the cards it moved (if the table kept them)."""

    seat: int
    action: Action
    deal: int
    deal_end: bool
    picked: Sequence[tuple[int, str]] = ()
    suits: MoveSuits | None = None  #: the suits its log lines may name


class Replay:
    """A finished game, step by step: step 0 is the deal before any action, step N the game
    after its first N actions. ``RecordError`` for a record that does not replay, ``Refused``
    (``not-over``) for one whose game is not over.

    The game and its ``SuitLedger`` are kept every ``CHECKPOINT`` steps (a state and the suits
    per step would cost 23 KB a step: 14 MB for a classic game); a step between is played
    forward from the checkpoint before it."""

    def __init__(self, rec: dict[str, Any], names: Sequence[str] | None = None,
                 picks: Picks | None = None, info: dict[str, Any] | None = None) -> None:
        game = record.new_game(rec)
        players = game.num_players
        self.names = list(names) if names is not None else list(default_names(players))
        eye = SuitLedger.of_seed(game.rules, game.seed)
        eye.follow(game.state)
        self.checkpoints = [(game.clone(), eye.copy())]
        self.moves: list[Move] = []
        for index, text in enumerate(rec["actions"]):
            seat, deal, deals = game.current_player, game.deal_number, len(game.results)
            move = Move(seat, record.parse_recorded(index, text), deal, False,
                        tuple(picks.get(index, ())) if picks else ())
            _play(game, eye, move, index, text)
            self.moves.append(replace(move, deal_end=len(game.results) > deals,
                                      suits=MoveSuits.of(eye, seat)))
            if len(self.moves) % CHECKPOINT == 0:
                self.checkpoints.append((game.clone(), eye.copy()))
        if not game.is_terminal():
            raise Refused("not-over", "only a finished game can be replayed: this one is "
                                      "not over")
        self.players = players
        info = info or {"id": None, "settings": {}, "seats": [
            {"seat": s, "name": n, "kind": "human", "bot": None, "level": None}
            for s, n in enumerate(self.names)]}
        # who is here is a live table's news, not a replay's: no seat shows a presence
        self.info = {**info, "seats": [{**s, "status": None} for s in info["seats"]]}
        self._lines: dict[Viewpoint, list[tuple[str, ...]]] = {}

    @property
    def steps(self) -> int:
        return len(self.moves)

    def finished(self, key: str) -> Finished:
        """The game to review, under ``key``."""
        return Finished(key, self.checkpoints[0][0].clone(), [m.action for m in self.moves])

    def at(self, step: int) -> tuple[Game, SuitLedger]:
        """The game after its first ``step`` actions and its suits (copies: the caller may
        play on)."""
        kept, eye = self.checkpoints[step // CHECKPOINT]
        game, eye = kept.clone(), eye.copy()
        start = step - step % CHECKPOINT
        for index, move in enumerate(self.moves[start:step], start):
            _play(game, eye, move, index, str(move.action))
        return game, eye

    def lines(self, viewpoint: Viewpoint) -> list[tuple[str, ...]]:
        """Each action's log lines as ``viewpoint`` reads them (the live table's words: a
        seat's ``describe_move``, the gallery's ``log_lines`` face up)."""
        if viewpoint not in self._lines:
            game = self.checkpoints[0][0].clone()
            out = []
            before = _view_of(game, viewpoint)
            for move in self.moves:
                game.apply(move.action)
                after = _view_of(game, viewpoint)
                suits = move.suits.seen_by(viewpoint) if move.suits else None
                out.append(log_lines(before, move.action, after, self.names, suits)
                           if viewpoint is None else
                           describe_move(before, move.action, after, self.names, suits))
                before = after
            self._lines[viewpoint] = out
        return self._lines[viewpoint]

    def listing(self, viewpoint: Viewpoint) -> dict[str, Any]:
        """The move list: per step its seat, deal, words, and whether it ended a deal; and
        the game's rules, their main rules in words (``rules_in_words``)."""
        moves = [{"step": step, "seat": move.seat, "deal": move.deal, "words": lines[0],
                  "deal_end": move.deal_end}
                 for step, (move, lines) in enumerate(zip(self.moves, self.lines(viewpoint),
                                                          strict=True), 1)]
        rules = self.checkpoints[0][0].rules
        return {"steps": self.steps, "players": self.players, "names": self.names,
                "table": self.info, "moves": moves,
                "rules": {"title": rules.title, "description": rules.description,
                          "words": rules_in_words_json(rules)}}

    def frame(self, step: int, viewpoint: Viewpoint) -> dict[str, Any]:
        """The table after ``step`` actions as ``viewpoint`` sees it: the live table's frame
        (``facts``, ``you``, ``table``), face up with ``hands`` (every seat's, from its view)."""
        game, eye = self.at(step)
        log = [line for lines in self.lines(viewpoint)[max(0, step - LOG_LINES):step]
               for line in lines][-LOG_LINES:]
        hands = None
        if viewpoint is None:
            facts = plain(spectator_facts(public_view(game), self.names, log,
                                            eye.seen_by(None)))
            hands = [plain(hand_groups(game.view(s), eye.seen_by(s)))
                     for s in range(self.players)]
        else:
            facts = plain(table_facts(game.view(viewpoint), self.names, log,
                                      suits=eye.seen_by(viewpoint)))
        return {"kind": "replay", "step": step, "steps": self.steps, "you": viewpoint,
                "table": self.info, "facts": facts, "hands": hands}


def _play(game: Game, eye: SuitLedger, move: Move, index: int, text: str) -> None:
    """Play the record's ``index``-th action on ``game`` and bring ``eye`` after it, with the
    suits its player picked, as the live table did (``TableRecord._replayed``)."""
    record.apply_recorded(game, index, text, lambda g, a: eye.play(g, a, move.picked))


def _view_of(game: Game, viewpoint: Viewpoint) -> PlayerView:
    return public_view(game) if viewpoint is None else game.view(viewpoint)


def _whole(text: str | None) -> int | None:
    """A query's value as a whole number (ASCII digits, at most 9), else None."""
    return int(text) if text is not None and 0 < len(text) <= 9 and text.isascii() \
        and text.isdigit() else None


def viewpoint_of(text: str | None, players: int) -> Viewpoint:
    """``seat=`` of a request: a seat number or ``all`` (face up); ``Refused`` otherwise."""
    if text == FACE_UP:
        return None
    seat = _whole(text)
    if seat is None or seat >= players:
        shown = None if text is None else text[:20]
        raise Refused("bad-seat", f"'seat' is {FACE_UP} (face up) or a seat from 0 to "
                                  f"{players - 1}, not {shown!r}")
    return seat


def step_of(text: str, steps: int) -> int:
    """``step=`` of a request: 0 (the deal) to the number of actions; ``Refused`` otherwise."""
    step = _whole(text)
    if step is None or step > steps:
        raise Refused("bad-step", f"'step' is a whole number from 0 to {steps}, not "
                                  f"{text[:20]!r}")
    return step


async def answer(replay: Replay, request: Request) -> Response:
    """A replay's move list (no ``step``) or its frame at ``step``, for ``seat``: made in a
    thread (a classic game's move list takes tens of milliseconds, a frame two), so the
    tables being played are not held up."""
    viewpoint = viewpoint_of(request.query_params.get("seat"), replay.players)
    step = request.query_params.get("step")
    if step is None:
        return JSONResponse(await run_in_threadpool(replay.listing, viewpoint))
    return JSONResponse(await run_in_threadpool(replay.frame, step_of(step, replay.steps),
                                                viewpoint))


class Replays:
    """The replays a server has built: of its finished tables (by table id) and of uploaded
    records (by the first 24 hex digits of the record's digest), the last ``KEPT`` kept."""

    def __init__(self, hall: Callable[[], Hall], read: Reader, reviewer: Starter) -> None:
        self.hall, self.read, self.reviewer = hall, read, reviewer
        self.kept: OrderedDict[str, Replay] = OrderedDict()

    def _kept(self, key: str) -> Replay | None:
        if key in self.kept:
            self.kept.move_to_end(key)
        return self.kept.get(key)

    def _keep(self, key: str, replay: Replay) -> Replay:
        self.kept[key] = replay
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        return replay

    async def of_table(self, table_id: str) -> Replay:
        """A finished table's replay; ``Refused`` (``not-over``) while it is played."""
        table = await self.hall().get(table_id)
        if not table.over:  # checked on every request: nothing of a live game is shown
            raise Refused("not-over", "a game in progress cannot be replayed: its replay "
                                      "opens when the game is over")
        key = f"t:{table.id}"
        replay = self._kept(key)
        if replay is None:
            rec, names, picks = record.record_of(table.game), table.names, dict(table.picks)
            replay = await run_in_threadpool(Replay, rec, names, picks,
                                             table.info().to_dict())
            self._keep(key, replay)
        return replay

    def of_upload(self, upload_id: str) -> Replay:
        replay = self._kept(f"u:{upload_id}")
        if replay is None:
            raise Refused("no-replay", "no such uploaded record here (the server keeps the "
                                       f"last {KEPT} replays): upload it again")
        return replay

    @staticmethod
    def upload(text: bytes) -> tuple[str, Replay]:
        """An uploaded record's id and replay. The body is a record, or ``{"record": ...,
        "picks": ...}`` with the cards its player picked (``record.picks_of``; a game played
        in the terminal keeps them in its seating file), so that the cards laid show the
        suits the player saw. The record is checked and verified move by move
        (``record.verify``); ``Refused`` for one that is not a good record (``bad-record``,
        with ``canasta.record``'s reason) or whose game is not over (``not-over``)."""
        try:
            data = record.parse(text.decode())
            picks: record.Picks = {}
            if isinstance(data, dict) and "record" in data:  # a record has no such key
                unknown = sorted(set(data) - {"record", "picks"})
                if unknown:
                    raise RecordError(f'an upload is a record or {{"record": ..., "picks": '
                                      f'...}}, not one with {unknown[0]!r}')
                rec = record.check(data["record"])
                picks = record.picks_of(data.get("picks", []), len(rec["actions"]))
            else:
                rec = record.check(data)
            record.verify(rec)
            upload_id = hashlib.sha256(f"{rec['digest']}:{json.dumps(record.picks_json(picks))}"
                                       .encode()).hexdigest() if picks else rec["digest"]
            return upload_id[:24], Replay(rec, picks=picks)
        except UnicodeDecodeError:
            raise Refused("bad-record", "that is not a good record: not UTF-8 text") from None
        except RecordError as exc:
            raise Refused("bad-record", f"that is not a good record: {exc}") from None

    # ------------------------------------------------------------------ routes

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "replay.html")

    async def table(self, request: Request) -> Response:
        return await answer(await self.of_table(request.path_params["table"]), request)

    async def uploaded(self, request: Request) -> Response:
        return await answer(self.of_upload(request.path_params["upload"]), request)

    async def table_review(self, request: Request) -> Response:
        table = request.path_params["table"]
        return await self._review((await self.of_table(table)).finished(f"t:{table}"),
                                  request)

    async def upload_review(self, request: Request) -> Response:
        upload = request.path_params["upload"]
        return await self._review(self.of_upload(upload).finished(f"u:{upload}"), request)

    async def _review(self, game: Finished, request: Request) -> Response:
        """A seat's review (``GET``: where it stands; ``POST``: begin it, or go on with it)."""
        seat = viewpoint_of(request.query_params.get("seat"), game.start.num_players)
        if seat is None:
            raise Refused("bad-seat", "a review is of one seat: 'seat' is a seat from 0 to "
                                      f"{game.start.num_players - 1}")
        if request.method == "POST":
            client = request.client.host if request.client else "?"
            return JSONResponse(await self.reviewer().start(game, seat, client),
                                status_code=202)
        return JSONResponse(await self.reviewer().status(game, seat))

    async def create(self, request: Request) -> Response:
        """A record file posted as the body (at most ``MAX_RECORD`` bytes): its replay's id."""
        text = await self.read(request, MAX_RECORD)
        upload_id, replay = await run_in_threadpool(self.upload, text)
        self._keep(f"u:{upload_id}", replay)
        return JSONResponse({"id": upload_id, "steps": replay.steps}, status_code=201)


def replay_routes(hall: Callable[[], Hall], read: Reader, reviewer: Starter,
                  api: Any) -> list[Route]:
    """The replay page (``/replay/<table>``, ``/replay/file/<id>``, ``/replay`` to upload)
    and its API (docs/protocol.md, "Replay", "Reviews") over the server's ``hall`` of tables,
    bodies read by ``read``, reviews made by ``reviewer``; ``api`` wraps a handler's
    refusals."""
    replays = Replays(hall, read, reviewer)
    return [
        Route("/replay", replays.page), Route("/replay/{table}", replays.page),
        Route("/replay/file/{upload}", replays.page),
        Route("/api/tables/{table}/replay", api(replays.table)),
        Route("/api/replays", api(replays.create), methods=["POST"]),
        Route("/api/replays/{upload}", api(replays.uploaded)),
        Route("/api/tables/{table}/review", api(replays.table_review), methods=["GET", "POST"]),
        Route("/api/replays/{upload}/review", api(replays.upload_review),
              methods=["GET", "POST"]),
    ]


__all__ = ["MAX_RECORD", "Replay", "Replays", "replay_routes"]
