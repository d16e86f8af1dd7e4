"""One game between bots: the job that describes it and the result it gives.

A job is plain data (rules, seed, which bot plays each side), so the same job gives the same
game in this process, in a worker process or on a Ray cluster. Each seat gets its own bot,
seeded from the game's seed and the seat, so partners share nothing but the table.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from canasta.bots import make_bot
from canasta.bots.base import Bot
from canasta.engine.game import Game
from canasta.rules import RuleSet


@dataclass(frozen=True, slots=True)
class GameJob:
    """A game to play: ``specs[side]`` is the bot spec of that side, ``entrants[side]`` the
    index of the entrant it stands for; ``max_deals`` 0 plays to the target score."""

    index: int
    rules: RuleSet
    seed: int
    entrants: tuple[int, ...]
    specs: tuple[str, ...]
    max_deals: int = 0


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended: each side's final score, the winning side (-1: stopped level)."""

    index: int
    seed: int
    entrants: tuple[int, ...]
    scores: tuple[int, ...]
    winner: int
    finished: bool
    deals: int
    decisions: int


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` (the same in every process and on every machine)."""
    return zlib.crc32(f"{game_seed}:{seat}".encode())


def play_on(game: Game, bots: Sequence[Bot], max_deals: int = 0) -> Game:
    """Play ``game`` on with ``bots[seat]`` at each seat, each told only its seat's view, to
    the end of the game or until ``max_deals`` deals are scored (0: no limit); the game."""
    while not game.is_terminal() and not (max_deals and len(game.results) >= max_deals):
        seat = game.current_player
        game.apply(bots[seat].act(game.view(seat)))
    return game


def play_game(job: GameJob) -> GameResult:
    """Play one job to the end (or to ``max_deals`` deals: then the leader on points wins)."""
    game = Game(job.rules, job.seed)
    play_on(game, [make_bot(job.specs[game.side_of(seat)], bot_seed(job.seed, seat))
                   for seat in range(game.num_players)], job.max_deals)
    winner = game.winner if game.is_terminal() else game.leader
    return GameResult(job.index, job.seed, job.entrants, tuple(game.scores), winner,
                      game.is_terminal(), len(game.results), len(game.history))


def play_games(jobs: list[GameJob]) -> list[GameResult]:
    """Play a batch of jobs in order (the unit of work sent to a worker)."""
    return [play_game(job) for job in jobs]
