"""Everything the bots assume about card kinds and actions, kept in one small place.

The heuristics speak of "wild cards", "natural ranks", "the cards an action takes from the
hand" and "card points"; this module answers those questions for the engine's kinds
(``canasta.cards``) and reads every number from the rule set, so a new kind of card or meld
changes this module, not the bots.
"""

from __future__ import annotations

from collections import Counter

from canasta.cards import (
    BLACK_THREE,
    JOKER,
    NATURAL_RANKS,
    SUITED,
    TWO,
    kind_name,
    rank_of,
    suit_of,
)
from canasta.engine.actions import (
    ALL_ACTIONS,
    CODE,
    Action,
    ActionType,
    Route,
    meld_cards,
    route_of,
    sequence_cards,
)
from canasta.engine.canastas import completed_ranks
from canasta.engine.going_out import can_go_out
from canasta.engine.tables import tables_for
from canasta.engine.view import PlayerView
from canasta.rules import RuleSet

# Enum members read once: a member looked up on its enum class costs five times a global.
(
    _ACABA, _ADD, _ASK_ACABA, _DISCARD, _EXTEND, _MELD, _MELD_BLACK_THREES, _MELD_WILD,
    _SEQUENCE, _TAKE,
) = (
    ActionType.ACABA, ActionType.ADD, ActionType.ASK_ACABA, ActionType.DISCARD,
    ActionType.EXTEND, ActionType.MELD, ActionType.MELD_BLACK_THREES, ActionType.MELD_WILD,
    ActionType.SEQUENCE, ActionType.TAKE,
)


#: Wild kinds, cheapest to give up first (a 2 scores less than a joker).
WILDS = (TWO, JOKER)
STOPPER = BLACK_THREE


def is_wild(kind: int) -> bool:
    """Jokers and 2s."""
    return kind in WILDS


def is_natural(kind: int) -> bool:
    """A kind (or suited card code) that melds as a rank of its own (4 up to the ace)."""
    return rank_of(kind) in NATURAL_RANKS


def name(kind: int) -> str:
    """The short text of a kind or card code (``"K"``, ``"JK"``, ``"B3"``, ``"KH"``)."""
    return kind_name(kind)


def kind_of(card: int) -> int:
    """The kind a card code counts as (its rank, for a suited natural)."""
    return rank_of(card)


def points(rules: RuleSet) -> tuple[int, ...]:
    """Card points of each kind when melded."""
    return tables_for(rules).points


def hand_cost(rules: RuleSet) -> tuple[int, ...]:
    """Points each kind costs when left in hand at the end of a hand."""
    return tables_for(rules).in_hand


def freezes(rules: RuleSet) -> tuple[bool, ...]:
    """Whether a card of each kind in the pile freezes it."""
    return tables_for(rules).freezes


def takeable(kind: int) -> bool:
    """Whether the pile can be taken with this kind (or card code) on top (a natural rank)."""
    return is_natural(rank_of(kind))


def _used(action: Action, top: int) -> dict[int, int]:
    """The cards ``action`` takes from the hand, by kind (see ``cards_used``)."""
    t = action.type
    used: Counter[int] = Counter()
    if t == _MELD:
        naturals, wild = meld_cards(action)
        used[action.rank] += len(naturals)
        if wild >= 0:
            used[wild] += 1
    elif t == _MELD_BLACK_THREES:
        used[BLACK_THREE] += action.arg
    elif t == _MELD_WILD:
        used[JOKER] += action.arg
        used[TWO] += 3 - action.arg
    elif t == _ADD:
        used[rank_of(action.arg)] += 1
    elif t in (_DISCARD, _EXTEND):
        used[rank_of(action.rank)] += 1
    elif t == _SEQUENCE:
        for card in sequence_cards(action):
            used[rank_of(card)] += 1
    elif t == _TAKE and top >= 0:
        route, _ = route_of(action)
        top = rank_of(top)
        if route == Route.PAIR:
            used[top] += 2
        elif route in (Route.WITH_TWO, Route.WITH_JOKER):
            used[top] += 1
            used[TWO if route == Route.WITH_TWO else JOKER] += 1
    return {kind: n for kind, n in used.items() if n}


#: The cards each action (but a take, which depends on the pile) takes from the hand.
_USED: tuple[dict[int, int], ...] = tuple(_used(a, -1) for a in ALL_ACTIONS)


#: Per action code: how many cards the action takes from the hand (a take: none counted).
CARDS_USED: tuple[int, ...] = tuple(sum(used.values()) for used in _USED)


def cards_used(action: Action, top: int = -1) -> dict[int, int]:
    """The cards ``action`` takes from the hand, by kind (``top``: the pile's top card, for a
    take). Suited card codes (sequence games) count as their rank. Read only."""
    if action.type == _TAKE:
        return _used(action, top)
    return _USED[CODE[action]]


def wilds_used(action: Action, top: int = -1) -> int:
    """How many wild cards ``action`` takes from the hand."""
    used = cards_used(action, top)
    return sum(used.get(w, 0) for w in WILDS)


#: Actions that put cards from the hand into melds, with no chance involved.
LAYING = frozenset((_MELD, _MELD_BLACK_THREES, _ADD,
                    _MELD_WILD, _SEQUENCE, _EXTEND))

#: Actions that concede the hand or ask to (British "Acaba"): never chosen when avoidable.
CONCEDING = frozenset((_ASK_ACABA, _ACABA))


def is_laying(action: Action) -> bool:
    """An action that puts cards from the hand into melds (not a take, not a discard, not a
    red 3 laid out, which draws a card)."""
    return action.type in LAYING


def costs_short(view: PlayerView, card: int, wilds: int) -> bool:
    """Whether a new meld of ``card``'s rank holding ``wilds`` wild cards costs a penalty if it
    is still short of a canasta at the hand's end (``melds.special_ranks``: Modern American's
    sevens and aces; a meld of aces with wild cards within the opening is an ordinary one,
    ``melds.special_wild_in_opening``)."""
    kind = rank_of(card)
    return view.t.special[kind] and not (wilds and view.t.special_opening[kind])


def could_go_out(view: PlayerView) -> bool:
    """A quick necessary check that the seat might meld its whole hand this turn (all of it,
    or all but a discard), with the canastas its side needs; the engine's own count check,
    fed from the view. A turn search confirms it."""
    t = tables_for(view.rules)
    side = view.state.sides[view.side]
    return can_go_out(t, view.hand, side.melds, view.rules.going_out.canastas, 0, side.opened,
                      completed_ranks(view.state, t))


def near_run(view: PlayerView, action: Action) -> bool:
    """Whether a meld or an add of ``action`` lays a suited card one or two ranks beyond an
    end of the side's open sequence of its suit (sequence games: Samba, Bolivia): a card the
    sequence wants on its way to a samba, gone for good in a rank's meld."""
    codes = meld_cards(action)[0] if action.type == _MELD else (action.arg,)
    runs = view.state.sides[view.side].runs
    for code in codes:
        run = runs[suit_of(code)] if code >= SUITED else None
        if run is not None and (run[0] - 2 <= rank_of(code) < run[0]
                                or run[1] < rank_of(code) <= run[1] + 2):
            return True
    return False
