"""What counts as a canasta (docs/rules.md, "The game in brief": melds; rulings 14 and 21).

A meld of ``melds.canasta_size`` cards or more is a canasta: natural with no wild card, mixed
otherwise; a meld of wild cards alone is a wild canasta, and a samba (a sequence of that
length) counts as one too. ``Side.canastas`` keeps the count as melds grow; the functions here
count kinds and look ahead by a ``Delta``.
"""

from __future__ import annotations

from canasta.engine.state import WILD, Side
from canasta.engine.tables import Tables

#: Cards an action would add to one of the side's melds: (rank, naturals, wilds); None: none.
Delta = tuple[int, int, int] | None


def counts(side: Side, t: Tables, delta: Delta = None) -> tuple[int, int, int]:
    """The side's canastas (all, natural, mixed) if ``delta`` were added to its melds."""
    cs = t.rules.melds.canasta_size
    total, natural, mixed = len(side.sambas), 0, 0
    grown = delta[0] if delta is not None else -1
    for r, meld in enumerate(side.melds):
        if meld is None:
            if r != grown:
                continue
            n = w = 0
        else:
            n, w = meld.naturals, meld.twos + meld.jokers
        if r == grown and delta is not None:
            n, w = n + delta[1], w + delta[2]
        if n + w >= cs:
            total += 1
            if r != WILD:
                if w:
                    mixed += 1
                else:
                    natural += 1
    return total, natural, mixed


def completes(side: Side, t: Tables, delta: Delta) -> int:
    """1 if ``delta`` makes its meld a canasta (it was shorter), else 0."""
    if delta is None:
        return 0
    meld = side.melds[delta[0]]
    before = meld.naturals + meld.twos + meld.jokers if meld is not None else 0
    cs = t.rules.melds.canasta_size
    return int(before < cs <= before + delta[1] + delta[2])


def wilds_on_table(side: Side) -> int:
    """Wild cards in the side's melds."""
    return sum(m.twos + m.jokers for m in side.melds if m is not None)
