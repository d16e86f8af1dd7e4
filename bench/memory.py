"""Memory per game: ``tracemalloc`` peaks, and the size of one state, pickled and deep.

    python bench/memory.py
    python bench/memory.py --rules three_hand

Measures, after one warm-up game (so the rule set and its lookup tables, shared by every game
under that rule set, are already loaded):

- the peak and retained allocation of ``Game(rules, seed)``;
- the peak and retained allocation of one game played by random legal play to the end of its
  first deal (the random policy's own lists included);
- the pickled size of a mid-hand state and of a state at the end of a deal;
- the deep ``sys.getsizeof`` of the same states: every object reachable from the ``Game``,
  counted once, without the shared rule set and tables (and with them, for reference).

Prints figures only; nothing here asserts.
"""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import platform
import random
import sys
import tracemalloc
from collections.abc import Iterator

from canasta.engine.game import Game
from canasta.rules import RuleSet, load, preset_names


def _children(obj: object) -> Iterator[object]:
    if isinstance(obj, dict):
        yield from obj.keys()
        yield from obj.values()
    elif isinstance(obj, list | tuple | set | frozenset):
        yield from obj
    elif isinstance(obj, str | bytes | int | float | bool) or obj is None:
        return
    else:
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            for f in dataclasses.fields(obj):
                yield getattr(obj, f.name)
        for cls in type(obj).__mro__:
            for slot in getattr(cls, "__slots__", ()):
                if hasattr(obj, slot):
                    yield getattr(obj, slot)
        if hasattr(obj, "__dict__"):
            yield obj.__dict__


def deep_size(root: object, exclude: tuple[object, ...] = ()) -> int:
    """``sys.getsizeof`` summed over every object reachable from ``root``, each counted once."""
    seen = {id(x) for x in exclude}
    stack = [root]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(_children(obj))
    return total


def play_deal(game: Game, rng: random.Random) -> None:
    """Random legal play until the first deal ends (or the game does, or a dead end)."""
    while not game.is_terminal() and not game.results:
        legal = game.legal_actions()
        if not legal:  # an engine bug; bench/random_play.py reports these
            return
        game.apply(rng.choice(legal))


def mid_hand(rules: RuleSet, seed: int, decisions: int) -> Game:
    rng = random.Random(seed)
    game = Game(rules, seed)
    for _ in range(decisions):
        legal = game.legal_actions()
        if game.results or not legal:
            break
        game.apply(rng.choice(legal))
    return game


def kib(n: float) -> str:
    return f"{n / 1024:8.1f} KiB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="classic", choices=preset_names())
    parser.add_argument("--games", type=int, default=20, help="games to average over")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rules = load(args.rules)
    play_deal(Game(rules, args.seed), random.Random(args.seed))  # warm-up: tables, imports

    new_peak, new_kept, deal_peak, deal_kept = [], [], [], []
    for i in range(args.games):
        seed = args.seed + i
        tracemalloc.start()
        game = Game(rules, seed)
        kept, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        new_peak.append(peak)
        new_kept.append(kept)
        del game
        rng = random.Random(seed)
        tracemalloc.start()
        game = Game(rules, seed)
        play_deal(game, rng)
        kept, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        deal_peak.append(peak)
        deal_kept.append(kept)
        del game

    shared = (rules, Game(rules, 0).t)
    mid = mid_hand(rules, args.seed, 120)
    end = Game(rules, args.seed)
    play_deal(end, random.Random(args.seed))
    n = args.games
    print(f"python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}")
    print(f"rules: {args.rules}; tracemalloc figures are means over {n} games")
    print("Game(rules, seed):")
    print(f"  peak {kib(sum(new_peak) / n)}   retained {kib(sum(new_kept) / n)}")
    print("Game played by random legal play to the end of its first deal:")
    print(f"  peak {kib(sum(deal_peak) / n)}   retained {kib(sum(deal_kept) / n)}"
          f"   (max peak {kib(max(deal_peak))})")
    for label, game in (("mid-hand state (120 decisions in)", mid),
                        ("state after the first deal", end)):
        print(f"{label}: {len(game.history)} actions in history")
        print(f"  pickled            {kib(len(pickle.dumps(game, pickle.HIGHEST_PROTOCOL)))}")
        print(f"  deep getsizeof     {kib(deep_size(game, shared))}   "
              f"(with the shared rule set and tables: {kib(deep_size(game))})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
