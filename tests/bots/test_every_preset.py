"""Every bot plays every preset without an illegal action or a crash, from views alone."""

from __future__ import annotations

import pytest

from canasta import Game
from canasta.bots import Bot, bot_names, make_bot
from canasta.rules import load, preset_names

#: (spec, games per preset, deals per game): the search bot on a tiny budget.
BUDGETS = [("random", 12, 2), ("greedy", 6, 2), ("ismcts:iterations=2,horizon=1", 1, 1)]


def play(rules: str, spec: str, seed: int, deals: int) -> Game:
    """Seat after seat, each seat its own bot; every choice is checked against the view."""
    game = Game(load(rules), seed)
    bots: list[Bot] = [make_bot(spec if game.side_of(s) == 0 else "greedy", seed + s)
                       for s in range(game.num_players)]
    while not game.is_terminal() and len(game.results) < deals:
        seat = game.current_player
        view = game.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal_actions, (rules, seed, len(game.history), action)
        game.apply(action)
    return game


def test_every_registered_bot_is_exercised() -> None:
    assert sorted(spec.split(":")[0] for spec, _, _ in BUDGETS) == bot_names()


@pytest.mark.parametrize("rules", preset_names())
@pytest.mark.parametrize(("spec", "games", "deals"), BUDGETS, ids=lambda v: str(v))
def test_bots_play_every_preset(rules: str, spec: str, games: int, deals: int) -> None:
    for seed in range(games):
        game = play(rules, spec, seed, deals)
        assert game.is_terminal() or len(game.results) == deals
        assert all(r.ended_by for r in game.results)
