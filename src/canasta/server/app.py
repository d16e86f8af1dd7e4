"""The web application: the HTTP API, the WebSocket of each table, the static client
(docs/protocol.md).

Every request is checked before it reaches a table: its size, that it is JSON of the right
shape, and who sends it (a WebSocket is bound to a seat by the secret token of its first
message, ``hello``). A bad request gets an error for its sender alone and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from canasta import record
from canasta.presentation.rules_words import rules_in_words_json
from canasta.rules import RuleSet, load, preset_names, settable
from canasta.server import storage
from canasta.server.frames import Receiver, error_frame, frame_text, preview_frame
from canasta.server.hall import BOTS, OFFERED, Limits, rules_from
from canasta.server.rate import CLOSE_CODE, MessageRate
from canasta.server.replay import replay_routes
from canasta.server.score_routes import score_routes
from canasta.server.seats import Refused, Settings
from canasta.server.site import LEASE, Site
from canasta.server.table import Table, error

STATIC = Path(__file__).with_name("static")
MAX_MESSAGE = 8 * 1024  #: the largest WebSocket message a client may send (bytes)
OUTBOX = 512  #: frames queued for a slow client before it is disconnected (it resyncs)
#: The HTTP status of a refusal, by its code (400 for the others; docs/protocol.md, "HTTP").
STATUS = {"no-table": 404, "no-replay": 404, "not-over": 409, "seat-taken": 409, "not-host": 403,
          "too-many-tables": 429, "busy": 503, "unavailable": 503}

log = logging.getLogger("canasta.server")


class Connection:
    """One WebSocket: frames go into a queue that a task sends in order, so a slow client
    never holds up a table (past ``OUTBOX`` frames it is disconnected, and resyncs)."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.sent = 0
        self.close_code = 1008  # why the server closes it: a slow client, or CLOSE_CODE
        self.view = True  # seat frames carry the seat's view, unless the hello declines it
        self.task = asyncio.create_task(self._pump())

    def send(self, frame: dict[str, Any]) -> None:
        try:
            self.queue.put_nowait(frame_text(frame))
        except asyncio.QueueFull:
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)

    async def close(self) -> None:
        try:
            self.queue.put_nowait(None)
        except asyncio.QueueFull:
            self.task.cancel()
        with suppress(asyncio.CancelledError):
            await self.task

    async def _pump(self) -> None:
        try:
            while (text := await self.queue.get()) is not None:
                await self.websocket.send_text(text)
                self.sent += 1
            if self.websocket.client_state == WebSocketState.CONNECTED:
                await self.websocket.close(self.close_code)
        except Exception:  # the peer is gone: the receive loop sees it too
            pass


Handler = Callable[[Table, Receiver, dict[str, Any]], Awaitable[int]]
"""A request of a table's protocol: the version just after it (what its ``ack`` says)."""


def _version(message: dict[str, Any]) -> object:
    return message.get("v")


async def _act(table: Table, seat: Receiver, message: dict[str, Any]) -> int:
    action = message.get("action")
    if not isinstance(action, str) or len(action) > 64:
        raise Refused("bad-request", "'action' is an action's text, e.g. 'draw' or "
                                     "'discard 7'")
    table.pick_suits(seat, action.split()[1:], message.get("eye"))
    try:
        return await table.act(seat, [action], _version(message))
    finally:
        table.pick_suits(None, None, None)


async def _lay(table: Table, seat: Receiver, message: dict[str, Any]) -> int:
    table.pick_suits(seat, message.get("cards"), message.get("eye"))
    try:
        return await table.lay(seat, message.get("cards"), message.get("onto"),
                               _version(message))
    finally:
        table.pick_suits(None, None, None)


async def _undo(table: Table, seat: Receiver, message: dict[str, Any]) -> int:
    return await table.undo(seat, _version(message))


async def _continue(table: Table, seat: Receiver, message: dict[str, Any]) -> int:
    return await table.carry_on(seat)


async def _hint(table: Table, seat: Receiver, message: dict[str, Any]) -> int:
    return await table.advise(seat)


HANDLERS: dict[str, Handler] = {"act": _act, "lay": _lay, "undo": _undo,
                                "continue": _continue, "hint": _hint}


def _message(text: str | None) -> dict[str, Any]:
    """A client's message as a dict with a string ``kind``; ``Refused`` otherwise."""
    if text is None:
        raise Refused("bad-json", "messages are JSON text frames")
    if len(text.encode()) > MAX_MESSAGE:
        raise Refused("too-large", f"a message is at most {MAX_MESSAGE} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("bad-json", "that message is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("kind"), str):
        raise Refused("bad-request", "a message is a JSON object with a 'kind'")
    return message


class Server(Site):
    """The application: the game's HTTP API and WebSocket over the server's state (``Site``)."""

    # ------------------------------------------------------------------ HTTP

    async def presets(self, request: Request) -> Response:
        """What the create form offers: the presets, the bots, and this server's defaults for
        a new table's pace and grace period (``canasta serve --bot-pause --grace``)."""
        defaults = self.tables.settings
        return JSONResponse({
            "presets": [{"name": n, **rules_summary(load(n))} for n in preset_names()],
            "bots": [{"name": name, "spec": BOTS[name].spec,
                      "description": BOTS[name].description, "rating": BOTS[name].rating}
                     for name in OFFERED],
            "settings": {"bot_pause": defaults.bot_pause, "grace": defaults.grace}})

    async def rule_options(self, request: Request) -> Response:
        """The options a household may change on a preset (``rules.settable``), with the
        preset's values: what the create form's "change a few rules" offers."""
        preset = request.query_params.get("preset")
        rules = rules_from(preset, None)
        return JSONResponse({"preset": preset, "options": settable(rules)})

    async def check_rules(self, request: Request) -> Response:
        """An uploaded rules file checked before the table is made: its name, description
        and players, or the reason it is refused."""
        rules = rules_from(None, (await self.body(request)).get("rules_file"))
        return JSONResponse({"name": rules.name, **rules_summary(rules)})

    async def lobby(self, request: Request) -> Response:
        return JSONResponse({"tables": self.tables.lobby()})

    async def create(self, request: Request) -> Response:
        client = request.client.host if request.client else "?"
        created = await self.tables.create(client, await self.body(request))
        return JSONResponse(created, status_code=201)

    async def table(self, request: Request) -> Response:
        table = await self.tables.get(request.path_params["table"])
        return JSONResponse(table.info().to_dict())

    async def claim(self, request: Request) -> Response:
        table = await self.tables.get(request.path_params["table"])
        return JSONResponse(await self.tables.claim(table, await self.body(request)))

    async def rejoin(self, request: Request) -> Response:
        """A rejoin link for another player's seat, asked by the table's host (``token``):
        its invitation code (``Table.rejoin``)."""
        table = await self.tables.get(request.path_params["table"])
        data = await self.body(request)
        token, seat = data.get("token"), data.get("seat")
        if not isinstance(token, str):
            raise Refused("bad-token", "'token' is your seat's secret token")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise Refused("bad-request", "'seat' is the number of the seat to open again")
        invite = secrets.token_urlsafe(12)
        await table.rejoin(await table.seat_for(token), seat, invite)
        return JSONResponse({"seat": seat, "invite": invite})

    async def again(self, request: Request) -> Response:
        table = await self.tables.get(request.path_params["table"])
        data = await self.body(request)
        token = data.get("token")
        if not isinstance(token, str):
            raise Refused("bad-token", "'token' is your seat's secret token")
        seat = await table.seat_for(token)
        return JSONResponse({"id": await self.tables.again(table, seat)})

    async def record(self, request: Request) -> Response:
        table = await self.tables.get(request.path_params["table"])
        if not table.over:
            raise Refused("not-over", "the record (and the seed in it) is published when the "
                                      "game is over")
        return Response(record.dumps(table.game), media_type="application/json", headers={
            "content-disposition": f'attachment; filename="canasta-{table.id}.json"'})

    async def rules(self, request: Request) -> Response:
        """The table's rule set (``RuleSet.to_dict``): what a network client plays by."""
        table = await self.tables.get(request.path_params["table"])
        return JSONResponse(table.rules.to_dict())

    async def rules_words(self, request: Request) -> Response:
        """The table's main rules in plain words, for the page's "Rules" box."""
        table = await self.tables.get(request.path_params["table"])
        rules = table.rules
        return JSONResponse({"title": rules.title, "description": rules.description,
                             "words": rules_in_words_json(rules)})

    async def page(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    # ------------------------------------------------------------------ WebSocket

    async def websocket(self, websocket: WebSocket) -> None:
        await websocket.accept()
        connection = Connection(websocket)
        client = websocket.client.host if websocket.client else "?"
        table: Table | None = None
        seat: Receiver = None
        bound = False
        limits = self.limits
        rate = MessageRate(limits.messages_per_second, limits.message_burst,
                           limits.message_strikes)
        try:
            if not self.tables.connection_allowed(client):
                raise Refused("rate", "too many connections: wait a minute")
            table = await self.tables.get(websocket.path_params["table"])
            while True:
                incoming = await websocket.receive()
                if incoming["type"] == "websocket.disconnect":
                    break
                if not rate.allow():  # dropped unread: nothing done, nothing stored
                    connection.send(error_frame("too-fast", "too many messages: at most "
                                                f"{limits.messages_per_second:g} a second",
                                                version=table.version))
                    if rate.abusive:
                        connection.close_code = CLOSE_CODE
                        break
                    continue
                request = None
                try:
                    message = _message(incoming.get("text"))
                    request = message.get("id")
                    kind = message["kind"]
                    if kind == "ping":
                        connection.send({"kind": "pong", "v": table.version})
                    elif kind == "hello":
                        if bound:
                            raise Refused("bad-request", "this connection has said hello")
                        token, seen = message.get("token"), message.get("v")
                        if token is not None and not isinstance(token, str):
                            raise Refused("bad-token", "'token' is a string")
                        if seen is not None and (isinstance(seen, bool)
                                                 or not isinstance(seen, int)):
                            raise Refused("bad-request", "'v' is the last version you saw")
                        view = message.get("view", True)
                        if not isinstance(view, bool):
                            raise Refused("bad-request", "'view' is true or false: whether "
                                                         "your frames carry the seat's view")
                        connection.view = view
                        seat = await table.seat_for(token)
                        await table.attach(connection, seat, seen, token)
                        bound = True
                    elif kind == "again":
                        connection.send({"kind": "next", "table":
                                         await self.tables.again(table, seat if bound
                                                                 else None)})
                    elif kind in HANDLERS or kind == "preview":
                        if not bound:
                            raise Refused("hello-first", "say hello first")
                        claimed = message.get("seat", seat)
                        if claimed != seat:
                            raise Refused("not-your-seat", f"you hold seat {seat}, "
                                                           f"not {claimed!r}")
                        if kind == "preview":  # answered here, nothing played: no ack
                            connection.send(preview_frame(table.preview(
                                seat, message.get("cards"), message.get("onto"),
                                _version(message)), request, table.version))
                            continue
                        done = await HANDLERS[kind](table, seat, message)
                        connection.send({"kind": "ack", "id": request, "v": done}
                                        if isinstance(request, str | int) else
                                        {"kind": "ack", "v": done})
                    else:
                        raise Refused("unknown-kind", f"unknown message kind {kind!r}")
                except Refused as exc:
                    connection.send(error(exc, request, table.version))
                except storage.OUTAGE as exc:
                    connection.send(error(self.outage(exc), request, table.version))
                except Exception:  # a fault of ours: logged; the client is told, nothing else
                    log.exception("table %s: a request failed", table.id)
                    connection.send(error_frame("server-error", "the server could not do "
                                                "that", request, table.version))
        except Refused as exc:
            connection.send(error(exc))
        except storage.OUTAGE as exc:  # the table could not be read
            connection.send(error(self.outage(exc)))
        except WebSocketDisconnect:
            pass
        finally:
            if table is not None and bound:
                table.detach(connection)
            await connection.close()


def rules_summary(rules: RuleSet) -> dict[str, Any]:
    """What the create form shows of a rule set: its title, description, players, sides (seat
    s plays for side s % sides: partners), whether partners form at the pile, the target, and
    its main rules in words (``presentation.rules_in_words``)."""
    return {"title": rules.title, "description": rules.description,
            "players": rules.players.count,
            "sides": rules.players.sides, "partners_at_pile": rules.players.partners_at_pile,
            "target": rules.game.target, "words": rules_in_words_json(rules)}


def create_app(db_url: str | None = None, settings: Settings | None = None,
               limits: Limits | None = None, lease: float = LEASE) -> Starlette:
    """The application over the database at ``db_url`` (default: the shared default;
    ``lease``: seconds a table's lease lasts on PostgreSQL, docs/cluster.md)."""
    server = Server(db_url, settings or Settings(), limits or Limits(), lease)

    def api(handler: Callable[[Request], Awaitable[Response]]) -> Callable[
            [Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                try:
                    return await handler(request)
                except storage.OUTAGE as exc:
                    raise server.outage(exc) from None
            except Refused as exc:
                return JSONResponse(error_frame(exc.code, str(exc)),
                                    status_code=STATUS.get(exc.code, 400))
        return endpoint

    routes = [
        Route("/", server.page), Route("/t/{table}", server.page),
        Route("/join/{table}/{seat}/{invite}", server.page),
        Route("/api/presets", api(server.presets)),
        Route("/api/rules/check", api(server.check_rules), methods=["POST"]),
        Route("/api/rules/options", api(server.rule_options)),
        Route("/api/tables", api(server.lobby), methods=["GET"]),
        Route("/api/tables", api(server.create), methods=["POST"]),
        Route("/api/tables/{table}", api(server.table)),
        Route("/api/tables/{table}/claim", api(server.claim), methods=["POST"]),
        Route("/api/tables/{table}/again", api(server.again), methods=["POST"]),
        Route("/api/tables/{table}/rejoin", api(server.rejoin), methods=["POST"]),
        Route("/api/tables/{table}/record", api(server.record)),
        Route("/api/tables/{table}/rules", api(server.rules)),
        Route("/api/tables/{table}/rules/words", api(server.rules_words)),
        WebSocketRoute("/ws/{table}", server.websocket),
        *score_routes(server),
        *replay_routes(lambda: server.tables, server.raw, lambda: server.reviews, api),
        Mount("/static", StaticFiles(directory=STATIC)),
    ]
    app = Starlette(routes=routes, lifespan=server.lifespan)
    app.state.server = server
    return app


__all__ = ["MAX_MESSAGE", "Connection", "Server", "create_app"]
