"""Rules files from outside (``--rules FILE``, ``canasta rules check``, a table's or a score
pad's uploaded ``rules_file``): a preset's own file with a few values changed to values of any
type and size, or text that is not a rules file at all. A file that loads (``RulesError``
otherwise) must make a game that plays: a few random actions from the deal, each legal, and
never a game that is neither over nor has an action to take."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import tomli_w
from hypothesis import strategies as st

from canasta import Game
from canasta.errors import RulesError
from canasta.rules import RuleSet, loads, preset_names
from canasta.rules.ruleset import SECTIONS
from tests.fuzz import Target

#: Every option of a rule set, as (section, key).
OPTIONS = [(section, f.name) for section, cls in SECTIONS for f in fields(cls)]
SCALARS = st.one_of(st.integers(-3, 12), st.integers(-10**6, 10**6),
                    st.integers(-2**63, 2**63 - 1), st.booleans(),
                    st.sampled_from(["", "any", "JK", "2", "R3", "K", "none"]),
                    st.floats(allow_nan=False, allow_infinity=False))
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=4),
                   st.lists(st.lists(st.integers(-10, 5000), min_size=2, max_size=3),
                            max_size=3))
CHANGED = st.tuples(st.sampled_from(preset_names()),
                    st.lists(st.tuples(st.sampled_from(OPTIONS), VALUES), min_size=1,
                             max_size=3))


def _file(preset: str, changes: list[tuple[tuple[str, str], Any]]) -> str:
    """The text of a rules file: ``preset`` as its base and ``changes`` on top."""
    data: dict[str, Any] = {"name": "fuzzed", "base": preset}
    for (section, key), value in changes:
        data.setdefault(section, {})[key] = value
    return tomli_w.dumps(data)


FILES = st.one_of(st.builds(lambda c: _file(*c), CHANGED), st.text(max_size=200))


def play_a_little(rules: RuleSet, seed: int = 1, actions: int = 40) -> None:
    """A game under ``rules``, ``actions`` random legal actions in: none refused, none stuck."""
    game, rng = Game(rules, seed), random.Random(seed)
    for _ in range(actions):
        if game.is_terminal():
            return
        legal = game.legal_actions()
        assert legal, f"{rules.name}: a game neither over nor with an action to take"
        game.apply(rng.choice(legal))


def load_and_play(text: str) -> None:
    play_a_little(loads(text, "fuzzed.toml"))


TARGETS = [Target("rules-file", FILES, load_and_play, (RulesError,))]


