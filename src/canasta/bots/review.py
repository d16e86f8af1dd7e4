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

The judgement is a function of the view alone: two games that differ only in cards the seat
never saw give the same review.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from canasta.bots.greedy import GreedyBot
from canasta.bots.ismcts import IsmctsBot, paired_gain
from canasta.engine.actions import Action
from canasta.engine.determinize import determinize
from canasta.engine.game import Game
from canasta.engine.view import PlayerView

#: Marks by points lost against the best action, worst first: a decision is given the first
#: whose threshold its loss reaches.
MARKS: tuple[tuple[str, float], ...] = (("blunder", 300.0), ("mistake", 120.0),
                                        ("inaccuracy", 40.0))
SAMPLES = 24  #: deals sampled per decision by default
Z = 1.0  #: standard errors taken off a loss before it is marked


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
    reason: str
    samples: int

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
    for _ in range(samples):
        world = determinize(view, rng, one_hand=True)
        for action, found in margins.items():
            found.append(search.margin(world, action, view.seat)[0])
    means = {action: sum(found) / samples for action, found in margins.items()}
    best = max(view.legal_actions, key=lambda a: (means[a], a == chosen))
    loss, low = paired_gain(margins[best], margins[chosen], Z)
    sound = GreedyBot().decide(view)
    return Judgement(index, view.deal_number, chosen, means[chosen], best, means[best],
                     max(0.0, low), mark_of(low),
                     _reason(best, sound.action, sound.reason, loss, samples), samples)


def _reason(best: Action, sound: Action, why: str, loss: float, samples: int) -> str:
    """Why the best action, in words: the greedy bot's own reason when it is greedy's choice,
    else what playing it out showed."""
    if best == sound:
        return f"{best.describe()}: {why}"
    return (f"{best.describe()}: played out on {samples} deals dealt from what you knew, it "
            f"scored {loss:.0f} points more (the heuristic would {sound.describe()}: {why})")


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


__all__ = ["MARKS", "SAMPLES", "Z", "Judgement", "decisions", "judge", "mark_of", "review"]  # noqa: RUF022
