"""The bots by name, with options after a colon::

    make_bot("greedy", seed=1)
    make_bot("ismcts:iterations=200,horizon=8", seed=1)

Each bot is one entry of ``BOTS``: its factory (``factory(seed=..., **options) -> Bot``) and
its options, the factory's keyword parameters or, for a factory taking ``**options``, the
fields of a dataclass; each option is typed ``int``, ``float`` or ``str`` and checked before
the bot is made. The registry imports the bots; no bot imports it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import fields
from inspect import Parameter, signature
from typing import TYPE_CHECKING, get_type_hints

from canasta.bots.base import Bot, BotError
from canasta.bots.greedy import GreedyParams, make_greedy
from canasta.bots.ismcts import make_ismcts
from canasta.bots.levels import BY_NAME, LEVELS
from canasta.bots.random_bot import make_random

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Factory = Callable[..., Bot]


def _options(factory: Factory, options: type[DataclassInstance] | None = None
             ) -> dict[str, type]:
    """A factory's options and their types (see the module's docstring)."""
    hints = get_type_hints(options or factory)
    names = [f.name for f in fields(options)] if options else [
        p.name for p in signature(factory).parameters.values()
        if p.name != "seed" and p.kind is not Parameter.VAR_KEYWORD]
    return {option: hints[option] for option in names}


#: Every bot: its factory and its options.
BOTS: dict[str, tuple[Factory, dict[str, type]]] = {
    "greedy": (make_greedy, _options(make_greedy, GreedyParams)),
    "ismcts": (make_ismcts, _options(make_ismcts)),
    "random": (make_random, _options(make_random)),
}


def bot_names() -> list[str]:
    """The bots' names, sorted."""
    return sorted(BOTS)


def parse_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    """Split ``"ismcts:iterations=200,seconds=0.5"`` into its name and typed options (an
    option given twice is refused, not settled by the last)."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, int | float | str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise BotError(f"bot option {item!r} in {spec!r} is not key=value")
        if key.strip() in options:
            raise BotError(f"bot option {key.strip()!r} is given twice in {spec!r}")
        options[key.strip()] = _typed(value.strip())
    return name.strip(), options


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A new bot from a spec (``"greedy"``, ``"ismcts:iterations=100"``, or a level's name,
    ``"novice"``: ``canasta.bots.levels``) and a seed."""
    if spec.strip() in BY_NAME:
        spec = BY_NAME[spec.strip()].spec
    name, options = parse_spec(spec)
    if name not in BOTS:
        raise BotError(f"unknown bot {name!r}; known bots: {', '.join(sorted(BOTS))}; "
                       f"levels: {', '.join(level.name for level in LEVELS)}")
    factory, declared = BOTS[name]
    for key, value in options.items():
        if key not in declared:
            takes = f"its options: {', '.join(declared)}" if declared else "it takes none"
            raise BotError(f"{name}: no option {key!r} ({takes})")
        _check_option(name, key, value, declared[key])
    return factory(seed=seed, **options)


def _check_option(bot: str, key: str, value: int | float | str, kind: type) -> None:
    """Refuse an option value of the wrong type, or a number that is not finite, in the
    option's own words (``ismcts: iterations=1.5: expected a whole number``)."""
    if kind is int and not isinstance(value, int):
        raise BotError(f"{bot}: {key}={str(value)[:24]}: expected a whole number")
    if kind is float and (isinstance(value, str) or not math.isfinite(value)):
        raise BotError(f"{bot}: {key}={str(value)[:24]}: expected a finite number")


def _typed(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


__all__ = ["BOTS", "bot_names", "make_bot", "parse_spec"]
