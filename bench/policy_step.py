"""One step of policy improvement on greedy, learned: what it gains a choice, and in games.

    python bench/policy_step.py                       # 300 deals to learn, 300 held out
    python bench/policy_step.py --learn 40 --held 40 --games 200   # a quick look

Greedy self-play of classic, one deal each. At every choice among discards and lays (the side
has opened, greedy is not playing a going-out line), each candidate is played out on the true
hands with ``--orders`` orders of the stock and greedy on at every seat (the search bot's own
measure, ``IsmctsBot.outcome``, on the truth): its value. A linear model (ridge) of each
candidate's gain over greedy's choice is fitted on what the view shows (``features``: greedy's
own scores of the card or the lay, the danger, the pile, the stock, the hands' sizes, what the
next seat discarded, each also times a few facts of the table). The learned policy plays the
candidate the model ranks first when its predicted gain over greedy's choice exceeds
``--margin``, else greedy's choice.

It prints the model's overrides on the held-out deals' choices and their gain there (greedy
playing on after each), then the learned policy's one-deal games against greedy (mirrored
deals) at both seats of a side and at one seat, its partner greedy: whether the gains of single
choices add up in games (docs/bots.md, "One step of policy improvement, learned").
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import numpy.typing as npt

from canasta.bots import kinds
from canasta.bots.base import Decision, forced
from canasta.bots.greedy import GreedyBot
from canasta.bots.ismcts import IsmctsBot
from canasta.bots.knowledge import Knowledge
from canasta.engine.actions import Action, ActionType
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.rules import load

RULES = load("classic")
Vector = npt.NDArray[np.float64]
Choice = tuple[Vector, Vector, int]  # features per candidate, values, greedy's index


def candidates(view: PlayerView) -> list[Action]:
    """The discards and lays among the legal actions."""
    return [a for a in view.legal_actions if a.type == ActionType.DISCARD or kinds.is_laying(a)]


def card_features(know: Knowledge, greedy: GreedyBot, action: Action) -> list[float]:
    """What the view says of one candidate: 13 numbers for a discard, 9 for a lay."""
    view, p = know.view, greedy.params
    f = [0.0] * 22
    if action.type == ActionType.DISCARD:
        kind = kinds.kind_of(action.rank)
        count = view.hand[kind]
        danger = know.take_danger(kind)
        pts = kinds.points(view.rules)
        keep = greedy.keep_worth(know, kind, pts, view.stock_size <= p.low_stock)
        after = know.next_seat
        read = (view.discarded[after] | view.passed[after]) >> kind & 1
        f[0:13] = [1.0, keep / 10, danger, danger * (len(view.pile) + 1) / 10,
                   float(kinds.is_wild(kind)), float(kind == kinds.STOPPER), float(count == 1),
                   float(count == 2), float(count >= 3), float(kind in know.table_ranks),
                   pts[kind] / 50, float(read), float(know.dead(kind))]
    else:
        score, _ = greedy._lay_score(know, action)
        used = sum(kinds.cards_used(action).values())
        left = view.hand_sizes[view.seat] - used
        size = view.rules.melds.canasta_size
        meld = next((m for m in view.melds[view.side] if m.rank == action.rank), None)
        f[13:22] = [1.0, score / 10, float(meld is not None and meld.size + 1 == size),
                    kinds.wilds_used(action) / 2, used / 3, left / 10, float(left < 3),
                    float(action.type == ActionType.MELD),
                    float(meld is not None and meld.size >= size)]
    return f


def features(know: Knowledge, greedy: GreedyBot, action: Action) -> Vector:
    """The candidate's numbers, alone and times each of six facts of the table (154)."""
    view = know.view
    card = np.array(card_features(know, greedy, action))
    rivals = [view.hand_sizes[s] for s in range(view.players) if view.side_of(s) != view.side]
    table = [1.0, view.stock_size / 50, (len(view.pile) + 1) / 10,
             float(view.hand_sizes[know.next_seat] <= 4), view.hand_sizes[view.seat] / 10,
             float(min(rivals) <= 3), float(not all(view.initial_done))]
    return np.concatenate([card * t for t in table])


def choice(view: PlayerView) -> tuple[list[Action], Action] | None:
    """The candidates and greedy's choice, where the learned policy may choose otherwise."""
    if view.phase != "meld" or not view.initial_done[view.side] or forced(view) is not None:
        return None
    found = candidates(view)
    decision = GreedyBot().decide(view)
    if len(found) < 2 or decision.action not in found or decision.reason.startswith("going out"):
        return None
    return found, decision.action


def valued_choices(seed: int, orders: int) -> list[Choice]:
    """Every choice of one deal of greedy self-play, its candidates valued on the truth."""
    game = Game(RULES, seed)
    rng = random.Random(seed * 13 + 5)
    greedy, judge = GreedyBot(), IsmctsBot()
    rows: list[Choice] = []
    while not game.results:
        seat = game.current_player
        view = game.view(seat)
        found = choice(view)
        if found is not None:
            actions, base = found
            know = Knowledge(view)
            values = np.zeros(len(actions))
            for k in range(orders):
                world = game.clone()
                world.state.match.one_hand = True
                if k:
                    rng.shuffle(world.state.table.stock)
                values += [judge.outcome(world, a, seat) / orders for a in actions]
            rows.append((np.stack([features(know, greedy, a) for a in actions]), values,
                         actions.index(base)))
        game.apply(greedy.act(view))
    return rows


def fit(rows: list[Choice], ridge: float) -> Vector:
    """The weights of each candidate's gain over greedy's choice (ridge regression)."""
    x = np.array([f[i] - f[base] for f, _, base in rows for i in range(len(f)) if i != base])
    y = np.array([v[i] - v[base] for _, v, base in rows for i in range(len(v)) if i != base])
    weights: Vector = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)
    return weights


class Learned(GreedyBot):
    """Greedy, but at a choice of ``choice`` the candidate the model ranks first when it
    gains more than ``margin`` over greedy's."""

    def __init__(self, weights: Vector, margin: float) -> None:
        super().__init__()
        self.weights, self.margin = weights, margin

    def decide(self, view: PlayerView) -> Decision:
        found = choice(view)
        if found is not None:
            actions, base = found
            know = Knowledge(view)
            scores = np.stack([features(know, self, a) for a in actions]) @ self.weights
            best = int(np.argmax(scores))
            if scores[best] - scores[actions.index(base)] > self.margin:
                return Decision(actions[best], "the learned step")
        return super().decide(view)


def mirrored(seed: int, weights: Vector, margin: float, seats: int) -> list[int]:
    """The learned policy's margins in the deal ``seed`` played both ways round, at ``seats``
    (1 or 2) seats of its side, against greedy."""
    margins = []
    for side in (0, 1):
        game = Game(RULES, seed)
        ours = [s for s in range(game.num_players) if game.side_of(s) == side][:seats]
        bots = [Learned(weights, margin) if s in ours else GreedyBot()
                for s in range(game.num_players)]
        while not game.results:
            seat = game.current_player
            game.apply(bots[seat].act(game.view(seat)))
        totals = [s.total for s in game.results[0].sides]
        margins.append(totals[side] - totals[1 - side])
    return margins


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--learn", type=int, default=300, help="deals to learn from")
    parser.add_argument("--held", type=int, default=300, help="deals held out")
    parser.add_argument("--seed", type=int, default=16000, help="the first deal learned from "
                        "(the held-out deals follow)")
    parser.add_argument("--orders", type=int, default=4, help="orders of the stock a value")
    parser.add_argument("--ridge", type=float, default=10.0)
    parser.add_argument("--margin", type=float, default=0.05, help="the gain over greedy's "
                        "choice the model must predict for the learned policy to override it")
    parser.add_argument("--games", type=int, default=2000, help="mirrored games each way")
    parser.add_argument("--game-seed", type=int, default=17000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if min(args.learn, args.held, args.orders, args.games // 2) < 1:
        parser.error("--learn, --held, --orders: at least 1; --games: at least 2")
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        def gather(first: int, count: int) -> list[Choice]:
            seeds = range(first, first + count)
            return [r for deal in pool.map(valued_choices, seeds, [args.orders] * count)
                    for r in deal]
        learn = gather(args.seed, args.learn)
        held = gather(args.seed + args.learn, args.held)
        weights = fit(learn, args.ridge)
        print(f"{len(learn)} choices of {args.learn} deals learned from, {len(held)} of "
              f"{args.held} held out ({time.perf_counter() - start:.0f} s)")
        for margin in (0.0, 0.02, args.margin):
            gains = [v[b] - v[base] for f, v, base in held
                     if (s := f @ weights)[b := int(np.argmax(s))] - s[base] > margin]
            spread = 1.96 * float(np.std(gains)) / math.sqrt(max(1, len(gains)))
            print(f"  margin {margin:.2f}: {len(gains)} overrides, gain on the held-out "
                  f"choices {np.mean(gains) if gains else 0:+.4f} ± {spread:.4f} each, "
                  f"{sum(gains) / args.held:+.3f} a deal")
        deals = args.games // 2
        seeds = range(args.game_seed, args.game_seed + deals)
        for margin in (0.0, args.margin):
            for seats in (2, 1):
                margins = [m for pair in pool.map(
                    mirrored, seeds, [weights] * deals, [margin] * deals, [seats] * deals)
                    for m in pair]
                won = sum(m > 0 for m in margins) + sum(m == 0 for m in margins) / 2
                rate = won / len(margins)
                spread = 1.96 * math.sqrt(rate * (1 - rate) / len(margins))
                print(f"  learned policy, margin {margin:.2f}, at {seats} seat(s) of its side: "
                      f"{rate:.1%} ± {spread:.1%} of {len(margins)} games against greedy, "
                      f"{sum(margins) / len(margins):+.0f} a deal")
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
