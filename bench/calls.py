"""Time per call of ``legal_actions()``, ``apply()`` and ``clone()`` on mid-hand positions.

Positions are sampled from uniformly random games (about one decision in ``--every``, never the
first decision of a deal), until ``--positions`` are collected. Each call is timed once per
position with ``time.perf_counter_ns`` and the median, 90th percentile and maximum are printed.

``legal_actions()`` caches its list in ``Game._legal``; the figure here is the real generation:
every timing runs on a clone whose cache was cleared. ``legal_action_mask()`` is timed cold
(generating the list) and again with the list cached (the mask's own cost). ``apply()`` is
timed twice: with the cache warm (as after ``legal_actions()``, the usual loop: the transition
alone plus the legality check) and cold (apply also generates the legal list to check the
action against).

    python bench/calls.py
    python bench/calls.py --rules two_hand --positions 5000

Prints figures only; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import time
from collections import Counter

from canasta.engine.actions import Action
from canasta.engine.game import PHASE_NAMES, Game
from canasta.rules import load, preset_names


def sample_positions(rules_name: str, count: int, every: int, seed: int) -> list[Game]:
    """Clones of ``count`` positions from random play, each picked with chance ``1/every``."""
    rules = load(rules_name)
    rng = random.Random(seed)
    out: list[Game] = []
    game_seed = seed
    while len(out) < count:
        game = Game(rules, game_seed)
        game_seed += 1
        deal = game.deal_number
        fresh = True
        while not game.is_terminal() and len(out) < count:
            legal = game.legal_actions()
            if not legal:  # a dead end is an engine bug; bench/random_play.py reports them
                break
            if not fresh and rng.randrange(every) == 0:
                out.append(game.clone())
            game.apply(rng.choice(legal))
            fresh = game.deal_number != deal
            deal = game.deal_number
    return out


def cold(game: Game) -> Game:
    """A clone with the legal-action cache cleared."""
    g = game.clone()
    g._legal = None
    return g


def percentile(sorted_ns: list[int], q: float) -> int:
    return sorted_ns[min(len(sorted_ns) - 1, int(q * len(sorted_ns)))]


def line(name: str, ns: list[int]) -> str:
    s = sorted(ns)
    return (f"  {name:<28} median {percentile(s, 0.5) / 1000:8.2f} us   "
            f"p90 {percentile(s, 0.9) / 1000:8.2f} us   max {s[-1] / 1000:9.2f} us")


def time_calls(positions: list[Game], seed: int) -> dict[str, list[int]]:
    rng = random.Random(seed)
    now = time.perf_counter_ns
    times: dict[str, list[int]] = {
        "legal_actions() [generate]": [],
        "legal_actions() [cached]": [],
        "legal_action_mask() [cold]": [],
        "legal_action_mask() [cached]": [],
        "apply() [cache warm]": [],
        "apply() [cache cold]": [],
        "clone()": [],
        "digest()": [],
    }
    for pos in positions:
        g = cold(pos)
        t0 = now()
        legal = g.legal_actions()
        times["legal_actions() [generate]"].append(now() - t0)
        t0 = now()
        g.legal_actions()
        times["legal_actions() [cached]"].append(now() - t0)
        g = cold(pos)
        t0 = now()
        g.legal_action_mask()
        times["legal_action_mask() [cold]"].append(now() - t0)
        t0 = now()
        g.legal_action_mask()  # the list cached: the mask's own cost
        times["legal_action_mask() [cached]"].append(now() - t0)
        action: Action = rng.choice(legal)
        g = pos.clone()
        g.legal_actions()  # warm
        t0 = now()
        g.apply(action)
        times["apply() [cache warm]"].append(now() - t0)
        g = cold(pos)
        t0 = now()
        g.apply(action)
        times["apply() [cache cold]"].append(now() - t0)
        t0 = now()
        pos.clone()
        times["clone()"].append(now() - t0)
        t0 = now()
        pos.digest()
        times["digest()"].append(now() - t0)
    return times


def timer_overhead() -> int:
    now = time.perf_counter_ns
    samples = []
    for _ in range(10_000):
        t0 = now()
        samples.append(now() - t0)
    samples.sort()
    return samples[len(samples) // 2]


def by_phase(positions: list[Game]) -> dict[str, list[int]]:
    """Generation time split by phase: the meld phase is where the work is."""
    now = time.perf_counter_ns
    out: dict[str, list[int]] = {}
    for pos in positions:
        g = cold(pos)
        t0 = now()
        g.legal_actions()
        out.setdefault(PHASE_NAMES[pos.phase], []).append(now() - t0)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="classic", choices=preset_names())
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--every", type=int, default=20,
                        help="sample about one decision in this many (default 20)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    positions = sample_positions(args.rules, args.positions, args.every, args.seed)
    phases = Counter(PHASE_NAMES[p.phase] for p in positions)
    sizes = sorted(len(p.legal_actions()) for p in positions)
    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}, one process")
    print(f"rules: {args.rules}; {len(positions)} mid-hand positions from random play "
          f"({', '.join(f'{k} {v}' for k, v in phases.most_common())})")
    print(f"legal actions per position: median {sizes[len(sizes) // 2]}, max {sizes[-1]}")
    print(f"timer overhead (perf_counter_ns pair): {timer_overhead()} ns, not subtracted")

    gc.disable()
    try:
        time_calls(positions[: min(200, len(positions))], args.seed)  # warm up
        times = time_calls(positions, args.seed)
        phase_times = by_phase(positions)
    finally:
        gc.enable()
    print("per call:")
    for name, ns in times.items():
        print(line(name, ns))
    print("legal_actions() [generate], by phase:")
    for name, ns in sorted(phase_times.items()):
        print(line(f"{name} ({len(ns)})", ns))
    return 0


if __name__ == "__main__":
    sys.exit(main())
