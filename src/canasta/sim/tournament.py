"""Matches and tournaments between bots, luck cut by mirrored deals.

Every pair of entrants plays a match. A match deals ``seed``, ``seed + 1``, ... and plays each
deal under every *lineup*: each side is given to one of the two bots, and every rotation of the
sides is played, the same cards each time. With two sides that is the deal played twice with
the sides swapped (bot A partners bot A); with three, six lineups where each bot holds one side
and then two. So each bot holds every seat, with the same cards, equally often.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from canasta.rules import RuleSet
from canasta.sim.games import GameJob, GameResult
from canasta.sim.stats import bradley_terry, elo, elo_estimate, mean_interval, wilson


def lineups(sides: int) -> list[tuple[int, ...]]:
    """For two bots (0 and 1): which plays each side, in every game of one deal."""
    out: list[tuple[int, ...]] = []
    for first in (0, 1):
        base = (first, *([1 - first] * (sides - 1)))
        for shift in range(sides):
            rotated = base[shift:] + base[:shift]
            if rotated not in out:
                out.append(rotated)
    return out


def deals_for(games: int, sides: int) -> int:
    """Deals needed so that a match plays at least ``games`` games in whole mirrored sets."""
    return max(1, math.ceil(games / len(lineups(sides))))


def plan(entrants: Sequence[str], rules: RuleSet, games: int, seed: int,
         max_deals: int = 0) -> list[GameJob]:
    """Every game of a round robin between ``entrants`` (bot specs), in a fixed order."""
    sides = rules.players.sides
    jobs: list[GameJob] = []
    for a, b in combinations(range(len(entrants)), 2):
        for deal in range(deals_for(games, sides)):
            for lineup in lineups(sides):
                who = tuple((a, b)[x] for x in lineup)
                jobs.append(GameJob(len(jobs), rules, seed + deal, who,
                                    tuple(entrants[e] for e in who), max_deals))
    return jobs


@dataclass(frozen=True, slots=True)
class PairStats:
    """One match: entrant ``a`` against entrant ``b``, from ``a``'s side."""

    a: int
    b: int
    games: int
    wins: int  # games a won
    losses: int
    ties: int  # stopped level (``--max-deals``), the top score shared by the two bots
    win_rate: float  # (wins + ties / 2) / games
    win_low: float
    win_high: float
    margin: float  # mean score of a's sides less b's, per deal
    margin_low: float
    margin_high: float
    elo: float
    elo_low: float
    elo_high: float


def winning_entrant(result: GameResult) -> int:
    """The entrant that won the game, -1 if neither: the one holding every score column at
    the top. The game's own ``winner`` is a column; in cutthroat two seats of one bot that
    partnered share the top score (their pair's), and that is a win for their bot, while a
    top shared by the two bots is level."""
    if result.winner >= 0:
        return result.entrants[result.winner]
    best = max(result.scores)
    top = {e for score, e in zip(result.scores, result.entrants, strict=True) if score == best}
    return top.pop() if len(top) == 1 else -1


def pair_stats(a: int, b: int, results: Sequence[GameResult]) -> PairStats:
    """The statistics of the games between ``a`` and ``b`` (any other game is ignored)."""
    games = [r for r in results if set(r.entrants) == {a, b}]
    winners = [winning_entrant(r) for r in games]
    wins = winners.count(a)
    ties = winners.count(-1)
    score = wins + ties / 2
    by_deal: dict[int, list[float]] = {}
    for r in games:
        by_deal.setdefault(r.seed, []).append(_margin(r, a))
    margins = [sum(m) / len(m) for m in by_deal.values()]
    mean, low, high = mean_interval(margins)
    rate = score / len(games) if games else 0.0
    lo, hi = wilson(score, len(games))
    return PairStats(a, b, len(games), wins, len(games) - wins - ties, ties, rate, lo, hi,
                     mean, low, high, elo_estimate(score, len(games)), elo(lo), elo(hi))


def _margin(result: GameResult, a: int) -> float:
    mine = [s for s, e in zip(result.scores, result.entrants, strict=True) if e == a]
    theirs = [s for s, e in zip(result.scores, result.entrants, strict=True) if e != a]
    return sum(mine) / len(mine) - sum(theirs) / len(theirs)


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant over the whole tournament."""

    entrant: int
    spec: str
    games: int
    score: float  # wins + half the ties
    win_rate: float
    rating: float  # Bradley-Terry Elo, mean 1500
    rating_low: float  # its 95% interval, resampling the mirrored deals (rating_intervals)
    rating_high: float


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished tournament (a match is a tournament of two)."""

    entrants: tuple[str, ...]
    rules: str
    results: tuple[GameResult, ...]
    pairs: tuple[PairStats, ...]
    standings: tuple[Standing, ...]


def summarize(entrants: Sequence[str], rules: RuleSet,
              results: Sequence[GameResult]) -> Outcome:
    """Pairwise statistics and overall ratings of a round robin's results."""
    n = len(entrants)
    pairs = tuple(pair_stats(a, b, results) for a, b in combinations(range(n), 2))
    scores, games = _tables(n, results)
    ratings = bradley_terry(scores, games)
    intervals = rating_intervals(n, results)
    standings = []
    for e in range(n):
        played = sum(games[e])
        total = sum(scores[e])
        standings.append(Standing(e, entrants[e], played, total,
                                  total / played if played else 0.0, ratings[e],
                                  *intervals[e]))
    standings.sort(key=lambda s: (-s.rating, s.entrant))
    return Outcome(tuple(entrants), rules.name, tuple(results), pairs, tuple(standings))


def _tables(n: int, results: Sequence[GameResult]) -> tuple[list[list[float]], list[list[int]]]:
    """What each entrant scored against each other (wins + half the ties), in how many games:
    the input of ``bradley_terry``."""
    scores = [[0.0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    for r in results:
        a, b = sorted(set(r.entrants))
        winner = winning_entrant(r)
        won = 0.5 if winner < 0 else float(winner == a)
        scores[a][b] += won
        scores[b][a] += 1 - won
        games[a][b] += 1
        games[b][a] += 1
    return scores, games


RESAMPLES = 200  #: bootstrap samples of a tournament's ratings


def rating_intervals(n: int, results: Sequence[GameResult], resamples: int = RESAMPLES,
                     seed: int = 0) -> list[tuple[float, float]]:
    """Each entrant's 95% interval of its Bradley-Terry rating: the ratings refitted on
    ``resamples`` tournaments drawn from this one, each match's mirrored deals (its games of
    one deal seed, kept together) drawn with replacement, and their 2.5th and 97.5th
    percentiles. Deterministic for a seed."""
    groups: dict[tuple[int, ...], list[list[GameResult]]] = {}
    by_deal: dict[tuple[tuple[int, ...], int], list[GameResult]] = {}
    for r in results:
        by_deal.setdefault((tuple(sorted(set(r.entrants))), r.seed), []).append(r)
    for (pair, _), games in by_deal.items():
        groups.setdefault(pair, []).append(games)
    rng = random.Random(seed)
    samples: list[list[float]] = []
    for _ in range(resamples):
        drawn = [r for deals in groups.values() for _ in deals for r in rng.choice(deals)]
        samples.append(bradley_terry(*_tables(n, drawn), tolerance=1e-6))
    low, high = int(0.025 * resamples), max(0, math.ceil(0.975 * resamples) - 1)
    out = []
    for e in range(n):
        ranked = sorted(sample[e] for sample in samples)
        out.append((ranked[low], ranked[high]) if ranked else (1500.0, 1500.0))
    return out


def play_tournament(entrants: Sequence[str], rules: RuleSet, games: int, seed: int = 0,
                    max_deals: int = 0, workers: int = 1, ray: bool = False,
                    address: str | None = None,
                    progress: Callable[[int], None] = lambda n: None) -> Outcome:
    """Plan, play (locally or on Ray) and summarize a round robin between ``entrants``."""
    from canasta.bots import make_bot
    from canasta.sim.backends import run_local, run_ray

    for spec in entrants:
        make_bot(spec)  # a bad name or option fails here, before any game is sent off
    jobs = plan(entrants, rules, games, seed, max_deals)
    if ray:
        results = run_ray(jobs, address, workers, progress)
    else:
        results = run_local(jobs, workers, progress)
    return summarize(entrants, rules, results)
