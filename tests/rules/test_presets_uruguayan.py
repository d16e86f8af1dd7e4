"""The ``uruguayan`` preset (docs/rules.md, Presets: uruguayan): seed 001 "Uruguayan Canasta"
(described in docs/rules.md, Sources): "It is exactly like the original canasta, in its original
version." It is an alias of classic."""

from __future__ import annotations

from canasta.engine.scoring import Meld, score_side
from canasta.rules import diff, load
from canasta.sim import play_random
from tests.helpers import kinds

URUGUAYAN = load("uruguayan")


def test_every_option_is_classics() -> None:
    assert diff(load("classic"), URUGUAYAN) == []
    assert URUGUAYAN.name == "uruguayan"


def test_the_same_seed_plays_the_same_game_as_classic() -> None:
    classic, uruguayan = play_random("classic", 11, 3), play_random("uruguayan", 11, 3)
    assert classic.history == uruguayan.history
    assert [r.totals for r in classic.results] == [r.totals for r in uruguayan.results]


def test_reference_examples_10_and_11() -> None:
    """docs/rules.md, REFERENCE §16 examples 10 and 11 (Britannica): all four red 3s are +800 for
    a side that has melded, -800 for one that has not."""
    king = kinds("K")[0]
    assert score_side(URUGUAYAN, 0, [Meld(king, 3)], [], 4, True).red_three_points == 800
    assert score_side(URUGUAYAN, 0, [], [], 4, False).red_three_points == -800
