"""Hidden information under households' own rules: the facts built for each seat (its lines
of each move, its table with the hint when it is to act, their JSON and their text) name no
card it cannot know, under a preset with a few options changed (``house_rules``).
``tests/presentation/test_hidden.py`` checks the presets' own games; this file the
combinations no preset ships (a scratch run of 350 such rule sets, two deals each, found
nothing; the exploring profile draws ten times as many as the default)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.bots.kinds import cards_used
from canasta.engine.game import Game
from canasta.presentation import describe_move, table_facts
from canasta.presentation.text import render
from canasta.rules import RuleSet
from tests.presentation.test_hidden import hidden_kinds, leaks
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
    game = Game(rules, seed)
    policy = make_policy(random.Random(policy_seed), eagerness)
    players = game.num_players
    names = tuple(f"P{n}" for n in range(players))
    for _ in range(STEPS):
        if game.is_terminal() or game.deal_number > 1:
            break
        before = [game.view(s) for s in range(players)]
        hidden_before = [hidden_kinds(game, s) for s in range(players)]
        action = policy(game, game.legal_actions())
        game.apply(action)
        ended = game.deal_number > 1 or game.is_terminal()
        for seat in range(players):
            lines = describe_move(before[seat], action, game.view(seat), names)
            kinds = hidden_kinds(game, seat)
            # as in test_hidden: a deal's end lays its last cards open, and "after" is then
            # the next deal
            still = hidden_before[seat] - set(cards_used(action, before[seat].pile_top)) \
                if ended else kinds & hidden_before[seat]
            assert not leaks(list(lines), still), (seat, lines)
            if ended:
                continue
            facts = table_facts(game.view(seat), names, with_hint=seat == game.current_player)
            render(facts)
            data = json.loads(json.dumps(facts.to_dict()))
            data.pop("rules")  # the rules' title, "Joker Canasta", names no card of the deal
            assert not leaks(data, kinds), (seat, kinds)
