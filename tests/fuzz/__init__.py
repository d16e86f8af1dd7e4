"""Fuzz targets for every input that comes from outside (issue 26, "Bounds before work").

Each module of this package is one kind of outside input (positions, records, rules files,
score-pad entries, bot options, WebSocket messages) and defines ``TARGETS``, a list of
:class:`Target`. A target draws inputs from a Hypothesis strategy and feeds each to the code
that reads it: the input either works or is refused with one of the target's documented error
types, and any other exception is a defect. A target's ``run`` also checks that a refused input
stored or changed nothing.

Two drivers run the same targets: ``tests/test_input_fuzz.py`` (deterministic, under the test
profile) and ``bench/fuzz.py`` (fresh randomness for N minutes, outcomes counted by type).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

OK = "ok"  #: the outcome of an input that was accepted


@dataclass(frozen=True)
class Target:
    """One outside input: its name, the strategy that draws it, the function that reads it
    (returning normally when the input is accepted), and the error types it may raise."""

    name: str
    inputs: st.SearchStrategy[Any]
    run: Callable[[Any], object]
    refusals: tuple[type[BaseException], ...]

    def outcome(self, value: Any) -> str:
        """``"ok"``, or the name of the documented error type ``value`` was refused with; any
        other exception propagates."""
        try:
            self.run(value)
        except self.refusals as exc:
            return type(exc).__name__
        return OK


def all_targets() -> list[Target]:
    """Every target of every module of this package, in module order."""
    found: list[Target] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        found.extend(getattr(module, "TARGETS", []))
    return found
