"""Property-based checks of the rules engine over households' own rules: a preset with a few
options changed, each to another preset's value or to a value within the option's bounds, and
kept when the rule set's checks accept it (``canasta.rules.checks``). Random games under it
keep every invariant of ``tests/test_properties.py``: no card lost or doubled, no dead end, a
consistent mask, the scores adding up.

The presets' own games are checked there; this file checks the combinations no preset ships
and a household may write. A first run of it, as a script of 4,000 rule sets, found a dead end
the presets' games had not reached (a held red 3 laid down with the stock empty: the scenario
is in tests/rules/test_presets_house.py). Such faults are rare: the default profile's 150 rule
sets do not meet that one again, and the exploring profile (ten times as many, fresh ones each
run) is the way to look for the next.
"""

from __future__ import annotations

import random
from dataclasses import Field, fields
from typing import Any

from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st

from canasta.engine import turn
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.refusal import Refusal
from canasta.errors import RulesError
from canasta.rules import RuleSet, from_dict, load, preset_names
from canasta.rules.ruleset import SECTIONS
from tests.sizing import examples
from tests.test_properties import SEEDS, play

PRESETS = preset_names()
#: Every preset's options as plain data (a rules file's values).
PLAIN = {name: load(name).to_dict() for name in PRESETS}
#: Every option: (section, field).
OPTIONS: list[tuple[str, Field[Any]]] = [
    (section, option) for section, cls in SECTIONS for option in fields(cls)
    if section != "game"  # the target and the number of deals only lengthen the game
]


def option_value(draw: st.DrawFn, section: str, option: Field[Any]) -> Any:
    """Another preset's value of the option, or (for a flag, a choice or a bounded number)
    one drawn within its bounds."""
    donor = PLAIN[draw(st.sampled_from(PRESETS))][section][option.name]
    meta = option.metadata
    if isinstance(donor, bool):
        return draw(st.booleans())
    if "choices" in meta:
        return draw(st.sampled_from(meta["choices"]))
    if isinstance(donor, int) and "min" in meta and draw(st.booleans()):
        low = meta["min"]
        return draw(st.integers(low, meta.get("max", low + 2 * abs(donor) + 10)))
    return donor


@st.composite
def house_rules(draw: st.DrawFn) -> RuleSet:
    """A preset with one to five options changed, as the rule set's checks accept it."""
    base = draw(st.sampled_from(PRESETS))
    changes: dict[str, dict[str, Any]] = {}
    for _ in range(draw(st.integers(1, 5))):
        section, option = draw(st.sampled_from(OPTIONS))
        changes.setdefault(section, {})[option.name] = option_value(draw, section, option)
    try:
        rules = from_dict(changes, base=load(base))
    except RulesError:
        reject()  # the checks refuse it: draw another
    event(f"based on {base}")
    return rules


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=house_rules(), seed=SEEDS, policy_seed=SEEDS,
       eagerness=st.sampled_from([0.0, 0.5, 0.9]))
def test_games_under_house_rules_keep_the_invariants(
    rules: RuleSet, seed: int, policy_seed: int, eagerness: float
) -> None:
    game = play(rules, seed, policy_seed, eagerness)
    assert game.results or game.is_terminal()


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=house_rules(), seed=SEEDS, policy_seed=SEEDS)
def test_the_generator_agrees_with_its_refusals_under_house_rules(
    rules: RuleSet, seed: int, policy_seed: int
) -> None:
    """At every decision of a random deal, the legal actions are the same whether or not the
    generator is asked for its refusals (its quick paths skip the checks no action needs,
    ``canasta.engine.melds``): ``why_illegal`` refuses exactly what it leaves out. Under a
    preset with sequences and one of the wild-card rules of Modern American, a meld of two
    suited naturals and a wild card was legal on the quick path after the side had opened,
    and refused by ``why_illegal`` (a cache of suited melds ignored those rules)."""
    game = Game(rules, seed)
    rng = random.Random(policy_seed)
    while not game.results and not game.is_terminal():
        met: dict[Action, Refusal] = {}
        legal = game.legal_actions()
        assert turn.legal_actions(game.state, game.t, met) == legal
        assert not set(met) & set(legal)
        game.apply(rng.choice(legal))
