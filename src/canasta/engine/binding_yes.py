"""The partner's "yes" binds (docs/rules.md, ruling 19; ""Yes" binds from the draw on"):
after it, while a line of play that goes out this turn exists, only the actions that keep
one are legal. ``turn`` applies it to the meld phase's actions, with its look-ahead
(``turn.keeps_going_out``); most actions are answered here without one.
"""

from __future__ import annotations

from canasta.cards import FOUR, rank_of
from canasta.engine import going_out
from canasta.engine.actions import ALL_ACTIONS, CODE, Action, ActionType, meld_cards
from canasta.engine.going_out import Lookahead
from canasta.engine.refusal import Refusal, Topic
from canasta.engine.state import State
from canasta.engine.tables import Tables

# Enum members read once: a member looked up on its enum class costs five times a global.
_ADDING, _DISCARDING = ActionType.ADD, ActionType.DISCARD

YES_BINDS = Refusal("your partner said yes: you must go out this turn, and this would prevent it",
                    Topic.GOING_OUT)


def yes_binds(s: State, t: Tables, acts: list[Action], look: Lookahead,
              why: dict[Action, Refusal] | None) -> list[Action]:
    """Ruling 19, on the meld phase's legal ``acts`` after the partner's "yes": while a line
    of play that goes out exists (``going_out.reachable``), only the actions that keep one
    are legal (``_still_out`` without looking, else ``look``); ``why`` gets the others'
    refusal. If the packing check ever overrates the hand (no action keeps a line), play
    goes on unbound."""
    if not going_out.reachable(s, t):
        return acts
    out = going_out.discard_goes_out(s.seats[s.turn.seat])  # every discard's look, found once
    kept = [a for a in acts if (out if a.type == _DISCARDING else
                                _still_out(s, t, a) or look(s, t, a))]
    if not kept:
        return acts
    if why is not None:
        for action in acts:
            if action not in kept:
                why[action] = YES_BINDS
    return kept


def _still_out(s: State, t: Tables, action: Action) -> bool:
    """Whether ``action``, in a state that has a going-out line (``going_out.reachable``),
    keeps one: True only where ``look`` (``turn.keeps_going_out``) would say so, without
    playing ahead.

    The action lays naturals onto the side's meld of their natural rank (``_NATURALS_ONTO``:
    one added, or a new meld with no wild card). ``going_out.can_go_out`` then sees that
    rank's row with the same naturals and wilds (so the same room and canastas), the other
    ranks, wilds and 3s unchanged, no card newly forced out, the rank not dead (it was
    offered), the points needed falling by the points laid, and the side's canasta quotas
    (``going_out.barred``) only growing; that needs the rank's points not negative (a rules
    file may give a rank negative points: then the points needed would rise, and ``look``
    answers). An addition that keeps a card of its rank in hand is answered so outright. Any
    other such lay also wants no foot waiting (the look would play it on a copy) and, where
    no card of the rank stays, the hand keeping a card (else the lay goes out or waits for a
    taken pile) and no discard needed (one of the rank was a discard to try)."""
    laid = _NATURALS_ONTO[CODE[action]]
    rank = action.rank
    if not laid or t.points[rank] < 0:
        return False
    player = s.seats[s.turn.seat]
    left = player.hand[rank] - laid
    if left and action.type == _ADDING:
        return True
    return not player.foot_size and (
        left > 0 or (player.size > laid and not t.rules.going_out.needs_discard))


def _naturals_onto(action: Action) -> int:
    """The naturals ``action`` lays onto the side's meld of their own natural rank: one
    added, or a new meld's with no wild card; 0 for any other action."""
    if action.rank < FOUR:
        return 0
    if action.type == ActionType.ADD:
        return int(rank_of(action.arg) == action.rank)
    if action.type == ActionType.MELD:
        naturals, wild = meld_cards(action)
        return len(naturals) if wild < 0 else 0
    return 0


#: Per action code: ``_naturals_onto``.
_NATURALS_ONTO = tuple(_naturals_onto(a) for a in ALL_ACTIONS)
