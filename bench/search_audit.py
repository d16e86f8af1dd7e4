"""Audit the search bot: how much its overrides of greedy gain, measured on the true deal.

    python bench/search_audit.py                          # 40 deals, ismcts:iterations=16
    python bench/search_audit.py --bot "ismcts:iterations=32" --deals 60 --workers 2
    python bench/search_audit.py --bot "ismcts:iterations=48,settle=0" --reshuffles 4

The search bot holds side 0 against greedy in one-deal games of classic. At each of its
decisions (forced ones aside) the search runs as usual, on worlds sampled from the view; then
each legal action is also played on the *true* game (the real hidden hands and stock), with
greedy at every seat to the end of the hand, the continuation the search itself assumes. The
true gain of an action is its outcome there less that of greedy's choice, in the search's units
(``tanh(margin / scale)``). One true deal per decision is noisy, but unbiased: averaged over
many decisions it tells how much the overrides gain, whether the search's estimates are
calibrated (the gap between estimated and true gain is the cost of sampling the hidden cards),
and what other selection rules (``z``, ``min_gain``) would have gained on the same decisions.
With ``--reshuffles K`` each action is played on the true hands with K orders of the stock (the
true one and K - 1 shuffles of it), and its true outcome is their mean: the hands are the truth
the search samples, the stock is luck no player knows, so the mean tells the actions apart far
better. Then the bars (``z``) are also scored with the first 8, 16, 32, ... of the samples.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from canasta.bots import make_bot
from canasta.bots.base import forced
from canasta.bots.greedy import GreedyBot
from canasta.bots.ismcts import IsmctsBot
from canasta.bots.outcomes import paired_gain
from canasta.engine.game import Game
from canasta.rules import load
from canasta.sim.games import bot_seed


@dataclass(frozen=True, slots=True)
class Row:
    """One searched decision: per legal action, its type name, its sampled outcomes, the true
    outcome; ``base`` indexes greedy's choice and ``played`` the bot's."""

    kinds: tuple[str, ...]
    sampled: tuple[tuple[float, ...], ...]
    true: tuple[float, ...]  # the mean over the stock's orders (``--reshuffles``)
    base: int
    played: int
    other: int  # the action the ``--compare`` bot would have played (``played`` without one)


def audit_deal(spec: str, compare: str, seed: int, reshuffles: int = 1) -> list[Row]:
    """Play one deal (seed ``seed``) with ``spec`` at side 0; a row per searched decision,
    with the choice the ``compare`` bot would have made there (if given), each action's true
    outcome the mean over ``reshuffles`` orders of the stock (the true one first)."""
    game = Game(load("classic"), seed)
    stock_rng = random.Random(seed * 7 + 1)
    greedy = GreedyBot()
    bots = {s: make_bot(spec, bot_seed(seed, s)) for s in range(game.num_players)
            if game.side_of(s) == 0}
    others = {s: make_bot(compare, bot_seed(seed, s)) for s in bots} if compare else {}
    rows = []
    while not game.results:
        seat = game.current_player
        view = game.view(seat)
        bot = bots.get(seat)
        if not isinstance(bot, IsmctsBot) or forced(view) is not None:
            game.apply(greedy.act(view))
            continue
        found = bot.search(view)
        chosen = bot.choose(found).action
        other = others[seat].decide(view).action if others else chosen
        legal = list(found.outcomes)
        true = [0.0] * len(legal)
        for k in range(reshuffles):
            world = game.clone()
            world.state.match.one_hand = True
            if k:
                stock_rng.shuffle(world.state.table.stock)
            for i, action in enumerate(legal):
                true[i] += bot.outcome(world, action, seat) / reshuffles
        rows.append(Row(tuple(f"{view.phase}:{a.type.name}" for a in legal),
                        tuple(tuple(found.outcomes[a]) for a in legal), tuple(true),
                        legal.index(found.base.action), legal.index(chosen),
                        legal.index(other)))
        game.apply(chosen)
    return rows


def pick(row: Row, z: float, min_gain: float, samples: int | None = None) -> int:
    """The action the search bot's rule (``IsmctsBot.choose``) picks with ``z``, ``min_gain``,
    from the first ``samples`` samples (all if None)."""
    best, bound = row.base, 0.0
    base = list(row.sampled[row.base][:samples])
    for i, outcomes in enumerate(row.sampled):
        low = paired_gain(list(outcomes[:samples]), base, z)[1]
        if low > bound and low > min_gain:
            best, bound = i, low
    return best


def mean_se(values: list[float]) -> str:
    n = len(values)
    if n < 2:
        return f"{(values or [0.0])[0]:+.3f}"
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    return f"{m:+.3f} ± {1.96 * sd / math.sqrt(n):.3f}"


def per_deal(gains: list[float], deals: int) -> str:
    """The sum of ``gains`` per deal, with a 95% interval (the gains taken as independent)."""
    spread = 1.96 * math.sqrt(sum(g * g for g in gains)) / deals
    return f"{sum(gains) / deals:+.3f} a deal [±{spread:.3f}]"


def report_bars(rows: list[Row], deals: int) -> None:
    """Every alternative's estimated and true gain before selection, and the bars (``z``)
    scored with the first 8, 16, 32, ... samples of every decision."""
    est = [paired_gain(list(s), list(r.sampled[r.base]), 0)[0]
           for r in rows for i, s in enumerate(r.sampled) if i != r.base]
    true = [t - r.true[r.base] for r in rows for i, t in enumerate(r.true) if i != r.base]
    print(f"every alternative to greedy's choice, before selection: estimated gain "
          f"{mean_se(est)}, true gain {mean_se(true)}")
    most = min(len(r.sampled[r.base]) for r in rows)
    counts = [n for n in (8, 16, 32, 64, 128) if n < most] + [most]
    print("bars by samples (overrides, true gain of the overrides):")
    for n in counts:
        for z in (1.0, 1.5, 2.0):
            gains = [r.true[i] - r.true[r.base] for r in rows
                     if (i := pick(r, z, 0.0, n)) != r.base]
            print(f"  {n:3d} samples z={z:.1f}: {len(gains):5d} overrides, "
                  f"{per_deal(gains, deals)}")


def report(rows: list[Row], deals: int, compare: str) -> None:
    overrides = [r for r in rows if r.played != r.base]
    print(f"decisions searched: {len(rows)}; overrides of greedy: {len(overrides)} "
          f"({len(overrides) / deals:.1f} per deal)")
    est = [paired_gain(list(r.sampled[r.played]), list(r.sampled[r.base]), 0)[0] for r in overrides]
    true = [r.true[r.played] - r.true[r.base] for r in overrides]
    print(f"per override: estimated gain {mean_se(est)}, true gain {mean_se(true)}")
    print(f"true gain per deal from overrides: {sum(true) / deals:+.3f}")
    by_kind: dict[str, list[float]] = defaultdict(list)
    for r, t in zip(overrides, true, strict=True):
        by_kind[f"{r.kinds[r.base]} -> {r.kinds[r.played].split(':')[1]}"].append(t)
    print("true gain by kind of override (greedy's choice -> the search's):")
    for kind, gains in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        print(f"  {kind:28s} {len(gains):5d}  {mean_se(gains)}")
    if compare:
        differ = [r.true[r.other] - r.true[r.played] for r in rows if r.other != r.played]
        print(f"{compare} on the same decisions: chose otherwise {len(differ)} times; true "
              f"gain over the bot's choice per differing decision {mean_se(differ)}, per deal "
              f"{sum(differ) / deals:+.3f}")
    print("other selection rules on the same decisions (overrides, true gain per deal):")
    for z in (1.0, 2.0, 3.0):
        for min_gain in (0.0, 0.05):
            chosen = [(r, pick(r, z, min_gain)) for r in rows]
            gains = [r.true[i] - r.true[r.base] for r, i in chosen if i != r.base]
            print(f"  z={z:.0f} min_gain={min_gain:.2f}: {len(gains):5d} overrides, "
                  f"{sum(gains) / deals:+.3f} per deal")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bot", default="ismcts:iterations=16", help="the search bot's spec")
    parser.add_argument("--compare", default="", help="a second bot, judged on the same "
                        "decisions (it searches its own samples; the first bot plays on)")
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--reshuffles", type=int, default=1, help="orders of the stock each "
                        "action is played on with the true hands (the true one first); the "
                        "bars are then also scored by samples")
    args = parser.parse_args(argv)
    if args.reshuffles < 1:
        parser.error("--reshuffles: at least 1")
    bot = make_bot(args.bot)
    if not isinstance(bot, IsmctsBot) or bot.prune:
        parser.error("--bot: a search bot (ismcts) without prune: the audit scores every "
                     "action on the same samples")
    start = time.perf_counter()
    seeds = range(args.seed, args.seed + args.deals)
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [row for deal in pool.map(audit_deal, [args.bot] * args.deals,
                                         [args.compare] * args.deals, seeds,
                                         [args.reshuffles] * args.deals)
                for row in deal]
    print(f"{args.bot} against greedy, {args.deals} one-deal games of classic (seeds "
          f"{seeds[0]}-{seeds[-1]}), {time.perf_counter() - start:.0f} s")
    report(rows, args.deals, args.compare)
    if args.reshuffles > 1:
        report_bars(rows, args.deals)


if __name__ == "__main__":
    main()
