"""The rewards of the learning environments (docs/envs.md, "Rewards"), all from the engine.

- ``"game"``: at the end of the game, the seat's return (``outcome.final_returns``: 1 for the
  winning side, -1 for the others, 0 for level leaders after ``max_deals``); 0 before.
- ``"deal"``: when a deal is scored, the seat's side's score for it less the best other side's
  (``HandResult.sides[...].total``), in thousands of points.
- ``"shaped"``: the deal reward, plus after every step the change in what the seat's side's
  table is worth less the best other side's (``scoring.side_score`` of the seat's view, cards
  in hand not counted), in thousands: a potential, so a deal's shaped rewards add up to its
  deal reward plus the table's worth at the start of the next deal less at the start of this
  one.

Partners get equal rewards under each of them.
"""

from __future__ import annotations

from canasta.engine.game import Game
from canasta.engine.scoring import HandResult, side_score
from canasta.envs.outcome import final_returns, over

REWARDS = ("game", "deal", "shaped")
_POINTS = 1000.0


class Scorer:
    """Hands one seat its reward, step by step, under one of ``REWARDS``."""

    def __init__(self, kind: str, game: Game, seat: int, max_deals: int) -> None:
        if kind not in REWARDS:
            raise ValueError(f"reward {kind!r} is not one of {', '.join(REWARDS)}")
        self.kind, self.game, self.seat, self.max_deals = kind, game, seat, max_deals
        self.side = game.score_column(seat)  # its own in cutthroat
        self.deals = len(game.results)
        self.potential = self._potential() if kind == "shaped" else 0.0
        self.start_potential = self.potential  # the potential when the game began
        self.finished = False

    def reward(self) -> float:
        """The reward earned since the last call."""
        game = self.game
        if self.kind == "game":
            if self.finished or not over(game, self.max_deals):
                return 0.0
            self.finished = True
            return final_returns(game, self.max_deals)[self.seat]
        total = 0.0
        if game.deal_number - 1 == self.deals and not game.is_terminal():
            results: tuple[HandResult, ...] = ()  # no deal scored since the last call
        else:
            results = game.results[self.deals:]
            self.deals += len(results)
        for result in results:
            mine = result.sides[self.side].total
            best = max(s.total for n, s in enumerate(result.sides) if n != self.side)
            total += (mine - best) / _POINTS
        if self.kind == "shaped":
            potential = self._potential()
            total += potential - self.potential
            self.potential = potential
        return total

    def _potential(self) -> float:
        """The seat's side's table worth less the best other side's, from the seat's view."""
        view = self.game.view(self.seat)
        worth = [side_score(view.state, view.t, side, hands=False).total
                 for side in range(view.sides)]
        mine = worth.pop(self.side)
        return (mine - max(worth)) / _POINTS


__all__ = ["REWARDS", "Scorer"]
