"""Train the search's learned evaluation (``canasta.bots.evaluation``) on greedy self-play.

    python bench/train_evaluation.py                       # 3,000 hands of classic, 2 workers
    python bench/train_evaluation.py --hands 6000 --out src/canasta/bots/evaluation_classic.json

Greedy plays one-deal games at every seat (seeds ``--seed`` on). After each discard that leaves
the hand going on, the position is recorded for side 0 against side 1: the model's features
and the margin the table's score gives it as it stands (``ismcts.margin_of``). When the hand
ends, each record's target is the hand's real margin less that one. A ridge fit (``--ridge``)
on the first 80% of the hands gives the weights; the last 20% say how much of the error of the
table's score the model takes away (the share of its squared error explained, on hands not
trained on). With ``--out`` the weights are written where the package reads them, with the
command, these figures and the digest of the first ``PINNED`` hands' records (``pinned``: a
test computes it again, so a change to greedy, the engine or the features that would train
another model shows at once). Two sides only: the features compare one side with one rival.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from canasta.bots import make_bot
from canasta.bots.evaluation import FEATURES, features
from canasta.bots.outcomes import margin_of
from canasta.engine.actions import ActionType
from canasta.engine.game import Game
from canasta.rules import load

Record = tuple[list[float], float]  # the features, the target (the margin still to come)

PINNED = 100  #: the hands whose records a model's file pins by their digest (``records_digest``)


def hand_records(rules: str, seed: int, every: float) -> list[Record]:
    """One hand of greedy self-play: each recorded position's features and target."""
    game = Game(load(rules), seed)
    game.state.match.one_hand = True
    greedy, rng = make_bot("greedy"), random.Random(seed)
    seen: list[tuple[list[float], float]] = []
    while not game.results:
        action = greedy.act(game.view(game.current_player))
        game.apply(action)
        if action.type == ActionType.DISCARD and not game.results and rng.random() < every:
            seen.append((features(game, 0, 1), margin_of(game, 0, 0)[0]))
    final = margin_of(game, 0, 0)[0]
    return [(x, final - now) for x, now in seen]


def records_digest(hands: list[list[Record]]) -> str:
    """The SHA-256 of hands' records, written as JSON (floats as Python writes them: the same
    on every machine for the same play)."""
    return hashlib.sha256(json.dumps(hands).encode()).hexdigest()


def fit(rows: list[Record], ridge: float) -> list[float]:
    """Least squares with a ridge penalty, solved by Gauss-Jordan elimination (a few dozen
    unknowns: no library needed). Inputs are scaled to unit spread for the penalty, the
    weights returned in the inputs' own units."""
    n = len(FEATURES)
    scale = [math.sqrt(sum(x[i] ** 2 for x, _ in rows) / len(rows)) or 1.0 for i in range(n)]
    a = [[0.0] * (n + 1) for _ in range(n)]
    for x, y in rows:
        z = [v / s for v, s in zip(x, scale, strict=True)]
        for i in range(n):
            zi = z[i]
            row = a[i]
            for j in range(n):
                row[j] += zi * z[j]
            row[n] += zi * y
    for i in range(n):
        a[i][i] += ridge * len(rows)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * p for v, p in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] / scale[i] for i in range(n)]


def explained(rows: list[Record], weights: list[float]) -> tuple[float, float, float]:
    """On ``rows``: the table's score's root-mean-square error (the targets' spread), the
    model's, and the share of squared error the model takes away."""
    before = sum(y * y for _, y in rows) / len(rows)
    after = sum((y - sum(w * v for w, v in zip(weights, x, strict=True))) ** 2
                for x, y in rows) / len(rows)
    return math.sqrt(before), math.sqrt(after), 1 - after / before


def arguments() -> argparse.ArgumentParser:
    """The command's arguments (the shipped model's test reads its recorded command)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="classic", help="a preset with two sides")
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=float, default=0.5,
                        help="the chance a position after a discard is recorded")
    parser.add_argument("--ridge", type=float, default=1e-3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="where to write the model (JSON)")
    return parser


def main(argv: list[str] | None = None) -> None:
    parser = arguments()
    args = parser.parse_args(argv)
    players = load(args.rules).players
    if players.sides != 2 or players.partners_at_pile:
        parser.error("--rules: the model compares two fixed sides; this preset has not")
    if args.hands < 10 or not 0 < args.every <= 1:
        parser.error("--hands: at least 10; --every: above 0, at most 1")
    start = time.perf_counter()
    seeds = range(args.seed, args.seed + args.hands)
    with ProcessPoolExecutor(args.workers) as pool:
        hands = list(pool.map(hand_records, [args.rules] * args.hands, seeds,
                              [args.every] * args.hands, chunksize=20))
    cut = args.hands * 4 // 5
    train = [r for hand in hands[:cut] for r in hand]
    test = [r for hand in hands[cut:] for r in hand]
    weights = fit(train, args.ridge)
    rms, model_rms, share = explained(test, weights)
    print(f"{len(train):,} positions from {cut:,} hands trained on, {len(test):,} from "
          f"{args.hands - cut:,} held out ({time.perf_counter() - start:.0f} s)")
    print(f"held out: the table's score misses the hand's margin by {rms:.0f} points (rms); "
          f"with the model by {model_rms:.0f}: {100 * share:.1f}% of the squared error")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:22} {w:+9.2f}")
    if args.out:
        command = "python bench/train_evaluation.py " + " ".join(sys.argv[1:] if argv is None
                                                                else argv)
        with open(args.out, "w") as out:
            json.dump({"rules": args.rules, "features": list(FEATURES),
                       "weights": [round(w, 4) for w in weights], "command": command,
                       "held_out": {"positions": len(test), "rms_table": round(rms, 1),
                                    "rms_model": round(model_rms, 1)},
                       "pinned": {"hands": min(PINNED, args.hands),
                                  "sha256": records_digest(hands[:PINNED])}}, out, indent=1)
            out.write("\n")


if __name__ == "__main__":
    main()
