"""The per-connection message rate (docs/protocol.md, "Errors and limits"): a hostile client
past its burst gets ``too-fast`` and its messages are dropped unread (a legal move included:
nothing is played or stored); kept up, the server closes the connection with code 4029. Other
connections are not touched. (The rate here is one message per 1000 s: the bucket holds
exactly its burst for the whole test.)"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from canasta.server.hall import Limits
from canasta.server.rate import CLOSE_CODE, MessageRate
from tests.server.harness import Client, Running, create, running

BURST, STRIKES = 5, 10


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    db = f"sqlite:///{tmp_path_factory.mktemp('rate') / 'server.db'}"
    limits = Limits(messages_per_second=0.001, message_burst=BURST, message_strikes=STRIKES)
    with running(db, bot_pause=0.0, limits=limits, seeds="rate") as s:
        yield s


def test_a_flood_is_dropped_then_closed(server: Running) -> None:
    with server.http() as http:
        made = create(http, ["me", "greedy", "greedy", "greedy"])

    async def hostile() -> None:
        client = await Client.open(server.ws, made["id"], made["token"])  # 1: hello
        frame = await client.until(lambda f: f["kind"] in ("welcome", "event")
                                   and f["facts"]["turn"]["mine"], start=0)
        for _ in range(BURST - 1):
            assert (await client.request({"kind": "ping"}))["kind"] == "pong"
        draw = await client.request({"kind": "act", "action": "draw", "v": frame["v"]})
        assert draw["kind"] == "error" and draw["code"] == "too-fast", draw
        with server.http() as http:  # the draw was not played: the table did not move
            assert http.get(f"/api/tables/{made['id']}").json()["version"] == frame["v"]
        start = len(client.frames)
        for _ in range(STRIKES + 5):
            await client.send({"kind": "act", "action": "draw", "v": frame["v"]})
        await client._reader
        answers = client.frames[start:]
        assert {f["code"] for f in answers} == {"too-fast"}
        # the draw was strike 1; the tenth of these is strike 11, past the limit: answered,
        # then the connection is closed and the rest is never read
        assert len(answers) == STRIKES
        assert client.connection.close_code == CLOSE_CODE
        again = await Client.open(server.ws, made["id"], made["token"])  # a new connection
        welcome = next(f for f in again.frames if f["kind"] in ("welcome", "error"))
        assert welcome["kind"] == "welcome" and welcome["v"] == frame["v"]
        await again.close()

    asyncio.run(hostile())


def test_the_bucket_refills_with_time_and_strikes_fade() -> None:
    now = [0.0]
    rate = MessageRate(per_second=2, burst=3, strikes=4, clock=lambda: now[0])
    assert [rate.allow() for _ in range(5)] == [True, True, True, False, False]
    now[0] += 1.0  # two tokens back, the two strikes gone
    assert [rate.allow() for _ in range(3)] == [True, True, False]
    assert not rate.abusive
    for _ in range(4):
        rate.allow()
    assert rate.abusive  # five strikes, past four
