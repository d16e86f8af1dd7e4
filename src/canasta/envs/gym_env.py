"""Canasta as a Gymnasium environment: the agent plays one seat, bots play the others.

``gymnasium.make("canasta/Canasta-v0", rules="classic", opponents="greedy", seat=0)`` after
``gymnasium.register_envs(canasta.envs)`` (docs/envs.md, "Gymnasium"). Observations are
``{"observation": the observer's tensor, "action_mask": the legal action codes}``; the mask
is also in ``info["action_mask"]`` and ``action_masks()`` (what sb3-contrib's MaskablePPO
reads). Actions are the engine's action codes; an illegal one raises ``IllegalAction`` with
the engine's reason and changes nothing.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from canasta.bots import make_bot
from canasta.bots.base import Bot
from canasta.bots.random_bot import RandomBot
from canasta.engine.actions import ALL_ACTIONS, CODE, NUM_ACTIONS
from canasta.engine.game import Game
from canasta.engine.tables import tables_for
from canasta.envs import ENV_ID
from canasta.envs.observation import Observer, Vector
from canasta.envs.outcome import over
from canasta.envs.rewards import REWARDS, Scorer
from canasta.errors import CanastaError, IllegalAction
from canasta.rules import RuleSet, load
from canasta.sim.games import bot_seed

Observation = dict[str, Any]  #: {"observation": tensor, "action_mask": 0/1 int8}
Mask = npt.NDArray[np.int8]
#: Games ``reset`` tries before giving up on the agent ever getting a turn.
_TRIES = 100


def observation_space(observer: Observer) -> spaces.Dict:
    """The space of the environments' observations: the tensor and the action mask."""
    layout = observer.layout
    return spaces.Dict({
        "observation": spaces.Box(layout.low, layout.high, (layout.size,), np.float32),
        "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
    })


def action_mask(game: Game) -> Mask:
    """The legal action codes of the player to act as a 0/1 vector (all 0 once over), a new
    writable array (set in a ``bytearray``: cheaper than numpy's indexing for a few codes)."""
    mask = bytearray(NUM_ACTIONS)
    if not game.is_terminal():
        for action in game.legal_actions():
            mask[CODE[action]] = 1
    return np.frombuffer(mask, np.int8)


def play(game: Game, action: object, illegal_reward: float | None) -> str | None:
    """Apply ``action`` (an action code) to ``game``: None when it was played, the engine's
    reason when it is not legal now (the game unchanged: ``Game.apply`` checks it, once).
    With ``illegal_reward`` None an illegal action raises ``IllegalAction``; a value that is
    no action code raises ``ValueError``."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ValueError(f"an action is an action code (an int), not {action!r}")
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action code {action} is not in 0..{NUM_ACTIONS - 1}")
    try:
        game.apply(ALL_ACTIONS[action])  # the action itself: no code to parse again
    except IllegalAction as refused:
        if illegal_reward is None:
            raise
        return refused.reason
    return None


def load_rules(rules: RuleSet | str) -> RuleSet:
    """A rule set given as itself, a preset name or a file path; ``ValueError`` otherwise."""
    if isinstance(rules, RuleSet):
        return rules
    try:
        return load(rules)
    except CanastaError as exc:
        raise ValueError(str(exc)) from None


class CanastaEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a game of Canasta against bots.

    ``opponents`` is a bot spec (``canasta.bots.make_bot``) for every other seat, ``partner``
    one for the agent's partners (default: the opponents' spec; refused where partnerships
    form during the deal, ``players.partners_at_pile``); ``reward`` is ``"game"``,
    ``"deal"`` or ``"shaped"`` (``canasta.envs.rewards``); ``max_deals`` stops the game after
    that many deals (0: when the rules end it). An illegal action changes nothing in the game
    and ends the episode with ``illegal_reward`` (the engine's reason in
    ``info["illegal_action"]``), or raises ``IllegalAction`` where ``illegal_reward`` is None.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Env's own name)

    def __init__(self, rules: RuleSet | str = "classic", opponents: str = "random",
                 partner: str | None = None, seat: int = 0, reward: str = "game",
                 max_deals: int = 0, illegal_reward: float | None = -1.0,
                 render_mode: str | None = None) -> None:
        self.rules = load_rules(rules)
        players = self.rules.players.count
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} is not in this game (0 to {players - 1})")
        if reward not in REWARDS:
            raise ValueError(f"reward {reward!r} is not one of {', '.join(REWARDS)}")
        if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 0:
            raise ValueError(f"max_deals is a whole number >= 0, not {max_deals!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of 'ansi'")
        if partner is not None and self.rules.players.partners_at_pile:
            raise ValueError("partner: these rules form the partnership at the first pile "
                             "take (players.partners_at_pile), so no seat is the agent's "
                             "partner from the start; give opponents only")
        sides = tables_for(self.rules).seat_sides  # each seat's side at a deal's start
        self.specs = [partner if partner is not None and sides[s] == sides[seat] else opponents
                      for s in range(players)]
        for spec in set(self.specs):
            make_bot(spec)  # a bad spec fails here, not at the first reset
        self.seat, self.reward_kind, self.max_deals = seat, reward, max_deals
        self.illegal_reward = illegal_reward
        self._illegal = False
        self.render_mode = render_mode
        self.observer = Observer(self.rules)
        self.observation_space = observation_space(self.observer)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.game: Game | None = None
        self._bots: list[Bot | None] = []
        self._scorer: Scorer | None = None
        self._mask: Mask = np.zeros(NUM_ACTIONS, np.int8)

    # ------------------------------------------------------------------ the Gymnasium API

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """A new game whose engine seed is drawn from the environment's generator (seeded by
        ``seed``); the bots play until the agent's first turn. A game the bots end before
        the agent has a turn (British bots conceding at once) is replaced by the next seed's.
        Rewards earned before the first turn come with the first step's."""
        super().reset(seed=seed)
        for _ in range(_TRIES):
            game_seed = int(self.np_random.integers(2**62))
            game = self.game = Game(self.rules, game_seed)
            self._bots = [None if n == self.seat else make_bot(spec, bot_seed(game_seed, n))
                          for n, spec in enumerate(self.specs)]
            self._scorer = Scorer(self.reward_kind, game, self.seat, self.max_deals)
            self._illegal = False
            self._play_bots()
            if not over(game, self.max_deals):
                return self._observe(), self._info()
        raise CanastaError(f"the bots ended {_TRIES} games in a row before seat {self.seat} "
                           f"had a turn")

    def step(self, action: int | np.integer[Any]
             ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the bots' until the agent's next turn or the end."""
        game, scorer = self.game, self._scorer
        if game is None or scorer is None:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        if over(game, self.max_deals) or self._illegal:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        refusal = play(game, action, self.illegal_reward)
        if refusal is not None:
            self._illegal = True
            assert self.illegal_reward is not None
            info = {**self._info(), "illegal_action": refusal}
            return self._observe(), self.illegal_reward, True, False, info
        self._play_bots()
        return self._observe(), scorer.reward(), over(game, self.max_deals), False, self._info()

    def render(self) -> str | None:
        """``ansi``: the agent's view in words (nothing the seat may not know)."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return self.observer.string(self.game.view(self.seat))

    def action_masks(self) -> Mask:
        """The legal action codes now, as MaskablePPO reads them."""
        return self._mask.astype(bool)

    # ------------------------------------------------------------------ inside

    def _play_bots(self) -> None:
        """The bots' turns until the agent's. A random bot reads only the legal actions
        (``RandomBot.choose``): it gets those, not a view it would not read."""
        game = self.game
        assert game is not None
        while not over(game, self.max_deals) and game.current_player != self.seat:
            seat = game.current_player
            bot = self._bots[seat]
            if isinstance(bot, RandomBot):
                game.apply(bot.choose(game.legal_actions()))
            else:
                assert bot is not None
                game.apply(bot.act(game.view(seat)))

    def _observe(self) -> Observation:
        game = self.game
        assert game is not None
        # All zeros at the end: a game stopped after max_deals has the next deal's player.
        mine = game.current_player == self.seat and not over(game, self.max_deals)
        self._mask = action_mask(game) if mine else np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": self._vector(game), "action_mask": self._mask}

    def _vector(self, game: Game) -> Vector:
        return self.observer.tensor_of(game, self.seat)

    def _info(self) -> dict[str, Any]:
        game = self.game
        assert game is not None
        return {"action_mask": self._mask.copy(), "scores": game.scores, "deal": game.deal_number}


__all__ = ["ENV_ID", "CanastaEnv", "action_mask", "load_rules", "observation_space", "play"]
