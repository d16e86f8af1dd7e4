"""What counts as a canasta (docs/rules.md, "The game in brief": melds; rulings 14 and 21).

A meld of ``melds.canasta_size`` cards or more is a canasta: natural with no wild card, mixed
otherwise; a meld of wild cards alone is a wild canasta, and a samba (a sequence of that
length) counts as one too. ``Side.canastas`` keeps the count as melds grow; the functions here
count kinds and look ahead by a ``Delta``.
"""

from __future__ import annotations

from canasta.engine.refusal import Refusal
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


def toward_going_out(side: Side, t: Tables, delta: Delta = None) -> int:
    """The side's canastas that count toward going out if ``delta`` were added: every one,
    less its wild canasta where ``going_out.wild_canastas_count`` is off (docs/rules.md,
    Presets: italian)."""
    rules = t.rules
    if rules.going_out.natural_canastas or rules.going_out.mixed_canastas:
        total = counts(side, t, delta)[0]
    else:
        total = side.canastas + completes(side, t, delta)
    if rules.going_out.wild_canastas_count:
        return total
    meld = side.melds[WILD]
    size = meld.size if meld is not None else 0
    if delta is not None and delta[0] == WILD:
        size += delta[1] + delta[2]
    return total - (size >= rules.melds.canasta_size)


def twos_tame(side: Side, t: Tables) -> bool:
    """Whether the side's 2s may not be used as wild cards: its meld of 2s is short of a
    canasta, where ``melds.twos_tame_while_open`` (seed 001, Italian)."""
    if not t.rules.melds.twos_tame_while_open:
        return False
    meld = side.melds[WILD]
    return meld is not None and meld.size < t.rules.melds.canasta_size


TWOS_TAME = Refusal("your side's meld of 2s is not a canasta yet: its 2s may not be used as "
                    "wild cards (docs/rules.md, Presets: italian)")
