"""Discarding: when a turn may end, and which cards may go on the pile (docs/rules.md, "The
game in brief": a turn; "Tentative openings"; "Keeping a card to discard"; ruling 20).

The discard ends the turn (``turn`` passes it on); the last card discarded goes out.
"""

from __future__ import annotations

from itertools import compress

from canasta.cards import BLACK_THREE, FOUR, JOKER, NUM_CODES, NUM_KINDS, SUITED
from canasta.engine import going_out, opening
from canasta.engine.actions import DISCARD_ACTIONS, Action
from canasta.engine.hand import spend
from canasta.engine.refusal import Refusal, Topic, refuse
from canasta.engine.state import State
from canasta.engine.tables import Tables

Why = dict[Action, Refusal] | None

NO_JOKER_DISCARD = Refusal("jokers may not be discarded under these rules while you hold "
                           "another card", Topic.TURN)


def timing_refusal(s: State, t: Tables, size: int) -> Refusal | None:
    """A discard ends the turn: not while an opening is tentative (commit it or take it back),
    unless it goes out; the last card only by a side allowed out (ruling 20)."""
    turn = s.turn
    tentative = turn.opening
    if tentative is not None and size >= 2:
        short = opening.shortfall(s.sides[s.seat_sides[turn.seat]], t, turn.opening_points)
        if short is None:
            return Refusal("commit your opening before discarding, or take it back", Topic.OPENING)
        return refuse(Topic.OPENING, "{}: lay more, or take your opening back, before discarding",
                      short)
    if size >= 2:
        return None
    why_not = going_out.go_out_refusal(s, t, None, turn.opening_points)
    if why_not is None:
        return None
    back = "; take your opening back to play on" if tentative is not None else ""
    return refuse(Topic.GOING_OUT, "that discard would go out, and you may not go out: {}{}",
                  why_not, back)


def discard_actions(s: State, t: Tables, size: int, why: Why = None) -> list[Action]:
    """Any card held may be discarded, when the turn may end (``timing_refusal``); a joker
    not, where ``pile.jokers_discardable`` is off, unless nothing else is left."""
    timing = timing_refusal(s, t, size) if size < 2 or s.turn.opening is not None else None
    if timing is not None and why is None:
        return []
    player = s.seats[s.turn.seat]
    hand, cards = player.hand, player.cards
    if cards is not None:
        acts = list(compress(_KINDS[:FOUR], hand[:FOUR]))
        acts += compress(_CODES, cards[SUITED:])
    else:
        acts = list(compress(_KINDS, hand))
    if timing is not None:
        if why is not None:
            for action in acts:
                why[action] = timing
        return []
    if not t.rules.pile.jokers_discardable and hand[JOKER] and hand[JOKER] < size:
        acts.remove(DISCARD_ACTIONS[JOKER])
        if why is not None:
            why[DISCARD_ACTIONS[JOKER]] = NO_JOKER_DISCARD
    if hand[BLACK_THREE] and not t.rules.pile.black_three_first_round and \
            first_round_refusal(s, t, size) is not None:
        acts.remove(DISCARD_ACTIONS[BLACK_THREE])
        if why is not None:
            why[DISCARD_ACTIONS[BLACK_THREE]] = NO_BLACK_THREE_YET
    return acts


NO_BLACK_THREE_YET = Refusal("black 3s may not be discarded on the first round of the deal "
                             "under these rules, while you hold another card", Topic.THREES)


def first_round_refusal(s: State, t: Tables, size: int) -> Refusal | None:
    """A black 3 may not be discarded in the first round of turns of the deal, where
    ``pile.black_three_first_round`` is off, unless the hand holds nothing else (docs/rules.md,
    Presets: cuban; REFERENCE §9)."""
    if t.rules.pile.black_three_first_round or s.table.turns >= t.players:
        return None
    if s.seats[s.turn.seat].hand[BLACK_THREE] >= size:
        return None
    return NO_BLACK_THREE_YET


#: The discards of each kind, and of each suited card code.
_KINDS = DISCARD_ACTIONS[:NUM_KINDS]
_CODES = DISCARD_ACTIONS[SUITED:NUM_CODES]


def discard_refusal(s: State, t: Tables, action: Action) -> Refusal:
    """Why a discard was not considered: suits, or a card not held."""
    kind = action.rank
    if (kind >= SUITED) != t.suited and t.rank_of[kind] >= FOUR:
        return Refusal("name the card's suit, e.g. 'discard KH'" if t.suited
                       else "suits play no part in these rules: 'discard K'", Topic.TURN)
    return refuse(Topic.TURN, "you have no {:kind} to discard", kind)


def discard(s: State, t: Tables, action: Action) -> bool:
    """Put a card on the pile; True when it was the last card in hand. A wild card or a red 3
    freezes the pile."""
    turn, table = s.turn, s.table
    seat = turn.seat
    player = s.seats[seat]
    card = action.rank
    spend(s, t, seat, card)
    player.size -= 1
    player.discarded |= 1 << t.rank_of[card]
    table.pile.append(card)
    table.freezers += t.freezes[card]
    return player.size == 0
