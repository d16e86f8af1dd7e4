"""Forwarded headers are believed only from the load balancers the operator names
(``canasta serve --forwarded-allow-ips``, none by default; docs/cluster.md): a client cannot
dodge the per-address limits (tables, connections) by naming another address itself."""

from __future__ import annotations

import asyncio
import json
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
import websockets
from tests.server.harness import lifted_limits, running


def forwarded(n: int) -> dict[str, str]:
    """Headers that claim the request comes from another client, number ``n``."""
    return {"X-Forwarded-For": f"203.0.113.{n}"}


async def first_frame(ws: str, table: str, headers: dict[str, str]) -> dict[str, Any]:
    """The server's first answer to a hello on a new connection."""
    async with websockets.connect(f"{ws}ws/{table}", additional_headers=headers) as socket:
        with suppress(websockets.ConnectionClosed):  # a refused one may be closed already
            await socket.send(json.dumps({"kind": "hello", "token": None}))
        frame: dict[str, Any] = json.loads(await socket.recv())
        return frame


@pytest.mark.parametrize("trusted", [None, "127.0.0.1"])
def test_forwarded_for_is_believed_only_from_named_balancers(
        tmp_path: Path, trusted: str | None) -> None:
    limits = lifted_limits(tables_per_client=2, connections_per_minute=2)
    with running(f"sqlite:///{tmp_path / 's.db'}", limits=limits,
                 forwarded_allow_ips=trusted) as server, server.http() as http:
        made = [http.post("/api/tables", headers=forwarded(n), json={
            "rules": "classic", "seats": ["me", "open", "open", "open"]}) for n in range(3)]
        codes = [response.status_code for response in made]
        table = made[0].json()["id"]
        frames = [asyncio.run(first_frame(server.ws, table, forwarded(n))) for n in range(3)]
    if trusted is None:  # every request is 127.0.0.1's, whatever its headers say
        assert codes == [201, 201, 429]
        assert [f["kind"] for f in frames] == ["welcome", "welcome", "error"]
        assert frames[2]["code"] == "rate"
    else:  # the balancer at 127.0.0.1 names the client: three clients, each within limits
        assert codes == [201, 201, 201]
        assert [f["kind"] for f in frames] == ["welcome"] * 3
