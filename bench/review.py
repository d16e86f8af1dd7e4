"""The CPU a review takes (issue 30): one seat's decisions in one-deal classic games, each judged
on ``--samples`` deals (``canasta.bots.review``).

    python bench/review.py [--games N] [--samples K] [--seed S]

Prints, per game, the decisions judged and the CPU seconds (process time), then the median
seconds per seat of a deal and per decision. Nothing asserts on time.
"""

from __future__ import annotations

import argparse
import statistics
import time

from canasta import Game
from canasta.bots import make_bot
from canasta.bots.review import SAMPLES, review
from canasta.engine.actions import Action
from canasta.rules import from_dict, load


def one_deal(seed: int) -> tuple[Game, list[Action]]:
    """A finished one-deal classic game between club bots: its start and its actions."""
    rules = from_dict({"name": "one-deal", "game": {"deals": 1}}, base=load("classic"))
    game, bots = Game(rules, seed), [make_bot("club", seed=s) for s in range(4)]
    start, actions = game.clone(), []
    while not game.is_terminal():
        actions.append(bots[game.current_player].act(game.view(game.current_player)))
        game.apply(actions[-1])
    return start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    per_seat, per_decision = [], []
    for seed in range(args.seed, args.seed + args.games):
        start, actions = one_deal(seed)
        began = time.process_time()
        judged = review(start, actions, 0, args.samples)
        took = time.process_time() - began
        per_seat.append(took)
        per_decision.append(took / max(1, len(judged)))
        print(f"deal {seed}: {len(actions)} actions, {len(judged)} decisions of seat 0 judged "
              f"on {args.samples} samples: {took:.2f} s CPU")
    print(f"median: {statistics.median(per_seat):.2f} s CPU a seat of a deal, "
          f"{statistics.median(per_decision):.3f} s a decision")


if __name__ == "__main__":
    main()
