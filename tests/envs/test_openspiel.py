"""The OpenSpiel game ``python_canasta``: OpenSpiel's own random simulation test on every
preset, and the game's parameters, chance node, returns and observers."""

from __future__ import annotations

import itertools

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import canasta.envs.openspiel as canasta_spiel
from canasta.cards import SUITED
from canasta.envs.observation import Observer
from canasta.rules import load
from tests.envs.helpers import PRESETS


@pytest.mark.parametrize("rules", PRESETS)
def test_random_simulation(rules: str) -> None:
    """OpenSpiel's random_sim_test: legal actions and masks, clones, observers, returns."""
    game = pyspiel.load_game(f"python_canasta(rules={rules},max_deals=1)")
    assert game.num_players() == load(rules).players.count
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def play(state: pyspiel.State, seed: int) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def play_some(game: pyspiel.Game, actions: int) -> pyspiel.State:
    """A state after the shuffle 5 and ``actions`` first legal actions."""
    state = game.new_initial_state()
    state.apply_action(5)
    for _ in range(actions):
        state.apply_action(state.legal_actions()[0])
    return state


def test_partners_share_returns_and_the_game_is_zero_sum() -> None:
    game = pyspiel.load_game("python_canasta(rules=classic,max_deals=1)")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    returns = play(game.new_initial_state(), 1).returns()
    assert returns[0] == returns[2] and returns[1] == returns[3]
    assert sum(returns) == 0
    three = pyspiel.load_game("python_canasta(rules=three_hand,max_deals=1)")
    assert three.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_a_fixed_seed_is_one_game_and_the_history_replays_it() -> None:
    game = pyspiel.load_game("python_canasta(rules=classic,max_deals=1,seed=7)")
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(7, 1.0)]
    first = play(state, 3)
    assert first.engine is not None and first.engine.seed == 7
    again = game.new_initial_state()
    for action in first.history():
        again.apply_action(action)
    assert again.engine is not None and again.engine.digest() == first.engine.digest()
    assert again.returns() == first.returns()


def test_information_state_tensor_is_the_observer_with_recall() -> None:
    game = pyspiel.load_game("python_canasta(rules=samba,max_deals=1)")
    state = game.new_initial_state()
    state.apply_action(11)
    for _ in range(30):
        state.apply_action(state.legal_actions()[-1])
    rules = load("samba")
    assert game.information_state_tensor_size() == Observer(rules, recall=True).layout.size
    assert game.observation_tensor_size() == Observer(rules).layout.size
    engine = state.engine
    assert engine is not None
    seat = state.current_player()
    assert np.array_equal(np.asarray(state.observation_tensor(seat), np.float32),
                          Observer(rules).tensor(engine.view(seat)))
    assert "history " in state.information_state_string(seat)
    assert "history " not in state.observation_string(seat)


def test_a_clone_is_independent() -> None:
    game = pyspiel.load_game("python_canasta(rules=classic,max_deals=1,seed=2)")
    state = game.new_initial_state()
    state.apply_action(2)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1
    assert state.engine is not None and clone.engine is not None
    assert state.engine.digest() != clone.engine.digest()


@pytest.mark.parametrize("params", ["rules=no_such_rules", "max_deals=-1", "seeds=0",
                                     "seed=-2"])
def test_bad_parameters_are_refused(params: str) -> None:
    with pytest.raises(Exception, match="python_canasta"):
        pyspiel.load_game(f"python_canasta({params})")


def test_the_game_is_registered() -> None:
    assert canasta_spiel.SHORT_NAME in pyspiel.registered_names()


def test_a_state_serialises_as_its_history() -> None:
    game = pyspiel.load_game("python_canasta(rules=samba,max_deals=1)")
    state = game.new_initial_state()
    state.apply_action(9)
    for _ in range(40):
        state.apply_action(state.legal_actions()[0])
    again = game.deserialize_state(state.serialize())
    assert again.engine is not None and state.engine is not None
    assert again.engine.digest() == state.engine.digest()
    assert again.information_state_tensor(1) == state.information_state_tensor(1)


def test_the_information_state_string_only_ever_grows() -> None:
    """Perfect recall: what a seat knew at a turn is still in what it knows at its next."""
    game = pyspiel.load_game("python_canasta(rules=classic,max_deals=1,seed=4)")
    state = game.new_initial_state()
    state.apply_action(4)
    rng = np.random.default_rng(4)
    memory: list[tuple[str, str]] = []
    while not state.is_terminal() and len(memory) < 40:
        if state.current_player() == 0:
            text = state.information_state_string(0)
            hands = text.split(" | my hands ")[1].split(" | ")[0]
            memory.append((hands, text.split(" | history ")[1]))
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert len(memory) >= 10
    for (hands, history), (later_hands, later_history) in itertools.pairwise(memory):
        assert later_hands.startswith(hands) and later_history.startswith(history)
    assert len(memory[-1][0]) > len(memory[0][0])


@pytest.mark.parametrize("rules", PRESETS)
def test_every_preset_declares_a_length_pyspiel_accepts(rules: str) -> None:
    """max_deals 0 (to the rules' end) and the largest accepted both load with a bound that
    covers every deal the game can play."""
    ruleset = load(rules)
    longest = canasta_spiel.longest_deals(ruleset)
    for max_deals in (0, longest):
        game = pyspiel.load_game("python_canasta", {"rules": rules, "max_deals": max_deals})
        assert 0 < game.max_game_length() <= 2 ** 31 - 1
        assert isinstance(game, canasta_spiel.CanastaGame)
        stops = game.max_deals or ruleset.game.deals
        assert 0 < stops <= longest
        assert game.max_game_length() == canasta_spiel.max_length(ruleset, stops)


def test_max_deals_past_the_largest_accepted_is_refused_naming_it() -> None:
    assert canasta_spiel.longest_deals(load("classic")) == 3139
    pyspiel.load_game("python_canasta", {"rules": "classic", "max_deals": 3139})
    with pytest.raises(ValueError, match="max_deals=3140 .* the largest accepted is 3139"):
        pyspiel.load_game("python_canasta", {"rules": "classic", "max_deals": 3140})
    # Hand and Foot's rules end the game after 4 deals: any max_deals is within the bound.
    feet = pyspiel.load_game("python_canasta", {"rules": "hand_and_foot", "max_deals": 1300})
    assert feet.max_game_length() == canasta_spiel.max_length(load("hand_and_foot"), 4)


def test_a_game_to_the_target_stops_after_the_longest_deals() -> None:
    game = pyspiel.load_game("python_canasta(rules=classic)")
    assert isinstance(game, canasta_spiel.CanastaGame)
    assert game.max_deals == 3139
    feet = pyspiel.load_game("python_canasta(rules=hand_and_foot)")
    assert isinstance(feet, canasta_spiel.CanastaGame) and feet.max_deals == 0


def observe(game: pyspiel.Game, state: pyspiel.State, player: int,
            private: pyspiel.PrivateInfoType, recall: bool = False) -> tuple[np.ndarray, str]:
    observer = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=recall, private_info=private))
    observer.set_from(state, player)
    return observer.tensor.copy(), observer.string_from(state, player)


@pytest.mark.parametrize("rules", ["classic", "samba"])
def test_all_players_adds_exactly_the_other_seats_cards(rules: str) -> None:
    game = pyspiel.load_game(f"python_canasta(rules={rules},max_deals=1)")
    state = play_some(game, 30)
    engine = state.engine
    players = game.num_players()
    kinds = pyspiel.PrivateInfoType
    for player in range(players):
        for recall in (False, True):
            none, none_text = observe(game, state, player, kinds.NONE, recall)
            single, single_text = observe(game, state, player, kinds.SINGLE_PLAYER, recall)
            every, every_text = observe(game, state, player, kinds.ALL_PLAYERS, recall)
            assert np.array_equal(every[:single.size], single)
            layout = Observer(load(rules), every_hand=True, recall=recall).layout
            fields = layout.unpack(every)
            others = [engine.state.seats[(player + r) % players] for r in range(1, players)]
            assert fields["hands"].tolist() == [list(p.hand) for p in others]
            assert every.size - single.size == fields["hands"].size + (
                fields["hands_suited"].size if "hands_suited" in fields else 0)
            if "hands_suited" in fields:
                assert fields["hands_suited"].tolist() == [list(p.cards[SUITED:]) for p in others]
            # The text: the single player's, and each other seat's hand as its own text has it.
            parts = every_text.split(" | ")
            hands = next(part for part in parts if part.startswith("hands "))
            parts.remove(hands)
            assert " | ".join(parts) == single_text
            assert "hand [" not in none_text and "hand [" in single_text
            own_cards = single.size - none.size  # NONE: the single player's less its hand
            assert np.array_equal(np.concatenate([single[:players], single[players + own_cards:]]),
                                  none)
            for r in range(1, players):
                seat = (player + r) % players
                own = observe(game, state, seat, kinds.SINGLE_PLAYER)[1].split(" | ")[1]
                assert f"{seat}:[{own.removeprefix('hand [')}" in hands


def test_unsupported_observer_parameters_are_refused() -> None:
    game = pyspiel.load_game("python_canasta(rules=classic,max_deals=1)")
    with pytest.raises(ValueError, match="observer parameters are not supported"):
        game.make_py_observer(None, {"colour": "red"})
