"""A review of one seat's decisions in a finished game, judged by the search bot on that seat's
own information (docs/bots.md, "Reviews").

Each decision the seat had to make (more than one legal action) is judged on the view the seat
had then, never on the true hidden cards: ``samples`` deals are drawn consistently with the
view (the search bot's ``determinize``, from a generator seeded by the decision's index), every
legal action is played out on each with the greedy bot at every seat to the end of the hand,
and an action's estimate is its mean margin over the best rival side, in points. The loss of a
decision is the best action's estimate less the chosen one's. Played-out hands vary by
hundreds of points, so a decision is marked only for what it surely lost: the loss less
``Z`` standard errors of its sample-by-sample differences (``sure_loss``); past a threshold
it is marked (``MARKS``: inaccuracy, mistake, blunder), as chess reviews mark moves.

What the played-out hands showed is kept for the chosen action and the best one
(``Evidence``): how often a rival took the pile before the seat's next turn, which side went
out, the canastas made. They are the search's reasons, which the presentation layer puts in
words (``canasta.presentation.review``).

The judgement is a function of the view alone: two games that differ only in cards the seat
never saw give the same review.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import astuple, dataclass

from canasta.bots.greedy import GreedyBot
from canasta.bots.ismcts import IsmctsBot
from canasta.bots.outcomes import margin_of, paired_gain
from canasta.engine.actions import Action, ActionType
from canasta.engine.determinize import determinize
from canasta.engine.game import Game
from canasta.engine.scoring import SideScore
from canasta.engine.view import PlayerView

#: Marks by points lost against the best action, worst first: a decision is given the first
#: whose threshold its loss reaches.
MARKS: tuple[tuple[str, float], ...] = (("blunder", 300.0), ("mistake", 120.0),
                                        ("inaccuracy", 40.0))
SAMPLES = 24  #: deals sampled per decision by default
Z = 1.0  #: standard errors taken off a loss before it is marked


@dataclass(frozen=True, slots=True)
class Evidence:
    """What an action's played-out hands showed, counted over its samples: a rival took the
    pile before the seat's next turn, the seat's side went out, a rival side went out; and
    the canastas the seat's side and its best rival had at the hand's end, in all."""

    samples: int = 0
    rival_took_pile: int = 0
    we_went_out: int = 0
    rival_went_out: int = 0
    our_canastas: int = 0
    rival_canastas: int = 0

    def __add__(self, other: Evidence) -> Evidence:
        return Evidence(*(a + b for a, b in zip(astuple(self), astuple(other), strict=True)))


@dataclass(frozen=True, slots=True)
class Judgement:
    """One decision of the seat: the action it chose and the best one found, each with its
    estimate in points, the loss, the mark (or ``""``) and the reason for the best action."""

    index: int  # the action's number in the game's history (0 is the first action)
    deal: int
    chosen: Action
    chosen_points: float
    best: Action
    best_points: float
    sure_loss: float  # the loss less Z standard errors: what the mark is given for
    mark: str
    reason: str  # the greedy bot's own reason for its choice (``sound``)
    samples: int
    sound: Action  # what the greedy bot (the heuristic) would have done
    chosen_evidence: Evidence
    best_evidence: Evidence
    rivals: int  # the seats the seat played against

    @property
    def loss(self) -> float:
        return self.best_points - self.chosen_points


def mark_of(loss: float) -> str:
    """The mark of a decision that lost ``loss`` points against the best action."""
    return next((mark for mark, threshold in MARKS if loss >= threshold), "")


def judge(view: PlayerView, chosen: Action, index: int, samples: int = SAMPLES,
          seed: int = 0) -> Judgement:
    """Judge ``chosen`` against every legal action of ``view`` (module docstring)."""
    rng = random.Random(f"{seed}:{index}")
    search = IsmctsBot(seed=0)
    margins: dict[Action, list[float]] = {action: [] for action in view.legal_actions}
    evidence: dict[Action, list[Evidence]] = {action: [] for action in view.legal_actions}
    for _ in range(samples):
        world = determinize(view, rng, one_hand=True)
        for action, found in margins.items():
            watch = _Watch(world, view.seat)
            game = search.playout(world, action, watch)
            found.append(margin_of(game, view.seat, len(world.results))[0])
            evidence[action].append(watch.evidence(game))
    means = {action: sum(found) / samples for action, found in margins.items()}
    best = max(view.legal_actions, key=lambda a: (means[a], a == chosen))
    _, low = paired_gain(margins[best], margins[chosen], Z)
    sound = GreedyBot().decide(view)
    return Judgement(index, view.deal_number, chosen, means[chosen], best, means[best],
                     max(0.0, low), mark_of(low), sound.reason, samples, sound.action,
                     sum(evidence[chosen], Evidence()), sum(evidence[best], Evidence()),
                     sum(1 for side in view.seat_sides if side != view.seat_sides[view.seat]))


class _Watch:
    """Follows one playout for its ``Evidence``: whether a rival takes the pile before
    ``seat`` plays its next turn, and, from the hand's result, who went out and the
    canastas."""

    def __init__(self, world: Game, seat: int) -> None:
        self.seat, self.deals = seat, len(world.results)
        self.sides = world.state.seat_sides
        self.waiting, self.took = True, False

    def __call__(self, game: Game, action: Action) -> None:
        if not self.waiting:
            return
        player = game.current_player
        if player == self.seat and action.type in (ActionType.DRAW, ActionType.TAKE):
            self.waiting = False  # the seat's next turn: the window has closed
        elif action.type == ActionType.TAKE and self.sides[player] != self.sides[self.seat]:
            self.waiting, self.took = False, True

    def evidence(self, game: Game) -> Evidence:
        if len(game.results) <= self.deals:
            return Evidence(1, int(self.took))
        result = game.results[self.deals]
        side = game.score_column(self.seat)
        seat_sides = result.seat_sides or game.t.seat_sides
        mine = seat_sides[side]
        rivals = [s for s in range(len(result.sides)) if seat_sides[s] != mine]
        rival = max(rivals, key=lambda s: result.sides[s].total)
        out = result.went_out
        out_side = seat_sides[game.score_column(out)] if out >= 0 else -1
        return Evidence(1, int(self.took), int(out_side == mine),
                        int(out >= 0 and out_side != mine), _canastas(result.sides[side]),
                        _canastas(result.sides[rival]))


def _canastas(score: SideScore) -> int:
    return (score.natural_canastas + score.mixed_canastas + score.wild_canastas
            + score.special_canastas)


def decisions(game: Game, actions: list[Action], seat: int) -> Iterator[tuple[int, Action]]:
    """Play ``actions`` on ``game`` (a game at its start), yielding each index at which
    ``seat`` chose among several legal actions, with the action it chose; the game is then
    at that point (the action not yet applied)."""
    for index, action in enumerate(actions):
        if game.current_player == seat and len(game.legal_actions()) > 1:
            yield index, action
        game.apply(action)


def review(game: Game, actions: list[Action], seat: int, samples: int = SAMPLES,
           seed: int = 0, progress: Callable[[int, int], None] = lambda done, total: None
           ) -> list[Judgement]:
    """Every decision of ``seat`` in the game ``actions`` play from ``game`` (at its start):
    judged on the seat's view (:func:`judge`). ``progress(done, total)`` after each."""
    total = sum(1 for _ in decisions(game.clone(), actions, seat))
    out: list[Judgement] = []
    for index, action in decisions(game, actions, seat):
        out.append(judge(game.view(seat), action, index, samples, seed))
        progress(len(out), total)
    return out


__all__ = ["MARKS", "SAMPLES", "Z", "Evidence", "Judgement", "decisions", "judge",  # noqa: RUF022
           "mark_of", "review"]
