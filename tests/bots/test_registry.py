"""Bots by name, with options; the protocol every bot meets."""

from __future__ import annotations

import pytest

from canasta import Game
from canasta.bots import Bot, BotError, bot_names, make_bot, parse_spec
from canasta.bots.ismcts import IsmctsBot


def test_names_and_specs() -> None:
    assert bot_names() == ["greedy", "ismcts", "random"]
    assert parse_spec("ismcts:iterations=20, seconds=0.5,x=y") == (
        "ismcts", {"iterations": 20, "seconds": 0.5, "x": "y"})
    bot = make_bot("ismcts:iterations=20,horizon=3", seed=4)
    assert isinstance(bot, IsmctsBot) and bot.iterations == 20 and bot.horizon == 3


@pytest.mark.parametrize(("spec", "message"), [
    ("nobody", "unknown bot 'nobody'"),
    ("greedy:depth", "is not key=value"),
    ("ismcts:seconds=1,processes=2,seconds=2", "option 'seconds' is given twice"),
    ("random:speed=3", "random: no option 'speed' \\(it takes none\\)"),
    ("greedy:x=1", "greedy: no option 'x' \\(its options: take_threshold, keep_cards"),
    # of the right type and finite, in the option's own words (issue 26)
    ("ismcts:iterations=nan", "ismcts: iterations=nan: expected a whole number"),
    ("ismcts:iterations=1.5", "ismcts: iterations=1.5: expected a whole number"),
    ("ismcts:iterations=abc", "ismcts: iterations=abc: expected a whole number"),
    ("ismcts:z=nan", "ismcts: z=nan: expected a finite number"),
    ("ismcts:scale=nan", "ismcts: scale=nan: expected a finite number"),
    ("ismcts:seconds=inf", "ismcts: seconds=inf: expected a finite number"),
    ("ismcts:horizon=nan", "ismcts: horizon=nan: expected a whole number"),
    ("ismcts:seconds=1e999", "ismcts: seconds=inf: expected a finite number"),
    ("greedy:keep_cards=2.5", "greedy: keep_cards=2.5: expected a whole number"),
    ("greedy:take_threshold=nan", "greedy: take_threshold=nan: expected a finite number"),
    ("ismcts:iterations=" + "9" * 5000, "ismcts: iterations=inf: expected a whole number"),
    ("ismcts:iterations=-1", "must be >= 0"),
    ("ismcts:belief=1.5", "belief between 0 and 1"),
    ("ismcts:settle=-2", "settle, prune, bank and discards must be >= 0"),
])
def test_bad_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(BotError, match=message):
        make_bot(spec)


def test_a_float_option_takes_a_whole_number() -> None:
    bot = make_bot("ismcts:seconds=1,scale=500", seed=1)
    assert isinstance(bot, IsmctsBot) and bot.seconds == 1 and bot.scale == 500


@pytest.mark.parametrize("name", ["random", "greedy", "ismcts:iterations=4,horizon=2"])
def test_every_bot_meets_the_protocol(name: str) -> None:
    bot = make_bot(name, seed=1)
    assert isinstance(bot, Bot)
    game = Game("classic", 5)
    view = game.view(game.current_player)
    decision = bot.decide(view)
    assert decision.action in view.legal_actions and decision.reason
    line = make_bot(name, seed=1).explain(view)
    assert line.startswith(f"{decision.action}: ")


def test_the_search_bot_is_deterministic_for_a_seed() -> None:
    game = Game("classic", 8)
    for _ in range(3):
        game.apply(make_bot("greedy").act(game.view(game.current_player)))
    view = game.view(game.current_player)
    runs = {make_bot("ismcts:iterations=12,horizon=3", seed=2).explain(view) for _ in range(3)}
    assert len(runs) == 1


def test_the_search_bot_runs_on_a_time_budget() -> None:
    game = Game("two_hand", 1)
    bot = make_bot("ismcts:seconds=0.05,horizon=1", seed=1)
    view = game.view(game.current_player)
    assert bot.act(view) in view.legal_actions


def test_the_search_bot_deviates_only_on_a_clear_paired_gain() -> None:
    from canasta.bots.outcomes import paired_gain

    mean, low = paired_gain([0.5, 0.7, 0.9], [0.1, 0.4, 0.5], z=1.0)
    gains = [0.4, 0.3, 0.4]
    sd = (sum((g - sum(gains) / 3) ** 2 for g in gains) / 2) ** 0.5
    assert mean == pytest.approx(1.1 / 3) and low == pytest.approx(1.1 / 3 - sd / 3 ** 0.5)
    assert paired_gain([0.2], [0.5], z=1.0) == pytest.approx((-0.3, -0.3))
    noisy = paired_gain([1.0, -1.0, 1.0, -1.0], [0.0, 0.0, 0.0, 0.0], z=1.0)
    assert noisy[0] == 0.0 and noisy[1] < 0
