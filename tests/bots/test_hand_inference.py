"""``bench/hand_inference.py``: how close the search's sampled hands come to the true ones."""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from canasta.bots import make_bot
from canasta.bots.ismcts import IsmctsBot
from tests.scripts import load_script


def script() -> ModuleType:
    return load_script("bench/hand_inference.py")


def test_worlds_that_deal_the_true_hands_score_perfectly_and_uniform_ones_do_not() -> None:
    bench = script()
    game, view = next(iter(bench.positions(1, 3, 5)))
    assert view == game.view(game.current_player)
    truth, uniform = bench.Score(), bench.Score()
    truth.add(game, view, [game] * 20)
    bot = make_bot("ismcts:belief=1", seed=1)
    assert isinstance(bot, IsmctsBot)
    uniform.add(game, view, [bot.world(view, None) for _ in range(20)])
    floor = -math.log((20 + bench.SMOOTH) / (20 + bench.SMOOTH * (bench.TOP + 1)))
    assert truth.loss / truth.cells == pytest.approx(floor)
    assert truth.brier == {"next": 0.0, "partner": 0.0}
    # calibration: the true worlds say what the truth holds, pair for pair, wild for wild
    assert (truth.pair_said, truth.wild_said) == (truth.pair_true, truth.wild_true)
    assert truth.views == uniform.views == 1
    assert uniform.pair_true == truth.pair_true and uniform.wild_true == truth.wild_true
    assert uniform.loss / uniform.cells > floor and uniform.brier["next"] > 0.0


def search(spec: str) -> IsmctsBot:
    bot = make_bot(spec, seed=1)
    assert isinstance(bot, IsmctsBot)
    return bot


def test_each_spec_deals_by_the_priors_its_options_name() -> None:
    bench = script()
    _, view = next(iter(bench.positions(1, 3, 5)))
    assert search("ismcts:belief=1").likelihood(view) is None
    assert search("ismcts").likelihood(view) is not None
    assert search("ismcts:belief=1,reads=1").likelihood(view) is not None
