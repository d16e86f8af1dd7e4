"""The position notation (docs/positions.md): every reachable state of every preset writes to
a line that reads back to the same state, and a malformed or impossible position is refused
with its reason."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta import Game
from canasta.engine.position import PositionError
from canasta.rules import load, preset_names
from tests.sizing import examples

PRESETS = preset_names()


@pytest.mark.parametrize("rules_name", PRESETS)
@settings(max_examples=examples(3), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63 - 1),
       policy_seed=st.integers(min_value=0, max_value=2**31), eager=st.sampled_from([0.0, 0.8]))
def test_every_position_reads_back_to_the_same_state(rules_name: str, seed: int,
                                                     policy_seed: int, eager: float) -> None:
    rules = load(rules_name)
    game, rng = Game(rules, seed), random.Random(policy_seed)
    while not game.is_terminal() and len(game.results) < 2:
        text = game.position()
        again = Game.from_position(rules, text)
        assert again.state == game.state, text
        assert again.digest() == game.digest() and again.position() == text
        assert again.legal_actions() == game.legal_actions()
        legal = game.legal_actions()
        laying = [a for a in legal if a.type.name in ("MELD", "ADD", "TAKE", "COMMIT")]
        game.apply(rng.choice(laying if laying and rng.random() < eager else legal))
    assert Game.from_position(rules, game.position()).state == game.state


def test_a_position_names_its_rules() -> None:
    text = Game("classic", 3).position()
    with pytest.raises(PositionError, match="this position is for other rules"):
        Game.from_position("two_hand", text)


@pytest.mark.parametrize(("text", "reason"), [
    ("", "a non-empty line"),
    ("turn 0 draw; turn 1 draw", "given twice"),
    ("turn 0 draw; colour blue", "unknown field 'colour'"),
    ("turn 9 draw", "expected a seat"),
    ("turn 0 dance", "expected a seat"),
    ("scores 10", "expected 2 numbers"),
    ("scores ten eleven", "expected whole numbers"),
    ("hands K K | 5", "expected 4 parts"),
    ("hands KX | | |", "bad card"),
    ("hands KH | | |", "suits play no part"),
    ("hands K K K K K K K K K | | |", "holds 9 of K, more than the pack's 8"),
    ("melds K K 2 JK 2 2 | ; opened 0", "more wild cards than its naturals allow"),
    ("melds K K | ; opened 0", "needs three cards"),
    ("melds K K K, K K K | ; opened 0", "has a meld of that rank already"),
    ("melds 2 2 JK | ; opened 0", "these rules allow none"),
    ("melds 4H 5H 6H | ; opened 0", "these rules have no sequences"),
    ("melds K K 5 | ; opened 0", "a meld is one rank"),
    ("melds K K K |", "has melds but has not made its initial meld"),
    ("melds B3 B3 | ; opened 0", "black-3 set of 2"),
    ("over 0", "over exactly when"),
    ("turn 0 over", "over exactly when"),
    ("scores 100 0; results 1 out 0 0,100,0,0,0,0,0,0,0,0,0,90,0,0,0,0,0,0,0 "
     "1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0", "do not add up"),
    ("permission maybe", "expected one of yes, no"),
    ("opening hand K | colour", "unexpected part"),
])
def test_a_bad_position_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(PositionError, match=reason):
        Game.from_position("classic", text)


def test_suits_are_required_where_they_matter() -> None:
    with pytest.raises(PositionError, match="needs its suit"):
        Game.from_position("samba", "hands K | | |")
    game = Game.from_position("samba", "melds 4H 5H 6H 7H 8H 9H 10H | ; opened 0")
    assert game.state.sides[0].sambas == ((1, 4, 10),) and game.state.sides[0].canastas == 1


def test_a_short_position_fills_the_stock_with_the_rest() -> None:
    game = Game.from_position("classic", "turn 0 meld; hands K K K 5 | | |; drew")
    assert game.card_count() == 108
    assert game.state.table.stock[-1] == 14  # every card not placed, the highest kind on top
    assert game.legal_actions()[0].type.name == "MELD"


def test_an_illegal_action_names_the_position_for_a_bug_report() -> None:
    from canasta.errors import IllegalAction

    game = Game("classic", 5)
    with pytest.raises(IllegalAction) as info:
        game.apply("commit")
    assert info.value.position == game.position()
    assert game.position() not in str(info.value)  # never in the message a player sees
