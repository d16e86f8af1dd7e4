"""Game records (docs/records.md) as outside input: ``canasta replay FILE --verify`` reads a
record file and verifies it (``record.read`` then ``record.verify``), or refuses it with
``RecordError``, and never changes the file.

Inputs are real records of several presets (version 3, with ``steps``; the same as version 2,
without; version 1 files of ``tests/data/records``), edited as JSON (an action changed,
dropped or given twice, a step changed, a key dropped, a value of the wrong type or a huge
number, a rule's option changed) or as text (characters changed, dropped or added), and
random bytes. The same inputs are uploaded for a replay (``canasta.server.replay``).
"""

from __future__ import annotations

import json
import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from canasta import ALL_ACTIONS, Game, RecordError
from canasta import record as rec
from canasta.server.replay import Replays
from canasta.server.seats import Refused
from tests.fuzz import Target

PRESETS = ("classic", "two_hand", "samba", "hand_and_foot", "modern_american", "cutthroat")
CORPUS = Path(__file__).resolve().parent.parent / "data" / "records"
OLD = ("two_hand-random.json", "classic-greedy.json", "samba-greedy.json")
#: Values an edit puts in place of one.
VALUES: tuple[Any, ...] = (None, True, -1, 0, 3, 2**64, 10**40, -(10**40), 1.5, "", "draw",
                           [], {}, ["draw"], "0" * 64, "0" * 8)
TEXT_EDITS = '0123456789abcdef{}[],:" xe-.'


@cache
def real_records() -> tuple[bytes, ...]:
    """Record files: short random games of the presets (as written, and without ``steps`` as
    version 2), and a few version 1 files of the corpus."""
    out = []
    for n, name in enumerate(PRESETS):
        game, rng = Game(name, n), random.Random(n)
        for _ in range(40 + 20 * n):
            if game.is_terminal():
                break
            game.apply(rng.choice(game.legal_actions()))
        data = rec.record_of(game)
        out.append(json.dumps(data).encode())
        old = {k: v for k, v in data.items() if k != "steps"} | {"version": 2}
        out.append(json.dumps(old).encode())
    out += [(CORPUS / name).read_bytes() for name in OLD]
    return tuple(out)


def _edit(data: dict[str, Any], rng: random.Random) -> None:
    """One edit of a record's JSON data, in place."""
    kind = rng.randrange(7)
    actions = data.get("actions") if isinstance(data.get("actions"), list) else None
    steps = data.get("steps") if isinstance(data.get("steps"), list) else None
    if kind == 0 and actions:  # an action changed: to another action, or to junk
        at = rng.randrange(len(actions))
        actions[at] = str(rng.choice(ALL_ACTIONS)) if rng.random() < 0.8 else \
            rng.choice(("dance", "discard", "meld K", "", "draw draw"))
    elif kind == 1 and actions:  # an action dropped or given twice
        at = rng.randrange(len(actions))
        if rng.random() < 0.5:
            del actions[at]
        else:
            actions.insert(at, actions[at])
    elif kind == 2 and steps:  # a step changed
        steps[rng.randrange(len(steps))] = f"{rng.randrange(16**8):08x}"
    elif kind == 3:  # a key dropped
        del data[rng.choice(sorted(data))]
    elif kind == 4:  # a value of the wrong type, or a huge number
        key = rng.choice(sorted(data))
        target = data if rng.random() < 0.7 or not isinstance(data.get("result"), dict) \
            else data["result"]
        target[key if target is data else rng.choice(sorted(target) or ["deals"])] = \
            rng.choice(VALUES)
    elif kind == 5:  # the seed or the version changed
        data[rng.choice(("seed", "version"))] = rng.choice((0, 1, 2, 3, 4, data.get("seed", 0)))
    elif isinstance(data.get("rules"), dict):  # an option changed
        sections = [v for v in data["rules"].values() if isinstance(v, dict) and v]
        if sections:
            section = rng.choice(sections)
            section[rng.choice(sorted(section))] = rng.choice(VALUES)


@st.composite
def record_inputs(draw: st.DrawFn) -> bytes:
    """The bytes of a record file: real records edited as JSON or as text; random bytes."""
    choice = draw(st.integers(0, 9))
    if choice == 0:
        return draw(st.binary(max_size=200))
    base = draw(st.sampled_from(real_records()))
    rng = random.Random(draw(st.integers(0, 2**32)))
    if choice <= 6:
        data = json.loads(base)
        for _ in range(draw(st.integers(0, 2))):
            _edit(data, rng)
        return json.dumps(data).encode()
    chars = bytearray(base)
    for _ in range(draw(st.integers(1, 3))):
        at = rng.randrange(len(chars))
        edit = rng.randrange(3)
        if edit == 0:
            chars[at] = ord(rng.choice(TEXT_EDITS))
        elif edit == 1:
            del chars[at]
        else:
            chars.insert(at, ord(rng.choice(TEXT_EDITS)))
    return bytes(chars)


def run(value: bytes) -> None:
    """Read and verify the bytes as a record file, as ``canasta replay --verify`` does; the
    file is never changed, accepted or refused, and an accepted record is its game's."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_bytes(value)
        before = path.stat().st_mtime_ns
        try:
            game = rec.verify(rec.read(path))
        finally:
            assert path.read_bytes() == value and path.stat().st_mtime_ns == before
        assert game.digest() == json.loads(value)["digest"] or \
            json.loads(value)["version"] == 1


def upload(value: bytes) -> None:
    """The same bytes uploaded for a replay (``POST /api/replays``, docs/protocol.md
    "Replay"): a replay of every action, or ``Refused`` (a bad record, or a game not over)."""
    _, replay = Replays.upload(value)
    assert replay.steps == len(json.loads(value)["actions"])


TARGETS = [Target("record", record_inputs(), run, (RecordError,)),
           Target("replay-upload", record_inputs(), upload, (Refused,))]
