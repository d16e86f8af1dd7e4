"""``bench/policy_step.py`` and ``bench/one_seat.py``: the learned steps on greedy, and a bot at
one seat of its side."""

from __future__ import annotations

from types import ModuleType

import numpy as np
import pytest

from canasta import Game
from canasta.bots.greedy import GreedyBot
from tests.scripts import load_script


def script() -> ModuleType:
    return load_script("bench/policy_step.py")


def greedy_game(seed: int, bots: list[GreedyBot]) -> list[str]:
    game = Game("classic", seed)
    played = []
    while not game.results:
        seat = game.current_player
        action = bots[seat].act(game.view(seat))
        played.append(str(action))
        game.apply(action)
    return played


def test_without_layers_or_with_a_margin_never_reached_the_learned_policy_is_greedy() -> None:
    learned = script().Learned
    weights = np.ones(154)
    greedy = greedy_game(3, [GreedyBot() for _ in range(4)])
    assert greedy_game(3, [learned([]) for _ in range(4)]) == greedy
    assert greedy_game(3, [learned([(weights, 1e9)]) for _ in range(4)]) == greedy


def test_a_layer_overrides_the_choice_so_far_where_it_predicts_a_gain() -> None:
    module = script()
    game = Game("classic", 3)
    greedy = GreedyBot()
    while True:  # the first choice of greedy self-play the learned policy may change
        view = game.view(game.current_player)
        found = module.Learned([]).pick(view)
        if found is not None:
            break
        game.apply(greedy.act(view))
    actions, x, chosen, greedy_index = found
    assert chosen == greedy_index and x.shape == (len(actions), 154)
    other = (greedy_index + 1) % len(actions)
    weights = np.linalg.lstsq(x, np.eye(len(actions))[other] * 10, rcond=None)[0]
    assert module.Learned([(weights, 0.0)]).pick(view)[2] == other
    assert module.Learned([(weights, 0.0)]).decide(view).action == actions[other]


def test_each_choice_is_valued_for_every_candidate_and_names_the_policys_choice() -> None:
    rows = script().valued_choices(5, 1, [])
    assert rows
    for x, values, chosen in rows:
        assert x.shape[0] == len(values) >= 2 and 0 <= chosen < len(values)
        assert all(-1.0 <= v <= 1.0 for v in values)


@pytest.mark.parametrize("argv", [["--rounds", "0"], ["--held", "-1"], ["--learn", "0"],
                                  ["--games", "1"], ["--round-deals", "0"]])
def test_policy_step_refuses_counts_out_of_range(argv: list[str],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        script().main(argv)
    assert "at least" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "words"), [(["nope:x=1"], "unknown bot"),
                                             (["greedy", "--deals", "0"], "at least 1")])
def test_one_seat_refuses_a_bad_bot_or_count(argv: list[str], words: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        load_script("bench/one_seat.py").main(argv)
    assert words in capsys.readouterr().err
