"""The text of a frame (``frames.frame_text``): the same JSON the standard library writes,
and a frame orjson refuses still written."""

from __future__ import annotations

import json

from canasta.engine.game import Game
from canasta.rules import load
from canasta.server.frames import (
    Event,
    SeatInfo,
    TableInfo,
    error_frame,
    event_frame,
    frame_text,
    seat_payload,
)


def test_a_seat_frame_is_the_standard_json() -> None:
    game = Game(load("classic"), 5)
    game.apply(game.legal_actions()[0])
    info = TableInfo("t", "classic", "Classic Canasta", "d", "h", None,
                     tuple(SeatInfo(s, f"Zoë {s}", "human", None, "here") for s in range(4)),
                     1, False, (), None, False)
    frame = event_frame(Event(1, "action", 0, {"action": "draw"}), 1, info,
                        seat_payload(game.view(1), [f"Zoë {s}" for s in range(4)], ["a line"],
                                     False, {2: "code"}, True))
    text = frame_text(frame)
    assert json.loads(text) == json.loads(json.dumps(frame))
    assert text == json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


def test_an_id_past_64_bits_is_still_echoed() -> None:
    frame = error_frame("bad-request", "no", 2**70, 3)
    assert json.loads(frame_text(frame)) == {"kind": "error", "code": "bad-request",
                                             "message": "no", "id": 2**70, "v": 3}
