"""A turn: draw, meld, discard (docs/rules.md, seed 000 "Play", "Melds", "Threes")."""

from __future__ import annotations

import pytest

from canasta import Game, IllegalAction
from canasta.cards import RED_THREE, parse_kind
from tests.helpers import MELD, counts, kinds, legal_texts, position


def test_drawing_takes_one_card_in_the_four_hand_game() -> None:
    game = position(hands={0: "K Q"}, stock="5 6 7")
    game.apply("draw")
    assert game.state.seats[0].hand == counts("K Q 7") and game.state.table.stock == kinds("5 6")


def test_drawing_takes_two_cards_in_the_two_hand_game() -> None:
    """docs/rules.md, seed 000 "Variants": a stock draw takes two cards rather than one."""
    game = position("two_hand", hands={0: "K Q"}, stock="5 6 7")
    game.apply("draw")
    assert game.state.seats[0].hand == counts("K Q 6 7") and len(game.state.table.stock) == 1


def test_a_red_three_drawn_is_laid_out_and_replaced() -> None:
    """docs/rules.md, seed 000: if you ever draw a red three, lay it down at once and draw another
    card."""
    game = position(hands={0: "K Q"}, stock="5 6 R3")
    game.apply("draw")
    seat = game.state.seats[0]
    assert seat.red_threes == 1
    assert seat.hand == counts("K Q 6") and seat.hand[RED_THREE] == 0


def test_a_meld_needs_two_naturals() -> None:
    """docs/rules.md, seed 000: a meld must always hold at least two natural cards."""
    game = position(hands={0: "K 2 JK 5 6 9"}, melds={0: ["Q Q Q"]}, phase=MELD)
    assert "meld K K 2" not in legal_texts(game)
    with pytest.raises(IllegalAction, match="you have 1 king; this meld needs 2"):
        game.apply("meld K K 2")


def test_a_meld_holds_at_most_three_wilds() -> None:
    """docs/rules.md, seed 000: a meld may never hold more than three wild cards."""
    game = position(hands={0: "2 5 6 9"}, melds={0: ["K K K K 2 2 JK"]}, phase=MELD)
    assert "add K 2" not in legal_texts(game)
    with pytest.raises(IllegalAction, match="would hold 4 wild cards; with 4 naturals it may"):
        game.apply("add K 2")


def test_wild_cards_are_added_one_at_a_time_up_to_three() -> None:
    game = position(hands={0: "2 JK 5 6 9"}, melds={0: ["K K K"]}, phase=MELD)
    game.apply("add K 2")
    game.apply("add K JK")
    assert game.melds(0)[0].wilds == 2


def test_a_joker_and_a_two_are_different_actions() -> None:
    """Actions lose nothing: the joker scores 50, the 2 scores 20, so melding one or the other are
    different actions (docs/rules.md, "How the engine settles what the texts leave open": the
    turn as actions; "Scoring")."""
    game = position(hands={0: "K K 2 JK 5 6"}, melds={0: ["Q Q Q"]}, phase=MELD)
    assert {"meld K K 2", "meld K K JK"} <= set(legal_texts(game))


def test_one_meld_per_rank_per_side() -> None:
    """docs/rules.md, seed 000: your side may have only one meld of any given rank."""
    game = position(hands={0: "K K K 5 6"}, melds={0: ["K K K"]}, phase=MELD)
    with pytest.raises(IllegalAction, match="already has a meld of kings: add to it"):
        game.apply("meld K K K")
    game.apply("add K K")


def test_either_partner_adds_to_the_sides_melds() -> None:
    """docs/rules.md, seed 000: either partner may add to any of the side's melds at any time."""
    game = position(hands={2: "K 5 6"}, melds={0: ["K K K"]}, current=2, phase=MELD)
    game.apply("add K K")
    assert game.melds(0)[0].naturals == 4


def test_black_threes_are_melded_only_when_going_out() -> None:
    """docs/rules.md, seed 000: black threes may be melded only on the turn you go out, as a natural
    set."""
    game = position(hands={0: "B3 B3 B3 5 6 7 9"}, melds={0: ["Q Q Q Q Q Q Q"]}, phase=MELD)
    with pytest.raises(IllegalAction, match="only as you go out"):
        game.apply("meld B3 B3 B3")
    out = position(hands={0: "B3 B3 B3 9"}, melds={0: ["Q Q Q Q Q Q Q"]}, phase=MELD)
    out.apply("meld B3 B3 B3")
    out.apply("discard 9")
    assert out.results[-1].went_out == 0
    assert out.results[-1].sides[0].melded == 70 + 15


def test_a_discard_ends_the_turn() -> None:
    game = position(hands={0: "K Q 5"}, phase=MELD)
    game.apply("discard 5")
    assert game.current_player == 1 and game.state.table.pile[-1] == 5
    assert game.state.seats[0].size == 2


def test_you_may_not_meld_down_to_no_cards_without_going_out() -> None:
    """docs/rules.md, ruling 20: a turn ends with a discard, so a card must be kept for it."""
    game = position(hands={0: "K K K 5"}, melds={0: ["Q Q Q"]}, phase=MELD)
    assert "meld K K K" not in legal_texts(game)
    with pytest.raises(IllegalAction, match="needs 1 canasta to go out"):
        game.apply("meld K K K")
    game.apply("discard 5")
    assert game.state.seats[0].size == 3


def test_an_illegal_action_changes_nothing() -> None:
    """Bad input changes nothing: the state is exactly as before (README.md, "Bad input changes
    nothing")."""
    game = position(hands={0: "K 2 5 6 9"}, melds={0: ["Q Q Q"]}, phase=MELD)
    before = game.digest()
    for text in ("meld K K 2", "discard A", "draw", "commit", "take pair", "yes"):
        with pytest.raises(IllegalAction):
            game.apply(text)
        assert game.digest() == before


def test_the_table_remembers_what_each_seat_discarded_and_passed_on_this_deal() -> None:
    """Public play a seat's view keeps (``Seat.discarded``, ``Seat.passed``): every kind a
    seat discards, and the kind on top of the pile when it draws from the stock instead,
    once its side has opened; a side that has not opened may pass for want of its opening,
    so its draws record nothing. Both read back from the position."""
    game = position(hands={0: "K Q 9", 1: "5 6 7", 2: "8 8 9", 3: "4 4 6"},
                    melds={1: ["J J J"]}, pile="10", stock="5 6 7 8")
    king, five = parse_kind("K"), parse_kind("5")
    game.apply("draw")  # side 0 has not opened: the 10 is not a pass
    game.apply("discard K")
    game.apply("draw")  # side 1 has: it passed on the king
    game.apply("discard 5")
    seats = game.state.seats
    assert (seats[0].discarded, seats[0].passed) == (1 << king, 0)
    assert (seats[1].discarded, seats[1].passed) == (1 << five, 1 << king)
    assert game.view(2).discarded == (1 << king, 1 << five, 0, 0)
    again = Game.from_position("classic", game.position())
    assert [(s.discarded, s.passed) for s in again.state.seats] == [
        (s.discarded, s.passed) for s in seats]
    assert "discarded K | 5 | |; passed | K | |" in game.position()


def test_a_new_deal_starts_with_nothing_remembered() -> None:
    """What each seat discarded and passed on is this deal's: the next deal forgets it."""
    game = Game("classic", 5)
    remembered = False
    while not game.results:
        game.apply(game.legal_actions()[-1])
        remembered |= any(seat.discarded for seat in game.state.seats)
    assert remembered and not game.is_terminal() and game.deal_number == 2
    assert all(seat.discarded == seat.passed == 0 for seat in game.state.seats)
    assert "discarded" not in game.position() and "passed" not in game.position()
