"""Search on ``python_canasta``: OpenSpiel's information-set MCTS plays whole deals through
``resample_from_infostate``, whose states keep everything the player has seen and vary the
rest (docs/envs.md, "Search")."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import canasta.envs.openspiel as canasta_spiel
from canasta.engine.game import Game
from tests.envs.helpers import PRESETS, random_action


def engine_of(state: pyspiel.State) -> Game:
    assert isinstance(state, canasta_spiel.CanastaState)
    game = state.engine
    assert game is not None
    return game


def position(rules: str, seed: int, actions: int) -> pyspiel.State:
    """A state of ``rules`` (one deal) after ``actions`` random actions (fewer if it ends;
    ``random_action``: conceding only when nothing else is legal)."""
    state = pyspiel.load_game(f"python_canasta(rules={rules},max_deals=1)").new_initial_state()
    state.apply_action(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(random_action(engine_of(state), rng).code)
    return state


def moves(state: pyspiel.State) -> list[tuple[int, int]]:
    return [(h.player, h.action) for h in state.full_history()]


def hidden_cards(game: Game, seat: int) -> tuple[object, ...]:
    """What ``seat`` cannot see: the other hands, the feet, the stock, the cards under the
    pile and the bonus piles."""
    s = game.state
    return (tuple((tuple(p.hand), p.foot, p.cards and tuple(p.cards))
                  for n, p in enumerate(s.seats) if n != seat),
            tuple(s.table.stock), tuple(s.table.under), s.table.bonus)


@pytest.mark.parametrize("rules", ["classic", "hand_and_foot"])
def test_ismcts_plays_a_whole_deal(rules: str) -> None:
    """OpenSpiel's Python ISMCTS, every seat, random rollouts: it asserts at every decision
    that each sampled root gives the player the information state of the real one."""
    game = pyspiel.load_game(f"python_canasta(rules={rules},max_deals=1)")
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(2)),
                           uct_c=2.0, max_simulations=2, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    state.apply_action(3)
    decisions = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        decisions += 1
    assert engine_of(state).state.match.deal == 2 and decisions > 50
    returns = state.returns()
    assert returns[0] == returns[2] and returns[1] == returns[3] and sum(returns) == 0


@pytest.mark.parametrize("rules", PRESETS)
def test_a_resampled_state_keeps_what_the_player_saw_and_varies_the_rest(rules: str) -> None:
    state = position(rules, 5, 45)
    assert not state.is_terminal()
    real = engine_of(state)
    for player in range(state.num_players()):
        samples = set()
        for _ in range(8):
            other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
            sample = engine_of(other)
            assert sample.view(player) == real.view(player)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.observation_tensor(player) == state.observation_tensor(player)
            assert other.current_player() == state.current_player()
            if player == state.current_player():  # another seat's legal actions are hidden
                assert other.legal_actions() == state.legal_actions()
            assert moves(other)[1:] == moves(state)[1:]
            assert other.history()[0] == canasta_spiel.UNKNOWN_SHUFFLE
            samples.add(hidden_cards(sample, player))
        assert len(samples) > 1, "the hidden cards never varied"


def test_the_other_seats_memory_is_of_the_sample_not_the_real_game() -> None:
    """The resampled state's information states of the other seats hold their sampled hands
    only, none of the real game's hidden past."""
    state = position("classic", 2, 60)
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(7, 0., 1.))
    sample = engine_of(other)
    for seat in (1, 2, 3):
        text = other.information_state_string(seat)
        hand = text.split(" | hand [")[1].split("]")[0]
        assert text.split(" | my hands ")[1].split(" | ")[0] == f"sampled [{hand}]"
        assert sample.view(seat) != engine_of(state).view(seat)


def test_the_sampler_draws_the_sample_and_the_chance_node_resamples_to_a_new_deal() -> None:
    state = position("samba", 4, 30)
    first, again = (engine_of(state.resample_from_infostate(
        1, pyspiel.UniformProbabilitySampler(3, 0., 1.))) for _ in range(2))
    assert first.digest() == again.digest()
    chance = pyspiel.load_game("python_canasta").new_initial_state()
    fresh = chance.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0., 1.))
    assert fresh.is_chance_node() and fresh.history() == []


def test_a_resampled_state_serialises_as_the_sampled_world() -> None:
    """OpenSpiel serialises a Python state with its attributes: the sample comes back; its
    history's first outcome is no shuffle, and a state refuses it at the chance node."""
    state = position("classic", 1, 20)
    game = state.get_game()
    other = state.resample_from_infostate(2, pyspiel.UniformProbabilitySampler(0., 1.))
    again = game.deserialize_state(other.serialize())
    assert engine_of(again).digest() == engine_of(other).digest()
    with pytest.raises(ValueError, match="-2 is no shuffle"):
        game.new_initial_state().apply_action(canasta_spiel.UNKNOWN_SHUFFLE)
