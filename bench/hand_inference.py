"""How well the search's sampled worlds guess the hidden hands, against the truth.

    python bench/hand_inference.py                         # 40 games, 200 worlds a position
    python bench/hand_inference.py --bot "ismcts:belief=1" --bot "ismcts:reads=1" --games 20
    python bench/hand_inference.py --fit --games 40 --seed 14550   # and how much is there to read

Greedy self-play of one-deal games of classic; at every ``--every``-th decision the seat to
play's view is taken, and each search spec (``--bot``, repeatable) draws ``--worlds`` worlds
from it as the search would (``IsmctsBot.world``, with the priors its options name). For each
other seat and each kind, the worlds give a distribution of how many of that kind its hidden
cards hold (those beyond what the table knows it took); the true deal says how many it holds.
Printed per spec: the mean log loss of the true counts (nats per seat and kind: lower is
better; and of the next seat's alone), and the Brier score of "holds a natural pair" for the
next seat (the one that may take the pile after this seat's discard) and for the partner, with
the uniform deal (``belief=1``) as the reference. Worlds that deal the hands closer to the
truth give the search estimates closer to the oracle's (``bench/search_oracle.py``). No bot
plays differently for this bench.

``--fit`` (needs numpy) also fits a logistic model of "holds a natural pair" on the view's
features, for the next seat and the partner, on the positions of ``--fit-games`` other games
(seeds from ``--fit-seed``), and scores it on this bench's positions: once from what the table
shows now (the odds of a uniform deal, the seat's side's and the other side's melds and
opening, its hand size, the stock, the pile) and once with the deal's record too (the kinds
each seat discarded and passed on): how much a better prior could read, beside what the
priors read.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Iterator
from typing import Any

from canasta.bots import kinds, make_bot
from canasta.bots.ismcts import IsmctsBot
from canasta.bots.knowledge import Knowledge, at_least
from canasta.cards import NATURAL_RANKS
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.sim.games import bot_seed

#: Added to each count's tally before the log loss: no count seen in the worlds is certain.
SMOOTH = 0.5
#: Counts told apart (a hidden hand holds more than this of one kind seldom).
TOP = 6


def positions(games: int, seed: int, every: int) -> Iterator[tuple[Game, PlayerView]]:
    """Every ``every``-th decision of greedy self-play of one-deal classic games: the true
    game and the view of the seat to play."""
    for g in range(games):
        game = Game("classic", seed + g)
        bots = [make_bot("greedy", bot_seed(seed + g, s)) for s in range(game.num_players)]
        turn = 0
        while not game.is_terminal() and not game.results:
            seat = game.current_player
            view = game.view(seat)
            if turn % every == 0 and len(view.legal_actions) > 1:
                yield game, view
            game.apply(bots[seat].act(view))
            turn += 1


class Score:
    """One spec's running scores."""

    def __init__(self) -> None:
        self.loss = 0.0
        self.cells = 0
        self.next_loss = 0.0  # the same, the next seat's cells alone
        self.next_cells = 0
        self.brier = {"next": 0.0, "partner": 0.0}
        self.pairs = {"next": 0, "partner": 0}
        # calibration, next seat: the worlds' mean against the truth's (pairs; wild cards held)
        self.pair_said = self.pair_true = 0.0
        self.wild_said = self.wild_true = 0.0
        self.views = 0

    def add(self, game: Game, view: PlayerView, worlds: list[Game]) -> None:
        """Score the worlds drawn from ``view`` against the true ``game``."""
        seat, players = view.seat, view.players
        roles = {(seat + 1) % players: "next", (seat + 2) % players: "partner"}
        self.views += 1
        for other in range(players):
            if other == seat:
                continue
            known = view.known[other]
            true = [n - k for n, k in zip(game.state.seats[other].hand, known, strict=True)]
            tallies = [[0] * (TOP + 1) for _ in true]
            for world in worlds:
                hand = world.state.seats[other].hand
                for kind, tally in enumerate(tallies):
                    tally[min(TOP, hand[kind] - known[kind])] += 1
            for kind, tally in enumerate(tallies):
                if not view.t.pack[kind]:
                    continue
                total = len(worlds) + SMOOTH * (TOP + 1)
                loss = -math.log((tally[min(TOP, true[kind])] + SMOOTH) / total)
                self.loss += loss
                self.cells += 1
                role = roles.get(other)
                if role == "next":
                    self.next_loss += loss
                    self.next_cells += 1
                if role and kinds.is_natural(kind):
                    p = sum(tally[2:]) / len(worlds)
                    self.brier[role] += (p - (true[kind] >= 2)) ** 2
                    self.pairs[role] += 1
                    if role == "next":
                        self.pair_said += p
                        self.pair_true += true[kind] >= 2
                if role == "next" and kinds.is_wild(kind):
                    self.wild_said += sum(n * t for n, t in enumerate(tally)) / len(worlds)
                    self.wild_true += true[kind]

    def line(self, spec: str, reference: Score | None) -> str:
        """The spec's figures, and the change from ``reference`` where given."""
        loss = self.loss / self.cells
        nxt = self.brier["next"] / self.pairs["next"]
        partner = self.brier["partner"] / self.pairs["partner"]
        text = (f"{spec:40s} log loss {loss:.4f} (next seat "
                f"{self.next_loss / self.next_cells:.4f})  pair Brier next {nxt:.4f} partner "
                f"{partner:.4f}  next seat's pairs {self.pair_said / self.views:.2f} "
                f"(true {self.pair_true / self.views:.2f}), wilds "
                f"{self.wild_said / self.views:.2f} (true {self.wild_true / self.views:.2f})")
        if reference is not None and reference is not self:
            ref_loss = reference.loss / reference.cells
            ref_next = reference.brier["next"] / reference.pairs["next"]
            text += f"  ({loss - ref_loss:+.4f}, next {nxt - ref_next:+.4f})"
        return text


def pair_cases(games: int, seed: int, every: int) -> tuple[Any, Any, Any]:
    """For ``--fit``: per position, other seat (the next one and the partner) and natural
    kind, the features of ``FEATURES`` (the record's last), whether its hidden cards hold a
    pair of the kind, and its role (0 next, 1 partner)."""
    import numpy as np

    rows: list[list[float]] = []
    pairs: list[bool] = []
    roles: list[int] = []
    for game, view in positions(games, seed, every):
        known = Knowledge(view)
        for role, other in enumerate(((view.seat + 1) % view.players,
                                      (view.seat + 2) % view.players)):
            side = view.side_of(other)
            own = {m.rank for m in view.melds[side]}
            rival = {m.rank for s, melds in enumerate(view.melds) if s != side for m in melds}
            hidden, opened = known.hidden_size(other), view.initial_done[side]
            hand = game.state.seats[other].hand
            for kind in NATURAL_RANKS:
                odds = [at_least(known.pool, known.unseen[kind], hidden, n) for n in (1, 2)]
                rows.append([1.0, *(math.log(max(p, 1e-4) / max(1 - p, 1e-4)) for p in odds),
                             opened, kind in own, opened and kind in own, kind in rival,
                             hidden / 15, view.stock_size / 100, known.unseen[kind] / 8,
                             view.pile_frozen, len(view.pile) / 20,
                             view.discarded[other] >> kind & 1, view.passed[other] >> kind & 1])
                pairs.append(hand[kind] - view.known[other][kind] >= 2)
                roles.append(role)
    return np.array(rows, dtype=float), np.array(pairs, dtype=float), np.array(roles)


#: How many of ``pair_cases``' features the record adds (the last ones).
RECORD_FEATURES = 2


def fit(x: Any, y: Any) -> Any:
    """Logistic regression by Newton's method (a little ridge keeps it well posed)."""
    import numpy as np

    w = np.zeros(x.shape[1])
    for _ in range(25):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = (x * (p * (1 - p))[:, None]).T @ x + 1e-3 * np.eye(len(w))
        w -= np.linalg.solve(hessian, x.T @ (p - y) + 1e-3 * w)
    return w


def fit_lines(args: argparse.Namespace) -> list[str]:
    """``--fit``: the held-out Brier scores of the pair models, with and without the record."""
    import numpy as np

    train_x, train_y, train_role = pair_cases(args.fit_games, args.fit_seed, args.every)
    test_x, test_y, test_role = pair_cases(args.games, args.seed, args.every)
    lines = [f"logistic model of a natural pair, fitted on {len(train_y)} cases of "
             f"{args.fit_games} games (seeds {args.fit_seed}-"
             f"{args.fit_seed + args.fit_games - 1}), scored on this bench's {len(test_y)}:"]
    width = train_x.shape[1]
    for name, columns in (("from the table", width - RECORD_FEATURES), ("and the record", width)):
        scores = []
        for role in (0, 1):
            w = fit(train_x[train_role == role, :columns], train_y[train_role == role])
            x, y = test_x[test_role == role, :columns], test_y[test_role == role]
            scores.append(float(np.mean((1 / (1 + np.exp(-x @ w)) - y) ** 2)))
        lines.append(f"  {name:20s} pair Brier next {scores[0]:.4f} partner {scores[1]:.4f}")
    rate = [float(train_y[train_role == r].mean()) for r in (0, 1)]
    constant = [float(np.mean((rate[r] - test_y[test_role == r]) ** 2)) for r in (0, 1)]
    lines.append(f"  {'a constant guess':20s} pair Brier next {constant[0]:.4f} partner "
                 f"{constant[1]:.4f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", action="append", help="a search spec (repeatable)")
    parser.add_argument("--games", type=int, default=40, help="self-play games")
    parser.add_argument("--seed", type=int, default=14550, help="the first game's seed")
    parser.add_argument("--every", type=int, default=3, help="take every N-th decision")
    parser.add_argument("--worlds", type=int, default=200, help="worlds drawn a position")
    parser.add_argument("--fit", action="store_true", help="also fit the logistic pair models")
    parser.add_argument("--fit-games", type=int, default=200, help="games the models fit on")
    parser.add_argument("--fit-seed", type=int, default=14600, help="their first seed")
    args = parser.parse_args()
    specs = ["ismcts:belief=1", *(args.bot or ["ismcts", "ismcts:reads=1",
                                               "ismcts:reads=1,discards=1"])]
    bots = {spec: make_bot(spec, seed=1) for spec in specs}
    for spec, bot in bots.items():
        if not isinstance(bot, IsmctsBot):
            raise SystemExit(f"--bot {spec}: expected a search bot (ismcts)")
    scores = {spec: Score() for spec in specs}
    start, count = time.perf_counter(), 0
    for game, view in positions(args.games, args.seed, args.every):
        count += 1
        for spec, bot in bots.items():
            assert isinstance(bot, IsmctsBot)
            likely = bot.likelihood(view)
            scores[spec].add(game, view, [bot.world(view, likely) for _ in range(args.worlds)])
    print(f"{count} positions of {args.games} greedy self-play games of classic (seeds "
          f"{args.seed}-{args.seed + args.games - 1}), {args.worlds} worlds each, "
          f"{time.perf_counter() - start:.0f} s")
    reference = scores[specs[0]]
    for spec in specs:
        print(scores[spec].line(spec, reference))
    if args.fit:
        print("\n".join(fit_lines(args)))


if __name__ == "__main__":
    main()
