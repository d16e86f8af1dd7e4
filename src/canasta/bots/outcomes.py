"""A sample's outcome in the search's units (docs/bots.md, "ismcts"): the margin by which a
side leads its best rival on a hand played out, ±1 where the hand ended the game, else
``tanh(margin / scale)``; and the gain of one action over another, sample by sample.

The search (``canasta.bots.ismcts``), the reviews (``canasta.bots.review``) and the bench's
audits score play-outs with these, so that they all count in the same units.
"""

from __future__ import annotations

import math

from canasta.bots.evaluation import Evaluation
from canasta.engine.game import Game
from canasta.engine.scoring import hand_scores


def margin_of(game: Game, seat: int, deals: int, evaluation: Evaluation | None = None
              ) -> tuple[float, bool]:
    """The points by which ``seat``'s side leads its best rival on the hand after ``deals``
    hands (from the hand's result if it has ended, else the hand's score as it stands, plus
    ``evaluation``'s correction if given), and whether the hand ended the game (the margin's
    sign then says who won it)."""
    side = game.score_column(seat)  # its own under partners_at_pile
    if len(game.results) > deals:
        result = game.results[deals]
        values = [float(s.total) for s in result.sides]
        seat_sides = result.seat_sides or game.t.seat_sides
    else:
        values = _static_values(game)
        seat_sides = game.state.seat_sides
    rival_side = rival_of(values, seat_sides, side)
    rival = values[rival_side]
    if game.winner >= 0:  # the hand ended the game
        return (1.0 if game.winner == side else -1.0) * max(1.0, abs(values[side] - rival)
                                                            ), True
    if evaluation is not None and len(game.results) == deals:
        return values[side] - rival + evaluation.correction(game, side, rival_side), False
    return values[side] - rival, False


def outcome_of(margin: float, ended_game: bool, scale: float) -> float:
    """A hand's ``margin`` in the search's units: ±1 if the hand ended the game (a win or a
    loss), else ``tanh(margin / scale)``."""
    if ended_game:
        return 1.0 if margin > 0 else -1.0
    return math.tanh(margin / scale)


def paired_gain(outcomes: list[float], base: list[float], z: float) -> tuple[float, float]:
    """The mean gain of ``outcomes`` over ``base``, sample by sample, and that mean less ``z``
    standard errors (the mean itself for a single sample)."""
    gains = [a - b for a, b in zip(outcomes, base, strict=True)]
    n = len(gains)
    mean = sum(gains) / n
    if n < 2:
        return mean, mean
    sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
    return mean, mean - z * sd / math.sqrt(n)


def rival_of(values: list[float], seat_sides: tuple[int, ...], side: int) -> int:
    """The score column of ``side``'s best rival by ``values`` (score k is seat k's side's:
    the partners' are not rivals)."""
    mine = seat_sides[side]
    return max((s for s in range(len(values)) if seat_sides[s] != mine), key=values.__getitem__)


def _static_values(game: Game) -> list[float]:
    """Each side's score for the hand if it ended now, nobody going out (the sample shows
    every hand)."""
    return [float(score.total) for score in hand_scores(game.state, game.t, -1)]
