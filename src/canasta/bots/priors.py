"""What the table tells of the hands a seat cannot see: the priors the search bot deals the
hidden cards by (``determinize(likely=...)``) and the check that a sampled world fits the last
discard (docs/bots.md, "ismcts": ``belief``, ``reads``, ``discards``)."""

from __future__ import annotations

from canasta.bots import kinds
from canasta.bots.greedy import GreedyBot
from canasta.engine.determinize import Likelihood, before_discard
from canasta.engine.game import Game
from canasta.engine.view import PlayerView

#: How much less likely a hand is dealt a card the pile says it seldom holds (``pile_reads``),
#: calibrated on greedy self-play (120 one-deal classic games, every third draw): the second
#: natural of a rank its seat passed on (drew from the stock with it on top of the pile, its
#: side opened) is held 2.5% of the time, against 6.5% dealt by ``melders`` alone and 2.5% with
#: this weight; another card of a rank the seat discarded 9.2%, against 36% and 8.5%.
PASSED, DISCARDED = 0.3, 0.12


def discard_fits(world: Game, policy: GreedyBot) -> bool:
    """Whether, in ``world``, the seat that just discarded would have thrown the pile's top
    card as ``policy`` judges a discard, holding what the world deals it (``before_discard``:
    True where that cannot be told). Greedy self-play bears it out: on the true deal it holds
    at every one of 79 turns checked; a deal drawn after ``melders`` alone fits 49% of the
    time (10 games of classic, every third turn)."""
    before = before_discard(world)
    return before is None or policy.discard(before).action.rank == world.state.table.pile[-1]


def pile_reads(view: PlayerView) -> tuple[list[set[int]], list[set[int]]]:
    """What the pile tells of the other hands: for each seat, the ranks it passed on (the card
    under its discard was on top when it drew from the stock, and its side had opened) and the
    ranks it discarded. Each card of the pile since it was last taken is a turn's discard, the
    top one by the seat before the one to play, the one under it by the seat before that."""
    pile, players, to_play = view.pile, view.players, view.current_player
    passed: list[set[int]] = [set() for _ in range(players)]
    discarded: list[set[int]] = [set() for _ in range(players)]
    opened = view.initial_done
    for depth in range(1, len(pile)):  # the bottom card may be the deal's upcard: no one's
        seat = (to_play - depth) % players
        if seat == view.seat:
            continue
        top, under = kinds.kind_of(pile[-depth]), kinds.kind_of(pile[-depth - 1])
        if kinds.is_natural(top):
            discarded[seat].add(top)
        if kinds.is_natural(under) and opened[view.side_of(seat)]:
            passed[seat].add(under)
    return passed, discarded


def with_pile_reads(view: PlayerView, likely: Likelihood | None) -> Likelihood:
    """``likely`` (1 where it is None), less likely still for the cards ``pile_reads`` says a
    hand seldom holds: the card that would pair a rank the seat passed on (``PASSED``) and any
    card of a rank it discarded (``DISCARDED``)."""
    passed, discarded = pile_reads(view)

    def reads(seat: int, kind: int, hand: list[int]) -> float:
        weight = 1.0 if likely is None else likely(seat, kind, hand)
        if kind in discarded[seat]:
            weight *= DISCARDED
        if hand[kind] and kind in passed[seat]:
            weight *= PASSED
        return weight
    return reads


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
