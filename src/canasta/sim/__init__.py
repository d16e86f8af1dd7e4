"""Simulations: games played by policies, and statistics over many games."""

from canasta.sim.random_play import play_random
from canasta.sim.summary import Summary

__all__ = ["Summary", "play_random"]
