"""``bench/search_oracle.py``: the search bot told every hand, for the ceiling of its design."""

from __future__ import annotations

from types import ModuleType

import pytest

from canasta import Game
from tests.scripts import load_script


def script() -> ModuleType:
    return load_script("bench/search_oracle.py")


def test_the_oracle_samples_the_true_hands_and_a_shuffled_stock() -> None:
    game = Game("classic", 3)
    stock = list(game.state.table.stock)
    bot = script().oracle("ismcts:iterations=4", seed=1)
    bot.truth = game
    world = bot.world(game.view(0), None)
    assert [p.hand for p in world.state.seats] == [p.hand for p in game.state.seats]
    assert world.state.table.under == game.state.table.under
    assert sorted(world.state.table.stock) == sorted(stock) != world.state.table.stock
    assert game.state.table.stock == stock and world.state.match.one_hand


def test_the_oracle_refuses_what_it_cannot_be() -> None:
    oracle = script().oracle
    for spec in ("greedy", "ismcts:seconds=1,processes=2"):
        with pytest.raises(SystemExit, match="expected a search bot"):
            oracle(spec, seed=0)


def test_a_game_gives_the_oracle_side_its_entrant() -> None:
    result = script().play(("ismcts:iterations=1", 1, 5, 1))
    assert result.entrants == (1, 0) and result.deals == 1 and result.seed == 5
