"""A network client that loses its server keeps trying for longer than a process takes to
restart or its tables to move (docs/protocol.md, "Network clients"), with a growing pause
between attempts, and says so at each one."""

from __future__ import annotations

import asyncio

import pytest

from canasta.net.client import RETRY_FOR, Disconnected, SeatClient
from canasta.net.link import Invitation, Seating
from canasta.rules import load
from tests.postgres import free_port


def lost_seat() -> SeatClient:
    """A seat at a server that is not there (nothing listens on its port)."""
    invitation = Invitation(f"http://127.0.0.1:{free_port()}", "t1", 0, "code")
    return SeatClient(Seating(invitation, "token", load("classic"), "Ann"))


def test_a_client_retries_with_backoff_for_over_a_minute_and_says_so() -> None:
    client = lost_seat()
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:  # the pauses are counted, not waited for
        pauses.append(seconds)

    client._sleep = sleep
    said: list[str] = []
    client.on_retry = lambda attempt: said.append(client.retry_status(attempt))
    with pytest.raises(Disconnected, match="tried"):  # its connection has dropped
        asyncio.run(client.next_frame())
    assert sum(pauses) >= RETRY_FOR >= 60
    assert pauses == sorted(pauses) and pauses[0] < 1 and max(pauses) <= 5  # backoff, capped
    assert said[:3] == [f"the connection dropped: reconnecting (attempt {n}, in {pause:g} s)"
                        for n, pause in zip((1, 2, 3), pauses, strict=False)]
    assert len(said) == len(pauses) == client.resumes
