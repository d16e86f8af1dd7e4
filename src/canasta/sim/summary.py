"""Statistics over many games: wins, hand scores, how hands ended, decisions per hand."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from canasta.engine.game import Game
from canasta.engine.state import HandEnd

#: The ways any rule set's hands end, in display order (shown with their zeros); the ways
#: only some rules have (a black 3 last, a concession) are listed after, when they happen.
ENDINGS = (HandEnd.GOING_OUT, HandEnd.STOCK_EXHAUSTED, HandEnd.RED_THREE_LAST, HandEnd.TURN_CAP)


@dataclass
class Summary:
    """Running totals over games that share one rule set (so one number of sides)."""

    sides: int
    games: int = 0
    finished: int = 0
    hands: int = 0
    decisions: int = 0
    wins: list[int] = field(init=False)
    hand_points: list[int] = field(init=False)
    endings: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.wins = [0] * self.sides
        self.hand_points = [0] * self.sides

    def add(self, game: Game) -> None:
        """Count one game, finished or stopped early. Only scored hands count as hands."""
        self.games += 1
        if game.is_terminal():
            self.finished += 1
            self.wins[game.winner] += 1
        for result in game.results:
            self.hands += 1
            self.endings[result.ended_by] += 1
            for score in result.sides:
                self.hand_points[score.side] += score.total
        self.decisions += len(game.history)

    @property
    def unfinished(self) -> int:
        """Games stopped before their end."""
        return self.games - self.finished

    def mean_hand_score(self, side: int) -> float:
        """The side's mean score per hand (0 before any hand)."""
        return self.hand_points[side] / self.hands if self.hands else 0.0

    @property
    def decisions_per_hand(self) -> float:
        """Actions applied per scored hand (all of a game's actions, over its scored hands)."""
        return self.decisions / self.hands if self.hands else 0.0

    def ending_counts(self) -> list[tuple[str, int]]:
        """How many hands ended each way: the known ways first (zeros included), then others."""
        others = sorted(set(self.endings) - set(ENDINGS))
        return [(reason, self.endings[reason]) for reason in (*ENDINGS, *others)]
