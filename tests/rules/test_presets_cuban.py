"""The ``cuban`` preset (docs/rules.md, Presets: cuban): seed 001 "Cuban Canasta", with REFERENCE
§9 (rummy-games) for what the seed leaves open (both described in docs/rules.md, Sources)."""

from __future__ import annotations

from typing import Any

import pytest

from canasta import Game
from canasta.cards import JOKER
from canasta.engine.scoring import Meld, score_side
from canasta.rules import load
from tests.helpers import MELD, counts, end_hand, kinds, legal_texts, position
from tests.preset_helpers import refused

CUBAN = load("cuban")
MELDS = {0: ["8 8 8"], 1: ["J J J"]}
KING = kinds("K")[0]


def cuban(**kwargs: Any) -> Game:
    return position(CUBAN, **kwargs)


def set_aside(game: Game) -> list[int]:
    """The black 3s each side has set aside from taken piles."""
    return [side.black_threes_removed for side in game.state.sides]


def test_two_decks_thirteen_cards() -> None:
    """docs/rules.md, seed 001: "A two-deck variant"; REFERENCE §9: 13 cards each."""
    game = Game(CUBAN, 2)
    assert sum(game.t.pack) == 108 and [p.size for p in game.state.seats] == [13] * 4


def test_game_to_7500_and_150_from_5000() -> None:
    """docs/rules.md, seed 001: "to 7,500. Requires 150 for an initial meld if a partnership is
    over 5,000.\""""
    assert CUBAN.game.target == 7500
    assert [CUBAN.minimum_for(s) for s in (-5, 0, 1500, 3000, 4995, 5000, 7000)] == \
        [15, 50, 90, 120, 120, 150, 150]


def test_the_pile_is_always_frozen() -> None:
    """docs/rules.md, seed 001: "The deck [discard pile] is always frozen": with no wild card in
    it and the side's initial meld made, only a natural pair takes it."""
    game = cuban(hands={0: "8 8 2 5 6"}, melds=MELDS, pile="4 8")
    assert game.state.table.freezers == 0 and game.pile_frozen_for(0)
    assert [t for t in legal_texts(game) if t.startswith("take")] == ["take pair"]
    refused(game, "take meld", r"the pile is frozen \(these rules say so\)")
    refused(game, "take 2", r"the pile is frozen \(these rules say so\)")
    game.apply("take pair")
    assert game.state.sides[0].melds[8] == Meld(kinds("8")[0], 6)


def test_a_meld_holds_at_most_seven_cards() -> None:
    """docs/rules.md, REFERENCE §9: "A canasta has at most 7 cards.\""""
    game = cuban(hands={0: "8 5 6"}, melds={0: ["8 8 8 8 8 8 8"], 1: ["J J J"]}, phase=MELD,
                 drew=True)  # all eight 8s of the two decks
    assert "add 8 8" not in legal_texts(game)
    refused(game, "add 8 8", "a meld holds at most 7 cards")


@pytest.mark.parametrize(("wilds", "bonus"), [
    ("2 2 2 2 2 2 2", 4000), ("JK JK JK JK 2 2 2", 3000), ("JK JK 2 2 2 2 2", 2000)])
def test_wild_canastas_2000_to_4000_by_the_deuces(wilds: str, bonus: int) -> None:
    """docs/rules.md, seed 001: "Wild card canastas are worth between 2,000 and 4,000; depending
    on the number of deuces." REFERENCE §9: seven deuces 4,000; four jokers and three deuces
    3,000; any other 2,000. Each is built from a meld of three wilds, as play does it."""
    cards = kinds(wilds)
    hand = " ".join([*wilds.split(), "9"])
    game = cuban(hands={0: hand}, melds={0: ["Q Q Q Q Q Q Q"], 1: ["J J J"]}, phase=MELD,
                 drew=True, extra="laid 0")  # laid on an earlier turn: not concealed
    jokers = min(3, cards.count(JOKER))
    first = ["JK"] * jokers + ["2"] * (3 - jokers)
    game.apply("meld " + " ".join(first))
    rest = counts(hand)
    for word in first:
        rest[kinds(word)[0]] -= 1
    for kind, word in ((JOKER, "JK"), (kinds("2")[0], "2")):
        for _ in range(rest[kind]):
            game.apply(f"add W {word}")
    assert game.state.sides[0].canastas == 2
    game.apply("discard 9")
    score = game.results[-1].sides[0]
    assert score.wild_canastas == 1 and score.canasta_bonus == 500 + bonus


def test_a_finished_wild_canasta_takes_no_more_cards() -> None:
    game = cuban(hands={0: "2 5 6"}, melds={0: ["8 8 8", "2 2 2 2 2 2 2"], 1: ["J J J"]},
                 phase=MELD, drew=True)
    assert game.state.sides[0].melds[JOKER] == Meld(JOKER, 0, twos=7)
    refused(game, "add W 2", "your wild canasta is complete")


@pytest.mark.parametrize(("red", "value"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_red_threes_100_300_500_1000_only_with_a_canasta(red: int, value: int) -> None:
    """docs/rules.md, seed 001: "Threes are scored only if canastas are made; they count 100 for
    one, 300 for two, 500 for three and 1,000 for four." REFERENCE §9: plus with at least one
    canasta, otherwise minus; §16 example 14: three red 3s with a canasta +500, without -500."""
    with_canasta = score_side(CUBAN, 0, [Meld(KING, 7)], [], red, True)
    without = score_side(CUBAN, 0, [Meld(KING, 6)], [], red, True)
    assert (with_canasta.red_three_points, without.red_three_points) == (value, -value)


def test_reference_example_14_in_play() -> None:
    """docs/rules.md, REFERENCE §16 example 14, at the end of a hand: three red 3s and a canasta,
    +500."""
    game = cuban(hands={0: "9"}, melds={0: ["Q Q Q Q Q Q Q"], 1: ["J J J"]},
                 red_threes={0: 2, 2: 1}, phase=MELD, drew=True)
    game.apply("discard 9")
    result = game.results[-1]
    assert ("3 red 3s", 500) in result.sides[0].items()


def test_black_threes_in_a_taken_pile_are_set_aside() -> None:
    """docs/rules.md, seed 001: "Black threes are removed from play if a discard pile is taken";
    REFERENCE §9: "set aside: 5 each"."""
    game = cuban(hands={0: "9 9 5 6"}, melds=MELDS, pile="B3 4 B3 9")
    game.apply("take pair")
    assert set_aside(game) == [2, 0]
    assert game.state.seats[0].hand == counts("4 5 6")
    assert game.card_count() == 108
    game.apply("discard 4")
    end_hand(game)
    assert ("black 3s set aside", 10) in game.results[-1].sides[0].items()


def test_all_four_black_threes_set_aside_score_100() -> None:
    """docs/rules.md, seed 001: "a partnership that removes all four black threes this way gets
    100 points." The pile is taken during the opening: the black 3s come out when it is
    committed."""
    game = cuban(hands={0: "9 9 A A A 5 6"}, melds={1: ["J J J"]},
                 pile="B3 4 B3 B3 5 B3 9")
    game.apply("take pair")
    game.apply("meld A A A")
    assert set_aside(game) == [0, 0]  # still waiting beside the table
    game.apply("commit")
    assert set_aside(game) == [4, 0] and game.state.seats[0].hand == counts("4 5 5 6")
    game.apply("discard 4")
    end_hand(game)
    assert ("black 3s set aside", 100) in game.results[-1].sides[0].items()


def test_no_concealed_bonus() -> None:
    """docs/rules.md, REFERENCE §9: "No concealed bonus": going out concealed pays the ordinary
    100."""
    game = cuban(hands={0: "9 9 9 9 9 9 9"}, melds={0: ["K K K"]}, phase=MELD, drew=True)
    for text in ["meld 9 9 9", "add 9 9", "add 9 9", "add 9 9", "add 9 9"]:
        game.apply(text)
    score = game.results[-1].sides[0]
    assert score.concealed and score.going_out == 100


# ---------------------------------------------------------------------- issue 16: left out before


def test_black_threes_may_not_be_discarded_on_the_first_round() -> None:
    """docs/rules.md, Presets: cuban; REFERENCE §9: "Black 3s may not be discarded on the first
    round of the table" — each player's first turn of the deal (``turns`` below 4), unless the
    hand holds nothing else (our reading)."""
    game = cuban(hands={0: "B3 K 9"}, melds=MELDS, phase=MELD, drew=True, extra="turns 3")
    assert "discard B3" not in legal_texts(game) and "discard 9" in legal_texts(game)
    refused(game, "discard B3", "first round")
    later = cuban(hands={0: "B3 K 9"}, melds=MELDS, phase=MELD, drew=True, extra="turns 4")
    assert "discard B3" in legal_texts(later)
    classic = position("classic", hands={0: "B3 K 9"}, melds=MELDS, phase=MELD, drew=True)
    assert "discard B3" in legal_texts(classic)


def test_a_hand_of_black_threes_alone_may_discard_one_on_the_first_round() -> None:
    """docs/rules.md, Presets: cuban: the first-round rule never leaves a player without a
    discard."""
    game = cuban(hands={0: "B3 B3"}, melds=MELDS, phase=MELD, drew=True, extra="turns 1")
    assert legal_texts(game) == ["discard B3"]


JOKER_CANASTA = load("joker")


def test_joker_canasta_has_the_other_numbers() -> None:
    """docs/rules.md, Presets: joker; REFERENCE §9 ("Joker Canasta", §15.12): game 8,500; the
    initial meld 100 under 3,000, 130 to 4,995, 150 from 5,000; two canastas to go out; Cuban's
    pile, 13 cards, seven-card canastas and wild canastas 4,000 / 3,000 / 2,000."""
    rules = JOKER_CANASTA
    assert rules.game.target == 8500 and rules.going_out.canastas == 2
    assert [rules.minimum_for(s) for s in (-100, 0, 2995, 3000, 4995, 5000)] == \
        [100, 100, 100, 130, 130, 150]
    assert rules.pile.always_frozen and rules.deal.hand_size == 13 and rules.melds.max_size == 7
    scores = [score_side(rules, 0, [Meld(JOKER, 0, two, 7 - two)], [], 0, True).canasta_bonus
              for two in (7, 3, 5)]
    assert scores == [4000, 3000, 2000]
    game = position(rules, hands={0: "9"}, melds={0: ["8 8 8 8 8 8 8"], 1: ["J J J"]},
                    phase=MELD, drew=True)
    refused(game, "discard 9", "needs 2 canastas to go out")
