"""Cuban black 3s that come with a taken pile are set aside (docs/rules.md, seed 001: "Black
threes are removed from play if a discard pile is taken"), so they never reach the hand. A turn
still ends with a discard (docs/rules.md, seed 000: "taking and discarding are not [optional]";
docs/rules.md, ruling 20), so a take must never leave the player with no legal action.

Found by the property tests (``test_random_games_keep_the_invariants[cuban]``, seed 2623,
eagerness 0.9): after "may I go out?" — "no", the player took a pile of a black 3 and a king
with two kings from a hand of three cards."""

from __future__ import annotations

from canasta import ALL_ACTIONS
from tests.helpers import legal_texts, position


def test_a_take_whose_black_threes_are_set_aside_leaves_a_card_to_discard() -> None:
    game = position("cuban", hands={0: "K K 9"}, melds={0: ["Q Q Q"], 1: ["J J J"]},
                    pile="B3 K")
    if "take pair" not in legal_texts(game):
        return  # refusing the take is one way to keep the rule
    game.apply("take pair")
    actions = [str(ALL_ACTIONS[code]) for code in game.history]
    assert [side.black_threes_removed for side in game.state.sides] == [1, 0]
    assert game.legal_actions(), (
        f"after {actions} the player holds {game.state.seats[0].size} card and has no legal "
        "action: no discard (the side may not go out) and nothing to meld")
