"""Cuban black 3s that come with a taken pile are set aside (docs/rules.md, seed 001: "Black
threes are removed from play if a discard pile is taken"), so they never reach the hand. A turn
still ends with a discard (docs/rules.md, seed 000: "taking and discarding are not [optional]";
docs/rules.md, ruling 20), so a take must never leave the player with no legal action.

Found by the property tests (``test_random_games_keep_the_invariants[cuban]``, seed 2623,
eagerness 0.9): after "may I go out?" — "no", the player took a pile of a black 3 and a king
with two kings from a hand of three cards."""

from __future__ import annotations

from canasta import ALL_ACTIONS
from tests.helpers import counts, legal_texts, position


def test_a_take_whose_black_threes_are_set_aside_counts_them_out_of_the_hand() -> None:
    """The set-aside black 3 does not join the hand: taking with two kings from ``K K 9``
    leaves one card, and a side without a canasta may not go out, so the take is refused."""
    game = position("cuban", hands={0: "K K 9"}, melds={0: ["Q Q Q"], 1: ["J J J"]},
                    pile="B3 K")
    assert "take pair" not in legal_texts(game)
    assert game.why_illegal("take pair") == (
        "that would leave you one card to discard, and you may not go out: your side needs 1 "
        "canasta to go out")


def test_a_take_whose_black_threes_are_set_aside_leaves_a_card_to_discard() -> None:
    """With a canasta the side may go out, so the same take is legal, and the player still
    has the discard that ends the turn."""
    game = position("cuban", hands={0: "K K 9"},
                    melds={0: ["Q Q Q Q Q Q Q"], 1: ["J J J"]}, pile="B3 K")
    game.apply("take pair")
    actions = [str(ALL_ACTIONS[code]) for code in game.history]
    assert [side.black_threes_removed for side in game.state.sides] == [1, 0]
    assert game.state.seats[0].hand == counts("9")
    assert legal_texts(game) == ["discard 9"], (
        f"after {actions} the player holds {game.state.seats[0].size} card: the discard that "
        "goes out must be legal")
