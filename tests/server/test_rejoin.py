"""A rejoin link (``Table.rejoin``) on a table in this process: a seat claimed with it is not
given to the token it took from, even by a hello that read the old token a moment before the
claim (``Table.attach`` checks the token again under the table's lock)."""

from __future__ import annotations

import asyncio
from typing import Any, cast

import pytest
from tests.server.test_log_suits import Sink
from tests.server.test_undo_move import Recording

from canasta.rules import load
from canasta.server.seats import Refused, Seat, Settings, token_hash
from canasta.server.storage import Writer
from canasta.server.table import Table


def test_a_hello_that_read_the_old_token_before_the_claim_gets_no_seat() -> None:
    async def scenario() -> None:
        seats = [Seat(n, "human", None, name, None, token_hash(f"token{n}"))
                 for n, name in enumerate(("Ann", "Bob", "Bea", "Cy"))]
        table = Table("t1", load("classic"), 7, "hash", seats, Settings(host=0),
                      cast("Writer", Recording()), cast("Any", None), "creator", owned=True)
        seat = table.seat_of_token("token1")  # Bob's old device says hello ...
        await table.rejoin(0, 1, "code")  # ... while the host's link is claimed
        await table.claim(1, "code", "new-token", "Bob")
        with pytest.raises(Refused, match="holds no seat"):
            await table.attach(Sink(), seat, None, "token1")
        assert table.seats[1].clients == set()
        await table.attach(Sink(), 1, None, "new-token")
        assert len(table.seats[1].clients) == 1

    asyncio.run(scenario())
