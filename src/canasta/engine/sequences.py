"""Sequences: runs of natural cards of one suit, seven of which make a samba (docs/rules.md,
Presets: samba, bolivia; option ``melds.sequences``).

A new sequence is three cards of one suit in a row, 4 up to the ace, no wild card (``meld 4H
5H 6H``); cards join it one at a time at either end (``extend 7H``); at ``melds.canasta_size``
cards it is a samba, a canasta that takes no more cards (but, where ``melds.sambas_grow_going_out``,
at its ends with the last cards of the hand), and the suit may start again. A side
has at most one open sequence per suit.
"""

from __future__ import annotations

from itertools import product

from canasta.cards import ACE, FOUR, NATURAL_RANKS, SUITED, kind_name, suit_of, suited
from canasta.engine import going_out
from canasta.engine.actions import EXTEND_ACTIONS, SEQUENCE_ACTIONS, Action, sequence_cards
from canasta.engine.going_out import Lookahead
from canasta.engine.hand import spend
from canasta.engine.opening import open_tentatively
from canasta.engine.refusal import Refusal, Topic, keep, refuse
from canasta.engine.state import SAMBA_MARK, SEQUENCE_MARK, Side, State
from canasta.engine.tables import Tables

Why = dict[Action, Refusal] | None

NO_SEQUENCES = Refusal("these rules have no sequences", Topic.MELDS)
OPEN_ALREADY = Refusal("your side already has an open sequence in that suit: extend it",
                       Topic.MELDS)

#: The suited code of each (rank, suit).
_CODE = {(rank, suit): suited(rank, suit) for rank in NATURAL_RANKS for suit in range(4)}


def _starts() -> dict[bytes, tuple[int, ...]]:
    """For which ranks of a suit a hand holds (4 up to the ace; as bytes, 1 for a rank held,
    0 for one not), the low ranks of the runs of three it can lay."""
    table = {}
    for held in product((0, 1), repeat=len(NATURAL_RANKS)):
        table[bytes(held)] = tuple(FOUR + i for i in range(len(NATURAL_RANKS) - 2)
                                   if held[i] and held[i + 1] and held[i + 2])
    return table


_STARTS = _starts()
#: Maps a count of cards to 1 when some are held, 0 when none (``bytes.translate``).
_HELD = bytes([0] + [1] * 255)


def extends(side: Side, t: Tables, card: int) -> bool:
    """Whether a suited card fits an end of the side's open sequence of its suit."""
    run = side.runs[suit_of(card)]
    if run is None:
        return False
    rank = t.rank_of[card]
    return rank == run[0] - 1 >= FOUR or rank == run[1] + 1 <= ACE


def grow_sequence(s: State, t: Tables, side: Side, card: int) -> None:
    """A card joins the open sequence of its suit; at a canasta's length it is a samba,
    closed (and counted as a canasta)."""
    suit, rank = suit_of(card), t.rank_of[card]
    run = side.runs[suit]
    assert run is not None
    low, high = min(run[0], rank), max(run[1], rank)
    if high - low + 1 >= t.rules.melds.canasta_size:
        side.runs[suit] = None
        side.sambas = (*side.sambas, (suit, low, high))
        side.canastas += 1
        turn = s.turn
        if SEQUENCE_MARK + suit in turn.created:
            turn.created = (*turn.created, SAMBA_MARK)
    else:
        side.runs[suit] = (low, high)


def sequence_actions(s: State, t: Tables, size: int, look: Lookahead, why: Why = None
                     ) -> list[Action]:
    """New sequences of three, and cards at either end of an open one, that the seat may lay
    now (``size``: its cards, a waiting foot included)."""
    seat = s.turn.seat
    side = s.sides[s.seat_sides[seat]]
    cards = s.seats[seat].cards
    assert cards is not None
    points, rank_of = t.points, t.rank_of
    ops = s.turn.opening_points
    acts: list[Action] = []
    for suit in range(4):
        run = side.runs[suit]
        if run is None:
            for low in _STARTS[bytes(cards[SUITED + suit::4]).translate(_HELD)]:
                action = SEQUENCE_ACTIONS[(low, suit)]
                laid = points[low] + points[low + 1] + points[low + 2]
                verdict = going_out.stranding(s, t, size - 3, None, ops + laid, action, look)
                keep(acts, why, action, verdict)
            continue
        for rank in (run[0] - 1, run[1] + 1):
            if FOUR <= rank <= ACE and cards[_CODE[rank, suit]]:
                code = _CODE[rank, suit]
                action = EXTEND_ACTIONS[code]
                verdict = going_out.stranding(s, t, size - 1, None, ops + points[rank_of[code]],
                                              action, look)
                keep(acts, why, action, verdict)
    if side.sambas and t.rules.melds.sambas_grow_going_out:
        _samba_ends(s, t, size, look, acts, why)
    return acts


SAMBA_GROWS_GOING_OUT = Refusal("a samba grows only as you go out: add to it with the last cards "
                                "of your hand (docs/rules.md, Presets: brazilian)", Topic.MELDS)


def _samba_ends(s: State, t: Tables, size: int, look: Lookahead, acts: list[Action],
                why: Why) -> None:
    """Cards at either end of the side's sambas (``melds.sambas_grow_going_out``, Brazilian):
    only with the last cards of the hand, so that the player goes out; a card the open
    sequence of its suit takes already is not offered twice."""
    side = s.sides[s.seat_sides[s.turn.seat]]
    cards = s.seats[s.turn.seat].cards
    assert cards is not None
    offered = set(acts)
    for suit, low, high in side.sambas:
        for rank in (low - 1, high + 1):
            if not (FOUR <= rank <= ACE and cards[_CODE[rank, suit]]):
                continue
            code = _CODE[rank, suit]
            action = EXTEND_ACTIONS[code]
            if action in offered:
                continue
            verdict = SAMBA_GROWS_GOING_OUT if size - 1 >= 2 else going_out.stranding(
                s, t, size - 1, None, s.turn.opening_points + t.points[t.rank_of[code]],
                action, look)
            if verdict is None:
                offered.add(action)
            keep(acts, why, action, verdict)


def grow_samba(side: Side, t: Tables, card: int) -> None:
    """A card joins an end of the first samba of its suit it fits (Brazilian escalera)."""
    suit, rank = suit_of(card), t.rank_of[card]
    for n, (x, low, high) in enumerate(side.sambas):
        if x == suit and rank in (low - 1, high + 1):
            grown = (suit, min(low, rank), max(high, rank))
            side.sambas = (*side.sambas[:n], grown, *side.sambas[n + 1:])
            return
    raise AssertionError("no samba takes the card")  # the generator offered it


def sequence_refusal(s: State, t: Tables, action: Action) -> Refusal | None:
    """Why a new sequence is not offered, when the generator did not consider it: no
    sequences in these rules, an open one in that suit, cards not held."""
    if not t.rules.melds.sequences:
        return NO_SEQUENCES
    if s.sides[s.seat_sides[s.turn.seat]].runs[action.arg] is not None:
        return OPEN_ALREADY
    cards = s.seats[s.turn.seat].cards
    missing = [c for c in sequence_cards(action) if cards is None or not cards[c]]
    if missing:
        return refuse(Topic.MELDS, "you do not hold {}", " ".join(kind_name(c) for c in missing))
    return None


def extend_refusal(s: State, t: Tables, action: Action) -> Refusal | None:
    """Why a card is not offered at an end of a sequence: no sequences, not held, no fit."""
    if not t.rules.melds.sequences:
        return NO_SEQUENCES
    cards = s.seats[s.turn.seat].cards
    card = action.rank
    if cards is None or not cards[card]:
        return refuse(Topic.MELDS, "you have no {:kind}", card)
    if not extends(s.sides[s.seat_sides[s.turn.seat]], t, card):
        return refuse(Topic.MELDS, "the {:kind} does not fit an end of your sequence", card)
    return None


def start_sequence(s: State, t: Tables, action: Action) -> tuple[int, int]:
    """Lay three cards of a suit in a row as a new sequence; returns the cards and the card
    points laid."""
    seat = s.turn.seat
    side = s.sides[s.seat_sides[seat]]
    if not side.opened:
        open_tentatively(s, t)
    low, suit = action.rank, action.arg
    for card in sequence_cards(action):
        spend(s, t, seat, card)
    side.runs[suit] = (low, low + 2)
    s.turn.created = (*s.turn.created, SEQUENCE_MARK + suit)
    return 3, t.points[low] + t.points[low + 1] + t.points[low + 2]


def extend(s: State, t: Tables, action: Action) -> tuple[int, int]:
    """Lay a card at an end of the open sequence of its suit, or of a samba where the rules
    let one grow; returns the cards and the card points laid."""
    seat = s.turn.seat
    spend(s, t, seat, action.rank)
    side = s.sides[s.seat_sides[seat]]
    if extends(side, t, action.rank):
        grow_sequence(s, t, side, action.rank)
    else:  # an end of a samba (melds.sambas_grow_going_out)
        grow_samba(side, t, action.rank)
    return 1, t.points[t.rank_of[action.rank]]

