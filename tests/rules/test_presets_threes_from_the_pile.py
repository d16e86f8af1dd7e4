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


def test_an_opening_whose_taken_black_three_is_set_aside_counts_it_out_of_the_hand() -> None:
    """A tentative opening with the pile: the taken cards wait until the commit, and a Cuban
    black 3 among them is set aside then, never reaching the hand. Taking ``B3 K`` with two
    kings and melding ``Q Q Q`` from ``K K Q Q Q 9`` leaves the 9 alone: without a canasta
    the commit is refused (ruling 20), and taking the opening back stays open.

    Found by the exploring property tests (``test_whole_games_keep_the_invariants[cuban]``,
    seed 3, policy seed 3, eagerness 0.9): the commit counted the black 3 as a card kept, and
    the player was left holding one card with no legal action."""
    game = position("cuban", hands={0: "K K Q Q Q 9"}, melds={1: ["J J J"]},
                    melded=[False, True], pile="B3 K")
    game.apply("take pair")
    game.apply("meld Q Q Q")
    assert game.why_illegal("commit") == (
        "committing would leave you no card to keep after your discard, and your side needs 1 "
        "canasta to go out")
    assert legal_texts(game) == ["retract"]


def test_an_opening_whose_taken_black_three_is_set_aside_may_go_out_with_a_canasta() -> None:
    """With a canasta in the opening the side may go out: the commit is legal, the black 3
    is set aside, and the last card is the discard that goes out."""
    game = position("cuban", hands={0: "K K K K K K 9"}, melds={1: ["J J J"]},
                    melded=[False, True], pile="B3 K")
    for action in ("take pair", "add K K", "add K K", "add K K", "add K K"):
        game.apply(action)
    game.apply("commit")
    assert [side.black_threes_removed for side in game.state.sides] == [1, 0]
    assert legal_texts(game) == ["discard 9"]
    game.apply("discard 9")
    assert game.results[-1].ended_by == "going out" and game.results[-1].went_out == 0
