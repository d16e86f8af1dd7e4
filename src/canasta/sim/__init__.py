"""Simulations: random play, games between bots, matches and tournaments, statistics."""

from canasta.sim.games import GameJob, GameResult, play_game
from canasta.sim.random_play import play_random
from canasta.sim.summary import Summary
from canasta.sim.tournament import Outcome, PairStats, Standing, plan, summarize

__all__ = ["GameJob", "GameResult", "Outcome", "PairStats", "Standing", "Summary", "plan",
           "play_game", "play_random", "summarize"]
