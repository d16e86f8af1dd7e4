"""What counts as a canasta (docs/rules.md, "The game in brief": melds; rulings 14 and 21).

A meld of ``melds.canasta_size`` cards or more is a canasta: natural with no wild card, mixed
otherwise; a meld of wild cards alone is a wild canasta, and a samba (a sequence of that
length) counts as one too. ``Side.canastas`` keeps the count as melds grow; the functions here
count kinds and look ahead by a ``Delta``.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.cards import FOUR, NUM_KINDS
from canasta.engine.refusal import Refusal, Topic, refuse
from canasta.engine.state import WILD, Meld, Side, State
from canasta.engine.tables import Tables

#: Cards an action would add to one of the side's melds: (rank, naturals, wilds); None: none.
Delta = tuple[int, int, int] | None


def in_meld(t: Tables, rank: int, size: int) -> int:
    """How many canastas a meld of ``size`` cards is: one from ``melds.canasta_size`` cards,
    and for a meld of a natural rank one more per ``canasta_size`` cards up to
    ``melds.canastas_per_rank`` (Samba: the side's melds of a rank combined)."""
    cs = t.rules.melds.canasta_size
    if size < cs:
        return 0
    return 1 if rank < FOUR or size < 2 * cs else min(size // cs, t.canastas_per_rank)


def counts(side: Side, t: Tables, delta: Delta = None) -> tuple[int, int, int]:
    """The side's canastas (all, natural, mixed) if ``delta`` were added to its melds; a meld
    that is two canastas (``in_meld``) holding wild cards is one mixed and one natural."""
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
            more = in_meld(t, r, n + w) - 1 if n + w >= 2 * cs and t.canasta_top > cs else 0
            total += 1 + more
            if r != WILD:
                if w:
                    mixed += 1
                else:
                    natural += 1
                natural += more
    return total, natural, mixed


def completes(side: Side, t: Tables, delta: Delta) -> int:
    """How many canastas ``delta`` completes: 1 if it makes its meld a canasta (it was
    shorter), more where a meld may be several (``in_meld``), else 0."""
    if delta is None:
        return 0
    meld = side.melds[delta[0]]
    before = meld.naturals + meld.twos + meld.jokers if meld is not None else 0
    cs = t.rules.melds.canasta_size
    if before < cs:
        return in_meld(t, delta[0], before + delta[1] + delta[2]) if t.canasta_top > cs else \
            int(cs <= before + delta[1] + delta[2])
    if t.canasta_top > cs:
        return in_meld(t, delta[0], before + delta[1] + delta[2]) - in_meld(t, delta[0], before)
    return 0


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
                    "wild cards (docs/rules.md, Presets: italian)", Topic.MELDS)


def wild_add_refusal(t: Tables, meld: Meld, table: list[Meld | None] | None = None,
                     opened: bool = True) -> Refusal | None:
    """Whether one more wild card may join ``meld``: the wild-card limit (ruling 7, checked
    at laying down only where ``melds.wild_limit_at_laydown_only``), none on a completed
    canasta where ``melds.no_wild_on_canasta``; with the side's meld ``table`` and whether it
    has ``opened``, the limits of ``canastas.wild_cap`` (Modern American)."""
    melds = t.rules.melds
    n, w = meld.naturals, meld.twos + meld.jokers
    if melds.no_wild_on_canasta and n + w >= melds.canasta_size:
        return Refusal("no wild card may be added to a completed canasta under these rules",
                       Topic.MELDS)
    if table is not None and t.wild_rules and \
            w >= wild_cap(t, table, opened, meld.rank, n, w) < t.cap[n]:
        return wild_rule_refusal(t, table, opened, meld.rank, n)
    if w >= t.cap[n] and not melds.wild_limit_at_laydown_only:
        return refuse(Topic.MELDS, "your meld of {:kinds} would hold {} wild cards; with {} "
                      "naturals it may hold {} (docs/rules.md, ruling 7)", meld.rank, w + 1, n,
                      t.cap[n])
    return None


# ---------------------------------------------------------------------- Modern American (issue 16)
# What a meld may hold on its way to a canasta beyond the wild-card limit of its naturals
# (docs/rules.md, Presets: modern_american): the melds family, the pile's routes and the
# going-out packing check all ask these, so they live here, below all three.


def wild_cap(t: Tables, melds: Sequence[Meld | None], opened: bool, rank: int, naturals: int,
             wilds: int) -> int:
    """Most wild cards the side's meld of ``rank`` may end up holding with ``naturals``
    naturals, holding ``wilds`` now (``melds`` the side's meld table, ``opened`` whether it has
    made its initial meld): the limit of ruling 7 (``Tables.cap``), none in a meld of a
    special rank (``melds.special_ranks``) unless the rank may take them within the opening
    (``special_wild_in_opening``) or took them there; after the opening, no more below
    ``melds.wild_add_min_naturals`` naturals, nor while the side's wild meld is unfinished
    (``melds.unfinished_wild_binds``)."""
    cap = t.cap[min(naturals, len(t.cap) - 1)]
    if not t.wild_rules:
        return cap
    rules = t.rules.melds
    if t.special[rank] and not wilds and (opened or not t.special_opening[rank]):
        return 0
    if opened and naturals < rules.wild_add_min_naturals:
        return min(cap, wilds)
    if rules.unfinished_wild_binds:
        wild = melds[WILD]
        if wild is not None and wild.size < rules.canasta_size:
            return min(cap, wilds)
    return cap


def wild_meld_unfinished(t: Tables, melds: Sequence[Meld | None], delta: Delta = None) -> bool:
    """Whether the side's meld of wild cards is short of a canasta (after ``delta``), where
    that binds it (``melds.unfinished_wild_binds``: no going out, no wild card elsewhere)."""
    if not t.rules.melds.unfinished_wild_binds:
        return False
    wild = melds[WILD]
    size = wild.size if wild is not None else 0
    if delta is not None and delta[0] == WILD:
        size += delta[1] + delta[2]
    return 0 < size < t.rules.melds.canasta_size


def completed_ranks(s: State, t: Tables) -> tuple[bool, ...]:
    """Per kind: a rank some side has completed a canasta of, dead for every side where
    ``melds.completed_rank_dead`` (no meld, addition or pile take of it); all False otherwise."""
    if not t.rules.melds.completed_rank_dead:
        return _NONE_DEAD
    cs = t.rules.melds.canasta_size
    dead = [False] * NUM_KINDS
    for side in s.sides:
        for rank, meld in enumerate(side.melds):
            if meld is not None and rank != WILD and meld.size >= cs:
                dead[rank] = True
    return tuple(dead)


_NONE_DEAD = (False,) * NUM_KINDS


def wild_rule_refusal(t: Tables, table: list[Meld | None], opened: bool, rank: int,
                      naturals: int) -> Refusal:
    """Why no wild card may join the side's meld of ``rank`` under the rules of
    ``canastas.wild_cap`` (docs/rules.md, Presets: modern_american)."""
    rules = t.rules.melds
    if t.special[rank] and not (t.special_opening[rank] and not opened):
        when = " after your side's initial meld" if t.special_opening[rank] else ""
        return refuse(Topic.MELDS, "a meld of {:kinds} takes no wild card{} under these rules",
                      rank, when)
    if wild_meld_unfinished(t, table):
        return WILD_MELD_FIRST
    return refuse(Topic.MELDS, "once your side has melded, a wild card joins only a meld of at "
                  "least {} naturals; your {:kinds} have {}", rules.wild_add_min_naturals, rank,
                  naturals)


WILD_MELD_FIRST = Refusal("your side's meld of wild cards is unfinished: wild cards go only "
                          "onto it under these rules", Topic.MELDS)
DEAD_RANK = "a canasta of {:kinds} is complete: the rank is dead under these rules"
