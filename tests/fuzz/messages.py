"""Hostile WebSocket messages (docs/protocol.md, "What the client sends", "Errors and limits"):
junk and near-valid frames sent by a seated person, on their turn, through the real server (the
application in this process, Starlette's test client, over SQLite). Each is either accepted
(its ``ack``, or the ``pong``) or answered with an error frame of a documented code, alone; on
a refusal the table's version and game are unchanged; no answer names a card the person cannot
see, the seed, or a token (``tests/server/leaks.py``).

A near-valid message is drawn as a template whose version and action are filled in when it is
sent: the table's version, one off it, or junk; one of the legal actions' texts, a mangled
one, or junk. So some moves are accepted and the game goes on (a new table once it is over).
"""

from __future__ import annotations

import atexit
import json
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from starlette.testclient import TestClient

from canasta.engine.game import Game
from canasta.server.app import create_app
from canasta.server.seats import Refused, Settings
from canasta.server.table import Table
from tests.fuzz import Target
from tests.server.harness import lifted_limits
from tests.server.leaks import leaks

ROOT = Path(__file__).resolve().parents[2]
#: the error codes docs/protocol.md documents (the first column of "Errors and limits")
DOCUMENTED = set(re.findall(r"`([a-z-]+)`", "\n".join(
    line.split("|")[1] for line in (ROOT / "docs" / "protocol.md").read_text()
    .split("## Errors and limits")[1].split("\n## ")[0].splitlines()
    if line.startswith("| `"))))
ANSWERS = ("ack", "error", "pong", "next")  #: the frames that answer a message
KINDS = ["act", "lay", "undo", "continue", "hint", "again", "ping", "hello", "teleport", ""]


class MessageRefused(Refused):
    """A message the server refused with a documented error (``outcome`` names its code)."""


REFUSALS: dict[str, type[MessageRefused]] = {
    code: type(f"refused:{code}", (MessageRefused,), {}) for code in sorted(DOCUMENTED)}


@dataclass
class Sent:
    """A message to send: ``text`` as it is, or ``fields`` with ``v`` and ``action`` filled in
    when sent (``version``: an offset from the table's version, or None for ``fields``' own;
    ``legal``: the index of a legal action whose text is the action, ``mangle`` a change to
    it)."""

    text: str | bytes | None = None
    fields: dict[str, Any] | None = None
    version: int | None = None
    legal: int | None = None
    mangle: str = ""


junk = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70),
                 st.floats(allow_nan=True), st.text(max_size=20),
                 st.lists(st.integers(-3, 200), max_size=4),
                 st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))
json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                           max_leaves=12)
card_texts = st.sampled_from(["K", "2", "JK", "5H", "7", "3", "A", "Q", "K K K", "x", ""])
near_valid = st.builds(
    lambda kind, extra, version, legal, mangle: Sent(
        fields={"kind": kind, **extra}, version=version, legal=legal, mangle=mangle),
    st.sampled_from(KINDS),
    st.fixed_dictionaries({}, optional={
        "action": junk | st.sampled_from(["draw", "take pile", "discard 7", "meld K K K",
                                          "commit", "ask", "yes", "no", "x" * 9000]),
        "v": junk,
        "cards": st.lists(card_texts, max_size=6) | junk,
        "onto": st.sampled_from(["K", "W", "seq", "7"]) | junk,
        "seat": st.integers(-1, 4) | junk,
        "id": junk,
        "token": junk,
        "view": junk,
    }),
    st.none() | st.integers(-2, 2).map(lambda k: 0 if k == 2 else k),
    st.none() | st.integers(0, 8),
    st.sampled_from(["", "", " ", "!", "upper", "double"]))
messages = st.one_of(
    st.builds(Sent, text=st.text(max_size=40)),
    st.builds(Sent, text=st.binary(max_size=40)),
    st.builds(Sent, text=json_values.map(json.dumps)),
    near_valid, near_valid, near_valid)


def _mangled(text: str, how: str) -> str:
    return {"": text, " ": f" {text} ", "!": text + "!", "upper": text.upper(),
            "double": f"{text} {text}"}[how]


class Seated:
    """A person at a table against three bots, on one WebSocket of an in-process server."""

    def __init__(self) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="canasta-fuzz-")
        app = create_app(f"sqlite:///{self.folder.name}/fuzz.db",
                         Settings(bot_pause=0.0, grace=3600.0), lifted_limits())
        self.http = TestClient(app).__enter__()
        self.server = app.state.server
        self.socket: Any = None
        self.frame: dict[str, Any] = {}
        self.sit()

    def sit(self) -> None:
        """A new table; connect to it and wait for the person's turn."""
        if self.socket is not None:
            self.socket.__exit__(None, None, None)
        made = self.http.post("/api/tables", json={
            "rules": "classic", "seats": ["me", "greedy", "greedy", "greedy"]}).json()
        self.token: str = made["token"]
        self.table: Table = self.server.tables.tables[made["id"]]  # made here: in memory
        self.socket = self.http.websocket_connect(f"/ws/{made['id']}").__enter__()
        self.socket.send_text(json.dumps({"kind": "hello", "token": self.token}))
        self.frame = self.socket.receive_json()
        self.turn()

    def turn(self) -> None:
        """Read frames until the person is to act (a new table once the game is over; the
        breakdown of a deal read, ``continue``, when the table waits for it)."""
        while not self.frame["facts"]["turn"]["mine"] or 0 in self.frame["table"]["waiting"]:
            if self.frame["table"]["over"]:
                self.sit()
                return
            if 0 in self.frame["table"]["waiting"]:
                self.socket.send_text(json.dumps({"kind": "continue"}))
                self.answer()
            else:
                self.read()

    def read(self) -> tuple[str, dict[str, Any]]:
        """The next frame (and its text); the last view is kept."""
        raw = self.socket.receive_text()
        frame: dict[str, Any] = json.loads(raw)
        if frame["kind"] in ("welcome", "event"):
            self.frame = frame
        return raw, frame

    def answer(self) -> dict[str, Any]:
        """Read frames until the one answering the message sent, each checked for leaks
        against the game as it stood at the frame's version."""
        while True:
            raw, frame = self.read()
            game = self.game_at(frame["v"]) if frame["kind"] in ("welcome", "event") \
                else self.table.game  # an answer: nothing has moved since (or it says none)
            assert not leaks(raw, game, 0, self.table.seed, [self.token]), frame
            if frame["kind"] in ANSWERS:
                return frame

    def game_at(self, version: int) -> Game:
        """The table's game after its first ``version`` events (bots may have moved since)."""
        actions: list[str] = []
        for event in self.table.events[:version]:
            if event.kind == "action":
                actions.append(event.data["action"])
            elif event.kind == "undo":
                actions.pop()
        game = Game(self.table.rules, self.table.seed)
        for text in actions:
            game.apply(text)
        return game

    def close(self) -> None:
        self.socket.__exit__(None, None, None)
        self.http.__exit__(None, None, None)
        self.folder.cleanup()

    def send(self, sent: Sent) -> None:
        """Send one message on the person's turn; ``MessageRefused`` (by its code) when the
        server refuses it, which must have changed nothing."""
        self.turn()
        before = (self.table.version, list(self.table.actions))
        if sent.fields is not None:
            fields = dict(sent.fields)
            if sent.version is not None:
                fields["v"] = self.table.version + sent.version
            legal = self.frame["facts"]["actions"]
            if sent.legal is not None and legal:
                fields["action"] = _mangled(legal[sent.legal % len(legal)]["text"],
                                            sent.mangle)
            text: str | bytes = json.dumps(fields)
        else:
            assert sent.text is not None
            text = sent.text
        if isinstance(text, bytes):
            self.socket.send_bytes(text)
        else:
            self.socket.send_text(text)
        frame = self.answer()
        if frame["kind"] != "error":
            return
        code, message = frame["code"], frame["message"]
        assert code in DOCUMENTED and code != "server-error", frame  # a fault is a defect
        assert set(frame) <= {"kind", "code", "message", "id", "v"}, frame
        assert isinstance(message, str) and message, frame
        assert (self.table.version, list(self.table.actions)) == before, frame
        raise REFUSALS[code](code, message)


_seated: list[Seated] = []


def send(sent: Sent) -> None:
    """``Seated.send`` on the one seated person of this process (made at the first use)."""
    if not _seated:
        _seated.append(Seated())
        atexit.register(_seated[0].close)
    _seated[0].send(sent)


TARGETS = [Target("websocket-message", messages, send, (MessageRefused,))]
