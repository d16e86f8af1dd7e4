"""docs/protocol.md names every error code the server can send, and every message kind."""

from __future__ import annotations

import re
from pathlib import Path

from canasta.server.app import HANDLERS

ROOT = Path(__file__).resolve().parents[2]


def test_every_error_code_and_message_kind_is_documented() -> None:
    doc = (ROOT / "docs" / "protocol.md").read_text()
    source = "".join(p.read_text() for p in (ROOT / "src" / "canasta" / "server").glob("*.py"))
    codes = set(re.findall(r'Refused\(\s*"([a-z-]+)"', source))
    assert len(codes) > 20
    kinds = {*HANDLERS, "hello", "again", "ping", "welcome", "event", "presence", "ack",
             "error", "pong", "next", "stub"}
    missing = sorted(c for c in codes | kinds if f"`{c}`" not in doc)
    assert missing == []
