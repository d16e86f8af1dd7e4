"""Looking ahead within the seat's own turn, on a game sampled from its view.

The bots never rebuild a rule: to know where a sequence of melds leads (is the opening minimum
reached? does the hand go out?) they play it on a game sampled from the view
(``canasta.engine.determinize``) and let the engine say what is legal. After the draw, a turn
depends only on the seat's own cards and the table, and the sample is dealt with a fixed seed,
so the hidden cards of the sample never change an answer.

Both searches are depth-first over the laying actions in the order of their codes (so each set
of melds is tried once, not in every order), cut off after ``limit`` positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from canasta.bots import kinds
from canasta.engine.actions import ALL_ACTIONS, CODE, Action, ActionType
from canasta.engine.determinize import determinize
from canasta.engine.game import Game
from canasta.engine.view import PlayerView

# Enum members read once: a member looked up on its enum class costs five times a global.
_COMMIT, _DISCARD = ActionType.COMMIT, ActionType.DISCARD


#: What spending a card costs an opening plan: a natural 1, a 2 and a joker far more (wild
#: cards are worth keeping for canastas).
WILD_COST = {kinds.WILDS[0]: 6.0, kinds.WILDS[1]: 8.0}


@dataclass(frozen=True, slots=True)
class Plan:
    """A line of play within the turn: its actions, what it spends, and (for going out) the
    side's score for the hand."""

    actions: tuple[Action, ...]
    cost: float
    score: int = 0


def sample(view: PlayerView) -> Game:
    """A game that agrees with ``view``, its hidden cards dealt with a fixed seed; it ends with
    the hand (the plans look no further)."""
    return determinize(view, random.Random(0), one_hand=True)


def spend_cost(action: Action, top: int = -1) -> float:
    """What an action spends from the hand, in the units of an opening plan."""
    if top < 0:
        return _SPEND[CODE[action]]
    return _spend(kinds.cards_used(action, top))


def _spend(used: dict[int, int]) -> float:
    return sum(n * WILD_COST.get(k, 1.0) for k, n in used.items())


#: Per action code: what it spends from the hand (a take: nothing counted).
_SPEND = tuple(_spend(kinds.cards_used(a)) for a in ALL_ACTIONS)

#: The laying actions (``kinds.is_laying``), the moves of a search.
_LAYING = frozenset(a for a in ALL_ACTIONS if kinds.is_laying(a))


def opening_plan(view: PlayerView, game: Game | None = None,
                 extra: Callable[[Action], float] | None = None, limit: int = 400) -> Plan | None:
    """The cheapest set of melds from here that reaches the side's opening minimum, ending with
    ``commit``; None if none is found. ``extra(action)`` is what a lay costs beyond the cards
    it spends (greedy's ``_start_costs``: a new meld that costs a penalty if left short)."""
    start = game if game is not None else sample(view)
    best: list[Plan] = []
    nodes = [0]
    pts = kinds.points(view.rules)
    laid: dict[Action, int] = {}

    def laid_points(action: Action) -> int:
        found = laid.get(action)
        if found is None:
            found = laid[action] = sum(n * pts[k] for k, n in kinds.cards_used(action).items())
        return found

    def visit(g: Game, path: tuple[Action, ...], last: int, cost: float, own: bool) -> None:
        """Search on from ``g`` (``own``: a copy of this search's, free to be played on)."""
        nodes[0] += 1
        legal = g.legal_actions()
        commit = next((a for a in legal if a.type is _COMMIT), None)
        if commit is not None:
            if not best or cost < best[0].cost:
                best[:] = [Plan((*path, commit), cost)]
            return
        moves = sorted([a for a in legal if CODE[a] >= last and a in _LAYING],
                       key=laid_points, reverse=True)
        final = len(moves) - 1
        for n, action in enumerate(moves):
            if nodes[0] >= limit:
                return
            step = cost + spend_cost(action)
            if extra is not None:
                step += extra(action)
            if best and step >= best[0].cost:
                continue
            # the last move is played on g itself where g is the search's: nothing reads it on
            child = g if own and n == final else g.clone()
            child.apply(action)
            visit(child, (*path, action), CODE[action], step, True)

    visit(start, (), -1, 0.0, False)
    return best[0] if best else None


def going_out_plan(view: PlayerView, game: Game | None = None, limit: int = 300) -> Plan | None:
    """The best line found that goes out this turn (melding everything, with or without a last
    discard), by the side's score for the hand; None if none is found."""
    if not kinds.could_go_out(view):
        return None
    start = game if game is not None else sample(view)
    seat, side = view.seat, view.t.seat_sides[view.seat]  # its score column in a result
    deals = len(start.results)
    best: list[Plan] = []
    nodes = [0]

    def visit(g: Game, path: tuple[Action, ...], last: int, size: int) -> None:
        nodes[0] += 1
        for action in g.legal_actions():
            if nodes[0] >= limit:
                return
            t = action.type
            last_card = t == _DISCARD and size == 1
            if not (last_card or (kinds.is_laying(action) and action.code >= last)
                    or (t == _COMMIT and size == 0)):
                continue
            child = g.clone()
            child.apply(action)
            line = (*path, action)
            if len(child.results) > deals:
                result = child.results[deals]
                if result.went_out == seat:
                    score = result.sides[side].total
                    if not best or score > best[0].score:
                        best[:] = [Plan(line, 0.0, score)]
                continue
            if t != _DISCARD:
                visit(child, line, CODE[action], size - kinds.CARDS_USED[CODE[action]])

    visit(start, (), -1, view.hand_sizes[seat])
    return best[0] if best else None


def step_key(view: PlayerView) -> Hashable:
    """What a turn's plan depends on at one step: the seat and the turn, its hand, its side's
    melds and what it may do."""
    return (view.seat, view.deal_number, view.state.table.turns, view.hand,
            view.melds[view.side],
            view.legal_actions)


def resumptions(view: PlayerView, game: Game, plan: Plan) -> dict[Hashable, Plan]:
    """Where ``plan`` leads within the turn: for each step after its first (by ``step_key``
    of the seat's view there), the rest of the plan. ``game`` is the one the plan was found
    on (as it was before the plan)."""
    ahead: dict[Hashable, Plan] = {}
    g = game.clone()
    deals = len(g.results)
    for i, action in enumerate(plan.actions[:-1]):
        g.apply(action)
        if len(g.results) > deals or g.current_player != view.seat:
            break
        ahead[step_key(g.view(view.seat))] = Plan(plan.actions[i + 1:], plan.cost, plan.score)
    return ahead
