"""Replays over HTTP (docs/protocol.md, "Replay"): a finished table's moves and frames, face up
and from each seat's eyes; a game in progress refused face up and from every seat; an unknown
table, a bad step or seat, a corrupt or unfinished uploaded record refused with a reason."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from tests.server.harness import QUICK, Client, Running, create, running

from canasta import Game, record
from canasta.bots import make_bot
from canasta.engine.actions import Action, ActionType, meld_cards
from canasta.presentation import SuitLedger
from canasta.rules import load
from canasta.server import replay_serve
from canasta.server.replay import MAX_RECORD
from canasta.tui.session import SessionError, picks_beside, seating_path

BOTS = ["greedy", "greedy", "greedy", "greedy"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('replay') / 'server.db'}"
    with running(db, bot_pause=0.0, seeds="replay") as s:
        yield s


def finished_table(http: httpx2.Client) -> str:
    """A table of bots playing the quick rules (one short deal), once it is over."""
    table: str = create(http, BOTS)["id"]
    until_over(http, table)
    return table


def until_over(http: httpx2.Client, table: str, seconds: float = 60) -> None:
    """Wait (``seconds`` at most) for the bots at ``table`` to finish its game."""
    deadline = time.monotonic() + seconds
    while not http.get(f"/api/tables/{table}").json()["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def finished(server: Running) -> str:
    with server.http() as http:
        return finished_table(http)


def hands_shown(frame: dict[str, Any]) -> list[int]:
    """The seats whose hand's cards the frame shows."""
    hands: list[list[dict[str, Any]]] = frame["hands"] or []
    shown = [s for s, hand in enumerate(hands) if any(group["cards"] for group in hand)]
    if frame["facts"]["hand"]:
        shown.append(frame["you"])
    return shown


def test_a_finished_table_replays_face_up_and_from_each_seat(server: Running,
                                                            finished: str) -> None:
    with server.http() as http:
        listing = http.get(f"/api/tables/{finished}/replay?seat=all").json()
        steps = listing["steps"]
        rec = record.loads(http.get(f"/api/tables/{finished}/record").text)
        assert steps == len(rec["actions"]) == len(listing["moves"]) > 10
        assert listing["moves"][-1]["deal_end"] and listing["names"][0].startswith("Ann")
        assert listing["rules"]["title"] == "quick" and listing["rules"]["words"][0][
            "lines"][2] == "Each player is dealt 7 cards."
        up = http.get(f"/api/tables/{finished}/replay?seat=all&step=0").json()
        assert up["you"] is None and hands_shown(up) == [0, 1, 2, 3]
        dealt = [sum(len(g["cards"]) for g in hand) for hand in up["hands"]]
        assert dealt == [s["hand_size"] for s in up["facts"]["seats"]]
        for seat in range(4):
            frame = http.get(f"/api/tables/{finished}/replay?seat={seat}&step=0").json()
            assert frame["you"] == seat and frame["hands"] is None
            assert hands_shown(frame) == [seat]
            # the seat's own hand, face up and from its eyes, with the same suits
            assert frame["facts"]["hand"] == up["hands"][seat]
        end = http.get(f"/api/tables/{finished}/replay?seat=2&step={steps}").json()
        assert end["facts"]["turn"]["phase"] == "over" and end["facts"]["last_deal"]
        assert end["facts"]["log"] and len(json.dumps(end)) < 30_000


def test_a_game_in_progress_is_never_replayed(server: Running) -> None:
    with server.http() as http:
        table = create(http, ["me", "greedy", "greedy", "greedy"])["id"]  # waits for Ann
        for seat in ("all", "0", "1"):
            for step in ("", "&step=0", "&step=1"):
                answer = http.get(f"/api/tables/{table}/replay?seat={seat}{step}")
                assert answer.status_code == 409, answer.text
                assert answer.json()["code"] == "not-over"
                assert "in progress" in answer.json()["message"]
        assert http.get(f"/replay/{table}").status_code == 200  # the page says it, no data


@pytest.mark.parametrize(("query", "code", "words"), [
    ("seat=4&step=0", "bad-seat", "from 0 to 3"), ("seat=-1&step=0", "bad-seat", "'-1'"),
    ("seat=you&step=0", "bad-seat", "'you'"), ("step=0", "bad-seat", "None"),
    ("seat=all&step=-1", "bad-step", "from 0 to"), ("seat=all&step=1e3", "bad-step", "'1e3'"),
    ("seat=0&step=99999", "bad-step", "from 0 to"), ("seat=0&step=", "bad-step", "''"),
    ("seat=0&step=%C2%B2", "bad-step", "'\u00b2'"), ("seat=%D9%A1&step=0", "bad-seat", "from 0"),
    ("seat=0&step=" + "9" * 5000, "bad-step", "'99999999999999999999'"),
])
def test_a_bad_step_or_seat_is_refused_with_a_reason(server: Running, finished: str, query: str,
                                                     code: str, words: str) -> None:
    with server.http() as http:
        answer = http.get(f"/api/tables/{finished}/replay?{query}")
        assert answer.status_code == 400, answer.text
        assert answer.json()["code"] == code and words in answer.json()["message"]


def test_an_unknown_table_or_upload_is_404(server: Running) -> None:
    with server.http() as http:
        for path in ("/api/tables/nosuchtable/replay?seat=all",
                     "/api/replays/0123456789abcdef01234567?seat=all"):
            answer = http.get(path)
            assert answer.status_code == 404 and answer.json()["code"] in ("no-table",
                                                                           "no-replay")


def test_an_uploaded_record_replays_and_a_bad_one_is_refused(server: Running,
                                                           finished: str) -> None:
    with server.http() as http:
        text = http.get(f"/api/tables/{finished}/record").text
        made = http.post("/api/replays", content=text)
        assert made.status_code == 201, made.text
        upload = made.json()["id"]
        here = http.get(f"/api/replays/{upload}?seat=1&step=3").json()
        there = http.get(f"/api/tables/{finished}/replay?seat=1&step=3").json()
        assert here["facts"]["hand_text"] == there["facts"]["hand_text"]
        # presence is a live table's: no seat of either replay says who is "here"
        assert [s["status"] for s in here["table"]["seats"] + there["table"]["seats"]] == \
            [None] * 8
        rec = json.loads(text)
        changed = {**rec, "actions": [*rec["actions"][:5], "draw", *rec["actions"][6:]]}
        cut = {**rec, "actions": rec["actions"][:-1], "steps": rec["steps"][:-1]}
        unfinished = record.record_of(record.replay(cut))
        for body, code, words in [
                (b"{not json", "bad-record", "not a good record"),
                (b"\xff\xfe", "bad-record", "UTF-8"),
                (json.dumps({**rec, "seed": "x"}).encode(), "bad-record", "seed"),
                (json.dumps({**rec, "digest": "0" * 64}).encode(), "bad-record", "digest"),
                (json.dumps(changed).encode(), "bad-record", "action"),
                (json.dumps(unfinished).encode(), "not-over", "not over"),
                (b" " * (MAX_RECORD + 1), "too-large", "at most")]:
            answer = http.post("/api/replays", content=body)
            assert answer.status_code in (400, 409), answer.text
            assert answer.json()["code"] == code and words in answer.json()["message"], \
                answer.text


Pickable = tuple[dict[str, Any], int, int, int, tuple[tuple[int, str], ...]]


def pickable() -> Pickable:
    """A finished game of greedy bots under the quick rules with a meld its player could
    have shown otherwise: its record, and ``picks_for_a_meld``'s answer."""
    for seed in range(50):
        game = Game(load(QUICK), seed)
        bots = [make_bot("greedy", seed + s) for s in range(game.num_players)]
        while not game.is_terminal():
            game.apply(bots[game.current_player].act(game.view(game.current_player)))
        rec = record.record_of(game)
        found = picks_for_a_meld(rec)
        if found is not None:
            return (rec, *found)
    raise AssertionError("no game with a meld that picks could show otherwise")


def picks_for_a_meld(rec: dict[str, Any]) -> tuple[int, int, int, tuple[tuple[int, str], ...]] \
        | None:
    """The index of the record's first meld of three naturals whose hand held other suits of
    its kind, its side, its kind and three cards its player picks for it: suits the meld
    would not show unpicked (None if there is none)."""
    game = record.new_game(rec)
    eye = SuitLedger.of_game(game)
    for index, text in enumerate(rec["actions"]):
        seat, action = game.current_player, Action.parse(text)
        naturals, wild = meld_cards(action) if action.type == ActionType.MELD else ((), 0)
        if wild < 0:
            kind = naturals[0]
            held = [card for card in eye.seen_by(seat).hand if card[0] == kind]
            unpicked = eye.copy()
            unpicked.play(game.clone(), action)
            shown = Counter(unpicked.seen_by(None).meld(game.side_of(seat), kind))
            for picked in itertools.combinations(held, 3):
                if Counter(suit for _, suit in picked) != shown:
                    return index, game.side_of(seat), kind, picked
        eye.play(game, action)
    return None


def test_an_upload_with_the_players_picks_shows_the_suits_picked(server: Running) -> None:
    rec, index, side, kind, picked = pickable()
    with server.http() as http:
        body = {"record": rec, "picks": record.picks_json({index: picked})}
        made = http.post("/api/replays", content=json.dumps(body))
        assert made.status_code == 201, made.text
        plain = http.post("/api/replays", content=json.dumps(rec)).json()["id"]
        assert made.json()["id"] != plain  # the same game, shown otherwise
        frame = http.get(f"/api/replays/{made.json()['id']}?seat=all&step={index + 1}").json()
        unpicked = http.get(f"/api/replays/{plain}?seat=all&step={index + 1}").json()

        def suits(shown: dict[str, Any]) -> Counter[str]:
            (meld,) = [meld for meld in shown["facts"]["sides"][side]["melds"]
                       if meld["cards"][0]["code"] == kind]
            return Counter(card["eye"] for card in meld["cards"])

        assert suits(frame) == Counter(suit for _, suit in picked) != suits(unpicked)
        for picks, words in [([[len(rec["actions"]), [[4, "S"]]]], "its picks are"),
                             ([[index, [[4, "X"]]]], "its picks are"),
                             ("all", "its picks are")]:
            answer = http.post("/api/replays", content=json.dumps({**body, "picks": picks}))
            assert answer.status_code == 400 and words in answer.json()["message"], answer.text
        answer = http.post("/api/replays", content=json.dumps({**body, "seat": 1}))
        assert answer.status_code == 400 and "'seat'" in answer.json()["message"]


def test_replay_serve_uploads_the_picks_of_a_game_played_in_the_terminal(
        tmp_path: Path) -> None:
    rec, index, _, _, picked = pickable()
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(rec))
    assert picks_beside(saved) == {}  # no seating file: a record written elsewhere
    assert replay_serve.checked(saved, {}) == saved.read_bytes()
    seating = {"format": "canasta-seating", "seat": 0, "bots": "greedy",
               "picks": record.picks_json({index: picked})}
    seating_path(saved).write_text(json.dumps(seating))
    assert picks_beside(saved) == {index: picked}
    body = json.loads(replay_serve.checked(saved, picks_beside(saved)))
    assert body == {"record": rec, "picks": seating["picks"]}
    seating_path(saved).write_text(json.dumps({**seating, "picks": [[len(rec["actions"]),
                                                                   [[4, "S"]]]]}))
    with pytest.raises(SessionError, match=r"not a seating file \(its picks are"):
        picks_beside(saved)


def test_canasta_replay_serve_opens_the_record_locally(server: Running, finished: str,
                                                       tmp_path: Path) -> None:
    with server.http() as http:
        saved = tmp_path / "game.json"
        saved.write_text(http.get(f"/api/tables/{finished}/record").text)
    bad = tmp_path / "bad.json"
    bad.write_text(saved.read_text().replace('"digest": "', '"digest": "0', 1))  # 65 digits
    refused = subprocess.run([sys.executable, "-m", "canasta", "replay", str(bad), "--serve",
                              "--no-browser"], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 1 and "not a good record" in refused.stderr, refused
    temp = tmp_path / "temp"  # where the child keeps the replay's database
    temp.mkdir()
    child = subprocess.Popen([sys.executable, "-m", "canasta", "replay", str(saved), "--serve",
                              "--no-browser"], stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "TMPDIR": str(temp)})
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        found = re.search(r"(http://127\.0\.0\.1:\d+/)replay/file/(\w+) ", line)
        assert found is not None, line
        with httpx2.Client(base_url=found.group(1), timeout=30) as local:
            assert local.get(f"/replay/file/{found.group(2)}").status_code == 200
            listing = local.get(f"/api/replays/{found.group(2)}?seat=all").json()
            assert listing["steps"] == len(json.loads(saved.read_text())["actions"])
        assert [p.name.startswith("canasta-replay-") for p in temp.iterdir()] == [True]
    finally:
        child.terminate()
        child.wait(30)
    assert child.returncode == 128 + signal.SIGTERM
    assert not list(temp.iterdir()), "the replay's folder was left behind"


#: A program that serves a replay from the library (no server run: ``run_forever`` replaced)
#: with a SIGTERM handler of its own, and says whether it had it back afterwards.
KEEPS_ITS_HANDLER = """
import signal, sys, threading
from canasta.server import replay_serve
during = []
replay_serve.run_forever = lambda *_: during.append(signal.getsignal(signal.SIGTERM))
threading.Thread = lambda **_: type("Never", (), {"start": lambda self: None})()
def mine(signum, frame):
    pass
signal.signal(signal.SIGTERM, mine)
code = replay_serve.run(sys.argv[1], 0, open_browser=False)
print(code, during == [replay_serve._end_on_terminate], signal.getsignal(signal.SIGTERM) is mine)
"""


def test_replay_serve_gives_the_caller_its_sigterm_handler_back(
        server: Running, finished: str, tmp_path: Path) -> None:
    """``canasta replay --serve`` ends on SIGTERM as on Ctrl-C; a program that serves a replay
    from the library and goes on has its own handler again afterwards (in a process of its
    own: the handlers are the process's)."""
    with server.http() as http:
        saved = tmp_path / "game.json"
        saved.write_text(http.get(f"/api/tables/{finished}/record").text)
    done = subprocess.run([sys.executable, "-c", KEEPS_ITS_HANDLER, str(saved)],
                          capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["0", "True", "True"], done


async def play_picking_suits(server: Running) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """Quick games of Ann against three bots, Ann discarding the last card of the rank in her
    hand (a suit she picks, as the page sends it), until one gave her a choice of suits (the
    deals depend on the tables the shared server made before): that table, and the last
    frames Ann and a spectator were sent."""
    for _ in range(10):
        with server.http() as http:
            made = create(http, ["me", "greedy", "greedy", "greedy"])
        ann = await Client.open(server.ws, made["id"], made["token"])
        picked = 0
        while not ann.latest["table"]["over"]:
            frame = ann.latest
            if frame["you"] in frame["table"]["waiting"]:
                await ann.request({"kind": "continue"})
            elif frame["facts"]["turn"]["mine"] and frame["facts"]["actions"]:
                texts = [a["text"] for a in frame["facts"]["actions"]]
                discards = [t for t in texts if t.startswith("discard")]
                message: dict[str, Any] = {"kind": "act", "action": texts[0], "v": frame["v"]}
                if discards:
                    text = discards[-1]
                    eyes = [c["eye"] for g in frame["facts"]["hand"] for c in g["cards"]
                            if c["text"] == text.split()[1]]
                    picked += len(set(eyes)) > 1
                    message = {**message, "action": text, "eye": eyes[-1:]}
                await ann.request(message)
            else:
                await ann.until(lambda f: f["kind"] == "event")
        if picked:
            break
        await ann.close()
    assert picked, "Ann never had a choice of suits in ten games"
    watcher = await Client.open(server.ws, made["id"])
    frames = ann.latest, watcher.latest
    await ann.close()
    await watcher.close()
    return made["id"], *frames


def test_the_replay_ends_as_the_live_table_did_suits_and_all(server: Running) -> None:
    table, mine, watched = asyncio.run(play_picking_suits(server))
    with server.http() as http:
        steps = http.get(f"/api/tables/{table}/replay?seat=all").json()["steps"]
        seat = http.get(f"/api/tables/{table}/replay?seat=0&step={steps}").json()
        up = http.get(f"/api/tables/{table}/replay?seat=all&step={steps}").json()
    assert seat["facts"] == mine["facts"]
    assert up["facts"] == watched["facts"]
