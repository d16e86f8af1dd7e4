"""A refusal: why an action is not legal now, kept small until it is put into words.

Every rule of the engine is a function that answers ``None`` (the rule allows it) or a
``Refusal``. The legal-action generator consults those functions and keeps the actions no rule
refuses; ``Game.why_illegal`` reports the refusal the generator met (``turn.refusal``). The
words are made only when asked (``words``), so generating actions builds no sentences: a
template's fields take the refusal's arguments as they are, a card kind named in words with
the format spec ``kind`` ("king") or ``kinds`` ("kings"), a refusal by its own words.

Each refusal names the part of the rules it applies (``Topic``: the pile, the initial meld,
going out...), so a face can lead from a refused move to that rule in words
(``presentation.rules_in_words``, whose topics are these).
"""

from __future__ import annotations

import string
from enum import StrEnum
from typing import Any, NamedTuple

from canasta.cards import kind_word
from canasta.engine.actions import Action


class _Words(string.Formatter):
    """``str.format`` with the specs ``kind`` and ``kinds`` for card kinds."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, Refusal):  # a reason within a reason
            return value.words()
        if format_spec == "kind":
            return kind_word(value)
        if format_spec == "kinds":
            return kind_word(value, 2)
        return super().format_field(value, format_spec)


_WORDS = _Words()


class Topic(StrEnum):
    """The part of the rules a refusal applies, as the rules in words are told
    (docs/presentation.md, "The rules in words")."""

    CARDS = "cards"
    TURN = "turn"
    MELDS = "melds"
    OPENING = "opening"
    PILE = "pile"
    THREES = "threes"
    GOING_OUT = "going-out"
    SCORING = "scoring"
    END = "end"


class Refusal(NamedTuple):
    """A sentence template, the part of the rules it applies, and its arguments (ints, texts,
    card kinds)."""

    template: str
    topic: Topic
    args: tuple[object, ...] = ()

    def words(self) -> str:
        """The reason in plain words, e.g. "the pile is frozen: ..."."""
        return _WORDS.format(self.template, *self.args) if self.args else self.template


def refuse(topic: Topic, template: str, *args: object) -> Refusal:
    """A refusal whose sentence depends on the state: ``refuse(Topic.MELDS, "you have {}
    {:kinds}", 2, KING)`` reads "you have 2 kings"."""
    return Refusal(template, topic, args)


def keep(acts: list[Action], why: dict[Action, Refusal] | None, action: Action,
         verdict: Refusal | None) -> None:
    """A generator's verdict on one action: kept if no rule refused it, else its refusal
    recorded (when asked for)."""
    if verdict is None:
        acts.append(action)
    elif why is not None:
        why[action] = verdict
