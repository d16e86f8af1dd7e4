"""The ``modern_american`` preset (docs/rules.md, Presets: modern_american): seed 000 "Modern
American Canasta", with REFERENCE §13 (CLA-style rule pages) for what the seed leaves open (both
described in docs/rules.md, Sources).

Not played (and not tested): the sevens and aces specials, threes scored by colour (so
REFERENCE §16 examples 12 and 13 are not covered), special hands, the bonus-card piles, and
"neutral with one canasta" for red 3s; docs/rules.md lists them."""

from __future__ import annotations

from typing import Any

import pytest

from canasta import Game
from canasta.cards import JOKER
from canasta.engine.scoring import Meld, score_side
from canasta.rules import load
from tests.helpers import MELD, kinds, legal_texts, position
from tests.preset_helpers import refused

MAC = load("modern_american")
MELDS = {0: ["8 8 8"], 1: ["J J J"]}
KING = kinds("K")[0]


def mac(**kwargs: Any) -> Game:
    return position(MAC, **kwargs)


def test_thirteen_cards_and_game_to_8500() -> None:
    """docs/rules.md, REFERENCE §13: 108 cards, 13 cards each, target 8,500."""
    game = Game(MAC, 4)
    assert sum(game.t.pack) == 108 and [p.size for p in game.state.seats] == [13] * 4
    assert MAC.game.target == 8500


def test_the_opening_minimum_goes_by_deal_125_155_180() -> None:
    """docs/rules.md, REFERENCE §13: 125 / 155 / 180 by hand number (NVSO tournament sheet)."""
    assert [MAC.minimum_for(0, deal) for deal in (1, 2, 3, 4, 9)] == [125, 155, 180, 180, 180]
    assert MAC.minimum_for(-2000, 1) == MAC.minimum_for(6000, 1) == 125


def test_nothing_from_the_pile_counts_toward_the_opening() -> None:
    """docs/rules.md, seed 000: "Nothing from the discard pile may go towards the opening meld —
    it comes out of the hand and nowhere else." Taking the pile with two aces counts their 40,
    not the top ace's 20 (classic counts 60)."""
    hand = "A A K K K Q Q Q Q 2 5 6"
    game = mac(hands={0: hand}, pile="4 A", melds={1: ["J J J"]})
    game.apply("take pair")
    assert game.state.turn.opening_points == 40
    for text in ["meld K K K", "meld Q Q Q", "add A 2"]:
        game.apply(text)
    assert game.state.turn.opening_points == 120
    refused(game, "commit", "your opening has 120 points; your side needs 125")
    game.apply("add Q Q")
    game.apply("commit")
    assert game.state.sides[0].opened
    classic = position(hands={0: hand}, pile="4 A", melds={1: ["J J J"]})
    classic.apply("take pair")
    assert classic.state.turn.opening_points == 60


def test_two_canastas_to_go_out() -> None:
    """docs/rules.md, seed 000: "a partnership needs two canastas rather than one before it may
    go out.\""""
    game = mac(hands={0: "K 9"}, melds={0: ["Q Q Q Q Q Q Q", "K K K"]}, phase=MELD, drew=True)
    refused(game, "add K K", "your side needs 2 canastas to go out")


def test_no_asking_the_partner() -> None:
    """docs/rules.md, REFERENCE §13 (Pagat): "you are free to go out on any turn without
    consulting your partner"."""
    game = mac(hands={0: "K 5"}, melds=MELDS)
    assert "ask" not in legal_texts(game)
    refused(game, "ask", "these rules do not let you ask your partner")


def test_at_most_two_wild_cards_in_a_meld() -> None:
    """docs/rules.md, REFERENCE §13: "At least 2 naturals; never more than 2 wilds"."""
    game = mac(hands={0: "2 2 5 6 7"}, melds={0: ["8 8 8 2"], 1: ["J J J"]}, phase=MELD,
               drew=True)
    game.apply("add 8 2")
    refused(game, "add 8 2", "with 3 naturals it may hold 2")


def test_the_pile_only_with_a_natural_pair() -> None:
    """docs/rules.md, REFERENCE §13: "Pickup requires a natural pair"."""
    game = mac(hands={0: "8 2 5 6"}, melds=MELDS, pile="4 8")
    assert [t for t in legal_texts(game) if t.startswith("take")] == []
    refused(game, "take meld", "do not let you take the pile by adding to a meld")
    refused(game, "take 2", "take the pile only with two natural 8s")


def test_no_meld_over_seven_cards() -> None:
    """docs/rules.md, REFERENCE §13: "No melds over 7 cards" (Wikipedia)."""
    game = mac(hands={0: "8 5 6"}, melds={0: ["8 8 8 8 8 8 8"], 1: ["J J J"]}, phase=MELD,
               drew=True)
    refused(game, "add 8 8", "a meld holds at most 7 cards")


def test_a_wild_canasta_pays_1000() -> None:
    """docs/rules.md, seed 000: "Wild cards may be gathered into a meld of their own: a canasta
    of seven wild cards pays a bonus far larger than a natural one, most published rule sets
    putting it at 1,000". It counts toward the two canastas."""
    game = mac(hands={0: "2 2 2 2 JK JK JK 9"}, melds={0: ["Q Q Q Q Q Q Q"], 1: ["J J J"]},
               phase=MELD, drew=True, extra="laid 0")  # laid on an earlier turn: not concealed
    for text in ["meld 2 2 JK", "add W 2", "add W 2", "add W JK", "add W JK", "discard 9"]:
        game.apply(text)
    score = game.results[-1].sides[0]
    assert game.results[-1].went_out == 0 and score.going_out == 100
    assert score.wild_canastas == 1 and score.canasta_bonus == 500 + 1000


def test_an_unfinished_wild_meld_is_penalised() -> None:
    """docs/rules.md, seed 000: "an unfinished pile of wilds is penalised at the end of the deal
    instead." The amount is not in the seed; the preset: 1,000, the wild canasta's own value."""
    game = mac(hands={0: "2 2 JK 5 6", 1: "4 4"}, melds=MELDS, stock="", phase=MELD, drew=True)
    game.apply("meld 2 2 JK")
    game.apply("discard 5")  # the stock is gone and seat 1 cannot take a 5: the hand ends
    score = game.results[-1].sides[0]
    assert ("unfinished wild meld", -1000) in score.items()
    assert score.melded == 30 + 2 * 20 + 50


@pytest.mark.parametrize(("red", "value"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_red_threes_100_300_500_1000_plus_only_with_two_canastas(red: int, value: int) -> None:
    """docs/rules.md, REFERENCE §13 (canastajunction): one 100, two 300, three 500, four 1,000;
    negative with no canasta, positive with two. The preset counts them against a side with one
    canasta too (the "neutral with one" reading is left out)."""
    points = [score_side(MAC, 0, [Meld(KING, 7)] * n, [], red, True).red_three_points
              for n in range(3)]
    assert points == [-value, -value, value]


def test_a_wild_meld_is_its_own_meld_not_a_rank() -> None:
    """A meld of wilds sits apart from the rank melds: its cards are all wild."""
    game = mac(hands={0: "2 2 JK 5 6"}, melds=MELDS, phase=MELD, drew=True)
    game.apply("meld 2 2 JK")
    assert Meld(JOKER, 0, twos=2, jokers=1) in game.melds(0)


def test_dead_ranks_are_shown_to_the_player() -> None:
    """docs/rules.md, seed 000: "A rank whose remaining copies are all buried or already melded
    elsewhere can no longer reach seven and is treated as dead, which changes what is safe to
    throw." With two wilds at most, a canasta needs five natural kings; the other side has three
    of the eight melded, and then one more lies buried in the pile."""
    game = mac(hands={0: "K 5 6"}, melds={0: ["8 8 8"], 1: ["K K K", "J J J"]}, pile="4 Q")
    assert KING not in game.view(0).dead_ranks
    game = mac(hands={0: "K 5 6"}, melds={0: ["8 8 8"], 1: ["K K K", "J J J"]}, pile="4 K Q")
    assert KING in game.view(0).dead_ranks
    assert KING not in game.view(1).dead_ranks  # not dead for the side that holds the kings
