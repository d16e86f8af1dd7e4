"""The Gymnasium environment: Gymnasium's own checker on every preset, determinism under a
seed, the rewards and their options, masks, and bad input (docs/envs.md, "Gymnasium")."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import canasta.envs
from canasta import IllegalAction
from canasta.envs.gym_env import CanastaEnv
from tests.envs.helpers import PRESETS

gymnasium.register_envs(canasta.envs)


@pytest.mark.parametrize("rules", PRESETS)
def test_check_env(rules: str) -> None:
    env = gymnasium.make(canasta.envs.ENV_ID, rules=rules, opponents="random", seat=1,
                         max_deals=1, render_mode="ansi")
    check_env(env.unwrapped)


def run(env: CanastaEnv, seed: int, steps: int) -> list[tuple[Any, ...]]:
    """``steps`` steps of uniformly random legal play; what each step returned."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    out: list[tuple[Any, ...]] = [(obs["observation"].tobytes(), info["scores"])]
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        out.append((obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward,
                    terminated, truncated))
        if terminated:
            obs, info = env.reset()
    return out


def test_the_same_seed_gives_the_same_episode() -> None:
    def make() -> CanastaEnv:
        return CanastaEnv("samba", opponents="greedy", seat=2, max_deals=1)

    assert run(make(), 4, 80) == run(make(), 4, 80)
    assert run(make(), 4, 80) != run(make(), 5, 80)


def test_the_mask_is_the_engines_legal_actions_in_every_form() -> None:
    env = CanastaEnv("classic", seat=0)
    obs, info = env.reset(seed=1)
    assert env.game is not None
    legal = sorted(a.code for a in env.game.legal_actions())
    assert list(np.flatnonzero(obs["action_mask"])) == legal
    assert list(np.flatnonzero(info["action_mask"])) == legal
    assert list(np.flatnonzero(env.action_masks())) == legal
    assert env.game.current_player == 0


def test_game_reward_is_the_engines_return_at_the_end() -> None:
    env = CanastaEnv("classic", opponents="random", seat=3, max_deals=1)
    rewards = [r for r in run_to_end(env, 2)]
    assert all(r == 0 for r in rewards[:-1]) and rewards[-1] in (-1.0, 1.0)
    assert env.game is not None
    scores = env.game.scores
    assert (rewards[-1] == 1.0) == (scores[1] > scores[0])


def run_to_end(env: CanastaEnv, seed: int) -> list[float]:
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    rewards: list[float] = []
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, _, _ = env.step(action)
        rewards.append(float(reward))
        if terminated:
            return rewards


@pytest.mark.parametrize("reward", ["deal", "shaped"])
def test_deal_rewards_add_up_to_the_score_difference(reward: str) -> None:
    """Per deal: the side's deal score less the other's; shaped adds a potential that starts
    and ends the deal at the table's worth (red 3s alone at a new deal's start)."""
    env = CanastaEnv("classic", opponents="random", seat=0, reward=reward, max_deals=2)
    total = sum(run_to_end(env, 3))
    assert env.game is not None
    results = env.game.results
    expected = sum(r.sides[0].total - r.sides[1].total for r in results[:2]) / 1000
    if reward == "shaped":
        assert env._scorer is not None
        expected += env._scorer.potential - env._scorer.start_potential
    assert total == pytest.approx(expected)


def test_an_illegal_action_changes_nothing_and_ends_the_episode() -> None:
    env = CanastaEnv("classic", seat=0)
    env.reset(seed=1)
    assert env.game is not None
    before = env.game.digest()
    _, reward, terminated, _, info = env.step(20)  # a meld before drawing
    assert (reward, terminated) == (-1.0, True)
    assert "draw" in info["illegal_action"]
    assert env.game.digest() == before
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(3)


def test_without_a_penalty_an_illegal_action_raises() -> None:
    env = CanastaEnv("classic", seat=0, illegal_reward=None)
    env.reset(seed=1)
    assert env.game is not None
    before = env.game.digest()
    with pytest.raises(IllegalAction, match="draw from the stock"):
        env.step(20)
    assert env.game.digest() == before


@pytest.mark.parametrize(("kwargs", "match"), [
    ({"rules": "no_such_rules"}, "no_such_rules"),
    ({"seat": 4}, "seat 4"),
    ({"reward": "points"}, "reward 'points'"),
    ({"max_deals": -1}, "max_deals"),
    ({"opponents": "nobody"}, "unknown bot"),
    ({"render_mode": "human"}, "render_mode"),
    ({"rules": "cutthroat", "partner": "greedy"}, "partnership at the first pile take"),
])
def test_bad_arguments_are_refused(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises((ValueError, canasta.CanastaError), match=match):
        CanastaEnv(**kwargs)


@pytest.mark.parametrize("action", [-1, 733, 2.0, True, "draw"])
def test_a_value_that_is_no_action_code_is_refused(action: Any) -> None:
    env = CanastaEnv("classic")
    env.reset(seed=0)
    with pytest.raises(ValueError, match="action"):
        env.step(action)


def test_partners_play_the_partner_spec_and_render_shows_the_view() -> None:
    env = CanastaEnv("classic", opponents="random", partner="greedy", seat=1,
                     render_mode="ansi")
    assert [env.specs[n] for n in (0, 2, 3)] == ["random", "random", "greedy"]
    env.reset(seed=0)
    assert env.game is not None
    text = env.render()
    assert text is not None and text == env.observer.string(env.game.view(1))


def two_hand_deal() -> gymnasium.Env[Any, Any]:
    return gymnasium.make(canasta.envs.ENV_ID, rules="two_hand", max_deals=1)


@pytest.mark.parametrize("vector", [gymnasium.vector.SyncVectorEnv,
                                    gymnasium.vector.AsyncVectorEnv])
@pytest.mark.parametrize("mode", [gymnasium.vector.AutoresetMode.NEXT_STEP,
                                  gymnasium.vector.AutoresetMode.SAME_STEP])
def test_the_vector_envs_autoreset_step(vector: Any, mode: Any) -> None:
    """Gymnasium 1.x autoreset (docs/envs.md, "Gymnasium"): under NEXT_STEP the observation
    that ends a game has an all-zero mask, and only it; the step after it resets that game
    (its action is ignored). Under SAME_STEP every observation's mask is valid."""
    envs = vector([two_hand_deal, two_hand_deal], autoreset_mode=mode)
    obs, _ = envs.reset(seed=1)
    ended = np.zeros(2, bool)
    games = 0
    for _ in range(500):
        masks = obs["action_mask"]
        empty = masks.sum(axis=1) == 0
        assert np.array_equal(empty, ended & (mode == gymnasium.vector.AutoresetMode.NEXT_STEP))
        actions = np.array([envs.single_action_space.sample(mask=m) for m in masks])
        obs, _, terminated, truncated, info = envs.step(actions)
        assert "illegal_action" not in info
        ended = terminated | truncated
        games += int(ended.sum())
    envs.close()
    assert games >= 4


def test_a_step_limit_is_gymnasiums_own() -> None:
    """No limit is registered (docs/envs.md: every game ends within the engine's caps, whose
    bound no game comes near); ``max_episode_steps`` to ``make`` truncates."""
    assert gymnasium.spec(canasta.envs.ENV_ID).max_episode_steps is None
    env = gymnasium.make(canasta.envs.ENV_ID, rules="classic", max_episode_steps=5)
    obs, _ = env.reset(seed=2)
    for step in range(5):
        obs, _, terminated, truncated, _ = env.step(
            env.action_space.sample(mask=obs["action_mask"]))
        assert not terminated and truncated == (step == 4)
