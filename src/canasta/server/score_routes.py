"""The score pad's page and API on the game server (docs/scorepad.md, "In the browser").

Every route calls the score package (``canasta.score.pad``, ``tally``, ``report``,
``entry``): the page sends the words of each side's entry, the pad parses, checks and scores
them with the engine, and an entry that cannot be true is refused with the pad's reason and
nothing stored. The database calls run in a worker thread, off the event loop.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import Engine
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from canasta.presentation.rules_words import rules_in_words_json
from canasta.rules import RuleSet, load, preset_names
from canasta.score import pad, report
from canasta.score.entry import (
    EntryError,
    SideEntry,
    class_words,
    fields_for,
    hand_classes,
    melded_classes,
    parse_entry,
)
from canasta.score.tally import DealResult, Sheet, tally
from canasta.server.frames import error_frame
from canasta.server.hall import rules_from
from canasta.server.rate import AddressRates
from canasta.server.seats import Refused
from canasta.server.site import Site
from canasta.server.storage import OUTAGE

PAGE = Path(__file__).with_name("static") / "score.html"
MAX_VALUE = 40  #: the longest value of one word of an entry (``melded=7x5+5x10+5x20``)


def _text(value: object) -> str:
    """A string the request must hold (a game's or a side's name)."""
    if not isinstance(value, str):
        raise Refused("bad-request", f"expected a name (text), got {value!r}")
    return value


def entry_words(data: object) -> str:
    """One side's entry sent by the page, ``{"natural": 1, "melded": "7x5+5x10", "out":
    true}``, as the words the pad reads (``natural=1 melded=7x5+5x10 out``)."""
    if not isinstance(data, dict):
        raise Refused("bad-request", "each side's entry is an object of words, e.g. "
                                     '{"natural": 1, "melded": 185, "out": true}')
    words = []
    for word, value in data.items():
        if not isinstance(word, str) or not word.replace("-", "").isalnum():
            raise Refused("bad-request", f"{word!r} is not a word of an entry")
        if value is True:
            words.append(word)
        elif value is False:
            continue
        elif isinstance(value, int | str):
            text = str(value)
            if not text or len(text) > MAX_VALUE or any(c.isspace() or c in "=,"
                                                        for c in text):
                raise Refused("bad-request", f"{word}: {text!r} is not a value")
            words.append(f"{word}={text}")
        else:
            raise Refused("bad-request", f"{word}: a number, card counts (6x5+9x10) or "
                                         f"true/false, not {value!r}")
    return " ".join(words)


def entries_of(data: dict[str, Any], rules: RuleSet, names: Sequence[str]) -> list[SideEntry]:
    """The deal's entries from the request, one per side, parsed by the pad."""
    sent = data.get("entries")
    if not isinstance(sent, list) or len(sent) != len(names):
        raise EntryError(f"give one entry per side ({', '.join(names)})")
    out = []
    for name, side in zip(names, sent, strict=True):
        try:
            out.append(parse_entry(entry_words(side), rules))
        except EntryError as exc:
            raise EntryError(f"{name}: {exc}") from None
    return out


def _classes(classes: dict[int, tuple[int, ...]]) -> list[dict[str, Any]]:
    return [{"value": value, "cards": class_words(kinds)} for value, kinds in classes.items()]


def fields_json(rules: RuleSet) -> list[dict[str, Any]]:
    """The words an entry has under ``rules``, as the page shows them."""
    out = []
    for field in fields_for(rules):
        item: dict[str, Any] = {"word": field.word, "kind": field.kind,
                                "question": field.question}
        if field.kind == "amount":
            item["classes"] = _classes(melded_classes(rules) if field.attr == "melded"
                                       else hand_classes(rules))
        out.append(item)
    return out


def deal_json(sheet: Sheet, deal: DealResult) -> dict[str, Any]:
    """One scored deal: per side its entry's words (and its fields by word, for the page's
    form: ``SideEntry.to_json``) and the engine's items, score and total."""
    return {"number": deal.number, "sides": [
        {"side": name, "entry": entry.text(), "fields": entry.to_json(by_word=True),
         "items": score.items(), "score": score.total, "total": deal.totals[side]}
        for side, (name, entry, score) in enumerate(
            zip(sheet.names, deal.entries, deal.scores, strict=True))]}


def standing_json(sheet: Sheet) -> dict[str, Any]:
    """Where the game stands (``Sheet``'s own answers) and the pad's text of it."""
    game = sheet.rules.game
    return {"totals": list(sheet.totals), "minimums": list(sheet.minimums()),
            "needed": list(needed) if (needed := sheet.needed()) is not None else None,
            "target": game.target, "over": sheet.over,
            "winner": sheet.names[sheet.winner] if sheet.over else None,
            "level": sheet.level, "next": len(sheet.deals) + 1,
            "text": report.standing_text(sheet)}


def game_json(game: pad.PadGame) -> dict[str, Any]:
    """A game for the page: its rules' words, every deal scored, the standing."""
    sheet = game.sheet
    return {"name": game.name, "rules": game.rules_name, "title": sheet.rules.title,
            "description": sheet.rules.description, "words": rules_in_words_json(sheet.rules),
            "sides": list(sheet.names),
            "fields": fields_json(sheet.rules),
            "deals": [deal_json(sheet, deal) for deal in sheet.deals],
            "standing": standing_json(sheet)}


@lru_cache(maxsize=1)
def presets() -> list[dict[str, Any]]:
    """The presets a game may be started under, with their sides (read once per process)."""
    return [{"name": n, "title": (r := load(n)).title, "description": r.description,
             "sides": r.players.sides, "words": rules_in_words_json(r),
             "players": r.players.count} for n in preset_names()
            if not load(n).players.partners_at_pile]  # the pad refuses those (score.tally)


class ScorePad:
    """The score pad's routes over the server's database. Each client address may make the
    game server's message rate of requests (``Limits.messages_per_second``, bursts of
    ``Limits.message_burst``); past that a request is refused ``too-fast`` (HTTP 429) before
    anything is read, and request bodies have the game server's size limit (``MAX_BODY``)."""

    def __init__(self, server: Site) -> None:
        self.server = server
        limits = server.limits
        self.rates = AddressRates(limits.messages_per_second, limits.message_burst)

    def admit(self, request: Request) -> None:
        """Refuse a request from an address over its rate (nothing read, nothing stored)."""
        if not self.rates.allow(request.client.host if request.client else "?"):
            raise Refused("too-fast", "too many score pad requests: at most "
                          f"{self.rates.per_second:g} a second")

    @property
    def engine(self) -> Engine:
        return self.server.tables.engine

    async def page(self, request: Request) -> Response:
        return FileResponse(PAGE)

    async def games(self, request: Request) -> Response:
        listed = await run_in_threadpool(pad.games, self.engine)
        return JSONResponse({
            "games": [{"name": g.name, "rules": g.rules_name, "title": g.rules_title,
                       "sides": list(g.sides),
                       "deals": g.deals, "totals": list(g.totals),
                       "winner": g.sides[g.winner] if g.winner >= 0 else None}
                      for g in listed],
            "presets": presets()})

    async def create(self, request: Request) -> Response:
        data = await self.server.body(request)
        rules = rules_from(data.get("preset"), data.get("rules_file"))
        sides = data.get("sides")
        if not isinstance(sides, list):
            raise Refused("bad-request", "'sides' is the list of the sides' names")
        game = await run_in_threadpool(pad.create, self.engine, _text(data.get("name")),
                                       rules, [_text(side) for side in sides])
        return JSONResponse(game_json(game), status_code=201)

    async def game(self, request: Request) -> Response:
        name = _text(request.query_params.get("name"))
        return JSONResponse(game_json(await run_in_threadpool(pad.load, self.engine, name)))

    def _preview(self, name: str, data: dict[str, Any]) -> dict[str, Any]:
        """The deal scored as it would be stored: the next deal, or with ``number`` an
        earlier one corrected (every deal after it scored again), nothing stored."""
        game = pad.load(self.engine, name)
        rules, names = game.sheet.rules, game.sheet.names
        entries = entries_of(data, rules, names)
        deals: list[Sequence[SideEntry]] = [d.entries for d in game.sheet.deals]
        number = _number(data.get("number"), len(deals)) if "number" in data else None
        if number is None:
            deals.append(entries)
        else:
            deals[number - 1] = entries
        sheet = tally(rules, names, deals)
        shown = sheet.deals[-1 if number is None else number - 1]
        return {"deal": deal_json(sheet, shown), "standing": standing_json(sheet)}

    async def preview(self, request: Request) -> Response:
        data = await self.server.body(request)
        return JSONResponse(await run_in_threadpool(self._preview, _text(data.get("name")),
                                                    data))

    def _store(self, name: str, data: dict[str, Any]) -> dict[str, Any]:
        rules, names = pad.rules_of(self.engine, name)
        return game_json(pad.add_deal(self.engine, name, entries_of(data, rules, names)))

    async def deal(self, request: Request) -> Response:
        data = await self.server.body(request)
        return JSONResponse(await run_in_threadpool(self._store, _text(data.get("name")),
                                                    data), status_code=201)

    def _edit(self, name: str, data: dict[str, Any]) -> dict[str, Any]:
        game = pad.load(self.engine, name)
        number = _number(data.get("number"), len(game.sheet.deals))
        entries = entries_of(data, game.sheet.rules, game.sheet.names)
        return {"edited": number, **game_json(pad.edit(self.engine, name, number, entries))}

    async def edit(self, request: Request) -> Response:
        data = await self.server.body(request)
        return JSONResponse(await run_in_threadpool(self._edit, _text(data.get("name")), data))

    async def export(self, request: Request) -> Response:
        """The game as a file to keep (``canasta score export``): ``format`` ``csv`` (one row
        per deal per side) or ``json``, sent as an attachment named after the game."""
        name = _text(request.query_params.get("name"))
        kind = request.query_params.get("format", "csv")
        if kind not in EXPORTS:
            raise Refused("bad-request", "format is csv or json")
        game = await run_in_threadpool(pad.load, self.engine, name)
        media, write = EXPORTS[kind]
        return PlainTextResponse(write(game), media_type=media, headers={
            "content-disposition": attachment(game.name, kind)})

    async def again(self, request: Request) -> Response:
        """A new game with this game's rules and sides (``pad.again``)."""
        data = await self.server.body(request)
        game = await run_in_threadpool(pad.again, self.engine, _text(data.get("name")))
        return JSONResponse(game_json(game), status_code=201)

    async def undo(self, request: Request) -> Response:
        data = await self.server.body(request)
        number, game = await run_in_threadpool(pad.undo, self.engine, _text(data.get("name")))
        return JSONResponse({"undone": number, **game_json(game)})


#: The export formats: their media type and writer (``canasta.score.report``).
EXPORTS: dict[str, tuple[str, Callable[[pad.PadGame], str]]] = {
    "csv": ("text/csv", report.export_csv), "json": ("application/json", report.export_json)}


def attachment(name: str, kind: str) -> str:
    """A ``content-disposition`` naming the file after the game: its ASCII letters, digits,
    dots, dashes and underscores (others become dashes; ``score`` if none is left), and the
    whole name in UTF-8 for the browsers that read it (RFC 6266)."""
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "-"
                    for c in name).strip("-.") or "score"
    return f"attachment; filename=\"{plain}.{kind}\"; filename*=UTF-8''{quote(name)}.{kind}"


def _number(value: object, deals: int) -> int:
    """A deal's number from the request: one of the game's ``deals``."""
    if type(value) is not int or not 1 <= value <= deals:
        raise Refused("bad-request", f"'number' is a deal stored, 1 to {deals}"
                      if deals else "no deal is stored yet")
    return value


Endpoint = Callable[[Request], Awaitable[Response]]


def _answer(pad_routes: ScorePad, handler: Endpoint) -> Endpoint:
    """The handler behind the address's rate (:meth:`ScorePad.admit`), with a refusal
    answered as ``error`` with its reason: 429 for a request over the rate, 503
    ``unavailable`` while the database does not answer (logged once per outage, as the game
    server's requests are), 400 otherwise."""
    async def endpoint(request: Request) -> Response:
        try:
            pad_routes.admit(request)
            return await handler(request)
        except EntryError as exc:
            return JSONResponse(error_frame("refused", str(exc)), status_code=400)
        except OUTAGE as exc:
            refused = pad_routes.server.outage(exc)
            return JSONResponse(error_frame(refused.code, str(refused)), status_code=503)
        except Refused as exc:
            status = 429 if exc.code == "too-fast" else 400
            return JSONResponse(error_frame(exc.code, str(exc)), status_code=status)
    return endpoint


def score_routes(server: Site) -> list[Route]:
    """The page ``/score`` and the API under ``/api/score`` (docs/scorepad.md)."""
    pad_routes = ScorePad(server)
    return [
        Route("/score", pad_routes.page),
        Route("/api/score", _answer(pad_routes, pad_routes.games), methods=["GET"]),
        Route("/api/score", _answer(pad_routes, pad_routes.create), methods=["POST"]),
        Route("/api/score/game", _answer(pad_routes, pad_routes.game), methods=["GET"]),
        Route("/api/score/preview", _answer(pad_routes, pad_routes.preview), methods=["POST"]),
        Route("/api/score/deal", _answer(pad_routes, pad_routes.deal), methods=["POST"]),
        Route("/api/score/undo", _answer(pad_routes, pad_routes.undo), methods=["POST"]),
        Route("/api/score/edit", _answer(pad_routes, pad_routes.edit), methods=["POST"]),
        Route("/api/score/again", _answer(pad_routes, pad_routes.again), methods=["POST"]),
        Route("/api/score/export", _answer(pad_routes, pad_routes.export), methods=["GET"]),
    ]


__all__ = ["ScorePad", "entry_words", "score_routes"]
