"""Scoring (docs/rules.md: seed 000 "Goal & scoring"; the worked examples of seed 002 and
REFERENCE §16)."""

from __future__ import annotations

from canasta.cards import ACE, JOKER, parse_kind
from canasta.engine.scoring import Meld, SideScore, score_side
from canasta.rules import load
from tests.helpers import counts

CLASSIC = load("classic")
KING, SEVEN = parse_kind("K"), parse_kind("7")


def test_the_1255_example_of_seed_002() -> None:
    """A natural canasta of sevens (500 + 35), a mixed canasta of kings (300 + 90), three aces
    (60), two red 3s (200), going out (100), partner holding 30: 1,255 for the hand."""
    melds = [Meld(SEVEN, 7), Meld(KING, 5, twos=2), Meld(ACE, 3)]
    score = score_side(CLASSIC, 0, melds, [counts(""), counts("K 10 Q")], red_threes=2,
                       made_initial_meld=True, went_out=True)
    assert score.total == 1255
    assert (score.melded, score.in_hand, score.canasta_bonus) == (35 + 90 + 60, -30, 800)
    assert (score.red_three_points, score.going_out) == (200, 100)
    assert sum(value for _, value in score.items()) == score.total


def test_natural_canasta_of_kings_is_570() -> None:
    """docs/rules.md, REFERENCE §16 example 8: 500 + 70."""
    assert score_side(CLASSIC, 0, [Meld(KING, 7)], [], 0, True).total == 570


def test_cards_left_in_hand_count_against() -> None:
    """docs/rules.md, REFERENCE §16 example 9: one player holds 4, 4; the partner 5, K: -25."""
    score = score_side(CLASSIC, 0, [], [counts("4 4"), counts("5 K")], 0, True)
    assert score.in_hand == -25


def test_all_four_red_threes_are_800_for_or_against() -> None:
    """docs/rules.md, seed 000: holding all four doubles it to 800 for, or 800 against a side with
    no meld."""
    assert score_side(CLASSIC, 0, [Meld(KING, 3)], [], 4, True).red_three_points == 800
    assert score_side(CLASSIC, 0, [], [], 4, False).red_three_points == -800
    assert score_side(CLASSIC, 0, [], [], 3, False).red_three_points == -300


def test_concealed_going_out_pays_200() -> None:
    score = score_side(CLASSIC, 0, [Meld(KING, 7)], [], 0, True, went_out=True, concealed=True)
    assert score.going_out == 200 and score.concealed


def test_a_wild_on_a_natural_canasta_makes_it_mixed_and_every_card_counts() -> None:
    """docs/rules.md, ruling 14: every melded card counts; a wild added to a natural canasta makes
    it mixed."""
    score = score_side(CLASSIC, 0, [Meld(SEVEN, 8, jokers=1)], [], 0, True)
    assert (score.natural_canastas, score.mixed_canastas) == (0, 1)
    assert score.melded == 8 * 5 + 50


def test_black_three_meld_and_in_hand() -> None:
    score = score_side(CLASSIC, 0, [Meld(parse_kind("B3"), 4)], [counts("B3 JK")], 0, True)
    assert score.melded == 20 and score.in_hand == -55
    assert parse_kind("JK") == JOKER


def test_the_breakdown_names_only_the_canastas_made() -> None:
    """The canasta bonus's line counts each kind made, none that was not, and says "canasta"
    for one ("1 mixed canasta", not "0 natural + 1 mixed canastas")."""
    def line(natural: int = 0, mixed: int = 0, wild: int = 0, sambas: int = 0) -> str:
        score = SideScore(0, 0, 0, natural, mixed, 300, 0, 0, 0, False, 0, 300,
                          wild_canastas=wild, sambas=sambas)
        return score.items()[0][0]

    assert line(mixed=1) == "1 mixed canasta"
    assert line(natural=2, mixed=1) == "2 natural + 1 mixed canastas"
    assert line(natural=1, wild=1) == "1 natural + 1 wild canastas"
    assert line(mixed=1, sambas=2) == "1 mixed + 2 samba canastas"
