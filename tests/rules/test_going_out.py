"""Going out (docs/rules.md: seed 000 "Going out"; rulings 8, 11, 12, 19, 20)."""

from __future__ import annotations

import pytest

from canasta import IllegalAction
from tests.helpers import ANSWER, MELD, legal_texts, position

CANASTA = "Q Q Q Q Q Q Q"


def test_going_out_by_discarding_the_last_card() -> None:
    game = position(hands={0: "9"}, melds={0: [CANASTA]}, phase=MELD, drew=True)
    game.apply("discard 9")
    result = game.results[-1]
    assert result.went_out == 0 and result.ended_by == "going out"
    assert result.sides[0].going_out == 100


def test_going_out_by_melding_with_no_discard() -> None:
    """docs/rules.md, seed 000: finishing with a meld and no discard is allowed."""
    game = position(hands={0: "K K K"}, melds={0: [CANASTA]}, phase=MELD, drew=True)
    game.apply("meld K K K")
    assert game.results[-1].went_out == 0


def test_going_out_by_adding_to_a_meld() -> None:
    game = position(hands={0: "Q"}, melds={0: [CANASTA]}, phase=MELD, drew=True)
    game.apply("add Q Q")
    assert game.results[-1].went_out == 0


def test_going_out_needs_a_canasta() -> None:
    """docs/rules.md, seed 000: your side must have completed at least one canasta first."""
    game = position(hands={0: "K 9"}, melds={0: ["K K K K K"]}, phase=MELD, drew=True)
    with pytest.raises(IllegalAction, match="needs 1 canasta to go out"):
        game.apply("add K K")


def test_the_card_that_completes_the_canasta_may_go_out() -> None:
    game = position(hands={0: "K 9"}, melds={0: ["K K K K K K"]}, phase=MELD, drew=True)
    game.apply("add K K")
    game.apply("discard 9")
    assert game.results[-1].went_out == 0


def test_two_canastas_in_the_two_hand_game() -> None:
    """docs/rules.md, seed 000 "Variants": with two players you need two canastas to go out."""
    two = position("two_hand", hands={0: "K 9"}, melds={0: [CANASTA, "K K K"]}, phase=MELD)
    with pytest.raises(IllegalAction, match="needs 2 canastas to go out"):
        two.apply("add K K")
    four = position(hands={0: "K 9"}, melds={0: [CANASTA, "K K K"]}, phase=MELD)
    four.apply("add K K")
    four.apply("discard 9")
    assert four.results[-1].went_out == 0


def test_asking_is_allowed_only_before_any_other_action() -> None:
    """docs/rules.md, seed 000: once you have melded or reached for the pile, you have given up the
    right."""
    game = position(hands={0: "9 5"}, melds={0: [CANASTA]})
    assert "ask" in legal_texts(game)
    game.apply("draw")
    with pytest.raises(IllegalAction, match="only before any other action"):
        game.apply("ask")


def test_the_partner_answers_and_no_binds() -> None:
    """docs/rules.md, seed 000: whichever answer comes back binds you."""
    game = position(hands={0: "K"}, melds={0: [CANASTA, "K K K"]}, stock="5 6")
    game.apply("ask")
    assert game.phase == ANSWER and game.current_player == 2
    game.apply("no")
    assert game.current_player == 0
    game.apply("draw")
    assert "add K K" not in legal_texts(game)
    with pytest.raises(IllegalAction, match="partner said you may not go out"):
        game.apply("add K K")
    game.apply("discard 6")
    assert game.current_player == 1


def test_yes_forces_every_line_that_goes_out() -> None:
    """docs/rules.md, ruling 19: after 'yes', a line of play that goes out is forced while one
    exists."""
    game = position(hands={0: "K"}, melds={0: [CANASTA, "K K K"]}, stock="5 6")
    game.apply("ask")
    game.apply("yes")
    game.apply("draw")
    assert legal_texts(game) == ["add K K"]
    with pytest.raises(IllegalAction, match="partner said yes: you must go out"):
        game.apply("discard 6")
    game.apply("add K K")
    assert legal_texts(game) == ["discard 6"]
    game.apply("discard 6")
    assert game.results[-1].went_out == 0 and game.results[-1].sides[0].penalty == 0


def test_yes_without_a_way_out_plays_on_without_penalty() -> None:
    """docs/rules.md, ruling 19: if no line goes out, the player plays on normally, with no
    penalty."""
    game = position(hands={0: "K 9 4"}, melds={0: [CANASTA]}, stock="5 6")
    game.apply("ask")
    game.apply("yes")
    game.apply("draw")
    assert "discard 9" in legal_texts(game)
    game.apply("discard 9")
    assert game.current_player == 1 and game.state.sides[0].yes_failures == 1


def test_concealed_going_out_needs_no_minimum_after_a_stock_draw() -> None:
    """docs/rules.md, seed 000: a side that has not melded and draws from the stock into a hand it
    can lay down complete, canasta included, goes out concealed without meeting the minimum; 200."""
    game = position(hands={0: "5 5 5 5 5 5 2 4 4 4"}, scores=[3000, 0], phase=MELD, drew=True)
    for text in ["meld 5 5 5", "add 5 5", "add 5 5", "add 5 5", "add 5 2", "meld 4 4 4"]:
        game.apply(text)
    result = game.results[-1]
    assert result.went_out == 0
    assert result.sides[0].concealed and result.sides[0].going_out == 200
    assert result.sides[0].total == 30 + 20 + 15 + 300 + 200


def test_taking_the_pile_forfeits_the_exemption_and_the_bonus() -> None:
    """docs/rules.md, seed 000: take the pile instead and you must make the minimum, and no
    concealed bonus."""
    game = position(hands={0: "5 5 5 5 5 2 4 4 4"}, scores=[3000, 0], pile="9 5")
    game.apply("take pair")
    for text in ["add 5 5", "add 5 5", "add 5 5", "add 5 2"]:
        game.apply(text)
    assert "commit" not in legal_texts(game)  # 50 points, 120 needed
    game.apply("retract")
    assert game.state.table.pile[-1] == 5


def test_concealed_bonus_with_partner_melds_already_down() -> None:
    """docs/rules.md, seed 000: your partner may already have melds down."""
    game = position(hands={0: "9 9 9 9 9 9 9"}, melds={0: ["K K K"]}, phase=MELD, drew=True)
    for text in ["meld 9 9 9", "add 9 9", "add 9 9", "add 9 9", "add 9 9"]:
        game.apply(text)
    assert game.results[-1].sides[0].concealed


def test_no_concealed_bonus_after_melding_on_an_earlier_turn() -> None:
    """docs/rules.md, seed 000: concealed means having put nothing on the table earlier in the
    deal."""
    others = {seat: "5 6" for seat in (1, 2, 3)}
    game = position(hands={0: "9 9 9 9 9 9 9 5 6", **others}, melds={0: ["K K K"]},
                    phase=MELD, stock="K 4 4 4")
    game.apply("meld 9 9 9")
    game.apply("discard 5")
    for _ in range(3):
        game.apply("draw")
        game.apply("discard 4")
    game.apply("draw")
    for text in ["add 9 9", "add 9 9", "add 9 9", "add 9 9", "add K K", "discard 6"]:
        game.apply(text)
    result = game.results[-1]
    assert result.went_out == 0 and not result.sides[0].concealed
    assert result.sides[0].going_out == 100
