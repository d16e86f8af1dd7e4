"""What the table tells of the hands a seat cannot see: the priors the search bot deals the
hidden cards by (``determinize(likely=...)``: how players meld, what each discarded and
passed on this deal) and the check that a sampled world fits the last discard (docs/bots.md,
"ismcts": ``belief``, ``reads``, ``discards``)."""

from __future__ import annotations

from canasta.bots import kinds
from canasta.bots.greedy import GreedyBot
from canasta.cards import NATURAL_RANKS
from canasta.engine.determinize import Likelihood, before_discard
from canasta.engine.game import Game
from canasta.engine.view import PlayerView

#: How much less likely a hand is dealt a card its play this deal says it seldom holds
#: (``with_reads``): any card of a kind the seat discarded (``DISCARDED``), and the card that
#: would pair a kind it passed on (``PASSED``). First calibrated on greedy self-play by what
#: the pile still showed (120 one-deal classic games, every third draw): another card of a
#: discarded rank held 9.2% of the time, against 36% dealt by ``melders`` alone and 8.5% with
#: this weight; the second natural of a rank passed on 2.5%, against 6.5% and 2.5%. Read from
#: the whole deal's play (``Seat.discarded``, ``Seat.passed``), the same weights deal the
#: hands closest to the truth of those tried (``bench/hand_inference.py``, docs/bots.md).
PASSED, DISCARDED = 0.3, 0.12

#: The natural kinds (4 to A), a bit per kind: what the reads weigh.
NATURALS = sum(1 << kind for kind in NATURAL_RANKS)


def discard_fits(world: Game, policy: GreedyBot, back: int = 1) -> bool:
    """Whether, in ``world``, the seat ``back`` turns before the one to play (1: the seat that
    just discarded) would have thrown the card it threw last as ``policy`` judges a discard,
    holding what the world deals it (``before_discard``: True where that cannot be told).
    Greedy self-play bears it out: on the true deal it holds at every one of 79 turns checked
    for the seat before; a deal drawn after ``melders`` alone fits 49% of the time (10 games
    of classic, every third turn). For the next seat (``back=3`` at a table of four), whose
    view is read back with the table's later melds left on it, it holds at 98.5% of 200 turns
    (30 games), a deal drawn after ``melders`` fits 54% (docs/bots.md, ``discards``)."""
    before = before_discard(world, back)
    return before is None or policy.discard(before).action.rank == world.state.table.pile[-back]


def with_reads(view: PlayerView, likely: Likelihood | None) -> Likelihood:
    """``likely`` (1 where it is None), less likely still for the cards a seat's play this
    deal says it seldom holds (``view.discarded``, ``view.passed``): any natural of a kind it
    discarded (``DISCARDED``: a player keeps what it can meld, and throws what it cannot),
    and the natural that would pair a kind it passed on (``PASSED``: with a pair it could
    have taken the pile, its side having opened)."""
    discarded = [bits & NATURALS for bits in view.discarded]
    passed = [bits & NATURALS for bits in view.passed]

    def reads(seat: int, kind: int, hand: list[int]) -> float:
        weight = 1.0 if likely is None else likely(seat, kind, hand)
        if discarded[seat] >> kind & 1:
            weight *= DISCARDED
        if hand[kind] and passed[seat] >> kind & 1:
            weight *= PASSED
        return weight
    return reads


def keeps_pairs(likely: Likelihood | None, weight: float) -> Likelihood:
    """``likely`` (1 where it is None), and a card that does not make a natural pair in the
    hand being dealt with ``weight`` more: players keep pairs (to take the pile, to meld) and
    throw odd cards, so a hand holds more pairs than a uniform deal gives it. In greedy
    self-play the next seat's hidden cards held 1.43 natural pairs a position, where the
    worlds of ``melders`` and ``with_reads`` dealt it 1.07, and with this weight at 0.6, 1.27
    (``bench/hand_inference.py``, docs/bots.md)."""

    def pairs(seat: int, kind: int, hand: list[int]) -> float:
        w = 1.0 if likely is None else likely(seat, kind, hand)
        return w if hand[kind] == 1 and kinds.is_natural(kind) else w * weight
    return pairs


def melders(view: PlayerView, belief: float) -> Likelihood:
    """A prior on the other hands: players who have opened meld what they can (as the greedy
    bot does), so after its turn a hand of more than three cards seldom holds a natural of a
    rank its side has on the table, or a third natural of any rank. Such a card is dealt to it
    with weight ``belief`` (1 deals uniformly)."""
    table = [{m.rank for m in melds} for melds in view.melds]
    seat_sides, opened, sizes = view.seat_sides, view.initial_done, view.hand_sizes

    def likely(seat: int, kind: int, hand: list[int]) -> float:
        side = seat_sides[seat]
        if not opened[side] or sizes[seat] <= 3 or not kinds.is_natural(kind):
            return 1.0
        return belief if kind in table[side] or hand[kind] >= 2 else 1.0
    return likely
