"""Cards into and out of a hand: the counts per kind, the suited codes, what others know.

A hand is a count per kind (``Seat.hand``); where suits matter it is also a count per card code
(``Seat.cards``). ``Seat.size`` is kept by the callers, which know whether a card goes to the
hand or on to the table.
"""

from __future__ import annotations

from collections.abc import Iterable

from canasta.cards import BLACK_THREE, RED_THREE
from canasta.engine.state import SeatNo, State
from canasta.engine.tables import Tables


def gain(s: State, t: Tables, seat: SeatNo, card: int) -> None:
    """A card (a kind, or a suited code) comes into the hand."""
    player = s.seats[seat]
    player.hand[t.rank_of[card]] += 1
    if player.cards is not None:
        player.cards[card] += 1


def spend(s: State, t: Tables, seat: SeatNo, card: int, n: int = 1) -> None:
    """``n`` cards of ``card`` (a kind or a suited code) leave the hand; what others knew of
    it shrinks with them."""
    player = s.seats[seat]
    kind = t.rank_of[card]
    player.hand[kind] -= n
    if player.cards is not None:
        player.cards[card] -= n
    known = player.known
    if known[kind]:
        player.known = (*known[:kind], max(0, known[kind] - n), *known[kind + 1:])


def receive(s: State, t: Tables, seat: SeatNo, cards: Iterable[int], seen: bool = True
            ) -> None:
    """Cards from the pile come into the hand, seen by all (docs/rules.md, "The pile"), or
    unseen by the others for the pile's face-down cards (``seen=False``). Red 3s among them
    are laid out at once (unless red 3s are held), black 3s too where they are bonus cards
    (Modern American); black 3s are set aside where the rules say so (Cuban)."""
    player = s.seats[seat]
    red_out, black_out = _kept_out(t)
    lay_black = t.rules.red_threes.black_too
    known = list(player.known)
    for card in cards:
        if card == RED_THREE and red_out:
            player.red_threes += 1
        elif card == BLACK_THREE and black_out:
            if lay_black:
                player.black_threes += 1
            else:
                s.sides[s.seat_sides[seat]].black_threes_removed += 1
        else:
            gain(s, t, seat, card)
            known[t.rank_of[card]] += seen
            player.size += 1
    player.known = tuple(known)


def _kept_out(t: Tables) -> tuple[bool, bool]:
    """Whether red 3s, and whether black 3s, from the pile stay out of the hand: red 3s laid
    out unless held (``red_threes.hold``), black 3s laid out as bonus cards
    (``red_threes.black_too``) or set aside (``pile.black_threes_removed``)."""
    rules = t.rules
    return (not rules.red_threes.hold,
            rules.pile.black_threes_removed or rules.red_threes.black_too)


def joining(t: Tables, cards: Iterable[int]) -> int:
    """How many of ``cards`` from the pile ``receive`` puts into the hand: not the red 3s it
    lays out, nor the black 3s it lays out or sets aside (Modern American, Cuban)."""
    red_out, black_out = _kept_out(t)
    return sum(1 for card in cards if not ((card == RED_THREE and red_out)
                                           or (card == BLACK_THREE and black_out)))


def take_under(s: State, t: Tables, seat: SeatNo) -> None:
    """The starting pile's face-down cards join the taker's hand, seen by the taker alone
    (``deal.pile_by_upcard``; docs/rules.md, Presets: italian)."""
    table = s.table
    if table.under_size:
        receive(s, t, seat, table.under, seen=False)
        table.under, table.under_size = [], 0
