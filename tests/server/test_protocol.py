"""The protocol against a real server: the HTTP API, reconnecting, undo, hints, and every
kind of malformed or hostile message (each gets an error for its sender alone and changes
nothing). The tests of the shared ``server`` run on SQLite and on PostgreSQL (where the server
also runs its part of a cluster, docs/cluster.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
from pathlib import Path
from typing import Any

import httpx2
import pytest
import websockets
from tests.postgres import BACKENDS, Postgres
from tests.server.harness import QUICK, Client, Running, create, lifted_limits, play, running
from tests.server.test_replay import finished_table

from canasta import record
from canasta.bots import make_bot
from canasta.bots.levels import BY_NAME
from canasta.engine.view import PlayerView
from canasta.presentation import rules_in_words
from canasta.rules import load, loads


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    if request.param == "sqlite":
        db = f"sqlite:///{tmp_path_factory.mktemp('protocol') / 'server.db'}"
    else:
        postgres: Postgres = request.getfixturevalue("postgres")
        db = postgres.database()
    with running(db, seeds="protocol", limits=lifted_limits(connections_per_minute=200)) as s:
        yield s


def test_presets_and_the_lobby(server: Running) -> None:
    with server.http() as http:
        data = http.get("/api/presets").json()
        classic = next(p for p in data["presets"] if p["name"] == "classic")
        assert classic["title"] == "Classic Canasta" and classic["players"] == 4
        assert classic["description"] == load("classic").description
        assert [b["name"] for b in data["bots"]] == ["beginner", "novice", "casual", "club",
                                                    "expert", "random"]
        club = next(b for b in data["bots"] if b["name"] == "club")
        assert club["spec"] == "greedy" and club["rating"] == BY_NAME["club"].rating
        # the server's defaults for a new table: the harness's (no pause, a minute's grace)
        assert data["settings"] == {"bot_pause": 0.0, "grace": 60.0}
        private = create(http, ["me", "open", "greedy", "greedy"])
        public = create(http, ["me", "open", "greedy", "greedy"], settings={"public": True})
        lobby = http.get("/api/tables").json()["tables"]
        ids = [t["id"] for t in lobby]
        assert public["id"] in ids and private["id"] not in ids
        listed = next(t for t in lobby if t["id"] == public["id"])
        assert list(listed["invites"]) == ["1"] and listed["title"] == "quick"  # its name
        info = http.get(f"/api/tables/{public['id']}").json()
        assert "invite" not in json.dumps(info) and info["seed"] is None
        assert len(info["seed_hash"]) == 64
        # the main rules in words: of each preset, and of a table (its own rules: quick)
        assert classic["words"][0]["lines"][2] == "Each player is dealt 11 cards."
        samba = next(p for p in data["presets"] if p["name"] == "samba")
        assert [(w["id"], w["topic"]) for w in samba["words"]] == [
            (section.topic.value, section.heading) for section in rules_in_words(load("samba"))]
        words = http.get(f"/api/tables/{public['id']}/rules/words").json()
        assert words["title"] == "quick" and words["words"][0]["lines"][2] == \
            "Each player is dealt 7 cards."
        assert "to reach 100 after a deal" in words["words"][-1]["lines"][0]
        assert http.get("/api/tables/nosuchtable/rules/words").status_code == 404
        # the options a household may change on a preset ("Change a rule"), with its values
        options = http.get("/api/rules/options", params={"preset": "samba"}).json()["options"]
        by_key = {f"{o['section']}.{o['name']}": o for o in options}
        assert by_key["deal.hand_size"] | {"doc": ""} == {
            "section": "deal", "name": "hand_size", "doc": "", "kind": "int", "value": 15,
            "min": 1, "max": 100_000}
        assert by_key["melds.sequences"]["kind"] == "bool" and by_key["melds.sequences"]["value"]
        assert by_key["stock_out.mode"]["choices"] == ["compulsory_take", "turn_pile",
                                                       "last_discard"]
        assert "limits.retracts_per_turn" not in by_key  # the engine's caps are no house rule
        assert by_key["red_threes.values"] | {"doc": ""} == {
            "section": "red_threes", "name": "values", "doc": "", "kind": "numbers",
            "value": list(load("samba").red_threes.values), "min": -100_000, "max": 100_000}
        assert by_key["initial_meld.tiers"]["columns"] == ["from score (or deal)", "minimum"]
        assert by_key["melds.special_ranks"]["kind"] == "kinds"
        for query in ({"preset": "nonesuch"}, {}):
            bad = http.get("/api/rules/options", params=query)
            assert bad.status_code == 400 and bad.json()["code"] == "bad-rules"


@pytest.mark.parametrize(("body", "code", "words"), [
    ({"rules": "nonsense", "seats": ["me"] * 4}, "bad-rules", "no preset named"),
    ({"rules_file": "[deal]\nhand_size = -3\n", "seats": ["me", "greedy", "greedy", "greedy"]},
     "bad-rules", "hand_size"),
    ({"rules_file": "this is = not toml [", "seats": ["me"]}, "bad-rules", "your rules file"),
    ({"rules": "classic", "seats": ["me", "greedy"]}, "bad-seats", "lists 4 seats"),
    ({"rules": "classic", "seats": ["me", "me", "greedy", "greedy"]}, "bad-seats", "one seat"),
    ({"rules": "classic", "seats": ["me", "wizard", "greedy", "greedy"]}, "bad-seats", "a bot"),
    ({"rules": "classic", "seats": ["me", "open", "open", "open"], "name": ""}, "bad-name",
     "a name"),
    ({"rules": "classic", "seats": ["me", "open", "open", "open"],
      "settings": {"bot_pause": 99}}, "bad-request", "bot_pause"),
    ({"rules": "classic", "seats": ["me", "open", "open", "open"], "target": -5},
     "bad-request", "target"),
    ({"rules": "classic", "seats": ["me", "open", "open", "open"], "target": "lots"},
     "bad-request", "target"),
    ({"rules": "hand_and_foot", "seats": ["me", "open", "open", "open"], "target": 3000},
     "bad-request", "not to a target"),
])
def test_a_bad_table_request_is_refused_with_the_reason(server: Running, body: dict[str, Any],
                                                         code: str, words: str) -> None:
    with server.http() as http:
        before = len(http.get("/api/tables").json()["tables"])
        response = http.post("/api/tables", json=body)
        assert response.status_code == 400
        assert response.json()["code"] == code and words in response.json()["message"]
        assert len(http.get("/api/tables").json()["tables"]) == before


def test_bad_http_bodies(server: Running) -> None:
    with server.http() as http:
        checked = http.post("/api/rules/check", json={"rules_file": QUICK.read_text()}).json()
        quick = load(QUICK)
        assert checked == {"name": "quick", "title": "quick", "players": 4,
                           "description": checked["description"],
                           "sides": 2, "partners_at_pile": False, "target": 100,
                           "words": [{"id": topic.value, "topic": heading, "lines": list(lines)}
                                     for topic, heading, lines in rules_in_words(quick)]}
        assert "Each player is dealt 7 cards." in checked["words"][0]["lines"]
        bad = http.post("/api/rules/check", json={"rules_file": "[melds]\ncanasta_size = 2\n"})
        assert bad.status_code == 400 and "canasta_size" in bad.json()["message"]
        assert http.post("/api/rules/check", json={}).json()["code"] == "bad-rules"
        assert http.post("/api/tables", content=b"{nope").json()["code"] == "bad-json"
        assert http.post("/api/tables", content=b"[1]").json()["code"] == "bad-request"
        big = http.post("/api/tables", content=b"x" * 200_000)
        assert big.status_code == 400 and big.json()["code"] == "too-large"
        assert http.get("/api/tables/nosuchtable").status_code == 404
        made = create(http, ["me", "open", "greedy", "greedy"])
        table = made["id"]
        assert http.get(f"/api/tables/{table}/record").status_code == 409  # seed still secret
        wrong = http.post(f"/api/tables/{table}/claim",
                          json={"seat": 1, "invite": "forged", "name": "Eve"})
        assert wrong.json()["code"] == "bad-invite"
        taken = http.post(f"/api/tables/{table}/claim",
                          json={"seat": 0, "invite": "x", "name": "Eve"})
        assert taken.status_code == 409
        again = http.post(f"/api/tables/{table}/again", json={"token": "forged"})
        assert again.json()["code"] == "bad-token"


def test_tables_per_client_are_limited() -> None:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp, \
            running(f"sqlite:///{Path(tmp) / 's.db'}",
                    limits=lifted_limits(tables_per_client=2)) as s, \
            s.http() as http:
        for _ in range(2):
            create(http, ["me", "open", "open", "open"])
        refused = http.post("/api/tables", json={"rules": "classic", "seats": ["me", "open",
                                                                               "open", "open"]})
        assert refused.status_code == 429 and refused.json()["code"] == "too-many-tables"


def test_tables_a_client_makes_in_an_hour_are_limited(tmp_path: Path) -> None:
    """Each table is stored for good, and one of bots alone plays to its end unwatched: a
    client makes at most ``tables_per_hour`` an hour, finished or not, "play again" too."""

    async def main() -> None:
        with running(f"sqlite:///{tmp_path / 's.db'}",
                     limits=lifted_limits(tables_per_hour=2)) as s, s.http() as http:
            made = create(http, ["me", "greedy", "greedy", "greedy"])
            ann = await Client.open(s.ws, made["id"], made["token"])
            await play([ann], random.Random(1), lambda: ann.latest["table"]["over"])
            assert ann.latest["table"]["over"]
            finished_table(http)  # a table of bots alone, played to its end: the second
            for body in ({"rules": "classic", "seats": ["greedy", "greedy", "greedy", "greedy"]},
                         {"rules": "classic", "seats": ["me", "open", "open", "open"]}):
                refused = http.post("/api/tables", json=body)
                assert refused.status_code == 429, refused.text
                assert refused.json()["code"] == "too-many-tables"
                assert "2 tables in the last hour" in refused.json()["message"]
            again = await ann.request({"kind": "again"})
            assert again["code"] == "too-many-tables", again
            assert http.get("/api/tables").json()["tables"] == []
            await ann.close()

    asyncio.run(main())


async def _turn(client: Client) -> dict[str, Any]:
    """Wait until it is the client's turn (now or later); its frame then."""
    latest = max(i for i, f in enumerate(client.frames) if f["kind"] in ("welcome", "event"))
    return await client.until(lambda f: f["kind"] in ("welcome", "event")
                              and f["facts"]["turn"]["mine"], start=latest)


async def _discard_and_pass(client: Client, frame: dict[str, Any]) -> None:
    """Discard the first card the frame offers and wait until the turn has passed."""
    discard = next(a["text"] for a in frame["facts"]["actions"]
                   if a["text"].startswith("discard"))
    await client.request({"kind": "act", "action": discard, "v": frame["v"]})
    await client.until(lambda f: f["kind"] == "event" and not f["facts"]["turn"]["mine"],
                       start=0)


def test_hostile_messages_change_nothing(server: Running) -> None:
    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "open", "random", "random"])
            table = made["id"]
            ann = await Client.open(server.ws, table, made["token"])
            code = ann.latest["invites"]["1"]
            bob_seat = http.post(f"/api/tables/{table}/claim",
                                 json={"seat": 1, "invite": code, "name": "Bob"}).json()
        bob = await Client.open(server.ws, table, bob_seat["token"])
        watcher = await Client.open(server.ws, table)
        while not any(c.latest["facts"]["turn"]["mine"] for c in (ann, bob)):
            await asyncio.sleep(0.01)  # the bots play until a person is to act
        mover = ann if ann.latest["facts"]["turn"]["mine"] else bob
        idle = bob if mover is ann else ann
        version = mover.latest["v"]
        for client in (idle, watcher):
            await client.until(lambda f: f.get("v") == version, start=0)
        heard = [len(c.frames) for c in (mover, idle, watcher)]

        async def refused(client: Client, message: Any, expected: str) -> None:
            await client.send(message if isinstance(message, str | bytes) else
                              json.dumps(message))
            reply = await client.until(lambda f: f["kind"] in ("error", "ack", "preview"))
            assert reply["kind"] == "error" and reply["code"] == expected, (message, reply)
            if expected != "refused":  # only a refusal of the rules names a rule's topic
                assert "topic" not in reply and "topic_heading" not in reply, reply

        await refused(mover, "not json {", "bad-json")
        await refused(mover, b"\x00\x01binary", "bad-json")
        await refused(mover, "[1, 2]", "bad-request")
        await refused(mover, {"kind": 5}, "bad-request")
        await refused(mover, {"kind": "teleport"}, "unknown-kind")
        await refused(mover, {"kind": "act", "action": "x" * 9000, "v": version}, "too-large")
        await refused(mover, {"kind": "act", "action": 5, "v": version}, "bad-request")
        await refused(mover, {"kind": "act", "action": "draw", "v": "1"}, "bad-request")
        await refused(mover, {"kind": "act", "action": "draw", "v": version - 1}, "stale")
        await refused(mover, {"kind": "act", "action": "fly away", "v": version}, "bad-action")
        await refused(mover, {"kind": "act", "action": "meld K K K", "v": version}, "refused")
        assert mover.frames[-1]["message"] == "draw from the stock or take the pile first"
        assert (mover.frames[-1]["topic"], mover.frames[-1]["topic_heading"]) == ("turn", "A turn")
        await refused(mover, {"kind": "lay", "cards": ["K", "Q"], "v": version}, "refused")
        assert mover.frames[-1]["message"].startswith("select cards of one rank")
        assert (mover.frames[-1]["topic"], mover.frames[-1]["topic_heading"]) == (
            "melds", "Melds and canastas")
        await refused(mover, {"kind": "act", "action": "draw", "v": version,
                              "seat": idle.latest["you"]}, "not-your-seat")
        await refused(mover, {"kind": "lay", "cards": "K K", "v": version}, "refused")
        assert "topic" not in mover.frames[-1]  # a request that names no cards: no rule
        await refused(mover, {"kind": "undo", "v": version}, "refused")
        await refused(mover, {"kind": "continue"}, "not-waiting")
        await refused(mover, {"kind": "hello", "token": None}, "bad-request")
        await refused(idle, {"kind": "act", "action": "draw", "v": version}, "not-your-turn")
        await refused(idle, {"kind": "hint"}, "not-your-turn")
        await refused(watcher, {"kind": "act", "action": "draw", "v": version}, "spectator")
        await refused(watcher, {"kind": "again"}, "spectator")
        await refused(watcher, {"kind": "preview", "cards": ["K"], "v": version}, "spectator")
        await refused(idle, {"kind": "preview", "cards": ["K"], "v": version}, "not-your-turn")
        stranger = await Client.open(server.ws, table, hello=False)
        await refused(stranger, {"kind": "act", "action": "draw", "v": version}, "hello-first")
        await refused(stranger, {"kind": "hello", "token": None, "view": "no"}, "bad-request")
        await refused(stranger, {"kind": "hello", "token": "forged-token"}, "bad-token")
        await refused(stranger, {"kind": "hello", "token": 7}, "bad-token")
        # a frame over the transport's limit closes only that connection ("message too big"),
        # maybe before the client has finished sending it
        huge = await Client.open(server.ws, table, hello=False)
        with contextlib.suppress(websockets.ConnectionClosed):
            await huge.send("x" * (2 * 1024 * 1024))
        with pytest.raises(ConnectionError):
            await huge.until(lambda f: False, timeout=10)
        assert huge.connection.close_code == 1009
        # nothing changed, and nobody else heard of any of it
        pong = await mover.request({"kind": "ping"})
        assert pong["v"] == version
        for client, before, own in zip((idle, watcher), heard[1:], (3, 3), strict=True):
            later = client.frames[before:]
            assert not any(f["kind"] == "event" for f in later)
            assert sum(f["kind"] == "error" for f in later) == own  # its own errors only
        assert all(f["kind"] != "event" for f in mover.frames[heard[0]:])
        ok = await mover.request({"kind": "act", "action": mover.latest["facts"]["actions"][-1]
                                  ["text"], "v": version})
        assert ok["kind"] == "ack" and ok["v"] == version + 1
        for client in (ann, bob, watcher, stranger):
            await client.close()

    asyncio.run(main())


def test_no_such_table_and_connection_rate() -> None:
    import tempfile
    from pathlib import Path

    async def main(s: Running) -> None:
        lost = await Client.open(s.ws, "nosuchtable", hello=False)
        reply = await lost.until(lambda f: True)
        assert reply["code"] == "no-table"
        with s.http() as http:
            table = create(http, ["me", "open", "open", "open"])["id"]
        first = await Client.open(s.ws, table)
        assert first.latest["kind"] == "welcome"
        over = await Client.open(s.ws, table, hello=False)
        assert (await over.until(lambda f: True))["code"] == "rate"
        await first.close()

    with tempfile.TemporaryDirectory() as tmp, \
            running(f"sqlite:///{Path(tmp) / 's.db'}",
                    limits=lifted_limits(connections_per_minute=2)) as s:
        asyncio.run(main(s))


def test_reconnect_gets_the_missed_events_and_the_seat(server: Running) -> None:
    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "greedy", "greedy", "greedy"])
        table, token = made["id"], made["token"]
        first = await Client.open(server.ws, table, token)
        frame = await _turn(first)
        while frame["v"] < 4:  # the seat opened the deal: play a turn, so events lie behind
            await first.request({"kind": "act", "action": "draw", "v": frame["v"]})
            discard = next(a["text"] for a in first.latest["facts"]["actions"]
                           if a["text"].startswith("discard"))
            await first.request({"kind": "act", "action": discard, "v": first.latest["v"]})
            frame = await _turn(first)
        seen = frame["v"]
        await first.close()
        spectator = await Client.open(server.ws, table)
        assert spectator.latest["table"]["seats"][0]["status"] == "away"
        again = await Client.open(server.ws, table, token, seen=seen - 3)
        welcome = again.frames[0]
        assert welcome["you"] == 0 and welcome["v"] >= seen
        assert [e["v"] for e in welcome["missed"]] == list(range(seen - 2, welcome["v"] + 1))
        assert welcome["facts"]["hand_text"] == frame["facts"]["hand_text"]
        far = await Client.open(server.ws, table, token, seen=-5)
        assert far.frames[0]["missed"] is None  # a fresh view instead
        for client in (spectator, again, far):
            await client.close()

    asyncio.run(main())


def test_a_client_may_decline_the_seat_view(server: Running) -> None:
    """A hello with ``view: false`` (the browser page's) gets the same frames without the
    seat's view, while another client of the same seat still gets it."""
    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "greedy", "greedy", "greedy"])
        table, token = made["id"], made["token"]
        lean = await Client.open(server.ws, table, hello=False)
        await lean.send({"kind": "hello", "token": token, "view": False})
        await lean.until(lambda f: f["kind"] == "welcome")
        full = await Client.open(server.ws, table, token)
        frame = await _turn(full)
        await full.request({"kind": "act", "action": "draw", "v": frame["v"]})
        await lean.until(lambda f: f.get("v") == frame["v"] + 1, start=0)
        seat_frames = [[f for f in c.frames if f["kind"] in ("welcome", "event")]
                       for c in (lean, full)]
        assert all("view" not in f for f in seat_frames[0])
        assert all(f["view"]["seat"] == 0 for f in seat_frames[1])
        events = [{f["v"]: f for f in frames if f["kind"] == "event"} for frames in seat_frames]
        both = sorted(set(events[0]) & set(events[1]))
        assert both and both[-1] == frame["v"] + 1
        for version in both:
            assert events[0][version] == {k: v for k, v in events[1][version].items()
                                          if k != "view"}
        for client in (lean, full):
            await client.close()

    asyncio.run(main())


#: Modern American for two: the person plays alone, so its side's initial meld, which takes a
#: pile of bonus cards, is the person's own (played as greedy plays)
TWO_AMERICANS = """name = "two-americans"
description = "Modern American for two players."
base = "modern_american"

[players]
count = 2
sides = 2
"""


def test_an_initial_meld_that_took_a_bonus_pile_cannot_be_taken_back(server: Running) -> None:
    """The person plays as greedy would (on the view the server sends) until the initial meld
    is committed: a meld laid before it could be taken back, the commit brought the bonus
    pile's face-down cards into the hand, so it cannot (until 2026-12-07 it could: the check
    looked at the stock and the feet only, and a person could see the bonus pile and take the
    meld back)."""
    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "greedy"], rules_file=TWO_AMERICANS)
            ann = await Client.open(server.ws, made["id"], made["token"])
            rules, bot, laid = loads(TWO_AMERICANS), make_bot("greedy", 3), False
            for _ in range(300):
                frame = await ann.until(lambda f: f["kind"] in ("welcome", "event") and (
                    f["facts"]["turn"]["mine"] or f["you"] in f["table"]["waiting"]),
                    start=max(i for i, f in enumerate(ann.frames)
                              if f["kind"] in ("welcome", "event")))
                if frame["you"] in frame["table"]["waiting"]:  # a deal ended first: go on
                    await ann.request({"kind": "continue"})
                    continue
                view = PlayerView.from_wire(frame["view"], rules)
                action = str(bot.act(view))
                await ann.request({"kind": "act", "action": action, "v": frame["v"]})
                if action == "commit":
                    piles = view.bonus_sizes
                    break
                laid = laid or (action.startswith(("meld", "add")) and ann.latest["can_undo"])
            else:
                pytest.fail("no initial meld in 300 moves")
            assert laid, "no meld of the opening could be taken back"
            assert piles, "no pile of bonus cards was left for the person's side"
            assert PlayerView.from_wire(ann.latest["view"], rules).bonus_sizes == piles[1:]
            assert not ann.latest["can_undo"]
            refused = await ann.request({"kind": "undo", "v": ann.latest["v"]})
            assert "showed you a card" in refused["message"]
            await ann.close()

    asyncio.run(main())


def test_hint_undo_and_the_record(server: Running) -> None:
    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "greedy", "greedy", "greedy"])
            table = made["id"]
            ann = await Client.open(server.ws, table, made["token"])
            frame = await _turn(ann)
            hint = await ann.request({"kind": "hint"})
            assert hint["kind"] == "ack"
            shown = next(f for f in reversed(ann.frames) if f["kind"] == "event")
            assert shown["event"]["kind"] == "hint" and shown["event"]["hint"]["reason"]
            assert not frame["can_undo"]
            while True:  # draw each turn until a meld can be laid (then lay it, take it back)
                frame = await _turn(ann)
                await ann.request({"kind": "act", "action": "draw", "v": frame["v"]})
                after_draw = ann.latest
                assert not after_draw["can_undo"]  # the draw showed a card
                refused = await ann.request({"kind": "undo", "v": after_draw["v"]})
                assert "showed you a card" in refused["message"]
                melds = [a["text"] for a in after_draw["facts"]["actions"]
                         if a["text"].startswith("meld")]
                if melds:
                    break
                await _discard_and_pass(ann, after_draw)
            await ann.request({"kind": "act", "action": melds[0], "v": after_draw["v"]})
            assert ann.latest["can_undo"]
            undone = await ann.request({"kind": "undo", "v": ann.latest["v"]})
            assert undone["kind"] == "ack"
            assert ann.latest["facts"]["hand_text"] == after_draw["facts"]["hand_text"]
            assert ann.latest["event"]["kind"] == "undo"
            # play the game out (the bots and a person who always takes the first move)
            while not ann.latest["table"]["over"]:
                f = ann.latest
                if f["you"] in f["table"]["waiting"]:
                    await ann.request({"kind": "continue"})
                elif f["facts"]["turn"]["mine"] and f["facts"]["actions"]:
                    await ann.request({"kind": "act", "action": f["facts"]["actions"][0]["text"],
                                       "v": f["v"]})
                else:
                    await ann.until(lambda x: x["kind"] == "event")
            data = http.get(f"/api/tables/{table}/record")
            assert data.status_code == 200
            assert "attachment" in data.headers["content-disposition"]
            game = record.verify(record.loads(data.text))
            assert str(game.seed) == ann.latest["table"]["seed"]
            assert "undo" not in data.text
            nxt = await ann.request({"kind": "again"})
            assert nxt["kind"] == "next" and nxt["table"] != table
            assert (await ann.request({"kind": "again"}))["table"] == nxt["table"]
            fresh = await Client.open(server.ws, nxt["table"], made["token"])
            assert fresh.frames[0]["you"] == 0  # the same person keeps the seat
            assert fresh.frames[0]["table"]["seed_hash"] != ann.latest["table"]["seed_hash"]
            await fresh.close()
            await ann.close()

    asyncio.run(main())


def test_an_undo_takes_back_a_lay_of_several_cards_whole(server: Running) -> None:
    """A lay of four cards is two actions (a meld of three, an addition): one undo takes the
    move back whole, each action with its own ``undo`` event and every frame showing the table
    at its version; the next undo finds the draw, which showed a card."""
    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "greedy", "greedy", "greedy"], rules="classic")
            ann = await Client.open(server.ws, made["id"], made["token"])
            for _ in range(60):  # draw each turn until three of a rank and a wild card
                frame = await ann.until(lambda f: f["kind"] in ("welcome", "event") and (
                    f["facts"]["turn"]["mine"] or f["you"] in f["table"]["waiting"]),
                    start=max(i for i, f in enumerate(ann.frames)
                              if f["kind"] in ("welcome", "event")))
                if frame["you"] in frame["table"]["waiting"]:
                    await ann.request({"kind": "continue"})
                    continue
                await ann.request({"kind": "act", "action": "draw", "v": frame["v"]})
                drawn = ann.latest
                texts = [c["text"] for g in drawn["facts"]["hand"] for c in g["cards"]]
                wild = next((t for t in texts if t in ("2", "JK")), None)
                melds = [a["text"].split()[1:] for a in drawn["facts"]["actions"]
                         if re.fullmatch(r"meld (\w+) \1 \1", a["text"])]
                if wild and melds:
                    break
                await _discard_and_pass(ann, drawn)
            else:
                pytest.fail("no three of a rank with a wild card in 60 turns")
            # asked first: what the lay would do, from the engine, and nothing is played
            heard = len(ann.frames)
            preview = await ann.request({"kind": "preview", "cards": [*melds[0], wild],
                                         "v": drawn["v"], "id": "p1"})
            rank = next(a["words"] for a in drawn["facts"]["actions"]
                        if a["text"] == f"meld {' '.join(melds[0])}")
            assert preview | {"opening": 0, "minimum": 0, "line": ""} == {
                "kind": "preview", "id": "p1", "v": drawn["v"], "ok": True, "topic": "",
                "words": f"{rank}, then 1 more card onto it", "opening": 0, "minimum": 0,
                "line": ""}
            assert preview["line"].startswith(f"These cards: {rank}, then 1 more card onto it")
            assert not preview["minimum"] or preview["opening"] > 0  # the opening's count
            other = next(t for t in texts if t not in (melds[0][0], "2", "JK"))
            refused = await ann.request({"kind": "preview", "cards": [*melds[0][:2], other],
                                         "v": drawn["v"]})
            assert (refused["kind"], refused["ok"], refused["topic"],
                    refused["topic_heading"]) == ("preview", False, "melds", "Melds and canastas")
            assert refused["words"].startswith("select cards of one rank")
            for message, code in (({"cards": "K K", "v": drawn["v"]}, "bad-request"),
                                  ({"cards": melds[0], "v": drawn["v"] - 1}, "stale")):
                wrong = await ann.request({"kind": "preview", **message})
                assert (wrong["kind"], wrong["code"]) == ("error", code), wrong
            assert [f["kind"] for f in ann.frames[heard:]] == ["preview"] * 2 + ["error"] * 2
            laid = await ann.request({"kind": "lay", "cards": [*melds[0], wild], "onto": None,
                                      "v": drawn["v"]})
            assert laid["kind"] == "ack"
            moves = [f["event"] for f in ann.frames if f["kind"] == "event"
                     and f["v"] > drawn["v"]]
            assert [(m["kind"], m["action"], m.get("joined", False)) for m in moves] == [
                ("action", f"meld {' '.join(melds[0])}", False),
                ("action", f"add {melds[0][0]} {wild}", True)]
            assert ann.latest["can_undo"] and ann.latest["v"] == drawn["v"] + 2
            undone = await ann.request({"kind": "undo", "v": ann.latest["v"]})
            assert undone["kind"] == "ack"
            frames = [f for f in ann.frames if f["kind"] == "event" and f["v"] > drawn["v"] + 2]
            assert [(f["v"], f["event"]["kind"], f["event"]["action"],
                     f["event"].get("joined", False)) for f in frames] == [
                (drawn["v"] + 3, "undo", f"add {melds[0][0]} {wild}", False),
                (drawn["v"] + 4, "undo", f"meld {' '.join(melds[0])}", True)]
            between, after = frames[0]["facts"], frames[1]["facts"]
            assert len([m for s in between["sides"] for m in s["melds"]]) == \
                len([m for s in after["sides"] for m in s["melds"]]) + 1  # the meld of three
            assert after["hand_text"] == drawn["facts"]["hand_text"]
            assert after["sides"] == drawn["facts"]["sides"]
            assert not ann.latest["can_undo"]
            refused = await ann.request({"kind": "undo", "v": ann.latest["v"]})
            assert "showed you a card" in refused["message"]
            await ann.close()

    asyncio.run(main())


def test_quick_rules_file_is_a_valid_upload() -> None:
    from canasta.rules import loads

    assert loads(QUICK.read_text()).deal.hand_size == 7




async def bob_at_seat_1(server: Running, http: httpx2.Client, ann: Client) -> Client:
    """Bob claims seat 1 of Ann's table by its invitation, and connects."""
    table, code = ann.latest["table"]["id"], ann.latest["invites"]["1"]
    bob_seat = http.post(f"/api/tables/{table}/claim",
                         json={"seat": 1, "invite": code, "name": "Bob"}).json()
    return await Client.open(server.ws, table, bob_seat["token"])


def test_an_absent_or_silent_player_is_played_by_a_stand_in_until_back(server: Running
                                                                         ) -> None:
    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "open", "greedy", "greedy"],
                          settings={"grace": 0.3, "bot_pause": 0})
            table, token = made["id"], made["token"]
            ann = await Client.open(server.ws, table, token)
            bob = await bob_at_seat_1(server, http, ann)  # here, and silent
        await _turn(ann)
        await ann.close()
        await bob.until(lambda f: f["kind"] == "presence"
                        and f["seats"][0]["status"] == "away", start=0)
        # Bob is held up: a stand-in plays for Ann (for Bob too, on his turns, while Ann was
        # here: he is silent)
        played = await bob.until(lambda f: f["kind"] == "event" and f["event"].get("by")
                                 == "stand-in" and f["event"]["seat"] == 0, start=0)
        assert played["table"]["seats"][1]["status"] == "here"
        back = await Client.open(server.ws, table, token)
        frame = await _turn(back)  # the stand-in gives the seat back: the person plays on
        assert frame["table"]["seats"][0]["status"] == "here"
        action = frame["facts"]["actions"][0]["text"]
        reply = await back.request({"kind": "act", "action": action, "v": frame["v"]})
        assert reply["kind"] == "ack" and reply["v"] == frame["v"] + 1
        # connected, but silent on its turn past the grace period (a client that froze, or
        # whose move was lost): a stand-in plays that turn, and the seat says so
        mark = len(back.frames)
        told = await back.until(lambda f: f["kind"] == "presence"
                                and f["seats"][0]["status"] == "stand-in", start=mark,
                                timeout=10)
        silent = await back.until(lambda f: f["kind"] == "event",
                                  start=back.frames.index(told))
        assert silent["event"]["seat"] == 0 and silent["event"]["by"] == "stand-in"
        assert not back.closed
        other = await back.until(lambda f: f["kind"] == "event" and f["event"]["seat"] != 0,
                                 start=mark)  # the stand-in played the rest of that turn
        frame = await back.until(lambda f: f["kind"] == "event" and f["facts"]["turn"]["mine"],
                                 start=back.frames.index(other))
        # its next turn is its own again, until it is silent
        assert frame["table"]["seats"][0]["status"] == "here"
        for client in (bob, back):
            await client.close()

    asyncio.run(main())


def test_with_nobody_else_here_the_table_waits_for_the_person(server: Running) -> None:
    """A stand-in is there so that the others can go on: a person alone with bots who goes
    away (a phone locked, a tab closed) or stays silent finds the game where they left it,
    however long past the grace period; a spectator is held up by nobody's turn."""
    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "greedy", "greedy", "greedy"],
                          settings={"grace": 0.2, "bot_pause": 0})
        table, token = made["id"], made["token"]
        ann = await Client.open(server.ws, table, token)
        mine = await _turn(ann)
        await asyncio.sleep(0.6)  # silent on her turn, three times the grace period
        assert ann.latest["v"] == mine["v"]
        await ann.close()
        watcher = await Client.open(server.ws, table)
        await asyncio.sleep(0.6)  # away, three times the grace period
        assert watcher.latest["v"] == mine["v"]
        assert watcher.latest["table"]["seats"][0]["status"] == "away"
        assert not [f for f in watcher.frames if f["kind"] == "event"]
        back = await Client.open(server.ws, table, token)
        frame = await _turn(back)
        assert frame["v"] == mine["v"] and frame["table"]["seats"][0]["status"] == "here"
        reply = await back.request({"kind": "act", "action": frame["facts"]["actions"][0][
            "text"], "v": frame["v"]})
        assert reply["kind"] == "ack"
        for client in (watcher, back):
            await client.close()

    asyncio.run(main())


def test_a_silent_reader_of_the_breakdown_holds_the_bots_up_for_the_grace_period_only(
        server: Running) -> None:
    async def main() -> None:
        long_game = QUICK.read_text().replace("target = 100", "target = 5000")
        with server.http() as http:  # short deals, several of them
            response = http.post("/api/tables", json={
                "rules_file": long_game, "seats": ["me", "open", "greedy", "greedy"],
                "settings": {"grace": 0.2, "bot_pause": 0}})
            made = response.json()
            ann = await Client.open(server.ws, made["id"], made["token"])  # and silent
            # two people, both silent: a stand-in plays each one's turns for the other
            bob = await bob_at_seat_1(server, http, ann)
        ended = await ann.until(lambda f: f["kind"] == "event"
                                and f["event"].get("deal_over", False), start=0)
        assert ended["table"]["waiting"] == [0, 1] and not ended["table"]["over"]
        later = await ann.until(lambda f: f["kind"] == "event" and f["v"] > ended["v"],
                                start=ann.frames.index(ended), timeout=10)
        assert later["event"]["kind"] == "action"  # the next deal is played...
        assert later["table"]["waiting"] == [0, 1]  # ... though nobody has read it
        for client in (ann, bob):
            await client.close()

    asyncio.run(main())


def test_a_fault_of_the_server_is_an_error_and_changes_nothing(
        server: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    from canasta.server.table import Table

    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "greedy", "greedy", "greedy"])
        ann = await Client.open(server.ws, made["id"], made["token"])
        frame = await _turn(ann)

        def broken(self: Table, texts: object) -> None:
            raise RuntimeError("a bug")

        move = frame["facts"]["actions"][0]["text"]
        with monkeypatch.context() as patch:
            patch.setattr(Table, "_check", broken)
            reply = await ann.request({"kind": "act", "action": move, "v": frame["v"]})
        assert reply["code"] == "server-error" and "bug" not in reply["message"]
        assert (await ann.request({"kind": "ping"}))["v"] == frame["v"]
        again = await ann.request({"kind": "act", "action": move, "v": frame["v"]})
        assert again["kind"] == "ack"
        await ann.close()

    asyncio.run(main())


def test_the_host_makes_a_rejoin_link_for_a_player_who_lost_their_seat(server: Running
                                                                        ) -> None:
    """Bob's browser lost his seat's token (cleared, broken, another device): the host, who
    made the table, makes a rejoin link for his seat while he is away; whoever claims it
    holds the seat, and the old token holds nothing (PLAY.md: cutthroat-canasta's rejoin
    link). Only the host, only another person's taken seat, only while its player is away."""
    async def main() -> None:
        with server.http() as http:
            made = create(http, ["me", "open", "greedy", "greedy"])
            table = made["id"]
            ann = await Client.open(server.ws, table, made["token"])
            assert ann.latest["table"]["settings"]["host"] == 0
            invite = ann.latest["invites"]["1"]
            bob_token = http.post(f"/api/tables/{table}/claim", json={
                "seat": 1, "invite": invite, "name": "Bob"}).json()["token"]
            bob = await Client.open(server.ws, table, bob_token)

            def rejoin(token: object, seat: object) -> httpx2.Response:
                return http.post(f"/api/tables/{table}/rejoin",
                                 json={"token": token, "seat": seat})

            for token, seat, status, code in (
                    (bob_token, 0, 403, "not-host"),  # only the host
                    (made["token"], 1, 409, "seat-taken"),  # Bob is here
                    (made["token"], 0, 400, "bad-seat"),  # the host's own
                    (made["token"], 2, 400, "bad-seat"),  # a bot's
                    (made["token"], 9, 400, "no-seat"),
                    ("forged", 1, 400, "bad-token"), (None, 1, 400, "bad-token"),
                    (made["token"], "1", 400, "bad-request")):
                refused = rejoin(token, seat)
                assert (refused.status_code, refused.json()["code"]) == (status, code), \
                    (token, seat, refused.text)
            await bob.close()
            await ann.until(lambda f: f["kind"] == "presence" and
                            f["seats"][1]["status"] != "here", start=0)
            link = rejoin(made["token"], 1)
            assert link.status_code == 200, link.text
            code = link.json()["invite"]
            assert code not in json.dumps(ann.frames)  # the host alone is told it
            claimed = http.post(f"/api/tables/{table}/claim", json={
                "seat": 1, "invite": code, "name": "Bob"})
            assert claimed.status_code == 200, claimed.text
            again = http.post(f"/api/tables/{table}/claim", json={
                "seat": 1, "invite": code, "name": "Eve"})  # used up
            assert again.json()["code"] == "seat-taken"
        old = await Client.open(server.ws, table, bob_token)
        assert old.frames[-1]["code"] == "bad-token"  # the lost token holds nothing now
        back = await Client.open(server.ws, table, claimed.json()["token"])
        assert back.frames[0]["kind"] == "welcome" and back.frames[0]["you"] == 1
        for client in (ann, old, back):
            await client.close()

    asyncio.run(main())
