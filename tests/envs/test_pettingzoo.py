"""The PettingZoo AEC environment: PettingZoo's api_test and seed_test on every preset,
partners' shared rewards, the registry, and bad input (docs/envs.md, "PettingZoo")."""

from __future__ import annotations

import numpy as np
import pettingzoo
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import canasta.envs
from canasta import IllegalAction
from canasta.envs import pettingzoo as canasta_zoo
from canasta.presentation import render, table_facts
from tests.envs.helpers import PRESETS


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.parametrize("rules", PRESETS)
def test_api_and_seed(rules: str) -> None:
    api_test(canasta_zoo.env(rules=rules, max_deals=1), num_cycles=60)
    seed_test(lambda: canasta_zoo.env(rules=rules, max_deals=1), num_cycles=60)


def play_out(env: canasta_zoo.raw_env, seed: int) -> dict[str, float]:
    """A whole game of random legal play; every agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("reward", ["game", "deal"])
def test_partners_share_rewards(reward: str) -> None:
    totals = play_out(canasta_zoo.raw_env(rules="classic", reward=reward, max_deals=1), 2)
    assert totals["player_0"] == totals["player_2"]
    assert totals["player_1"] == totals["player_3"]
    assert totals["player_0"] == -totals["player_1"] != 0


def test_only_the_agent_to_act_has_a_mask() -> None:
    env = canasta_zoo.raw_env(rules="two_hand")
    env.reset(seed=3)
    assert env.game is not None
    to_act = env.agent_selection
    assert to_act == f"player_{env.game.current_player}"
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        if agent == to_act:
            assert sorted(np.flatnonzero(mask)) == sorted(
                a.code for a in env.game.legal_actions())
        else:
            assert not mask.any()


def test_an_illegal_action_ends_the_game_for_the_agent_that_played_it() -> None:
    env = canasta_zoo.raw_env(rules="classic")
    env.reset(seed=1)
    assert env.game is not None
    before, agent = env.game.digest(), env.agent_selection
    env.step(20)  # a meld before drawing
    assert env.game.digest() == before
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0 and sum(env.rewards.values()) == -1.0
    assert "draw" in env.infos[agent]["illegal_action"]


def test_without_a_penalty_an_illegal_action_raises() -> None:
    env = canasta_zoo.raw_env(rules="classic", illegal_reward=None)
    env.reset(seed=1)
    with pytest.raises(IllegalAction, match="draw from the stock"):
        env.step(20)


@pytest.mark.parametrize("kwargs", [{"rules": "nope"}, {"reward": "points"},
                                    {"max_deals": -2}, {"render_mode": "rgb_array"}])
def test_bad_arguments_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        canasta_zoo.raw_env(**kwargs)  # type: ignore[arg-type]


def test_registered_with_pettingzoo() -> None:
    env = pettingzoo.make("aec", canasta.envs.ENV_ID, rules="samba", max_deals=1)
    env.reset(seed=0)
    assert env.unwrapped.rules.name == "samba"


@pytest.mark.parametrize("rules", ["classic", "hand_and_foot"])
def test_render_test_and_the_text_table(rules: str, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's render_test; ``ansi`` is canasta.presentation's plain text of the acting
    agent's view, ``human`` prints it."""
    render_test(lambda render_mode=None: canasta_zoo.env(rules=rules, max_deals=1,
                                                          render_mode=render_mode))
    env = canasta_zoo.raw_env(rules=rules, render_mode="ansi")
    env.reset(seed=3)
    assert env.game is not None
    seat = env.possible_agents.index(env.agent_selection)
    text = env.render()
    assert text == render(table_facts(env.game.view(seat))) and "Your hand: " in text
    human = canasta_zoo.raw_env(rules=rules, render_mode="human")
    human.reset(seed=3)
    capsys.readouterr()
    assert human.render() is None
    assert capsys.readouterr().out == text + "\n\n"
