"""The facts' JSON-ready form (docs/presentation.md): ``to_dict`` is written per class from
the fields' types; it must give exactly what a generic walk of the dataclass gives."""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass

import pytest

from canasta import Game
from canasta.presentation import table_facts
from canasta.presentation.facts import Fact, plain
from canasta.rules import preset_names


@pytest.mark.parametrize("rules", ["classic", "samba", "hand_and_foot"])
def test_to_dict_is_the_generic_walk_of_every_field(rules: str) -> None:
    assert rules in preset_names()
    game, rng = Game(rules, 5), random.Random(5)
    log: list[str] = []
    for step in range(400):
        if game.is_terminal():
            break
        if step % 17 == 0:
            for seat in range(game.num_players):
                facts = table_facts(game.view(seat), log=log)
                expected = json.loads(json.dumps(dataclasses.asdict(facts)))
                assert facts.to_dict() == expected
                assert plain([facts, (facts.turn,)]) == [expected, [expected["turn"]]]
        action = rng.choice(game.legal_actions())
        log.append(str(action))
        game.apply(action)


def test_a_field_with_no_json_form_is_refused_by_name() -> None:
    @dataclass(frozen=True)
    class Odd(Fact):
        ratio: float

    with pytest.raises(TypeError, match="float"):
        Odd(0.5).to_dict()
