"""A refusal: why an action is not legal now, kept small until it is put into words.

Every rule of the engine is a function that answers ``None`` (the rule allows it) or a
``Refusal``. The legal-action generator consults those functions and keeps the actions no rule
refuses; ``Game.why_illegal`` reports the refusal the generator met (``turn.refusals``). The
words are made only when asked (``words``), so generating actions builds no sentences.
"""

from __future__ import annotations

from typing import NamedTuple


class Refusal(NamedTuple):
    """A sentence template (``str.format`` fields) and its arguments."""

    template: str
    args: tuple[object, ...] = ()

    def words(self) -> str:
        """The reason in plain words, e.g. "the pile is frozen: ..."."""
        return self.template.format(*self.args) if self.args else self.template


def refuse(template: str, *args: object) -> Refusal:
    """A refusal whose sentence depends on the state (``refuse("you have {} black 3s", 2)``)."""
    return Refusal(template, args)
