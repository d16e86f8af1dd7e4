"""Hidden information under households' own rules: the facts built for each seat (its lines
of each move, its table with the hint when it is to act, their JSON and their text) name no
card it cannot know, under a preset with a few options changed (``house_rules``).
``tests/presentation/test_hidden.py`` checks the presets' own games; this file the
combinations no preset ships (a scratch run of 350 such rule sets, two deals each, found
nothing; the exploring profile draws ten times as many as the default)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.engine.game import Game
from canasta.rules import RuleSet
from tests.presentation.test_hidden import told_nothing_hidden
from tests.sizing import examples
from tests.test_house_rules_properties import house_rules
from tests.test_properties import SEEDS, make_policy

STEPS = 150  #: actions looked at in a game's first deal, at most


@settings(max_examples=examples(5), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=house_rules(), seed=SEEDS, policy_seed=SEEDS,
       eagerness=st.sampled_from([0.0, 0.5, 0.9]))
def test_no_seat_is_told_a_card_it_cannot_know_under_house_rules(
        rules: RuleSet, seed: int, policy_seed: int, eagerness: float) -> None:
    policy = make_policy(random.Random(policy_seed), eagerness)
    told_nothing_hidden(Game(rules, seed), lambda g: policy(g, g.legal_actions()), STEPS)
