"""The message rate of one WebSocket connection (docs/protocol.md, "Errors and limits"), and
the request rate of one client address on the score pad's HTTP API (docs/scorepad.md).

A token bucket: a connection may send ``burst`` messages at once and ``per_second`` on average;
a message over that is answered ``too-fast`` and dropped before it is read (nothing is done
or stored). Each dropped message is a strike; strikes fade at the same rate, and a client that
keeps sending faster than it is allowed gathers them: past ``strikes`` the connection is closed
(WebSocket close code ``CLOSE_CODE``).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable

CLOSE_CODE = 4029  #: the close code of a connection that kept sending too fast


class MessageRate:
    """The bucket of one connection. ``clock`` is monotonic seconds (tests may pass their
    own)."""

    def __init__(self, per_second: float, burst: int, strikes: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second, self.burst, self.limit, self.clock = per_second, burst, strikes, clock
        self.tokens, self.strikes = float(burst), 0.0
        self.at = clock()

    def _refill(self) -> None:
        now = self.clock()
        gained = max(0.0, now - self.at) * self.per_second
        self.at = now
        self.tokens = min(float(self.burst), self.tokens + gained)
        self.strikes = max(0.0, self.strikes - gained)

    def allow(self) -> bool:
        """Whether the next message may be read (taking its token); False drops it and counts
        a strike."""
        self._refill()
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.strikes += 1.0
        return False

    @property
    def abusive(self) -> bool:
        """The client kept sending too fast: close the connection."""
        return self.strikes > self.limit


class AddressRates:
    """One :class:`MessageRate` bucket per client address, for HTTP requests: a request over
    the address's rate is refused before its body is read. At most ``addresses`` buckets are
    kept; past that the one used longest ago is forgotten (a full bucket again), so a flood of
    addresses cannot grow the table without bound."""

    def __init__(self, per_second: float, burst: int, addresses: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second, self.burst, self.addresses, self.clock = (per_second, burst,
                                                                   addresses, clock)
        self.buckets: OrderedDict[str, MessageRate] = OrderedDict()

    def allow(self, address: str) -> bool:
        """Whether a request from ``address`` may be served now (taking its token)."""
        bucket = self.buckets.pop(address, None)
        if bucket is None:
            bucket = MessageRate(self.per_second, self.burst, 0, self.clock)
            while len(self.buckets) >= self.addresses:
                self.buckets.popitem(last=False)
        self.buckets[address] = bucket
        return bucket.allow()


__all__ = ["CLOSE_CODE", "AddressRates", "MessageRate"]
