"""What the rules make of a side's situation: the facts greedy's options turn on.

Each answers one question from the view and the rule set's named options (never a preset's
name): does the side still need clean canastas or a samba to go out, will the first to take
the pile play alone, do wild cards build canastas here, does the hand hold a whole canasta of
a rank that costs a penalty short of one. docs/bots.md, greedy, says what each changes and
what it was measured at.
"""

from __future__ import annotations

from canasta.bots import kinds
from canasta.engine import partners
from canasta.engine.actions import Action, ActionType
from canasta.engine.state import Meld
from canasta.engine.view import PlayerView

_ADD, _MELD = ActionType.ADD, ActionType.MELD


#: Canastas needed to go out from which a side builds with its wild cards (Hand and Foot's seven
#: books): with so many to make, a wild held back for completing one is a card not melded.
MANY_CANASTAS = 3


def whole_special(view: PlayerView, action: Action, meld: Meld | None) -> bool:
    """Whether ``action`` starts or grows a meld of a rank that costs a penalty short of a
    canasta (``kinds.costs_short``: Modern American's sevens and aces) that the hand's own
    cards of the rank complete this turn: three laid and the rest added one by one (a pile
    full of sevens and aces taken, say). Such a meld is never left short, and the canasta pays
    the special bonus; held instead, three or more cost the hand's penalty."""
    if action.type == _MELD:
        return kinds.costs_short(view, action.rank, kinds.wilds_used(action)) and \
            view.hand[kinds.kind_of(action.rank)] >= view.rules.melds.canasta_size
    if action.type != _ADD or meld is None or kinds.is_wild(action.arg):
        return False
    return kinds.costs_short(view, action.rank, 0) and \
        meld.size + view.hand[kinds.kind_of(action.rank)] >= view.rules.melds.canasta_size


def needs_clean(view: PlayerView) -> bool:
    """Whether going out takes more natural (clean) canastas than the side has made
    (``going_out.natural_canastas``: Hand and Foot's three clean books)."""
    need = view.rules.going_out.natural_canastas
    if not need:
        return False
    size = view.rules.melds.canasta_size
    return sum(m.size >= size and not m.wilds for m in view.melds[view.side]) < need


def needs_samba(view: PlayerView) -> bool:
    """Whether going out takes more sambas than the side has made (``going_out.sambas``:
    Bolivia's escalera)."""
    need = view.rules.going_out.sambas
    if not need:
        return False
    size = view.rules.melds.canasta_size
    return sum(hi - lo + 1 >= size for _, lo, hi in view.sequences[view.side]) < need


def before_partners(view: PlayerView) -> bool:
    """Whether the first to take the pile will play alone against the other two and nobody has
    taken it yet (``players.partners_at_pile``: cutthroat)."""
    return view.t.partners_at_pile and not partners.formed(view.seat_sides)


def wilds_build(view: PlayerView) -> bool:
    """Whether greedy adds wild cards to melds short of a canasta (``build_wild``) rather than
    keep them for completing canastas: where going out takes ``MANY_CANASTAS`` or more, and in
    cutthroat before the partnership forms, when everyone melds alone from the hand. Each
    measured in one-deal games against greedy keeping them (docs/bots.md, greedy)."""
    return view.rules.going_out.canastas >= MANY_CANASTAS or before_partners(view)
