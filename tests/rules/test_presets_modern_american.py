"""The ``modern_american`` preset (docs/rules.md, Presets: modern_american): seed 000 "Modern
American Canasta", with REFERENCE §13 (CLA-style rule pages: canastajunction, canasta.com,
canastaconnection, Wikipedia, Pagat) for what the seed leaves open (both described in
docs/rules.md, Sources). REFERENCE §16 examples 12 and 13 are played below.

Not played: the special hands (straight, pairs, garbage): no stored source says what they are
made of (docs/rules.md lists them as left out)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta import Game
from canasta.cards import BLACK_THREE, JOKER, RED_THREE
from canasta.engine.determinize import determinize
from canasta.engine.scoring import Meld, score_side
from canasta.rules import from_dict, load
from tests.helpers import MELD, counts, end_hand, kinds, legal_texts, position
from tests.preset_helpers import refused

MAC = load("modern_american")
MELDS = {0: ["8 8 8"], 1: ["J J J"]}
KING, SEVEN, ACE = kinds("K 7 A")
TWO_CANASTAS = ["Q Q Q Q Q Q Q", "9 9 9 9 9 9 9"]


def mac(**kwargs: Any) -> Game:
    return position(MAC, **kwargs)


def variant(**sections: dict[str, Any]) -> Any:
    """The preset with some options changed (a table's own reading)."""
    return from_dict({"name": "mac_variant", **sections}, base=MAC)


# ---------------------------------------------------------------------- deal, opening, pile


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
    not the top ace's 20 (classic counts 60). Aces take a wild card within the opening."""
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


def test_the_pile_only_with_a_natural_pair() -> None:
    """docs/rules.md, REFERENCE §13: "Pickup requires a natural pair"."""
    game = mac(hands={0: "8 2 5 6"}, melds=MELDS, pile="4 8")
    assert [t for t in legal_texts(game) if t.startswith("take")] == []
    refused(game, "take meld", "do not let you take the pile by adding to a meld")
    refused(game, "take 2", "take the pile only with two natural 8s")


def test_no_asking_the_partner() -> None:
    """docs/rules.md, REFERENCE §13 (Pagat): "you are free to go out on any turn without
    consulting your partner"."""
    game = mac(hands={0: "K 5"}, melds=MELDS)
    assert "ask" not in legal_texts(game)
    refused(game, "ask", "these rules do not let you ask your partner")


# ---------------------------------------------------------------------- the bonus piles


BONUS = "bonus 5 6 8 9 | 10 J Q"
OPENER = "A A A K K K Q Q Q J J J 4 4"  # 60 + 30 + 30 + 30 = 150 >= 125


def test_the_first_side_to_open_takes_the_pile_of_four_the_other_the_pile_of_three() -> None:
    """docs/rules.md, REFERENCE §13 (Pagat): "If your team is the first to meld you draw four
    bonus cards; if the other team has already melded you draw only three bonus cards"; seven
    cards set aside at the deal in piles of 4 and 3 (playonlinecanasta)."""
    deal = Game(MAC, 8)
    assert deal.state.table.bonus_sizes == (4, 3)
    assert sum(len(p) for p in deal.state.table.bonus) == 7
    assert deal.card_count() == 108
    game = mac(hands={0: OPENER}, phase=MELD, drew=True, extra=BONUS)
    for text in ["meld A A A", "meld K K K", "meld Q Q Q", "meld J J J"]:
        game.apply(text)
    assert game.state.seats[0].size == 2
    game.apply("commit")
    assert game.view(0).hand == tuple(counts("4 4 5 6 8 9"))
    assert game.state.table.bonus == (tuple(kinds("10 J Q")),)
    assert game.view(1).bonus_sizes == (3,) and game.view(1).hand_sizes[0] == 6


def test_the_second_side_takes_the_pile_of_three() -> None:
    """docs/rules.md, REFERENCE §13 (Pagat): the other team "draw only three bonus cards"."""
    game = mac(hands={1: OPENER}, melds={0: ["8 8 8"]}, current=1, phase=MELD, drew=True,
               extra="bonus 10 J Q")
    for text in ["meld A A A", "meld K K K", "meld Q Q Q", "meld J J J", "commit"]:
        game.apply(text)
    assert game.view(1).hand == tuple(counts("4 4 10 J Q"))
    assert game.state.table.bonus == () and game.state.table.bonus_sizes == ()


def test_a_bonus_pile_is_seen_by_no_one_until_drawn() -> None:
    """docs/rules.md, Presets: modern_american: the piles lie face down; a view shows their
    sizes only, in the position notation (docs/positions.md, `bonus`), and a search bot's
    sampled game deals hidden cards into them."""
    game = mac(hands={0: OPENER}, phase=MELD, drew=True, extra=BONUS)
    assert "bonus 5 6 8 9 | 10 J Q" in game.position()
    for seat in range(4):
        view = game.view(seat)
        assert view.state.table.bonus == () and view.bonus_sizes == (4, 3)
    sampled = determinize(game.view(1), random.Random(3))
    assert sampled.state.table.bonus_sizes == (4, 3)
    assert [len(p) for p in sampled.state.table.bonus] == [4, 3]
    assert sampled.card_count() == game.card_count()
    assert Game.from_position(MAC, game.position(), partial=True).digest() == game.digest()


def test_no_going_out_while_the_bonus_cards_wait() -> None:
    """docs/rules.md, Presets: modern_american: the bonus cards come with the opening's commit,
    so an opening cannot go out before it: a lay that empties the hand is refused."""
    game = mac(hands={0: "K K K Q Q Q Q"}, melds={1: ["J J J"]}, phase=MELD, drew=True,
               extra="bonus 10 J Q")
    game.apply("meld K K K")
    game.apply("meld Q Q Q")
    refused(game, "discard Q", "bonus cards")


# ---------------------------------------------------------------------- melds


def test_at_most_two_wild_cards_in_a_meld() -> None:
    """docs/rules.md, REFERENCE §13: "At least 2 naturals; never more than 2 wilds" (within the
    opening, where wild cards go on melds of fewer than five naturals)."""
    game = mac(hands={0: "8 8 8 2 2 JK K K K Q Q Q 5"}, melds={1: ["J J J"]}, phase=MELD,
               drew=True)
    for text in ["meld 8 8 2", "add 8 2", "add 8 8"]:
        game.apply(text)
    refused(game, "add 8 JK", "with 3 naturals it may hold 2")


def test_after_the_opening_a_wild_card_joins_only_a_meld_of_five_naturals() -> None:
    """docs/rules.md, REFERENCE §13 (canastaconnection, canasta.com): "After opening, a wild may
    be added only to a meld with at least 5 naturals"; so no new meld with a wild card."""
    game = mac(hands={0: "2 K Q Q 5 6"}, melds={0: ["K K K K"], 1: ["J J J"]}, phase=MELD,
               drew=True)
    refused(game, "add K 2", "a wild card joins only a meld of at least 5 naturals")
    refused(game, "meld Q Q 2", "at least 5 naturals")
    game.apply("add K K")
    game.apply("add K 2")
    assert Meld(KING, 5, twos=1) in game.melds(0)


def test_sevens_take_no_wild_card() -> None:
    """docs/rules.md, REFERENCE §13 (Wikipedia): "Melds of sevens cannot include wild cards"."""
    game = mac(hands={0: "2 JK 7 7 5 6"}, melds={0: ["7 7 7 7 7"], 1: ["J J J"]}, phase=MELD,
               drew=True)
    refused(game, "add 7 2", "a meld of 7s takes no wild card")
    refused(game, "add 7 JK", "a meld of 7s takes no wild card")
    opening = mac(hands={0: "7 7 2 K K K Q Q Q A A A 5"}, melds={1: ["J J J"]}, phase=MELD,
                  drew=True)
    refused(opening, "meld 7 7 2", "a meld of 7s takes no wild card")


def test_aces_take_wild_cards_only_within_the_opening() -> None:
    """docs/rules.md, REFERENCE §13 (Wikipedia): "If your team's initial meld includes aces,
    wild cards may be added at that time; if this is done, the aces are treated like any other
    meld." Natural aces after the opening stay special: no wild card."""
    game = mac(hands={0: "2 JK 5 6"}, melds={0: ["A A A A A"], 1: ["J J J"]}, phase=MELD,
               drew=True)
    refused(game, "add A 2", "a meld of aces takes no wild card after your side's initial meld")
    opening = mac(hands={0: "A A 2 K K K Q Q Q 6 6 6 5 9"}, melds={1: ["J J J"]}, phase=MELD,
                  drew=True)
    for text in ["meld A A 2", "meld K K K", "meld Q Q Q", "meld 6 6 6", "commit"]:
        opening.apply(text)  # 40 + 20 + 30 + 30 + 15 = 135
    assert Meld(ACE, 2, twos=1) in opening.melds(0)
    unfinished = score_side(MAC, 0, [Meld(ACE, 2, twos=1)], [], 0, True)
    assert unfinished.unfinished_special == 0  # an ordinary meld now: no ace penalty


def test_no_meld_over_seven_cards_and_a_completed_rank_is_dead() -> None:
    """docs/rules.md, REFERENCE §13: "No melds over 7 cards" (Wikipedia) and "A completed rank
    is 'dead' for both teams" (canasta.com): no side melds it again, nor takes the pile with
    it. With two decks a canasta leaves one card of its rank, so only the eighth card is
    refused; with three decks (a table's variant) the other side's pair is refused too. Without
    the dead rank the size limit alone refuses the eighth card."""
    game = mac(hands={0: "8 5 6"}, melds={0: ["8 8 8 8 8 8 8"], 1: ["J J J"]}, phase=MELD,
               drew=True)
    refused(game, "add 8 8", "a canasta of 8s is complete: the rank is dead")
    three = variant(deck={"decks": 3, "jokers": 6})
    other = position(three, hands={1: "8 8 8 4"}, melds={0: ["8 8 8 8 8 8 8"], 1: ["J J J"]},
                     pile="5 8", current=1)
    assert "take pair" not in legal_texts(other)
    refused(other, "take pair", "a canasta of 8s is complete: the rank is dead")
    other.apply("draw")
    refused(other, "meld 8 8 8", "the rank is dead")
    alive = position(variant(melds={"completed_rank_dead": False}), hands={0: "8 5 6"},
                     melds={0: ["8 8 8 8 8 8 8"], 1: ["J J J"]}, phase=MELD, drew=True)
    refused(alive, "add 8 8", "a meld holds at most 7 cards")


def test_wild_canastas_by_composition() -> None:
    """docs/rules.md, REFERENCE §13 (Wikipedia): a wild canasta "is worth 3,000 points if it
    consists entirely of twos, 2,500 points if it contains all four jokers, or 2,000 points for
    any other combination"."""
    def bonus(twos: int, jokers: int) -> int:
        return score_side(MAC, 0, [Meld(JOKER, 0, twos, jokers)], [], 0, True).canasta_bonus
    assert (bonus(7, 0), bonus(3, 4), bonus(4, 3)) == (3000, 2500, 2000)


def test_a_wild_canasta_is_played_and_counts_toward_going_out() -> None:
    """docs/rules.md, seed 000: "Wild cards may be gathered into a meld of their own"; it counts
    toward the two canastas; four 2s and three jokers pay 2,000 (REFERENCE §13)."""
    game = mac(hands={0: "2 2 2 2 JK JK JK 9"}, melds={0: ["Q Q Q Q Q Q Q"], 1: ["J J J"]},
               phase=MELD, drew=True, extra="laid 0")  # laid on an earlier turn: not concealed
    for text in ["meld 2 2 JK", "add W 2", "add W 2", "add W JK", "add W JK", "discard 9"]:
        game.apply(text)
    score = game.results[-1].sides[0]
    assert game.results[-1].went_out == 0 and score.going_out == 100
    assert score.wild_canastas == 1 and score.canasta_bonus == 500 + 2000


def test_an_unfinished_wild_meld_costs_2000_binds_the_wild_cards_and_bars_going_out() -> None:
    """docs/rules.md, REFERENCE §13: "Unfinished wild meld: -2000" (Wikipedia); "a team with an
    unfinished wild meld cannot add wilds to other melds and cannot go out" (canastaconnection)."""
    melds = {0: [*TWO_CANASTAS, "K K K K K", "2 2 JK"], 1: ["J J J"]}
    game = mac(hands={0: "2 5 6"}, melds=melds, phase=MELD, drew=True)
    refused(game, "add K 2", "your side's meld of wild cards is unfinished")
    assert "add W 2" in legal_texts(game)
    out = mac(hands={0: "5"}, melds=melds, phase=MELD, drew=True)
    refused(out, "discard 5", "meld of wild cards is unfinished: it may not go out")
    ends = mac(hands={0: "2 2 JK 5 6", 1: "4 4"}, melds=MELDS, stock="", phase=MELD, drew=True)
    ends.apply("meld 2 2 JK")
    ends.apply("discard 5")  # the stock is gone and seat 1 cannot take a 5: the hand ends
    score = ends.results[-1].sides[0]
    assert ("unfinished wild meld", -2000) in score.items()
    assert score.melded == 30 + 2 * 20 + 50


def test_a_wild_meld_is_its_own_meld_not_a_rank() -> None:
    """A meld of wilds sits apart from the rank melds: its cards are all wild."""
    game = mac(hands={0: "2 2 JK 5 6"}, melds=MELDS, phase=MELD, drew=True)
    game.apply("meld 2 2 JK")
    assert Meld(JOKER, 0, twos=2, jokers=1) in game.melds(0)


def test_example_13_an_unfinished_sevens_meld_costs_2500_a_sevens_canasta_pays_2500() -> None:
    """REFERENCE §16 example 13 (liquisearch, Wikipedia): "unfinished sevens meld at hand end
    -2500; completed sevens canasta +2500"; "Retaining three or more sevens in your hand ...
    a penalty of 1,500"; aces the same."""
    short = mac(hands={0: "7 5 6", 2: "A A A 4"}, melds={0: ["7 7 7 7"], 1: ["J J J"]},
                stock="", phase=MELD, drew=True)
    short.apply("add 7 7")
    short.apply("discard 5")  # the stock is gone and seat 1 cannot take a 5: the hand ends
    score = short.results[-1].sides[0]
    assert score.unfinished_special == -2500 and score.specials_in_hand == -1500
    assert ("unfinished special meld", -2500) in score.items()
    full = mac(hands={0: "7 7 5"}, melds={0: ["7 7 7 7 7", "Q Q Q Q Q Q Q"], 1: ["J J J"]},
               phase=MELD, drew=True, extra="laid 0")
    full.apply("add 7 7")
    full.apply("add 7 7")
    full.apply("discard 5")
    score = full.results[-1].sides[0]
    assert full.results[-1].went_out == 0
    assert score.special_canastas == 1 and score.canasta_bonus == 2500 + 500
    assert score.melded == 7 * 5 + 7 * 10


# ---------------------------------------------------------------------- threes


def test_threes_are_bonus_cards_laid_out_and_replaced_never_discarded() -> None:
    """docs/rules.md, REFERENCE §13: red and black 3s score by colour (canastajunction), and
    "Threes can never be discarded" (Pagat): like red 3s, black 3s are laid out at once and
    replaced, so no hand ever holds one."""
    for seed in range(6):
        game = Game(MAC, seed)
        assert all(p.hand[BLACK_THREE] == 0 == p.hand[RED_THREE] for p in game.state.seats)
    game = mac(hands={0: "K 5"}, melds=MELDS, stock="9 B3")
    game.apply("draw")
    assert game.view(0).black_threes == (1, 0, 0, 0) and game.view(0).hand == tuple(counts("5 9 K"))
    taken = mac(hands={0: "K K 5 6"}, melds=MELDS, pile="B3 4 K")
    taken.apply("take pair")
    assert taken.state.seats[0].black_threes == 1 and not taken.state.seats[0].hand[BLACK_THREE]
    assert "black3 1 0 0 0" in taken.position()


def test_a_black_three_as_the_last_stock_card_ends_the_hand_and_says_so() -> None:
    """docs/rules.md ruling 13, with black 3s laid out like red 3s (``red_threes.black_too``):
    the last stock card a black 3, there is no card to replace it and the hand ends at once;
    the ending names the black 3, in words and in the position's notation."""
    game = mac(hands={0: "K 5"}, melds=MELDS, stock="B3")
    game.apply("draw")
    result = game.results[-1]
    assert result.ended_by == "black 3 was the last stock card" and result.went_out == -1
    assert result.sides[0].black_threes == 1
    assert " black3-last -1 " in game.position()
    assert Game.from_position(MAC, game.position()).digest() == game.digest()


def test_example_12_threes_by_colour_negative_neutral_positive() -> None:
    """REFERENCE §16 example 12 (canastajunction): "two red 3s + four black 3s exposed → 1300
    (300 + 1000), before the canasta-count sign rule"; the sign: negative with no canasta,
    neutral with one, positive with two or more (REFERENCE §13, the scoring guide)."""
    def threes(canastas: int) -> tuple[int, int]:
        score = score_side(MAC, 0, [Meld(KING, 7)] * canastas, [], 2, True, black_threes=4)
        return score.red_three_points, score.black_three_points
    assert [threes(n) for n in range(3)] == [(-300, -1000), (0, 0), (300, 1000)]
    game = mac(hands={0: "Q 5"}, melds={0: ["Q Q Q Q Q Q", "9 9 9 9 9 9 9"], 1: ["J J J"]},
               phase=MELD, drew=True, red_threes={0: 1, 2: 1},
               extra="black3 2 0 2 0; laid 0")
    game.apply("add Q Q")
    game.apply("discard 5")
    score = game.results[-1].sides[0]
    assert (score.red_threes, score.black_threes) == (2, 4)
    assert score.red_three_points + score.black_three_points == 1300
    assert ("4 black 3s", 1000) in score.items()


@pytest.mark.parametrize(("red", "value"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_red_threes_100_300_500_1000(red: int, value: int) -> None:
    """docs/rules.md, REFERENCE §13 (canastajunction): one 100, two 300, three 500, four 1,000:
    against a side with no canasta, nothing with one, for it with two."""
    points = [score_side(MAC, 0, [Meld(KING, 7)] * n, [], red, True).red_three_points
              for n in range(3)]
    assert points == [-value, 0, value]


# ---------------------------------------------------------------------- going out


def test_two_canastas_to_go_out() -> None:
    """docs/rules.md, seed 000: "a partnership needs two canastas rather than one before it may
    go out.\""""
    game = mac(hands={0: "K 9"}, melds={0: ["Q Q Q Q Q Q Q", "K K K"]}, phase=MELD, drew=True)
    refused(game, "add K K", "your side needs 2 canastas to go out")


def test_going_out_only_with_a_discard() -> None:
    """docs/rules.md, REFERENCE §13 (canastajunction): "Going out requires 2 canastas and a
    discard": the last card is never melded."""
    melds = {0: [*TWO_CANASTAS, "K K K K"], 1: ["J J J"]}
    game = mac(hands={0: "K K"}, melds=melds, phase=MELD, drew=True, extra="laid 0")
    game.apply("add K K")
    assert "add K K" not in legal_texts(game)
    refused(game, "add K K", "these rules go out only with a discard")
    game.apply("discard K")
    assert game.results[-1].went_out == 0 and game.results[-1].sides[0].going_out == 100
    classic_like = position(variant(going_out={"needs_discard": False}), hands={0: "K K"},
                            melds=melds, phase=MELD, drew=True, extra="laid 0")
    classic_like.apply("add K K")
    classic_like.apply("add K K")
    assert classic_like.results[-1].went_out == 0


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


def test_a_hand_ends_and_scores_under_the_preset() -> None:
    """The table as it stands is scored with every item of the preset (end_hand)."""
    game = mac(hands={0: "7 7 7 5", 1: "4"}, melds={0: ["A A A", *TWO_CANASTAS], 1: ["J J J"]},
               phase=MELD, drew=True)
    end_hand(game)
    score = game.results[-1].sides[0]
    assert score.unfinished_special == -2500 and score.specials_in_hand == -1500
    assert score.natural_canastas == 2
