"""Entries that cannot be true under the rule set are refused with the reason, and nothing is
stored (docs/scorepad.md, "What is refused")."""

from __future__ import annotations

import pytest

from canasta.rules import load
from canasta.score.entry import EntryError, parse_entry
from canasta.score.tally import tally
from tests.score.conftest import Pad

REFUSALS = [
    # more red 3s than the pack holds: 4 in classic's two decks, per side and in one deal
    ("classic", "red3=5 melded=50", "melded=50", "Ann: red3=5: the pack holds 4 red 3s"),
    ("classic", "red3=3 melded=50", "red3=2 melded=50", "5 red 3s in this deal: the pack "
                                                        "holds 4"),
    # more jokers than the pack holds (counted by value class: jokers are the 50s)
    ("classic", "melded=3x50+2x5", "melded=2x50+1x5 hand=0", "5 jokers in this deal: the pack "
                                                             "holds 4"),
    ("classic", "melded=50 hand=3x50", "melded=2x50+2x5", "5 jokers in this deal"),
    # canastas the melded cards cannot make
    ("classic", "natural=1 melded=30", "melded=50",
     "Ann: melded=30: 1 natural canasta need at least 35 card points"),
    ("classic", "natural=1 mixed=1 melded=80", "melded=50",
     "Ann: melded=80: 1 natural canasta, 1 mixed canasta need at least 85 card points"),
    ("classic", "mixed=1 melded=7x5", "melded=50",
     "Ann: 7 melded cards (7 that can be natural, 0 that can be wild) cannot make 7 cards' "
     "worth of canastas with 4 naturals and 1 wild cards"),
    ("classic", "natural=12 melded=1100", "melded=50",
     "Ann: 12 natural and mixed canastas: a side has one meld per rank, 11 ranks"),
    # going out without the canastas the rules require (classic 1; two-hand 2)
    ("classic", "melded=100 out", "melded=50",
     "Ann: went out with 0 canastas: classic needs 1 to go out"),
    ("two_hand", "natural=1 melded=100 out", "melded=50",
     "Ann: went out with 1 canastas: two_hand needs 2 to go out"),
    # a concealed going-out by a side that had melded (a side of one player)
    ("two_hand", "natural=2 melded=70 concealed had-melded", "melded=50",
     "Ann: cannot go out concealed after melding before: its player must go down in one turn"),
    ("two_hand", "natural=2 melded=70 out hand=10", "melded=50",
     "Ann: went out but holds cards"),
    # card points no set of cards can make
    ("classic", "melded=52", "melded=50",
     "Ann: melded=52: no set of cards makes 52 card points (the values: 5, 10, 20, 50)"),
    ("classic", "melded=50 hand=12", "melded=50",
     "Ann: hand=12: no set of cards costs 12 points (the values: 5, 10, 20, 50)"),
    ("classic", "melded=10", "melded=50",
     "Ann: melded=10: a meld has at least 3 cards, so at least 15 card points"),
    ("classic", "melded=40", "melded=50",
     "Ann: melded=40: less than the opening minimum of 50 for a side at 50"),
    ("classic", "melded=1000", "melded=500",
     "1,500 melded card points in this deal: the whole pack is worth 1,180"),
    ("classic", "melded=3x15", "melded=50",
     "Ann: melded: no card is worth 15 points here (the values: 5, 10, 20, 50)"),
    # two sides going out
    ("classic", "natural=1 melded=50 out", "natural=1 melded=50 out",
     "Ann and Cy cannot both have gone out: one player goes out"),
    # words the rule set has no use for, and malformed words
    ("classic", "samba=1 melded=50", "melded=50", "Ann: samba: classic has no sambas"),
    ("classic", "natural=one", "melded=50", "Ann: natural: expected a whole number, got 'one'"),
    ("classic", "natural=-1", "melded=50", "Ann: natural: -1 is negative"),
    ("classic", "colour=red", "melded=50", "Ann: unknown word 'colour'"),
    ("classic", "natural=1 natural=1", "melded=50", "Ann: natural given twice"),
    ("classic", "had-melded melded=50", "melded=50",
     "Ann: had-melded says when the side that went out had melded: give out too"),
    ("british", "acaba", "acaba", "Ann and Cy cannot both have conceded"),
    ("british", "acaba", "melded=50", "a conceded deal scores nothing but the concession"),
]


def _refusal(rules_name: str, ann: str, cy: str) -> str:
    """The reason the pad gives for the deal (Ann's entry, Cy's) after a first deal of 50
    each; the empty string if it is accepted."""
    rules = load(rules_name)
    first = [parse_entry("melded=50", rules)] * 2
    try:
        second = [parse_entry(ann, rules), parse_entry(cy, rules)]
    except EntryError as exc:  # as the command reports a word it cannot read
        return f"Ann: {exc}"
    try:
        tally(rules, ["Ann", "Cy"], [first, second])
    except EntryError as exc:
        return str(exc)
    return ""


@pytest.mark.parametrize(("rules", "ann", "cy", "reason"), REFUSALS,
                         ids=[f"{i}-{r[3][:30]}" for i, r in enumerate(REFUSALS)])
def test_an_impossible_deal_is_refused_with_its_reason(rules: str, ann: str, cy: str,
                                                       reason: str) -> None:
    assert reason in _refusal(rules, ann, cy)


@pytest.mark.parametrize("index", [0, 4, 8, 12, 18, 20])
def test_the_command_prints_the_reason_and_stores_nothing(pad: Pad, index: int) -> None:
    rules, ann, cy, reason = REFUSALS[index]
    assert pad("new", "G", "--rules", rules, "--sides", "Ann", "Cy").code == 0
    assert pad("deal", "G", "melded=50", "melded=50").code == 0
    before = pad("show", "G").out
    ran = pad("deal", "G", ann, cy)
    assert ran.code == 1 and ran.out == ""
    assert ran.err.startswith("canasta: error: ") and ran.err.count("\n") == 1
    assert reason in ran.err
    assert pad("show", "G").out == before


def test_possible_deals_next_to_the_refused_ones_are_accepted() -> None:
    """The limits are where the rules put them, not stricter: all four red 3s, all four
    jokers, the cheapest canastas, going out with the canastas needed, a concealed going out
    whose partner had melded (four hands), a concealed going out below the opening minimum
    (docs/rules.md, ruling 8), an empty deal, a concession."""
    for rules, ann, cy in [
            ("classic", "red3=4 melded=50", "melded=50"),
            ("classic", "melded=2x50+1x5", "melded=50 hand=2x50"),
            ("classic", "natural=1 mixed=1 melded=85", "melded=50"),
            ("two_hand", "natural=2 melded=70 out", "melded=50"),
            ("classic", "natural=1 melded=35 concealed had-melded", "melded=50"),
            ("classic", "melded=50", "natural=1 melded=35 concealed"),  # ruling 8: exempt
            ("classic", "", ""),
            ("british", "acaba", "")]:
        assert _refusal(rules, ann, cy) == "", (rules, ann, cy)


def test_the_wrong_number_of_entries_and_unknown_games(pad: Pad) -> None:
    pad("new", "G", "--sides", "Ann", "Cy")
    ran = pad("deal", "G", "melded=50")
    assert ran.err == "canasta: error: give one entry per side (Ann, Cy): 2, not 1\n"
    assert pad("show", "Nope").err == "canasta: error: no game called 'Nope' (canasta score " \
                                      "list shows the games)\n"
    assert pad("new", "G", "--sides", "X", "Y").err == "canasta: error: there is already a " \
                                                       "game called 'G'\n"
    ran = pad("new", "H", "--sides", "X", "Y", "Z")
    assert ran.err == "canasta: error: classic is played by 2 sides (4 players): name 2, not 3\n"
    assert pad("new", "H", "--sides", "X", "X").err == "canasta: error: two sides have the " \
                                                       "same name: X, X\n"
    assert pad("new", "H", "--rules", "nope", "--sides", "X", "Y").code == 1
    assert pad("list").out == "G (classic): 0 deals, Ann 0, Cy 0; going on\n"
