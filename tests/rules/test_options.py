"""Rule options for the other readings of the rulings (docs/rules.md, "Rulings: where the texts
disagree"), each played as a scenario."""

from __future__ import annotations

from typing import Any

import pytest

from canasta import IllegalAction, RuleSet
from canasta.rules import from_dict
from tests.helpers import MELD, counts, end_hand, kinds, legal_texts, position

MELDS = {0: ["8 8 8"], 1: ["J J J"]}


def rules(**sections: dict[str, Any]) -> RuleSet:
    return from_dict(dict(sections))


def takes(texts: list[str]) -> list[str]:
    return [t for t in texts if t.startswith("take")]


def test_draw_two_for_four_players() -> None:
    """docs/rules.md, ruling 1 (seed 002): two cards for everyone."""
    game = position(rules(draw={"stock_cards": 2}), hands={0: "K"}, stock="4 5 6")
    game.apply("draw")
    assert game.state.seats[0].hand == counts("K 5 6")


@pytest.mark.parametrize(("ratio", "naturals", "wilds_allowed"), [
    ("any", 2, 3), ("not_more", 2, 2), ("fewer", 2, 1), ("fewer", 4, 3)])
def test_wild_ratio(ratio: str, naturals: int, wilds_allowed: int) -> None:
    """docs/rules.md, ruling 7: wilds never outnumber naturals (seed 002), or are fewer than them
    (docs/rules.md, seed 001)."""
    meld = " ".join(["K"] * naturals + ["2"])
    game = position(rules(melds={"wild_ratio": ratio}), hands={0: "2 2 2 2 5 6"},
                    melds={0: [meld], 1: ["J J J"]}, phase=MELD)
    added = 1
    while "add K 2" in legal_texts(game):
        game.apply("add K 2")
        added += 1
    assert added == wilds_allowed


def test_samba_style_two_wild_limit() -> None:
    game = position(rules(melds={"max_wilds": 2}), hands={0: "2 2 5 6"},
                    melds={0: ["K K K 2"], 1: ["J J J"]}, phase=MELD)
    game.apply("add K 2")
    with pytest.raises(IllegalAction, match="may hold 2"):
        game.apply("add K 2")


def test_black_three_freezes_in_the_002_reading() -> None:
    game = position(rules(pile={"black_three_freezes": True}), hands={0: "B3 5 6"},
                    melds=MELDS, phase=MELD)
    game.apply("discard B3")
    assert game.state.table.freezers == 1 and game.pile_frozen_for(0)


def test_always_frozen() -> None:
    game = position(rules(pile={"always_frozen": True}), hands={0: "8 2 5"}, melds=MELDS,
                    pile="4 8")
    assert takes(legal_texts(game)) == []


def test_a_canasta_does_not_open_the_pile() -> None:
    """docs/rules.md, ruling 4 (seed 004, the house sheet; seed 001 variation): a completed canasta
    does not take the pile."""
    game = position(rules(pile={"canasta_opens_pile": False}), hands={0: "5 6"},
                    melds={0: ["8 8 8 8 8 8 8"], 1: ["J J J"]}, pile="4 8")
    with pytest.raises(IllegalAction, match="completed canasta, which does not open the pile"):
        game.apply("take meld")


def test_natural_pair_only() -> None:
    game = position(rules(pile={"take_with_wild": False, "take_by_adding": False}),
                    hands={0: "8 8 2 5"}, melds=MELDS, pile="4 8")
    assert takes(legal_texts(game)) == ["take pair"]


def test_take_only_the_top_cards() -> None:
    """docs/rules.md, ruling 4 (seed 001 variation): take only the top N cards of the pile (Hand and
    Foot: 5)."""
    game = position(rules(pile={"take_top": 3}), hands={0: "9 9 5"}, melds=MELDS,
                    pile="4 2 6 7 K 9")
    game.apply("take pair")
    assert game.state.table.pile == kinds("4 2 6") and game.state.table.freezers == 1
    assert game.state.seats[0].hand == counts("5 7 K")


def test_initial_meld_before_taking_the_pile() -> None:
    game = position(rules(pile={"initial_meld_before_taking": True}), hands={0: "9 9 K K K"},
                    pile="4 9", melds={1: ["J J J"]})
    with pytest.raises(IllegalAction, match="must make its initial meld before"):
        game.apply("take pair")


def test_top_card_does_not_count_in_modern_american() -> None:
    """docs/rules.md, seed 000, Modern American: nothing from the pile counts towards the
    opening."""
    game = position(rules(initial_meld={"top_card_counts": False}), hands={0: "A A K K K"},
                    pile="4 A")
    game.apply("take pair")
    assert game.state.turn.opening_points == 40


def test_no_negative_tier() -> None:
    """docs/rules.md, seed 003: 50 whatever the negative score."""
    assert rules(initial_meld={"below_zero": 50}).minimum_for(-200) == 50


def test_concealed_with_the_pile_in_the_001_reading() -> None:
    """docs/rules.md, seed 001 (ruling 8): going out concealed is allowed while picking up the
    pile."""
    hand = {0: "9 9 9 9 9 9 K K K"}
    for allowed in (False, True):
        game = position(rules(going_out={"concealed_with_pile": allowed}), hands=hand,
                        melds={0: ["4 4 4"], 1: ["J J J"]}, pile="9")
        game.apply("take pair")
        for text in ["add 9 9", "add 9 9", "add 9 9", "add 9 9", "meld K K K"]:
            game.apply(text)
        assert game.results[-1].sides[0].concealed == allowed


def test_concealed_needs_the_whole_side_off_the_table() -> None:
    strict = rules(going_out={"concealed_side_off_table": True})
    game = position(strict, hands={0: "9 9 9 9 9 9 9"}, melds={0: ["K K K"]}, phase=MELD,
                    drew=True, extra="laid 2")  # the partner laid the kings on an earlier turn
    for text in ["meld 9 9 9", "add 9 9", "add 9 9", "add 9 9", "add 9 9"]:
        game.apply(text)
    assert not game.results[-1].sides[0].concealed


def test_failed_yes_penalty() -> None:
    """docs/rules.md, ruling 19, penalty option: some tables charge 100."""
    game = position(rules(going_out={"failed_yes_penalty": 100}), hands={0: "K 9 4", 1: "5"},
                    melds={0: ["Q Q Q Q Q Q Q"]}, stock="5 6 7")
    game.apply("ask")
    game.apply("yes")
    game.apply("draw")
    game.apply("discard 9")
    end_hand(game)
    assert game.results[-1].sides[0].penalty == -100


def test_turning_the_pile_over_as_a_new_stock() -> None:
    """docs/rules.md, ruling 13 (seed 001): when the stock is depleted, turn the pile over as a new
    stock."""
    game = position(rules(stock_out={"mode": "turn_pile"}), hands={0: "K 5", 1: "9 4"},
                    melds=MELDS, pile="4 5 6 7", stock="", phase=MELD)
    game.apply("discard K")
    table = game.state.table
    assert table.pile == kinds("K") and table.stock == kinds("7 6 5 4")  # the bottom on top
    game.apply("draw")
    assert game.state.seats[1].hand == counts("9 4 4")


def test_no_asking_when_the_rules_say_so() -> None:
    game = position(rules(going_out={"ask_partner": False}), hands={0: "K 5"}, melds=MELDS)
    with pytest.raises(IllegalAction, match="do not let you ask"):
        game.apply("ask")
