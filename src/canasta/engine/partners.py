"""The partnership formed at the pile: three-hand "cutthroat" (``players.partners_at_pile``;
docs/rules.md, Presets: cutthroat; REFERENCE §4).

Each player plays alone, on a side of their own, until one first takes the discard pile: that
player plays the rest of the hand alone, and the other two become partners (``form``). Their
two tables become one, on the side of the lower seat of the two: melds of different ranks are
kept, melds of the same rank are combined into one (Bicycle: "combining their melds"; the
combined meld is one meld from then on, its canastas counted as one meld's, by
``canastas.in_meld``: ruling C1 of docs/rules.md), and the side has made its initial meld if
either partner had. The other partner's side is left
empty. A player going out before anyone took the pile is the lone hand: the other two are
partners for the scoring (``turn.end_hand``).

Each player's initial-meld minimum is by their own score (``own_minimum``, at the start of each
of their turns); the scoring gives each partner the partnership's score with their own red 3s
(``scoring.side_score``).
"""

from __future__ import annotations

from canasta.cards import NUM_KINDS
from canasta.engine.canastas import in_meld
from canasta.engine.state import Meld, SeatNo, Side, State
from canasta.engine.tables import Tables


def formed(seat_sides: tuple[int, ...]) -> bool:
    """Whether two seats play for one side this deal (the partnership has formed), by the side
    of each seat (``State.seat_sides``, public: ``PlayerView.seat_sides``)."""
    return len(set(seat_sides)) < len(seat_sides)


def seat_maps(t: Tables) -> tuple[tuple[int, ...], ...]:
    """Every side-of-each-seat a deal can have: as dealt, then with each seat the lone hand
    (the other two on the lower one's side)."""
    seats = range(t.players)
    return (t.seat_sides, *(tuple(n if n == lone else min(o for o in seats if o != lone)
                                  for n in seats) for lone in seats))


def form(s: State, t: Tables, lone: SeatNo) -> None:
    """``lone`` plays the hand alone from now on; the other two become partners, on the side
    of the lower of their seats, their melds combined. Nothing happens once it has formed."""
    if formed(s.seat_sides):
        return
    low, high = (seat for seat in range(t.players) if seat != lone)
    into, other = s.sides[low], s.sides[high]
    melds = into.melds
    for rank, meld in enumerate(other.melds):
        if meld is None:
            continue
        mine = melds[rank]
        melds[rank] = meld if mine is None else Meld(
            rank, mine.naturals + meld.naturals, mine.twos + meld.twos, mine.jokers + meld.jokers)
    into.canastas = sum(in_meld(t, meld.rank, meld.size) for meld in melds if meld is not None)
    into.opened = into.opened or other.opened
    into.yes_failures += other.yes_failures
    into.black_threes_removed += other.black_threes_removed
    s.sides[high] = Side([None] * NUM_KINDS, [None] * 4, (), 0, False, other.minimum,
                         other.opening_canasta, 0, 0)
    seat_sides = list(s.seat_sides)
    seat_sides[high] = low
    s.seat_sides = tuple(seat_sides)


def own_minimum(s: State, t: Tables, seat: SeatNo) -> None:
    """A side that has not made its initial meld needs, on ``seat``'s turn, the minimum of
    ``seat``'s own score (REFERENCE §4: "each player's initial-meld minimum uses their own
    score"; loverummy: the partner who melds first meets their own requirement)."""
    side = s.sides[s.seat_sides[seat]]
    if not side.opened:
        score, deal = s.match.scores[seat], s.match.deal
        side.minimum = t.rules.minimum_for(score, deal)
        side.opening_canasta = t.rules.canasta_for(score)
