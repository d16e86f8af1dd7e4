"""When an environment's game ends and what each seat gets for it (docs/envs.md, "Rewards").

A game ends when the engine says so (``Game.is_terminal``: the target, or the rules' own deal
count) or, with ``max_deals``, once that many deals have been scored: then the side ahead on
points wins, as in ``canasta.sim.games.play_game``, and level leaders win nothing. Returns are
the engine's (``Game.returns``: 1 for each seat of the winning side, -1 for the others), so
partners always get equal returns.
"""

from __future__ import annotations

from canasta.engine.game import Game


def over(game: Game, max_deals: int) -> bool:
    """Whether the game is over, for an environment that stops after ``max_deals`` deals
    (0: when the rules end it)."""
    # While play goes on, deal n is being played after n - 1 scored deals.
    match = game.state.match  # asked several times a step: read once, not through properties
    return match.over or 0 < max_deals < match.deal


def final_returns(game: Game, max_deals: int) -> list[float]:
    """Per seat: 1 for the winner's seats (``Game.returns``), -1 for the others; 0 each while
    play goes on, and for every seat when the game stops after ``max_deals`` deals with the
    leaders level (``Game.leader``)."""
    if game.is_terminal():
        return game.returns()
    players = game.num_players
    leader = game.leader
    if not over(game, max_deals) or leader < 0:
        return [0.0] * players
    return [1.0 if game.score_column(seat) == leader else -1.0 for seat in range(players)]


__all__ = ["final_returns", "over"]
