"""The ``Bot`` protocol, the ``Decision`` a bot makes, and the registry of bots by name.

A bot sees one seat's ``PlayerView`` and nothing else (docs/architecture.md, "Views") and returns
one of ``view.legal_actions``. Every bot says why it chose what it chose, in one line, so the play
interfaces can show any decision as a hint.

Bots are made by name, with options after a colon::

    make_bot("greedy", seed=1)
    make_bot("ismcts:iterations=200,horizon=8", seed=1)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields
from inspect import Parameter, signature
from typing import TYPE_CHECKING, Protocol, get_type_hints, runtime_checkable

from canasta.engine.actions import Action
from canasta.engine.view import PlayerView
from canasta.errors import CanastaError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and the one-line reason for it."""

    action: Action
    reason: str

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


@runtime_checkable
class Bot(Protocol):
    """A player that decides from a view alone."""

    name: str

    def decide(self, view: PlayerView) -> Decision:
        """Choose one of ``view.legal_actions``, with the reason."""
        ...

    def act(self, view: PlayerView) -> Action:
        """Choose one of ``view.legal_actions``."""
        ...

    def explain(self, view: PlayerView) -> str:
        """The decision for ``view`` as one line: ``"discard 7: ..."``."""
        ...


class BotBase:
    """``act`` and ``explain`` in terms of ``decide``, for bots to inherit."""

    name = "bot"

    def decide(self, view: PlayerView) -> Decision:
        """Choose one of ``view.legal_actions``, with the reason (subclasses implement it)."""
        raise NotImplementedError

    def act(self, view: PlayerView) -> Action:
        """Choose one of ``view.legal_actions``."""
        return self.decide(view).action

    def explain(self, view: PlayerView) -> str:
        """The decision for ``view`` as one line: ``"discard 7: ..."``."""
        return str(self.decide(view))


class BotError(CanastaError):
    """An unknown bot name or a bad bot option."""


Factory = Callable[..., Bot]
_REGISTRY: dict[str, Factory] = {}
_OPTIONS: dict[str, dict[str, type]] = {}  #: each bot's options and their types


def forced(view: PlayerView) -> Decision | None:
    """The decision when there is nothing to choose: the only legal action; a ``BotError``
    when it is not this seat's turn; None when the bot must choose."""
    legal = view.legal_actions
    if not legal:
        raise BotError(f"seat {view.seat} has no action to take: it is not its turn")
    return Decision(legal[0], "the only legal action") if len(legal) == 1 else None


def register(name: str,
             options: type[DataclassInstance] | None = None) -> Callable[[Factory], Factory]:
    """Register a bot factory under ``name``: ``factory(seed=..., **options) -> Bot``. Its
    options are the factory's keyword parameters, or the fields of the dataclass ``options``
    when the factory takes ``**options``; each is typed ``int``, ``float`` or ``str``."""

    def add(factory: Factory) -> Factory:
        _REGISTRY[name] = factory
        hints = get_type_hints(options or factory)
        names = [f.name for f in fields(options)] if options else [
            p.name for p in signature(factory).parameters.values()
            if p.name != "seed" and p.kind is not Parameter.VAR_KEYWORD]
        _OPTIONS[name] = {option: hints[option] for option in names}
        return factory

    return add


def bot_names() -> list[str]:
    """The registered bot names, sorted."""
    _load_builtin()
    return sorted(_REGISTRY)


def parse_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    """Split ``"ismcts:iterations=200,seconds=0.5"`` into its name and typed options."""
    name, _, rest = spec.strip().partition(":")
    options: dict[str, int | float | str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip() or not value.strip():
            raise BotError(f"bot option {item!r} in {spec!r} is not key=value")
        options[key.strip()] = _typed(value.strip())
    return name.strip(), options


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A new bot from a spec (``"greedy"``, ``"ismcts:iterations=100"``) and a seed."""
    _load_builtin()
    name, options = parse_spec(spec)
    if name not in _REGISTRY:
        raise BotError(f"unknown bot {name!r}; known bots: {', '.join(sorted(_REGISTRY))}")
    declared = _OPTIONS[name]
    for key, value in options.items():
        if key not in declared:
            takes = f"its options: {', '.join(declared)}" if declared else "it takes none"
            raise BotError(f"{name}: no option {key!r} ({takes})")
        _check_option(name, key, value, declared[key])
    return _REGISTRY[name](seed=seed, **options)


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


def _load_builtin() -> None:
    """Import the bundled bots so that they register themselves."""
    from canasta.bots import greedy, ismcts, random_bot  # noqa: F401
