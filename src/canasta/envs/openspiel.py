"""Canasta as an OpenSpiel Python game: ``python_canasta`` (docs/envs.md, "OpenSpiel").

Importing this module registers the game, so that ::

    import canasta.envs.openspiel
    game = pyspiel.load_game("python_canasta(rules=samba,max_deals=1)")

works and OpenSpiel's own tools (``random_sim_test``, ``evaluate_bots``, MCTS, the RL
environment wrapper) run on it unchanged. Parameters:

- ``rules``: a preset name or a rules file path (``canasta.rules.load``);
- ``max_deals``: stop after this many deals, the side ahead on points winning (0: play to the
  end the rules set, stopping after ``longest_deals`` if the rules set no deal count; a
  ``max_deals`` past that is refused, ``deal_limit``);
- ``seed``: -1 (the default) for a chance node that draws the game's shuffle uniformly from
  ``seeds`` outcomes; a seed >= 0 for that one game (a chance node with one outcome);
- ``seeds``: how many shuffles the chance node draws from.

Chance: the engine deals and draws from its seed (a game is its rules, its seed and its
actions), so the only chance node is the first, whose outcome is the seed. No player observes
it; every card a seat sees reaches its observation through its view, which is the extensive
form of the deal with the chance moves made up front and revealed as play shows them.

Every action code is the engine's (``canasta.engine.actions``); legality, the score and the
end of the game are the engine's (``Game.legal_actions``, ``Game.returns``); partners get equal
returns.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from canasta.engine.actions import ALL_ACTIONS, NUM_ACTIONS
from canasta.engine.determinize import determinize
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.envs.observation import Observer
from canasta.envs.outcome import final_returns, over
from canasta.envs.recall import Recall
from canasta.errors import CanastaError
from canasta.rules import RuleSet, load

SHORT_NAME = "python_canasta"
_DEFAULTS: dict[str, Any] = {"rules": "classic", "max_deals": 0, "seed": -1, "seeds": 1 << 16}
_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)
#: The longest game length pyspiel's GameInfo holds (a C++ int).
_INT32_MAX = 2 ** 31 - 1
#: The chance outcome in a resampled state's history: no shuffle (OpenSpiel refuses -1).
UNKNOWN_SHUFFLE = -2


def _game_type(rules: RuleSet | None) -> pyspiel.GameType:
    """The game type; a rule set with two even sides is zero-sum, any other general-sum."""
    zero_sum = rules is None or (rules.players.sides == 2
                                 and rules.players.count % 2 == 0)
    return pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Python Canasta (canasta engine, every preset)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


def _actions_per_deal(rules: RuleSet) -> int:
    """An upper bound on a deal's actions: every turn the engine allows
    (``limits.max_turns_per_hand``) with its most actions (asking and answering, the draw,
    every card of the pack laid after each allowed retract, the discard)."""
    pack = rules.deck.decks * 54 + rules.deck.jokers
    per_turn = 6 + (rules.limits.retracts_per_turn + 1) * pack
    return rules.limits.max_turns_per_hand * per_turn


def longest_deals(rules: RuleSet) -> int:
    """The most deals whose ``max_length`` fits pyspiel's 32-bit game length: the largest
    ``max_deals`` accepted under rules that set no deal count of their own (3,139 for classic,
    2,105 for samba)."""
    return (_INT32_MAX - 1) // _actions_per_deal(rules)


def deal_limit(rules: RuleSet, max_deals: int) -> int:
    """The deals after which ``python_canasta`` stops (0: the rules end the game first).

    ``max_deals`` when it is given; with 0, the rules' own deal count (``game.deals``, Hand
    and Foot's 4) ends the game, and a game played to a target, which has no bound, stops
    after ``longest_deals`` (the side ahead winning, as with ``max_deals``), so that the
    declared length is a true bound. Raises ``ValueError`` naming the largest ``max_deals``
    accepted when the game could run longer than pyspiel can declare."""
    longest = longest_deals(rules)
    own = rules.game.deals
    if max_deals == 0:
        return 0 if 0 < own <= longest else longest
    if max_deals > longest and not 0 < own <= longest:
        raise ValueError(f"python_canasta: max_deals={max_deals} is too long for pyspiel's "
                         f"32-bit game length under these rules: the largest accepted is "
                         f"{longest} (0 plays to the rules' end, stopping after {longest})")
    return max_deals


def max_length(rules: RuleSet, max_deals: int) -> int:
    """An upper bound on a game's actions: the chance node, then every action of each deal
    played (``deal_limit``, or the rules' own deal count when it is smaller)."""
    limit = deal_limit(rules, max_deals)
    own = rules.game.deals
    deals = min(limit, own) if limit and own else limit or own
    return 1 + deals * _actions_per_deal(rules)


class CanastaGame(pyspiel.Game):  # type: ignore[misc]
    """``python_canasta``: one rule set, its deal limit and its chance node."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_DEFAULTS, **(params or {})}
        try:
            rules = load(str(values["rules"]))
        except CanastaError as exc:
            raise ValueError(f"python_canasta: {exc}") from None
        max_deals, seed, seeds = (int(values[k]) for k in ("max_deals", "seed", "seeds"))
        if max_deals < 0 or seeds < 1 or seed < -1:
            raise ValueError(f"python_canasta: max_deals must be >= 0, seeds >= 1 and seed "
                             f">= -1 (got {max_deals}, {seeds}, {seed})")
        players = rules.players.count
        length = max_length(rules, max_deals)  # raises before pyspiel's TypeError would
        max_deals = deal_limit(rules, max_deals)
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=1 if seed >= 0 else seeds,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if _game_type(rules).utility == pyspiel.GameType.Utility.ZERO_SUM
            else None,
            max_game_length=length,
        )
        super().__init__(_game_type(rules), info, values)
        self.rules, self.max_deals = rules, max_deals
        self.config = _Config(rules, max_deals, [(seed, 1.0)] if seed >= 0 else
                              [(o, 1.0 / seeds) for o in range(seeds)])

    def new_initial_state(self) -> CanastaState:
        return CanastaState(self)

    def make_py_observer(self, iig_obs_type: pyspiel.IIGObservationType | None = None,
                         params: dict[str, Any] | None = None) -> CanastaObserver:
        """The observer of ``iig_obs_type``: perfect recall adds the deal's memory
        (``Recall``); private information ``NONE`` drops the own hand, ``SINGLE_PLAYER``
        keeps it, ``ALL_PLAYERS`` adds every other seat's hand (``Layout``'s ``hands``: an
        oracle, for training or analysis with the cards shown). Observer parameters are
        refused: there are none."""
        if params:
            raise ValueError(f"python_canasta: observer parameters are not supported: {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        private = kind.private_info
        return CanastaObserver(Observer(
            self.rules,
            private=private != pyspiel.PrivateInfoType.NONE,
            public=kind.public_info,
            recall=kind.perfect_recall,
            every_hand=private == pyspiel.PrivateInfoType.ALL_PLAYERS))


class _Config:
    """What every state of one game shares (its rules, deal limit and chance outcomes): never
    copied when OpenSpiel clones a state."""

    __slots__ = ("max_deals", "outcomes", "rules")

    def __init__(self, rules: RuleSet, max_deals: int, outcomes: list[tuple[int, float]]) -> None:
        self.rules, self.max_deals, self.outcomes = rules, max_deals, outcomes

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self


class _Engine:
    """The engine's game inside a pyspiel state; copied with ``Game.clone`` (OpenSpiel clones
    states by deep copy, which would copy the rule set too)."""

    __slots__ = ("game", "max_deals", "over", "recall", "views")

    def __init__(self, game: Game, recall: Recall, max_deals: int) -> None:
        self.game, self.recall, self.max_deals = game, recall, max_deals
        self.over = over(game, max_deals)  # asked far more often than it changes
        self.views: dict[int, PlayerView] = {}  # the views made since the last action

    def view(self, seat: int) -> PlayerView:
        """``seat``'s view now (made once per position)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.game.view(seat)
        return view

    def apply(self, code: int) -> None:
        game = self.game
        seat = game.current_player
        game.apply(code)
        self.over = over(game, self.max_deals)
        self.views.clear()
        self.recall.update(seat, code, self.view, game.current_player)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game.clone(), self.recall.copy(), self.max_deals)


class _Replay:
    """Stands in for the engine while a resampled state's OpenSpiel history is written: the
    players recorded as they acted, and ``apply`` plays nothing."""

    __slots__ = ("acting", "current_player", "game", "over")

    def __init__(self, players: list[int]) -> None:
        self.acting, self.over, self.game = iter(players), False, self
        self.current_player = next(self.acting, _TERMINAL)

    def apply(self, code: int) -> None:
        self.current_player = next(self.acting, _TERMINAL)


class CanastaState(pyspiel.State):  # type: ignore[misc]
    """A game of ``python_canasta``: the chance node, then the engine's game."""

    def __init__(self, game: CanastaGame) -> None:
        super().__init__(game)
        self._config = game.config
        self._engine: _Engine | None = None

    @property
    def engine(self) -> Game | None:
        """The engine's game (None at the chance node)."""
        return None if self._engine is None else self._engine.game

    def current_player(self) -> int:
        engine = self._engine
        if engine is None:
            return _CHANCE
        if engine.over:
            return _TERMINAL
        return engine.game.current_player

    def _legal_actions(self, player: int) -> list[int]:
        assert self._engine is not None
        return sorted(a.code for a in self._engine.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._config.outcomes

    def _apply_action(self, action: int) -> None:
        if self._engine is None:
            if action < 0:
                raise ValueError(f"python_canasta: {action} is no shuffle (a resampled "
                                 "state's history starts with no shuffle: no seed deals it)")
            game = Game(self._config.rules, seed=int(action))
            self._engine = _Engine(game, Recall(game.view, game.num_players),
                                   self._config.max_deals)
            return
        self._engine.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"shuffle {action}"
        return str(ALL_ACTIONS[action])

    def is_terminal(self) -> bool:
        return self._engine is not None and self._engine.over

    def returns(self) -> list[float]:
        if self._engine is None:
            return [0.0] * self._config.rules.players.count
        return final_returns(self._engine.game, self._config.max_deals)

    def resample_from_infostate(self, player: int, sampler: Callable[[], float]
                                ) -> CanastaState:
        """A state ``player`` cannot tell from this one, as OpenSpiel's ISMCTS samples its
        worlds (docs/envs.md, "Search"): the cards ``player`` cannot see (the other hands
        beyond what is known of them, the feet, the cards under the pile, the bonus piles and
        the stock) dealt at random by the engine's determinization
        (``canasta.engine.determinize``), later deals from a drawn seed, the randomness drawn
        from ``sampler`` (a ``pyspiel.UniformProbabilitySampler``: a float in [0, 1)).

        ``player``'s view, observations and information state are this state's. Its history
        holds the same actions by the same players after the chance outcome
        ``UNKNOWN_SHUFFLE`` (-2): no seed deals the sampled cards, and the real one is the
        secret. The other seats' private memory starts from their sampled hands
        (``Recall.resampled``)."""
        engine = self._engine
        state = CanastaState(self.get_game())
        if engine is None:
            return state
        rng = random.Random(int(sampler() * 2 ** 53))
        sample = determinize(engine.view(player), rng)
        sample.history = engine.game.history[:]
        state._engine = _Replay([h.player for h in self.full_history()])  # type: ignore[assignment]
        for action in (UNKNOWN_SHUFFLE, *self.history()[1:]):
            state.apply_action(action)
        state._engine = _Engine(sample, engine.recall.resampled(player, sample.view),
                                engine.max_deals)
        return state

    def __str__(self) -> str:
        """The whole state (docs/positions.md), for debugging: it shows every hand."""
        return "chance: the shuffle" if self._engine is None else self._engine.game.position()


class CanastaObserver:
    """OpenSpiel's observer interface (``set_from``, ``string_from``, ``tensor``, ``dict``)
    over the one observer of ``canasta.envs.observation``."""

    def __init__(self, observer: Observer) -> None:
        self.observer = observer
        self.tensor = np.zeros(observer.layout.size, np.float32)
        self.dict = observer.layout.unpack(self.tensor)

    def set_from(self, state: CanastaState, player: int) -> None:
        engine = state._engine
        if engine is None:
            self.tensor.fill(0)
            return
        if self.observer.layout.every_hand:  # an oracle reads the game, not the view
            self.tensor[:] = self.observer.tensor_of(engine.game, player, engine.recall)
            return
        self.tensor[:] = self.observer.tensor(engine.view(player), engine.recall)

    def string_from(self, state: CanastaState, player: int) -> str:
        engine = state._engine
        if engine is None:
            return f"seat {player} | chance: the shuffle"
        text = self.observer.string(engine.view(player), engine.recall, engine.view)
        if self.observer.layout.recall:
            # Perfect recall: every action played is public (a draw does not show its card).
            text += " | history " + ",".join(str(c) for c in engine.game.history)
        return text


pyspiel.register_game(_game_type(None), CanastaGame)

__all__ = ["SHORT_NAME", "UNKNOWN_SHUFFLE", "CanastaGame", "CanastaObserver", "CanastaState",
           "deal_limit", "longest_deals", "max_length"]
