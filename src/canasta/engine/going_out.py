"""Can the player still go out this turn? A small exact check on counts.

Used where the rules bind a player to go out when possible: after a partner's "yes"
(RULINGS 19: every legal line of play that goes out is forced while one exists).

The player goes out by melding every card in hand, or all but one which is discarded
(seed 000, "Going out"). With counts this is a packing question:

- each natural rank in hand joins the side's meld of that rank, or forms a new meld, which
  needs at least two naturals (a singleton can only be the discard);
- black 3s form a set of an allowed size, or one of them is the discard;
- every wild goes into a meld with room for it; a new meld of two naturals needs one;
- afterwards the side must hold enough canastas: spare wilds are best spent completing the
  melds closest to a canasta, which a greedy pass finds.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.cards import BLACK_THREE, JOKER, NATURAL_RANKS, RED_THREE, TWO
from canasta.engine.tables import Tables


def can_meld_everything(
    t: Tables,
    hand: Sequence[int],
    naturals: Sequence[int],
    wilds: Sequence[int],
    canastas_needed: int,
    points_needed: int,
) -> bool:
    """Whether ``hand`` can be melded completely onto/beside the side's melds.

    ``naturals[r]``/``wilds[r]`` describe the side's melds by rank (the black-3 set under
    ``BLACK_THREE``). The result must give the side ``canastas_needed`` canastas and lay at
    least ``points_needed`` card points from hand.
    """
    if hand[RED_THREE]:
        return False
    rules = t.rules
    size_to_canasta = rules.melds.canasta_size
    b3 = hand[BLACK_THREE]
    if b3:
        on_table = naturals[BLACK_THREE]
        total = on_table + b3
        if total not in rules.melds.black_three_sets:
            return False
    cap = t.cap
    spare = hand[JOKER] + hand[TWO]
    demand = 0
    room = 0
    canastas = 0
    short: list[tuple[int, int]] = []  # (cards missing to a canasta, room for wilds)
    for r in NATURAL_RANKS:
        c = hand[r]
        n = naturals[r] + c
        w = wilds[r]
        if n == 0:
            continue
        if naturals[r] == 0:  # a new meld from hand
            if c < 2:
                return False
            if c == 2 and (len(cap) <= 2 or cap[2] < 1):
                return False
            if c == 2:
                demand += 1
                w = 1
        r_room = cap[n] - w if n < len(cap) else 0
        if r_room < 0:
            return False
        size = n + w
        if size >= size_to_canasta:
            canastas += 1
        else:
            short.append((size_to_canasta - size, r_room))
        room += r_room
    if demand > spare:
        return False
    spare -= demand
    if spare > room:
        return False
    if canastas < canastas_needed:
        budget = spare
        for missing, r_room in sorted(short):
            if missing <= r_room and missing <= budget:
                budget -= missing
                canastas += 1
                if canastas >= canastas_needed:
                    break
        if canastas < canastas_needed:
            return False
    if points_needed > 0:
        laid = sum(n * p for n, p in zip(hand, t.points, strict=True))
        if laid < points_needed:
            return False
    return True


def can_go_out(
    t: Tables,
    hand: Sequence[int],
    naturals: Sequence[int],
    wilds: Sequence[int],
    canastas_needed: int,
    points_needed: int,
) -> bool:
    """Whether the hand can go out: meld it all, or all but one card that is then discarded."""
    if can_meld_everything(t, hand, naturals, wilds, canastas_needed, points_needed):
        return True
    work = list(hand)
    for kind, count in enumerate(hand):
        if count:
            work[kind] -= 1
            ok = can_meld_everything(t, work, naturals, wilds, canastas_needed, points_needed)
            work[kind] += 1
            if ok:
                return True
    return False
