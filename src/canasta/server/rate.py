"""The message rate of one WebSocket connection (docs/protocol.md, "Errors and limits").

A token bucket: a connection may send ``burst`` messages at once and ``per_second`` on average;
a message over that is answered ``too-fast`` and dropped before it is read (nothing is done
or stored). Each dropped message is a strike; strikes fade at the same rate, and a client that
keeps sending faster than it is allowed gathers them: past ``strikes`` the connection is closed
(WebSocket close code ``CLOSE_CODE``).
"""

from __future__ import annotations

import time
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


__all__ = ["CLOSE_CODE", "MessageRate"]
