"""A masked policy that learns Canasta from the Gymnasium environment, in numpy alone.

The agent holds seat 0 of classic Canasta (one deal a game, the side ahead on points wins)
with random bots in the three other seats, its partner among them. The policy is linear
softmax over the engine's action codes, masked to the legal ones (docs/envs.md), trained by
REINFORCE with a linear value baseline and Adam, on the ``shaped`` reward (the deal's score
plus the change in what the tables are worth). Observations are normalised by running means.

    python examples/learn_canasta.py --minutes 5 --out docs/envs_learning_curve.png

prints the win rate of the greedy (arg-max) policy and of a uniformly random player in the same
seat over the same evaluation deals, and writes the learning curve. ``train`` and
``evaluate`` are what the test suite runs, for a few thousand steps.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from canasta.engine.actions import NUM_ACTIONS
from canasta.envs.gym_env import CanastaEnv

Array = npt.NDArray[np.float64]


def make_env(seed_rules: str = "classic") -> CanastaEnv:
    """The training and evaluation environment: seat 0 against random bots, one deal."""
    return CanastaEnv(seed_rules, opponents="random", seat=0, reward="shaped", max_deals=1)


@dataclass
class Policy:
    """A linear masked-softmax policy and a linear value baseline over normalised features."""

    size: int
    weights: Array = field(init=False)
    bias: Array = field(init=False)
    value: Array = field(init=False)
    mean: Array = field(init=False)
    var: Array = field(init=False)
    count: float = 1e-4

    def __post_init__(self) -> None:
        self.weights = np.zeros((NUM_ACTIONS, self.size))
        self.bias = np.zeros(NUM_ACTIONS)
        self.value = np.zeros(self.size + 1)
        self.mean = np.zeros(self.size)
        self.var = np.ones(self.size)

    def features(self, obs: npt.NDArray[Any]) -> Array:
        return np.clip((obs - self.mean) / np.sqrt(self.var + 1e-8), -5.0, 5.0)

    def normalise(self, batch: Array) -> None:
        """Fold a batch of raw observations into the running mean and variance."""
        n = len(batch)
        mean, var = batch.mean(axis=0), batch.var(axis=0)
        delta, total = mean - self.mean, self.count + n
        self.mean = self.mean + delta * n / total
        self.var = (self.var * self.count + var * n + delta**2 * self.count * n / total) / total
        self.count = total

    def probabilities(self, x: Array, mask: npt.NDArray[Any]) -> Array:
        logits = self.weights @ x + self.bias
        logits = np.where(mask.astype(bool), logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]


@dataclass
class Adam:
    """Adam for a list of parameter arrays (ascent)."""

    params: list[Array]
    rate: float = 0.01
    moments: list[tuple[Array, Array]] = field(init=False)
    steps: int = 0

    def __post_init__(self) -> None:
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in self.params]

    def step(self, grads: list[Array]) -> None:
        self.steps += 1
        for p, g, (m, v) in zip(self.params, grads, self.moments, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            p += self.rate * (m / (1 - 0.9**self.steps)) / (
                np.sqrt(v / (1 - 0.999**self.steps)) + 1e-8)


@dataclass
class Curve:
    """Per update: steps so far, the mean deal score difference of the batch's games, and the
    share of them won."""

    steps: list[int] = field(default_factory=list)
    margin: list[float] = field(default_factory=list)
    wins: list[float] = field(default_factory=list)


def train(total_steps: int, seed: int = 0, batch: int = 2048, rate: float = 0.01,
          gamma: float = 0.99, seconds: float | None = None,
          report: Callable[[str], None] | None = None) -> tuple[Policy, Curve]:
    """Train for ``total_steps`` agent steps (or ``seconds``, whichever comes first)."""
    env = make_env()
    size = env.observer.layout.size
    policy, rng, curve = Policy(size), np.random.default_rng(seed), Curve()
    adam = Adam([policy.weights, policy.bias], rate)
    obs, _ = env.reset(seed=seed)
    done_steps, start = 0, time.perf_counter()
    while done_steps < total_steps and (seconds is None or
                                        time.perf_counter() - start < seconds):
        raw, xs, masks, actions, returns, margins, wins = [], [], [], [], [], [], []
        rewards: list[float] = []
        while len(actions) < batch:
            x = policy.features(obs["observation"])
            mask = obs["action_mask"]
            action = int(rng.choice(NUM_ACTIONS, p=policy.probabilities(x, mask)))
            raw.append(obs["observation"])
            xs.append(x)
            masks.append(mask)
            actions.append(action)
            obs, reward, terminated, _, _ = env.step(action)
            rewards.append(float(reward))
            if terminated:
                returns += discounted(rewards, gamma)
                rewards = []
                game = env.game
                assert game is not None
                scores = game.scores
                margins.append((scores[0] - scores[1]) / 1000)
                wins.append(float(scores[0] > scores[1]))
                obs, _ = env.reset()
        if rewards:  # the unfinished episode: its returns so far (the value baseline helps)
            returns += discounted(rewards, gamma)
        done_steps += len(actions)
        update(policy, adam, np.array(xs), np.array(masks), np.array(actions),
               np.array(returns))
        policy.normalise(np.array(raw, np.float64))
        if margins:
            curve.steps.append(done_steps)
            curve.margin.append(float(np.mean(margins)))
            curve.wins.append(float(np.mean(wins)))
            if report:
                report(f"{done_steps:>8} steps  {time.perf_counter() - start:6.0f} s  "
                       f"games {len(wins):3}  won {curve.wins[-1]:5.1%}  "
                       f"margin {curve.margin[-1]:+.3f}k")
    return policy, curve


def discounted(rewards: list[float], gamma: float) -> list[float]:
    out, total = [0.0] * len(rewards), 0.0
    for t in range(len(rewards) - 1, -1, -1):
        total = rewards[t] + gamma * total
        out[t] = total
    return out


def update(policy: Policy, adam: Adam, xs: Array, masks: npt.NDArray[Any],
           actions: npt.NDArray[Any], returns: Array) -> None:
    """One policy-gradient step on a batch, with the least-squares linear value baseline."""
    design = np.hstack([xs, np.ones((len(xs), 1))])
    policy.value = np.linalg.solve(design.T @ design + 1e-2 * np.eye(design.shape[1]),
                                   design.T @ returns)
    advantage = returns - design @ policy.value
    advantage /= advantage.std() + 1e-8
    logits = xs @ policy.weights.T + policy.bias
    logits = np.where(masks.astype(bool), logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    p[np.arange(len(actions)), actions] -= 1.0  # now pi - onehot: minus the score function
    coeff = -p * advantage[:, None] / len(actions)
    adam.step([coeff.T @ xs, coeff.sum(axis=0)])


def evaluate(policy: Policy | None, games: int, seed: int = 10_000) -> float:
    """The share of ``games`` one-deal games won from seat 0 by the arg-max policy (by a
    uniformly random player when ``policy`` is None), on the deals of seeds ``seed``..."""
    env, rng, won = make_env(), np.random.default_rng(seed), 0
    for n in range(games):
        obs, _ = env.reset(seed=seed + n)
        while True:
            mask = obs["action_mask"]
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                x = policy.features(obs["observation"])
                action = int(np.argmax(np.where(mask.astype(bool), policy.weights @ x
                                                + policy.bias, -np.inf)))
            obs, _, terminated, _, _ = env.step(action)
            if terminated:
                break
        assert env.game is not None
        scores = env.game.scores
        won += scores[0] > scores[1]
    return won / games


def plot(curve: Curve, path: Path, learned: float, random_rate: float) -> None:
    """The learning curve: the batch's win rate (sampled policy) against steps."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(curve.steps, curve.wins, lw=1, alpha=0.5, label="training games won (sampled)")
    if len(curve.wins) >= 5:
        smooth = np.convolve(curve.wins, np.ones(5) / 5, mode="valid")
        ax.plot(curve.steps[4:], smooth, lw=2, label="5-update mean")
    ax.axhline(random_rate, color="grey", ls="--", label=f"random player {random_rate:.0%}")
    ax.axhline(learned, color="green", ls=":", label=f"learned, arg-max {learned:.0%}")
    ax.set_xlabel("agent steps")
    ax.set_ylabel("one-deal games won, seat 0")
    ax.set_title("classic Canasta: linear masked policy vs three random bots")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def interval(rate: float, n: int) -> float:
    """The half-width of a 95% normal interval of a win rate over ``n`` games."""
    return 1.96 * math.sqrt(max(rate * (1 - rate), 1e-9) / n)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--steps", type=int, default=10**9)
    parser.add_argument("--games", type=int, default=400, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("learning_curve.png"))
    args = parser.parse_args(argv)
    policy, curve = train(args.steps, args.seed, seconds=args.minutes * 60, report=print)
    learned = evaluate(policy, args.games)
    random_rate = evaluate(None, args.games)
    print(f"evaluation over {args.games} one-deal games (seeds 10000-{10000 + args.games - 1}):")
    print(f"  learned policy (arg-max): {learned:6.1%} won "
          f"(± {interval(learned, args.games):.1%})")
    print(f"  uniformly random player:  {random_rate:6.1%} won "
          f"(± {interval(random_rate, args.games):.1%})")
    plot(curve, args.out, learned, random_rate)
    print(f"learning curve: {args.out}")


if __name__ == "__main__":
    main()
