"""Canasta as a PettingZoo AEC environment: every seat an agent (docs/envs.md, "PettingZoo").

``canasta.envs.pettingzoo.env(rules="classic")`` is the environment (wrapped in PettingZoo's
order-enforcing wrapper); agents are ``player_0`` ... ``player_{n-1}``, in seat order, and the
agent to act is the engine's ``current_player``. Each observation is ``{"observation": the
observer's tensor for that seat, "action_mask": its legal action codes}`` (all 0 when it is not
that agent's turn). Rewards are ``canasta.envs.rewards``'s for every seat, so partners share
them. An illegal action raises ``IllegalAction`` with the engine's reason and changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from canasta.engine.actions import NUM_ACTIONS
from canasta.engine.game import Game
from canasta.envs.gym_env import (
    Mask,
    Observation,
    action_mask,
    load_rules,
    observation_space,
    play,
)
from canasta.envs.observation import Observer
from canasta.envs.outcome import over
from canasta.envs.rewards import REWARDS, Scorer
from canasta.presentation import render as render_text
from canasta.presentation import table_facts
from canasta.rules import RuleSet

NAME = "canasta_v0"


def env(**kwargs: Any) -> AECEnv:
    """The AEC environment (``raw_env``'s arguments), behind PettingZoo's order enforcing."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


class raw_env(AECEnv):  # type: ignore[misc]
    """A game of Canasta with one agent per seat.

    ``reward`` is ``"game"``, ``"deal"`` or ``"shaped"`` (``canasta.envs.rewards``);
    ``max_deals`` stops the game after that many deals (0: when the rules end it). An illegal
    action changes nothing in the game and ends it for every agent, with ``illegal_reward`` for
    the agent that played it and 0 for the others (PettingZoo's ``TerminateIllegalWrapper``;
    the engine's reason in its ``infos[agent]["illegal_action"]``), or raises
    ``IllegalAction`` where ``illegal_reward`` is None.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "name": NAME,
                                          "is_parallelizable": False, "render_fps": 4}

    def __init__(self, rules: RuleSet | str = "classic", reward: str = "game",
                 max_deals: int = 0, illegal_reward: float | None = -1.0,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = load_rules(rules)
        if reward not in REWARDS:
            raise ValueError(f"reward {reward!r} is not one of {', '.join(REWARDS)}")
        if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 0:
            raise ValueError(f"max_deals is a whole number >= 0, not {max_deals!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of 'human', 'ansi'")
        self.reward_kind, self.max_deals, self.render_mode = reward, max_deals, render_mode
        self.illegal_reward = illegal_reward
        players = self.rules.players.count
        self.possible_agents = [f"player_{n}" for n in range(players)]
        self.observer = Observer(self.rules)
        self.observation_spaces = {a: observation_space(self.observer)
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self.game: Game | None = None
        self._scorers: list[Scorer] = []
        self._rng, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game whose engine seed is drawn from the environment's generator (seeded by
        ``seed``)."""
        if seed is not None:
            self._rng, _ = seeding.np_random(seed)
        game = self.game = Game(self.rules, int(self._rng.integers(2**62)))
        self.agents = self.possible_agents[:]
        self._scorers = [Scorer(self.reward_kind, game, n, self.max_deals)
                         for n in range(game.num_players)]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[game.current_player]

    def observe(self, agent: str) -> Observation:
        game = self.game
        assert game is not None, "call reset() first"
        seat = self.possible_agents.index(agent)
        mask: Mask = action_mask(game) if game.current_player == seat else \
            np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": self.observer.tensor_of(game, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None, "call reset() first"
        self._cumulative_rewards[agent] = 0.0
        refusal = play(game, action, self.illegal_reward)
        if refusal is not None:
            assert self.illegal_reward is not None
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = self.illegal_reward
            self.infos[agent]["illegal_action"] = refusal
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            return
        for n, scorer in enumerate(self._scorers):
            self.rewards[self.possible_agents[n]] = scorer.reward()
        if over(game, self.max_deals):
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as the agent to act sees it, as ``canasta.presentation``'s plain text
        draws it (``render(table_facts(view))``; no other seat's cards): returned under
        ``ansi``, printed under ``human`` (None then, and before the first reset)."""
        if self.render_mode is None or self.game is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        text = render_text(table_facts(self.game.view(seat)))
        if self.render_mode == "human":
            print(text, end="\n\n")
            return None
        return text

    def close(self) -> None:
        pass


__all__ = ["NAME", "env", "raw_env"]
