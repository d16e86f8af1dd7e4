"""Match statistics: win rates with Wilson intervals, mean margins with normal intervals, Elo.

- Win rate: wins plus half the ties, over games; the 95% interval is Wilson's score interval.
  Mirrored games of one deal are negatively correlated (the luck of the cards changes hands),
  so treating games as independent makes this interval conservative.
- Score margin: per deal (its mirrored games averaged, an independent unit), the mean and a
  normal 95% interval.
- Elo: ``400 log10(p / (1 - p))`` of the win rate, with half a win and half a loss added so
  that a clean sweep gives a finite number; its interval maps the Wilson bounds.
- Ratings of several entrants: a Bradley-Terry fit (Hunter's MM algorithm) of all their games,
  with the same half-win prior per pair, on the Elo scale with mean 1500.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: The two-sided 95% quantile of the normal distribution.
Z95 = 1.959963984540054
#: Win rates are clamped into [ELO_EPS, 1 - ELO_EPS] before taking logs (about ±1200 Elo).
ELO_EPS = 1e-3


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean and its normal-approximation interval (the mean thrice for fewer than 2)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def elo(p: float) -> float:
    """The Elo difference that predicts winning with probability ``p``."""
    p = min(max(p, ELO_EPS), 1 - ELO_EPS)
    return 400 * math.log10(p / (1 - p))


def elo_estimate(score: float, n: int) -> float:
    """The Elo difference of ``score`` points (wins + half the ties) in ``n`` games, with half a
    win and half a loss added."""
    return elo((score + 0.5) / (n + 1))


def bradley_terry(scores: Sequence[Sequence[float]], games: Sequence[Sequence[int]],
                  iterations: int = 1000, tolerance: float = 1e-10) -> list[float]:
    """Ratings on the Elo scale (mean 1500) from ``scores[i][j]``, what ``i`` scored against
    ``j`` (wins + half the ties), in ``games[i][j]`` games."""
    n = len(scores)
    won = [[scores[i][j] + (0.5 if games[i][j] else 0.0) for j in range(n)] for i in range(n)]
    played = [[games[i][j] + (1 if games[i][j] else 0) for j in range(n)] for i in range(n)]
    gamma = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denominator = sum(played[i][j] / (gamma[i] + gamma[j]) for j in range(n)
                              if j != i and played[i][j])
            new.append(sum(won[i]) / denominator if denominator else gamma[i])
        norm = math.exp(sum(math.log(g) for g in new) / n)
        new = [g / norm for g in new]
        change = max(abs(a - b) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < tolerance:
            break
    return [1500 + 400 * math.log10(g) for g in gamma]
