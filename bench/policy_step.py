"""One step of policy improvement on greedy, learned: what it gains a choice, and in games.

    python bench/policy_step.py                       # 300 deals to learn, 300 held out
    python bench/policy_step.py --learn 40 --held 40 --games 200   # a quick look
    python bench/policy_step.py --held 0 --rounds 3 --game-seed 18000   # policy iteration

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

With ``--rounds`` > 1, approximate policy iteration: each further round plays the policy so far
at both seats of a side against greedy (``--round-deals`` deals from ``--round-seed`` on), values
every candidate of its choices with that policy playing on at its side's seats and greedy at the
others, and fits a new layer of overrides of its choice, kept at ``--margin``; it prints the
policy with the new layer at three margins in games against greedy, paired by deal with the
policy before it (docs/bots.md, "Learned in sequence, the policy does not climb").
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
from canasta.bots.outcomes import margin_of, outcome_of
from canasta.engine.actions import Action, ActionType
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.rules import load
from canasta.sim.games import play_on

RULES = load("classic")
Vector = npt.NDArray[np.float64]
Choice = tuple[Vector, Vector, int]  # features per candidate, values, the policy's choice
Layer = tuple[Vector, float]  # a learned layer of overrides: its weights and margin
SCALE = IsmctsBot().scale  # the search's units: tanh(margin / SCALE)


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
        score, _ = greedy.lay_score(know, action)
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


class Learned(GreedyBot):
    """Greedy, then ``layers`` of learned overrides in turn: at a choice of ``choice``, each
    layer (its weights and margin) plays the candidate it ranks first instead of the choice so
    far when it predicts a gain over it above the margin. No layers: greedy."""

    def __init__(self, layers: list[Layer]) -> None:
        super().__init__()
        self.layers = layers

    def pick(self, view: PlayerView) -> tuple[list[Action], Vector, int, int] | None:
        """At a choice of ``choice``: the candidates, their features, the index of this
        policy's choice and of greedy's."""
        found = choice(view)
        if found is None:
            return None
        actions, base = found
        know = Knowledge(view)
        x = np.stack([features(know, self, a) for a in actions])
        chosen = greedy_index = actions.index(base)
        for weights, margin in self.layers:
            scores = x @ weights
            best = int(np.argmax(scores))
            if scores[best] - scores[chosen] > margin:
                chosen = best
        return actions, x, chosen, greedy_index

    def decide(self, view: PlayerView) -> Decision:
        if self.layers:
            found = self.pick(view)
            if found is not None and found[2] != found[3]:
                return Decision(found[0][found[2]], "the learned step")
        return super().decide(view)


def value(world: Game, action: Action, seat: int, bots: list[GreedyBot]) -> float:
    """``action`` played out from ``world`` to the end of the hand by ``bots`` (one a seat),
    for ``seat``'s side, in the search's units (``outcome_of``)."""
    game = world.clone()
    deals = len(game.results)
    game.apply(action)
    play_on(game, bots, max_deals=deals + 1)
    margin, ended = margin_of(game, seat, deals)
    return outcome_of(margin, ended, SCALE)


def valued_choices(seed: int, orders: int, layers: list[Layer]) -> list[Choice]:
    """Every choice of the learned policy (``layers``) in one deal, its candidates valued on
    the truth, the policy playing on at its side. With no layers, greedy self-play (one bot at
    every seat) and every seat's choices; else the policy at both seats of side ``seed % 2``
    (a bot each) against greedy."""
    game = Game(RULES, seed)
    rng = random.Random(seed * 13 + 5)
    seats = range(game.num_players)
    if layers:
        bots = [Learned(layers) if game.side_of(s) == seed % 2 else GreedyBot() for s in seats]
        judges = [Learned(layers) if game.side_of(s) == seed % 2 else GreedyBot() for s in seats]
    else:
        bots, judges = [Learned([])] * len(seats), [Learned([])] * len(seats)
    rows: list[Choice] = []
    while not game.results:
        seat = game.current_player
        view = game.view(seat)
        player = bots[seat]
        found = player.pick(view) if isinstance(player, Learned) else None
        if found is not None:
            actions, x, chosen, _ = found
            values = np.zeros(len(actions))
            for k in range(orders):
                world = game.clone()
                world.state.match.one_hand = True
                if k:
                    rng.shuffle(world.state.table.stock)
                values += [value(world, a, seat, judges) / orders for a in actions]
            rows.append((x, values, chosen))
        game.apply(bots[seat].act(view))
    return rows


def fit(rows: list[Choice], ridge: float) -> Vector:
    """The weights of each candidate's gain over the policy's choice (ridge regression)."""
    x = np.array([f[i] - f[base] for f, _, base in rows for i in range(len(f)) if i != base])
    y = np.array([v[i] - v[base] for _, v, base in rows for i in range(len(v)) if i != base])
    weights: Vector = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)
    return weights


def mirrored(seed: int, layers: list[Layer], seats: int) -> list[int]:
    """The learned policy's margins in the deal ``seed`` played both ways round, at ``seats``
    (1 or 2) seats of its side, against greedy."""
    margins = []
    for side in (0, 1):
        game = Game(RULES, seed)
        ours = [s for s in range(game.num_players) if game.side_of(s) == side][:seats]
        bots = [Learned(layers) if s in ours else GreedyBot() for s in range(game.num_players)]
        play_on(game, bots, max_deals=1)
        totals = [s.total for s in game.results[0].sides]
        margins.append(totals[side] - totals[1 - side])
    return margins


def games(pool: ProcessPoolExecutor, layers: list[Layer], seats: int, first: int,
          deals: int) -> list[int]:
    """The margins of ``deals`` mirrored deals from ``first`` on of the policy ``layers`` at
    ``seats`` seats of its side against greedy."""
    seeds = range(first, first + deals)
    return [m for pair in pool.map(mirrored, seeds, [layers] * deals, [seats] * deals)
            for m in pair]


def record(margins: list[int]) -> str:
    """Margins as a win rate with its 95% interval (ties half) and the mean margin."""
    won = sum(m > 0 for m in margins) + sum(m == 0 for m in margins) / 2
    rate = won / len(margins)
    spread = 1.96 * math.sqrt(rate * (1 - rate) / len(margins))
    return (f"{rate:.1%} ± {spread:.1%} of {len(margins)} games against greedy, "
            f"{sum(margins) / len(margins):+.0f} a deal")


def paired(margins: list[int], before: list[int]) -> str:
    """The mean difference of two policies' margins on the same games, with its 95% interval."""
    diff = np.array(margins, dtype=float) - np.array(before, dtype=float)
    spread = 1.96 * float(np.std(diff)) / math.sqrt(len(diff))
    return f"{float(np.mean(diff)):+.0f} ± {spread:.0f} a deal"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--learn", type=int, default=300, help="deals to learn from")
    parser.add_argument("--held", type=int, default=300, help="deals held out (0: none)")
    parser.add_argument("--seed", type=int, default=16000, help="the first deal learned from "
                        "(the held-out deals follow)")
    parser.add_argument("--orders", type=int, default=4, help="orders of the stock a value")
    parser.add_argument("--ridge", type=float, default=10.0)
    parser.add_argument("--margin", type=float, default=0.05, help="the gain over greedy's "
                        "choice the model must predict for the learned policy to override it")
    parser.add_argument("--games", type=int, default=2000, help="mirrored games each way")
    parser.add_argument("--game-seed", type=int, default=17000)
    parser.add_argument("--rounds", type=int, default=1, help="rounds of policy iteration")
    parser.add_argument("--round-deals", type=int, default=400, help="deals each further "
                        "round learns from")
    parser.add_argument("--round-seed", type=int, default=22000, help="the first deal of the "
                        "second round (the later rounds' follow)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if min(args.learn, args.orders, args.games // 2, args.rounds, args.round_deals) < 1 or (
            args.held < 0):
        parser.error("--learn, --orders, --rounds, --round-deals: at least 1; --held: at "
                     "least 0; --games: at least 2")
    start = time.perf_counter()
    deals = args.games // 2
    with ProcessPoolExecutor(args.workers) as pool:
        def gather(first: int, count: int, layers: list[Layer]) -> list[Choice]:
            seeds = range(first, first + count)
            return [r for deal in pool.map(valued_choices, seeds, [args.orders] * count,
                                           [layers] * count)
                    for r in deal]
        learn = gather(args.seed, args.learn, [])
        held = gather(args.seed + args.learn, args.held, [])
        weights = fit(learn, args.ridge)
        print(f"{len(learn)} choices of {args.learn} deals learned from, {len(held)} of "
              f"{args.held} held out ({time.perf_counter() - start:.0f} s)", flush=True)
        for margin in (0.0, 0.02, args.margin) if held else ():
            gains = [v[b] - v[base] for f, v, base in held
                     if (s := f @ weights)[b := int(np.argmax(s))] - s[base] > margin]
            spread = 1.96 * float(np.std(gains)) / math.sqrt(max(1, len(gains)))
            print(f"  margin {margin:.2f}: {len(gains)} overrides, gain on the held-out "
                  f"choices {np.mean(gains) if gains else 0:+.4f} ± {spread:.4f} each, "
                  f"{sum(gains) / args.held:+.3f} a deal")
        before: list[int] = []  # the policy so far at both seats: its margins
        for margin in (0.0, args.margin):
            for seats in (2, 1):
                margins = games(pool, [(weights, margin)], seats, args.game_seed, deals)
                print(f"  learned policy, margin {margin:.2f}, at {seats} seat(s) of its side: "
                      f"{record(margins)}", flush=True)
                before = margins if seats == 2 else before
        layers = [(weights, args.margin)]
        for round_ in range(2, args.rounds + 1):
            first = args.round_seed + (round_ - 2) * args.round_deals
            rows = gather(first, args.round_deals, layers)
            weights = fit(rows, args.ridge)
            print(f"round {round_}: {len(rows)} choices of {args.round_deals} deals "
                  f"({first}-{first + args.round_deals - 1}; {time.perf_counter() - start:.0f} "
                  "s)", flush=True)
            for margin in (0.0, 0.02, args.margin):
                margins = games(pool, [*layers, (weights, margin)], 2, args.game_seed, deals)
                print(f"  with its layer at margin {margin:.2f}: {record(margins)}; paired with "
                      f"the policy before it {paired(margins, before)}", flush=True)
            layers.append((weights, args.margin))
            before = margins
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
