"""Card counting from a view: what is unseen, who may hold what, which discards are safe.

Everything here is computed from a ``PlayerView``: the seat's own hand, the table, the pile,
the cards others are known to hold (taken from the pile), hand sizes. Each other hand is
treated as a uniform draw from the cards the seat cannot place (hypergeometric odds).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from canasta.bots import kinds
from canasta.engine.actions import Route
from canasta.engine.determinize import unseen_cards
from canasta.engine.once import once
from canasta.engine.pile import frozen_for, routes_open
from canasta.engine.view import PlayerView

# Enum members read once: a member looked up on its enum class costs five times a global.
_PAIR, _WITH_TWO, _WITH_JOKER, _ONTO_MELD = (
    Route.PAIR, Route.WITH_TWO, Route.WITH_JOKER, Route.ONTO_MELD
)


class Knowledge:
    """What one view tells about the hidden cards, computed once per decision."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.rules = view.rules

    @once
    def unseen(self) -> list[int]:
        """The kind counts of the cards the seat cannot place (``unseen_cards``)."""
        return unseen_cards(self.view)

    @once
    def pool(self) -> int:
        """How many cards the seat cannot place."""
        return sum(self.unseen)

    def opponents(self) -> list[int]:
        """The seats of the other sides."""
        v = self.view
        return [s for s in range(v.players) if v.side_of(s) != v.side]

    @property
    def next_seat(self) -> int:
        """The seat that plays after this one."""
        return (self.view.seat + 1) % self.view.players

    def hidden_size(self, seat: int) -> int:
        """Cards in ``seat``'s hand that nobody but that seat knows."""
        v = self.view
        return max(0, v.hand_sizes[seat] - sum(v.known[seat]))

    def p_holds(self, seat: int, kind: int, n: int) -> float:
        """The chance that ``seat`` holds at least ``n`` cards of ``kind``."""
        known = self.view.known[seat][kind] if seat != self.view.seat else self.view.hand[kind]
        if seat == self.view.seat or known >= n:
            return 1.0 if known >= n else 0.0
        need = n - known
        return at_least(self.pool, self.unseen[kind], self.hidden_size(seat), need)

    def p_holds_wild(self, seat: int) -> float:
        """The chance that ``seat`` holds at least one wild card."""
        v = self.view
        if any(v.known[seat][w] for w in kinds.WILDS):
            return 1.0
        wild = sum(self.unseen[w] for w in kinds.WILDS)
        return at_least(self.pool, wild, self.hidden_size(seat), 1)

    def dead(self, kind: int) -> bool:
        """No other side can hold a natural pair of ``kind``: it cannot take the pile with it."""
        v = self.view
        known = max((v.known[s][kind] for s in self.opponents()), default=0)
        return self.unseen[kind] + known < 2

    def frozen_for(self, side: int) -> bool:
        """Whether the pile (after a discard that does not freeze it) is frozen for ``side``:
        the engine's rule (``pile.frozen_for``)."""
        return frozen_for(self.view.state, self.view.t, side)

    def take_danger(self, kind: int) -> float:
        """The chance that the next player, an opponent, takes the pile if ``kind`` is
        discarded on it (0 for a partner, a wild, a 3, or a rank nobody can pair); the routes
        open to that side are the engine's (``pile.routes_open``)."""
        v = self.view
        seat = self.next_seat
        side = v.side_of(seat)
        if side == v.side or not kinds.takeable(kind) or kinds.freezes(self.rules)[kind]:
            return 0.0
        routes = routes_open(v.state, v.t, side, kind)
        if _ONTO_MELD in routes:
            return 1.0
        p = self.p_holds(seat, kind, 2) if _PAIR in routes else 0.0
        if _WITH_TWO in routes or _WITH_JOKER in routes:
            p = max(p, self.p_holds(seat, kind, 1) * self.p_holds_wild(seat))
        if not v.initial_done[side]:
            p *= 0.5  # they must also reach their opening minimum with it
        return p

    @once
    def table_ranks(self) -> set[int]:
        """Ranks of the side's own melds."""
        return {m.rank for m in self.view.melds[self.view.side]}

    def mean_hidden_cost(self) -> float:
        """The mean points a hidden card costs in hand."""
        cost = kinds.hand_cost(self.rules)
        total = sum(n * cost[k] for k, n in enumerate(self.unseen))
        return total / self.pool if self.pool else 0.0


@lru_cache(maxsize=1 << 16)
def at_least(pool: int, good: int, draws: int, need: int) -> float:
    """P(at least ``need`` of ``good`` marked cards among ``draws`` drawn from ``pool``)."""
    if need <= 0:
        return 1.0
    if good < need or draws < need or pool <= 0:
        return 0.0
    draws = min(draws, pool)
    total = comb(pool, draws)
    miss = sum(comb(good, i) * comb(pool - good, draws - i) for i in range(need))
    return max(0.0, 1.0 - miss / total)
