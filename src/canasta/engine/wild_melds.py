"""Melds of wild cards alone (``melds.wild_melds``; docs/rules.md, ruling 7; Presets: bolivia,
cuban, italian): three wild cards to start (``meld 2 2 JK``), one at a time up to a wild
canasta, which takes no more (``add W 2``). Where ``melds.twos_meld`` (Italian) it is a meld of
2s as a rank of their own, its jokers held to the wild-card limits as a rank meld's wilds are.

Laying is ``melds.lay``'s, as for every meld; each lay must keep the turn finishable (ruling
20: ``going_out.stranding``).
"""

from __future__ import annotations

from canasta.cards import JOKER, TWO
from canasta.engine import going_out
from canasta.engine.actions import ADD_ACTIONS, WILD_MELDS, Action
from canasta.engine.going_out import Lookahead
from canasta.engine.refusal import Refusal, Topic, keep, refuse
from canasta.engine.state import WILD, State
from canasta.engine.tables import Tables

Why = dict[Action, Refusal] | None


def wild_meld_actions(s: State, t: Tables, size: int, look: Lookahead, why: Why = None
                      ) -> list[Action]:
    """A meld of wild cards alone (``melds.wild_melds``): three to start, one at a time up
    to a canasta, which takes no more."""
    seat = s.turn.seat
    hand = s.seats[seat].hand
    twos, jokers = hand[TWO], hand[JOKER]
    meld = s.sides[s.seat_sides[seat]].melds[WILD]
    ops = s.turn.opening_points
    points = t.points
    of_twos = t.rules.melds.twos_meld
    candidates = []
    if meld is not None:
        adds = ADD_ACTIONS[WILD]
        full = meld.size >= t.rules.melds.canasta_size
        for kind, have in ((TWO, twos), (JOKER, jokers)):
            if have:
                if full:
                    if why is not None:
                        why[adds[kind]] = WILD_CANASTA_FULL
                    continue
                if of_twos and kind == JOKER and meld.jokers >= t.cap[meld.twos]:
                    if why is not None:
                        why[adds[kind]] = _jokers_in_twos(t, meld.twos)
                    continue
                candidates.append((adds[kind], 1, (WILD, 0, 1), points[kind]))
    elif twos + jokers >= 3:
        for j in range(4):
            if jokers >= j and twos >= 3 - j:
                if of_twos and (3 - j < t.rules.melds.min_naturals or j > t.cap[3 - j]):
                    if why is not None:
                        why[WILD_MELDS[j]] = _jokers_in_twos(t, 3 - j)
                    continue
                candidates.append((WILD_MELDS[j], 3, (WILD, 0, 3),
                                   j * points[JOKER] + (3 - j) * points[TWO]))
    acts: list[Action] = []
    for action, n, delta, laid in candidates:
        verdict = going_out.stranding(s, t, size - n, delta, ops + laid, action, look)
        keep(acts, why, action, verdict)
    return acts


WILD_CANASTA_FULL = Refusal("your wild canasta is complete: no more cards go on it", Topic.MELDS)


def _jokers_in_twos(t: Tables, twos: int) -> Refusal:
    """A meld of 2s (``melds.twos_meld``) holds jokers as a rank meld holds wild cards."""
    return refuse(Topic.MELDS, "a meld of 2s is a rank of its own: it needs {} 2s, and with {} "
                  "it may hold {} jokers (docs/rules.md, Presets: italian)",
                  t.rules.melds.min_naturals, twos,
                  t.cap[twos] if twos >= t.rules.melds.min_naturals else 0)


def wild_meld_refusal(s: State, t: Tables, action: Action) -> Refusal | None:
    """Why a meld of wild cards alone was not considered."""
    if not t.rules.melds.wild_melds:
        return Refusal("these rules do not allow a meld of wild cards alone", Topic.MELDS)
    if s.sides[s.seat_sides[s.turn.seat]].melds[WILD] is not None:
        return Refusal("your side already has a meld of wild cards: add to it instead", Topic.MELDS)
    hand = s.seats[s.turn.seat].hand
    if hand[JOKER] < action.arg or hand[TWO] < 3 - action.arg:
        return Refusal("you do not hold those three wild cards", Topic.MELDS)
    return None
