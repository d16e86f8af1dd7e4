"""The search bot: information-set Monte Carlo tree search over the seat's own turn.

Each iteration samples the hidden cards consistently with the view (``determinize``: cards
others are known to hold stay with them), walks the tree of the seat's own decisions for the
rest of its turn by UCB over the actions available in that sample (single-observer ISMCTS with
availability counts), then plays on with the greedy bot for every seat for ``horizon`` more
turns, or to the end of the hand, and scores the result for each side. The action tried most
often at the root is played.

The budget is ``iterations`` per decision, or ``seconds`` per decision (then the number of
iterations depends on the machine). With an iteration budget the bot is deterministic for its
seed.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from canasta.bots import kinds
from canasta.bots.base import BotBase, BotError, Decision, register
from canasta.bots.estimate import table_value
from canasta.bots.greedy import GreedyBot
from canasta.engine.actions import Action, ActionType
from canasta.engine.determinize import determinize
from canasta.engine.game import Game
from canasta.engine.view import PlayerView


@dataclass(slots=True)
class _Node:
    """Statistics of one action in the tree, from the view of the side that chose it."""

    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[Action, _Node] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class IsmctsBot(BotBase):
    """Search over sampled games; see the module's docstring.

    ``iterations`` or ``seconds`` set the budget per decision (``iterations`` wins when both
    are given); ``horizon`` is how many turns each sample is played on after the seat's own
    turn; ``explore`` is the UCB constant; ``scale`` the score margin worth about 0.76 of a win.
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 0, seconds: float = 0.0,
                 horizon: int = 8, explore: float = 0.7, scale: float = 400.0) -> None:
        if iterations < 0 or seconds < 0 or horizon < 0 or explore < 0 or scale <= 0:
            raise BotError("ismcts: iterations, seconds, horizon and explore must be >= 0, "
                           "scale > 0")
        self.iterations = iterations if iterations or seconds else 100
        self.seconds = seconds
        self.horizon = horizon
        self.explore = explore
        self.scale = scale
        self.rng = random.Random(seed)
        self.policy = GreedyBot()

    def decide(self, view: PlayerView) -> Decision:
        """Search from ``view`` and play the most tried action."""
        legal = view.legal_actions
        if not legal:
            raise BotError(f"seat {view.seat} has no action to take: it is not its turn")
        if len(legal) == 1:
            return Decision(legal[0], "the only legal action")
        root = _Node()
        deadline = time.perf_counter() + self.seconds
        done = 0
        while (done < self.iterations) if self.iterations else time.perf_counter() < deadline:
            self._iterate(root, determinize(view, self.rng), view.seat)
            done += 1
        action, node = max(((a, root.children[a]) for a in legal if a in root.children),
                           key=lambda item: (item[1].visits, item[1].mean))
        return Decision(action, f"tried {node.visits} times in {done} sampled games, "
                                f"mean outcome {node.mean:+.2f}")

    # ------------------------------------------------------------------ one iteration

    def _iterate(self, root: _Node, game: Game, seat: int) -> None:
        deals = len(game.results)
        path = []
        node = root
        while game.current_player == seat and len(game.results) == deals:
            legal = game.legal_actions()
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = self.rng.choice(untried)
                child = node.children[action] = _Node(available=1)
            else:
                action = max(legal, key=lambda a: self._ucb(node.children[a]))
                child = node.children[action]
            game.apply(action)
            path.append(child)
            node = child
            if action.type == ActionType.DISCARD or untried:
                break
        side = seat % game.t.sides
        reward = self._rollout(game, deals)[side]
        for visited in path:
            visited.visits += 1
            visited.total += reward

    def _ucb(self, node: _Node) -> float:
        return node.mean + self.explore * math.sqrt(math.log(node.available) / node.visits)

    def _rollout(self, game: Game, deals: int) -> list[float]:
        """Play on with the greedy policy and score each side in [-1, 1]."""
        turns = 0
        while not game.is_terminal() and len(game.results) == deals and turns < self.horizon:
            action = self.policy.act(game.view(game.current_player))
            game.apply(action)
            if action.type == ActionType.DISCARD:
                turns += 1
        return self._evaluate(game, deals)

    def _evaluate(self, game: Game, deals: int) -> list[float]:
        sides = game.t.sides
        if game.is_terminal():
            return [1.0 if s == game.winner else -1.0 for s in range(sides)]
        if len(game.results) > deals:
            values = [float(s.total) for s in game.results[deals].sides]
        else:
            values = _static_values(game)
        out = []
        for s in range(sides):
            rival = max(v for o, v in enumerate(values) if o != s)
            out.append(math.tanh((values[s] - rival) / self.scale))
        return out


def _static_values(game: Game) -> list[float]:
    """Each side's score for the hand if it ended now (the sample shows every hand)."""
    views = [game.view(seat) for seat in range(game.num_players)]
    cost = kinds.hand_cost(game.rules)
    values = [float(table_value(views[0], side)) for side in range(game.t.sides)]
    for seat, view in enumerate(views):
        values[seat % game.t.sides] -= sum(n * cost[k] for k, n in enumerate(view.hand))
    return values


@register("ismcts")
def make_ismcts(seed: int = 0, iterations: int = 0, seconds: float = 0.0, horizon: int = 8,
                explore: float = 0.7, scale: float = 400.0) -> IsmctsBot:
    """The search bot (``ismcts:iterations=200``, ``ismcts:seconds=1``)."""
    return IsmctsBot(seed, iterations, seconds, horizon, explore, scale)
