"""Throughput of the learning environments (bench/README.md, ``envs.py``).

Each measurement plays uniformly random legal actions (read from the action mask) for
``--seconds`` and counts steps, observation encoding and masks included:

- Gymnasium ``CanastaEnv`` (random opponents): ``env.step`` calls per second in one process,
  and with ``gymnasium.vector.AsyncVectorEnv`` over two worker processes (steps of both); and
  in one process under a two-player preset (``--pair``, two_hand), the like of RLCard's
  two-player gin rummy: one bot's turn a step where ``--rules`` classic plays three; and
  ``AsyncVectorEnv`` over a do-nothing environment of the same spaces, what the vector
  wrapper costs by itself;
- PettingZoo AEC (``canasta.envs.pettingzoo.env``): turns per second (``last`` + ``step``),
  one agent decision each;
- OpenSpiel ``python_canasta``: ``apply_action`` per second, with the acting seat's
  ``information_state_tensor`` read before every action;
- RLCard's gin rummy ``env.step`` loop, where RLCard is installed, and the ratios per agent
  decision (docs/envs.md, "Throughput"): a PettingZoo turn and a two-player Gymnasium step
  against RLCard's step; the four-hand Gymnasium step beside them with its engine decisions
  per step (it plays the agent's and three bots' turns, so it is not one decision).

Every loop draws its random actions the same way (``random.Random.randrange`` over the legal
ones).

Nothing is asserted: it prints figures and the targets of docs/envs.md beside them.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable
from functools import partial
from statistics import median

import gymnasium
import numpy as np
import pyspiel

import canasta.envs.openspiel  # noqa: F401 (registers python_canasta)
from canasta.envs import pettingzoo as canasta_zoo
from canasta.envs.gym_env import CanastaEnv

Rng = random.Random  # every loop draws its actions the same way (RLCard's included)


def pick(mask: np.ndarray, rng: Rng) -> int:
    """A uniformly random legal action code from a 0/1 mask (0 when nothing is legal)."""
    legal = mask.nonzero()[0]
    return int(legal[rng.randrange(len(legal))]) if len(legal) else 0


Body = Callable[[], int]  #: plays some steps (100) and returns how many


def timed(seconds: float, body: Body) -> float:
    """Run ``body`` until ``seconds`` have passed; the steps per second."""
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        steps += body()
    return steps / (time.perf_counter() - start)


class GymLoop:
    """Random legal play of ``CanastaEnv`` (random opponents), counting the engine decisions
    (the bots' included) as games end."""

    def __init__(self, rules: str, seed: int) -> None:
        self.env, self.rng = CanastaEnv(rules, opponents="random", max_deals=1), random.Random(seed)
        self.obs, _ = self.env.reset(seed=seed)
        self.decisions = 0
        self.steps, self._steps = 0, 0  # the steps of the games ended, of the game now

    def __call__(self) -> int:
        env, rng, obs = self.env, self.rng, self.obs
        for _ in range(100):
            obs, _, terminated, _, _ = env.step(pick(obs["action_mask"], rng))
            self._steps += 1
            if terminated:
                assert env.game is not None
                self.decisions += len(env.game.history)
                self.steps, self._steps = self.steps + self._steps, 0
                obs, _ = env.reset()
        self.obs = obs
        return 100


Factory = Callable[[], gymnasium.Env[dict[str, np.ndarray], np.int64]]


def _make(rules: str) -> Factory:
    return lambda: CanastaEnv(rules, opponents="random", max_deals=1)


class Still(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """A do-nothing environment with ``CanastaEnv``'s spaces, observation and info: what
    ``AsyncVectorEnv`` costs by itself (pipes, pickled infos, shared memory), no game played."""

    def __init__(self, rules: str) -> None:
        env = CanastaEnv(rules, max_deals=1)
        self.observation_space, self.action_space = env.observation_space, env.action_space
        self.obs, self.info = env.reset(seed=0)

    def reset(self, *, seed: int | None = None, options: dict[str, object] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, object]]:
        return self.obs, dict(self.info)

    def step(self, action: np.int64) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                              dict[str, object]]:
        return self.obs, 0.0, False, False, dict(self.info)


def gym_vector(make: Factory, seconds: float, seed: int, workers: int) -> float:
    """Steps per second of all workers together, through ``AsyncVectorEnv``."""
    envs = gymnasium.vector.AsyncVectorEnv([make for _ in range(workers)])
    rng = random.Random(seed)
    try:
        obs, _ = envs.reset(seed=seed)

        def run() -> int:
            nonlocal obs
            for _ in range(50):
                actions = np.array([pick(mask, rng) for mask in obs["action_mask"]])
                obs, *_ = envs.step(actions)
            return 50 * workers

        return timed(seconds, run)
    finally:
        envs.close()


def zoo_loop(rules: str, seed: int) -> Body:
    """PettingZoo AEC turns (``last`` + ``step``, one agent decision each) of random play."""
    env, rng = canasta_zoo.env(rules=rules, max_deals=1), random.Random(seed)
    env.reset(seed=seed)

    def run() -> int:
        for _ in range(100):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    env.reset()
            else:
                env.step(pick(obs["action_mask"], rng))
        return 100

    return run


def spiel_steps(rules: str, seconds: float, seed: int) -> float:
    game = pyspiel.load_game(f"python_canasta(rules={rules},max_deals=1)")
    rng = random.Random(seed)
    state = game.new_initial_state()

    def run() -> int:
        nonlocal state
        for _ in range(100):
            if state.is_terminal():
                state = game.new_initial_state()
            if state.is_chance_node():
                state.apply_action(rng.randrange(len(state.chance_outcomes())))
                continue
            state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        return 100

    return timed(seconds, run)


def rlcard_loop(seed: int) -> Body | None:
    """RLCard's gin rummy ``env.step`` with random legal actions; None without RLCard."""
    try:
        import rlcard
    except ImportError:
        return None
    env, rng = rlcard.make("gin-rummy", config={"seed": seed}), random.Random(seed)
    state, _ = env.reset()

    def run() -> int:
        nonlocal state
        for _ in range(100):
            legal = list(state["legal_actions"])
            state, _ = env.step(int(legal[rng.randrange(len(legal))]))
            if env.is_over():
                state, _ = env.reset()
        return 100

    return run


def rounds(bodies: list[Body], seconds: float, count: int) -> list[list[float]]:
    """Each body's steps per second in ``count`` rounds of ``seconds / count`` each, the
    bodies taking turns within a round (so that a change in the machine's load falls on all
    of them alike): per body, its rate in each round."""
    rates: list[list[float]] = [[] for _ in bodies]
    for _ in range(count):
        for body, row in zip(bodies, rates, strict=True):
            row.append(timed(seconds / count, body))
    return rates


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--pair", default="two_hand",
                        help="a two-player preset, set beside RLCard's two-player gin rummy")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=20,
                        help="the single-process Gymnasium and RLCard loops take turns in "
                             "this many rounds of seconds / rounds each")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}; rules {args.rules}; {args.seconds:g} s per figure; "
          f"one-deal games, random legal play; load average {os.getloadavg()[0]:.1f}")
    gym, pair = GymLoop(args.rules, args.seed), GymLoop(args.pair, args.seed)
    rl = rlcard_loop(args.seed)
    bodies: list[Body] = [gym, pair, zoo_loop(args.rules, args.seed)]
    if rl is not None:
        bodies.append(rl)
    start = time.perf_counter()
    rates = rounds(bodies, args.seconds, args.rounds)
    spent = (time.perf_counter() - start) / len(bodies)  # about each loop's share of the time
    single, paired, zoo = (median(r) for r in rates[:3])
    per_step = gym.decisions / max(gym.steps, 1)
    print(f"gymnasium, one process:        {single:9,.0f} steps/s  "
          f"({per_step:.2f} engine decisions a step, the bots' included: "
          f"{gym.decisions / spent:,.0f} decisions/s)")
    print(f"gymnasium, {args.pair + ':':19s}{paired:9,.0f} steps/s  "
          f"({pair.decisions / max(pair.steps, 1):.2f} engine decisions a step)")
    print(f"pettingzoo AEC:                {zoo:9,.0f} turns/s   (one decision a turn)")
    vector = gym_vector(_make(args.rules), args.seconds, args.seed, args.workers)
    print(f"gymnasium, AsyncVectorEnv x{args.workers}:   {vector:9,.0f} steps/s")
    still = gym_vector(partial(Still, args.rules), args.seconds, args.seed, args.workers)
    print(f"  the same, a do-nothing env:  {still:9,.0f} steps/s  (AsyncVectorEnv's own cost)")
    spiel = spiel_steps(args.rules, args.seconds, args.seed)
    print(f"openspiel, info-state tensor:  {spiel:9,.0f} steps/s   (target >= 5,000)")
    if rl is None:
        print("rlcard gin rummy:              not installed (pip install rlcard)")
        return
    rl_rate = median(rates[3])

    def ratio(body: int) -> float:  # the median over rounds of the body's rate / RLCard's
        return median(g / r for g, r in zip(rates[body], rates[3], strict=True))

    print(f"rlcard gin rummy env.step:     {rl_rate:9,.0f} steps/s   (one decision a step)")
    print("per agent decision, against RLCard's gin rummy env.step with observations "
          "(target >= 2x):")
    print(f"  pettingzoo AEC turn:         {ratio(2):9.2f}x")
    print(f"  gymnasium {args.pair + ' step:':18s}{ratio(1):9.2f}x       (the agent's decision "
          f"and the bot's turn)")
    print(f"  gymnasium {args.rules + ' step:':18s}{ratio(0):9.2f}x       (not one decision: "
          f"{per_step:.2f} engine decisions a step, the agent's and three bots' turns)")
    print(f"(ratios: medians of {args.rounds} rounds in which the loops took turns)")

if __name__ == "__main__":
    main()
