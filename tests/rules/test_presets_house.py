"""The ``house`` preset (docs/rules.md, Presets: house): the household's rule sheet (seed 004,
described in docs/rules.md, Sources), its blanks filled as the preset's ``[unstated]`` table
says.

Each test quotes the sheet. Where the sheet leaves a number blank, the test uses the preset's
value and says where it comes from.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta import Game
from canasta.cards import JOKER, RED_THREE, parse_kind
from canasta.cli.main import main
from canasta.engine.scoring import Meld, score_side
from canasta.rules import from_dict, load
from tests.helpers import MELD, counts, legal_texts, position
from tests.preset_helpers import refused

HOUSE = load("house")
TWO_CANASTAS = ["Q Q Q Q Q Q Q", "9 9 9 9 9 9 9"]
KING = parse_kind("K")


def house(**kwargs: Any) -> Game:
    """A house position with no perfect-cut bonus in play (a position has none unless it
    gives the ``cut`` field)."""
    game = position(HOUSE, **kwargs)
    assert game.state.table.cut_side == -1
    return game


def test_three_decks_six_jokers_fifteen_each_and_red_threes_stay_in_hand() -> None:
    """docs/rules.md, seed 004, "The deal": "Three decks shuffled together with six jokers".
    "Each player is dealt ." is blank: 15, as Samba (the preset's [unstated]). Red 3s are held
    ("Putting one down is up to you"), so none is laid out at the deal."""
    assert HOUSE.deal.hand_size == 15
    held = 0
    for seed in range(6):
        game = Game(HOUSE, seed)
        assert game.card_count() == 3 * 52 + 6 == 162
        seats = game.state.seats
        assert [p.size for p in seats] == [15] * 4 and [p.red_threes for p in seats] == [0] * 4
        held += sum(p.hand[RED_THREE] for p in seats)
    assert held > 0  # some deal put a red 3 in a hand, and it stayed there


def test_the_sheets_worked_round_comes_to_1870() -> None:
    """docs/rules.md, seed 004, "A round, counted up": "two natural canastas, one dirty canasta,
    three red 3s, 210 in melded card points, 40 left in your partner's hand, and you went out".
    With the preset's numbers (natural 500 and dirty 300 as classic, three red 3s 100 each, going
    out 100): 2 x 500 + 300 + 300 + 210 - 40 + 100 = 1,870. "The melded card points include the
    cards inside the canastas"."""
    melds = ["4 4 4 4 4 4 4", "5 5 5 5 5 5 5", "K K K K K 2 2", "Q Q Q", "7 7 7 7"]
    game = house(hands={0: "9", 2: "K K A"}, melds={0: melds, 1: ["J J J"]},
                 red_threes={0: 2, 2: 1}, phase=MELD, drew=True)
    game.apply("discard 9")
    score = game.results[-1].sides[0]
    assert score.items() == [
        ("melded cards", 210),
        ("cards left in hand", -40),
        ("2 natural + 1 mixed canastas", 2 * 500 + 300),
        ("3 red 3s", 300),
        ("going out", 100),
    ]
    assert score.total == 1870


def test_a_held_red_three_is_laid_on_ones_own_turn_and_replaced() -> None:
    """docs/rules.md, seed 004, "Red 3s": "hold it as long as you like and place it on your turn
    whenever you want, and you draw a replacement card when you do." The engine places the lay
    after the turn's draw (the turn starts with a draw or a take), and not while an opening is
    still tentative."""
    game = house(hands={0: "R3 K 5 6"}, melds={0: ["8 8 8"], 1: ["J J J"]}, stock="4 9")
    assert "lay R3" not in legal_texts(game)
    refused(game, "lay R3", "draw from the stock or take the pile first")
    game.apply("draw")
    assert "lay R3" in legal_texts(game)
    game.apply("lay R3")
    assert game.state.seats[0].red_threes == 1
    assert game.state.seats[0].hand == counts("K 5 6 9 4")
    assert game.state.table.stock == []  # the draw took the 9, the replacement the 4
    refused(game, "lay R3", "you hold no red 3")


def test_no_red_three_is_laid_while_an_opening_is_tentative() -> None:
    """The engine's reading: a red 3 drawn with a replacement is not part of an opening."""
    game = house(hands={0: "R3 K K K A A A 5"}, phase=MELD, drew=True)
    game.apply("meld K K K")
    refused(game, "lay R3", "commit or take back your opening before laying a red 3")


def test_a_red_three_with_no_replacement_keeps_a_card_for_the_discard() -> None:
    """With the stock empty a red 3 laid down has no replacement, so laying it from ``R3 5``
    would leave one card to discard, and a side that has not opened may not go out (docs/
    rules.md, ruling 20): it is refused, the discard that ends the turn is not. Until
    2026-12-07 a side that had not opened was let through as if the lay began a tentative
    opening that could be taken back, and the player was left with no legal action (found by
    random games under house rules with other options changed)."""
    game = house(hands={0: "R3 5"}, melds={1: ["J J J"]}, stock="", phase=MELD, drew=True)
    refused(game, "lay R3", "that would leave you one card to discard, and you may not go out")
    assert legal_texts(game) == ["discard R3", "discard 5"]


def test_a_red_three_with_no_replacement_may_leave_the_card_that_goes_out() -> None:
    """A side with its two canastas may lay it down and go out with the last card."""
    game = house(hands={0: "R3 5"}, melds={0: TWO_CANASTAS, 1: ["J J J"]}, stock="",
                 phase=MELD, drew=True)
    game.apply("lay R3")
    assert game.state.seats[0].hand == counts("5") and game.state.seats[0].red_threes == 1
    assert legal_texts(game) == ["discard 5"]


def test_a_discarded_red_three_freezes_the_pile() -> None:
    """docs/rules.md, seed 004: "you can also discard one, and a discarded red 3 freezes the pile,
    exactly as a wild does"; "While it is frozen there is only one way in — two naturals from your
    hand"; "Ordinary discards just pile on top; they do not thaw it."
    """
    game = house(hands={0: "R3 K 5", 1: "8 6 7", 2: "8 4 5"},
                 melds={0: ["8 8 8"], 1: ["Q Q Q"]}, pile="4 9", phase=MELD, drew=True)
    game.apply("discard R3")
    assert game.pile_frozen_for(1) and game.pile_frozen_for(2)
    game.apply("draw")
    game.apply("discard 8")
    assert game.current_player == 2 and game.state.table.pile[-1] == parse_kind("8")
    refused(game, "take meld", r"the pile is frozen \(it holds a wild card or a red 3\)")


def test_red_threes_double_from_four_and_one_in_hand_costs_500() -> None:
    """docs/rules.md, seed 004: "Each is worth . If your side has  or more on the table, the
    whole lot doubles — one caught in your hand is worth  against you and does not count toward
    the ." The preset: 100 each, doubling from four (so 800, 1,000, 1,200 for four, five, six),
    500 for one left in hand (docs/rules.md, seed 001's table), which does not count toward the
    four."""
    assert [HOUSE.red_three_value(n) for n in range(7)] == [0, 100, 200, 300, 800, 1000, 1200]
    game = house(hands={0: "9", 2: "R3 4"}, melds={0: TWO_CANASTAS, 1: ["J J J"]},
                 red_threes={0: 3}, phase=MELD, drew=True)
    game.apply("discard 9")
    score = game.results[-1].sides[0]
    assert score.red_threes == 3 and score.red_three_points == 300  # not doubled: 3 laid
    assert score.in_hand == -(500 + 5)


def test_red_threes_count_for_a_side_only_with_a_canasta_and_a_wild_canasta_counts() -> None:
    """docs/rules.md, seed 004, the wild canasta: "It counts as a canasta everywhere else too —
    toward the canastas you need to go out, and for keeping your red 3s on the right side of the
    ledger." The number of canastas is blank; the preset: one."""
    wild = Meld(JOKER, 0, twos=4, jokers=3)
    assert score_side(HOUSE, 0, [Meld(KING, 6)], [], 2, True).red_three_points == -200
    assert score_side(HOUSE, 0, [Meld(KING, 7)], [], 2, True).red_three_points == 200
    assert score_side(HOUSE, 0, [Meld(KING, 3), wild], [], 2, True).red_three_points == 200


def test_a_wild_canasta_is_seven_wilds_worth_2000_and_counts_toward_going_out() -> None:
    """docs/rules.md, seed 004: "lay three or more wilds as a meld of their own and build it up
    over later turns"; "seven wilds together is a wild canasta: , the biggest single score on the
    board, and worth four natural canastas" (the preset: 2,000 = 4 x 500). It counts toward the
    two canastas (the preset's blank) needed to go out."""
    game = house(hands={0: "2 2 2 2 JK JK JK 9"}, melds={0: ["Q Q Q Q Q Q Q"], 1: ["J J J"]},
                 phase=MELD, drew=True, extra="laid 0")  # laid on an earlier turn: not concealed
    for text in ["meld 2 2 JK", "add W 2", "add W 2", "add W JK", "add W JK"]:
        game.apply(text)
    assert game.state.sides[0].canastas == 2
    refused(game, "add W 2", "you have no 2")
    game.apply("discard 9")
    score = game.results[-1].sides[0]
    assert score.wild_canastas == 1 and score.canasta_bonus == 500 + 2000
    assert score.melded == 70 + 4 * 20 + 3 * 50
    assert score.total == 70 + 230 + 500 + 2000 + 100 == 2900


def test_a_wild_meld_short_of_seven_counts_its_card_points_only() -> None:
    """docs/rules.md, seed 004: "Short of seven it is not a canasta yet, but the wilds already
    down still count their card points like anything else you have melded." No penalty on the
    sheet."""
    game = house(hands={0: "2 2 JK 5 6", 1: "4 4"}, melds={0: ["Q Q Q"], 1: ["J J J"]},
                 stock="", phase=MELD, drew=True)
    game.apply("meld 2 2 JK")
    game.apply("discard 5")  # the stock is gone and seat 1 cannot take a 5: the hand ends
    score = game.results[-1].sides[0]
    assert score.melded == 30 + 2 * 20 + 50 and score.unfinished_wild == 0
    assert score.canasta_bonus == 0


def test_wild_meld_refusals() -> None:
    """A wild meld is three wild cards to start, one per side, and no card goes on a finished
    wild canasta."""
    game = house(hands={0: "2 2 5 6 7 8 9 10"}, melds={0: ["Q Q Q"], 1: ["J J J"]},
                 phase=MELD, drew=True)
    refused(game, "meld 2 2 JK", "you do not hold those three wild cards")
    game = house(hands={0: "2 2 2 5 6"}, melds={0: ["Q Q Q", "2 2 2"], 1: ["J J J"]},
                 phase=MELD, drew=True)  # the side already has a meld of three 2s
    refused(game, "meld 2 2 2", "already has a meld of wild cards: add to it instead")
    game = house(hands={0: "2 2 2 5 6"}, melds={0: ["Q Q Q", "2 2 2 2 2 2 2"], 1: ["J J J"]},
                 phase=MELD, drew=True)
    assert game.state.sides[0].melds[JOKER] == Meld(JOKER, 0, twos=7)
    refused(game, "add W 2", "your wild canasta is complete")


def test_the_wild_limit_is_checked_only_when_the_meld_is_laid_down() -> None:
    """docs/rules.md, seed 004: "A meld must have more natural cards than wilds when you lay it
    down — two naturals will carry one wild ... That is checked as the meld goes down; once it is
    on the table you can add to it freely." The same ratio checked always refuses the second
    wild."""
    hand = "K K 2 2 JK 5 6 7"
    game = house(hands={0: hand}, melds={0: ["8 8 8"], 1: ["J J J"]}, phase=MELD, drew=True)
    for text in ["meld K K 2", "add K 2", "add K JK"]:
        game.apply(text)
    assert game.melds(0)[-1] == Meld(KING, 2, twos=2, jokers=1)
    always = from_dict({"melds": {"wild_ratio": "fewer"}})
    strict = position(always, hands={0: hand}, melds={0: ["8 8 8"], 1: ["J J J"]}, phase=MELD,
                      drew=True)
    strict.apply("meld K K 2")
    refused(strict, "add K 2", "with 2 naturals it may hold 1")


def test_a_booked_canasta_does_not_open_the_pile() -> None:
    """docs/rules.md, seed 004, "Taking the discard pile": "A booked canasta does not count for
    this: once a rank is booked it stops opening the pile, and only two naturals from your hand
    will take it after that." A meld short of a canasta still opens it."""
    melds = {0: ["8 8 8 8 8 8 8", "9 9 9"], 1: ["J J J"]}
    game = house(hands={0: "5 6", 1: "4"}, melds=melds, pile="4 8")
    refused(game, "take meld", "your 8s are a completed canasta, which does not open the pile")
    game = house(hands={0: "8 8 6", 1: "4"}, melds=melds, pile="4 8")
    assert [t for t in legal_texts(game) if t.startswith("take")] == ["take pair"]
    game = house(hands={0: "5 6", 1: "4"}, melds=melds, pile="4 9")
    game.apply("take meld")
    assert game.state.sides[0].melds[9] == Meld(parse_kind("9"), 4)


def test_only_two_ways_in_no_natural_and_wild() -> None:
    """docs/rules.md, seed 004: "Two ways in": two natural cards matching the top card, or a meld
    already down that the top card plays onto. There is no natural-and-wild route."""
    game = house(hands={0: "K 2 5", 1: "4"}, melds={0: ["8 8 8"], 1: ["J J J"]}, pile="4 K")
    refused(game, "take 2", "these rules take the pile only with two natural kings")


def test_a_set_of_black_threes_goes_out_with_no_discard() -> None:
    """docs/rules.md, seed 004, "Black 3s": "if you are holding  of them, you can play them down
    as a set to go out. Going out that way, you do not discard — the black 3s are the last of
    your hand. On the table they count for you,  apiece". The preset: three, 5 apiece."""
    game = house(hands={0: "B3 B3 B3"}, melds={0: TWO_CANASTAS, 1: ["J J J"]}, phase=MELD,
                 drew=True)
    game.apply("meld B3 B3 B3")
    result = game.results[-1]
    assert result.went_out == 0 and result.sides[0].melded == 70 + 70 + 15


def test_a_black_three_set_cannot_be_followed_by_a_discard() -> None:
    """Classic melds the black 3s and discards the last card; the house sheet does not."""
    hand = {0: "B3 B3 B3 K"}
    game = house(hands=hand, melds={0: TWO_CANASTAS, 1: ["J J J"]}, phase=MELD, drew=True)
    refused(game, "meld B3 B3 B3", "black 3s may be melded only as the last cards of your hand")
    classic = position(hands=hand, melds={0: TWO_CANASTAS, 1: ["J J J"]}, phase=MELD,
                       drew=True)
    assert "meld B3 B3 B3" in legal_texts(classic)
    game = house(hands={0: "B3 B3 B3 B3"}, melds={0: TWO_CANASTAS, 1: ["J J J"]}, phase=MELD,
                 drew=True)
    refused(game, "meld B3 B3 B3 B3", "do not allow a black-3 set of that size")


def test_two_canastas_to_go_out() -> None:
    """docs/rules.md, seed 004: "Your side needs  canastas down before you can go out." The
    preset: two, as Samba, the published three-deck game."""
    game = house(hands={0: "B3 B3 B3"}, melds={0: TWO_CANASTAS[:1], 1: ["J J J"]}, phase=MELD,
                 drew=True)
    refused(game, "meld B3 B3 B3", "your side needs 2 canastas to go out")


def _first_deal(seed: int) -> Game:
    game = Game(HOUSE, seed)
    rng = random.Random(seed)
    while not game.results:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_perfect_cut_pays_the_cutters_side() -> None:
    """docs/rules.md, seed 004, "The deal": "Leave exactly the cards the deal needs and your side
    takes  for a perfect deal. The card turned for the discard pile is forgiven, so dead exact
    and one spare both count — two spares if the first one froze the pile." The preset: 100, Hand
    and Foot's exact-cut bonus. The player on the dealer's right cuts; seeds are searched for a
    deal where the cut is perfect, and one where it is not."""
    perfect = next(s for s in range(500) if Game(HOUSE, s).state.table.cut_side >= 0)
    plain = next(s for s in range(500) if Game(HOUSE, s).state.table.cut_side < 0)
    game = Game(HOUSE, perfect)
    cutter = (game.dealer - 1) % 4
    cut_side = game.state.table.cut_side
    assert cut_side == game.side_of(cutter)
    result = _first_deal(perfect).results[0]
    assert ("perfect cut", 100) in result.sides[cut_side].items()
    assert all(label != "perfect cut" for label, _ in result.sides[1 - cut_side].items())
    assert all(label != "perfect cut" for side in _first_deal(plain).results[0].sides
               for label, _ in side.items())


def test_rules_show_marks_every_value_the_sheet_leaves_blank(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``canasta rules show house`` marks which values the sheet does not give."""
    assert main(["rules", "show", "house"]) == 0
    out = capsys.readouterr().out
    section = ""
    marked = set()
    for line in out.splitlines():
        if line.startswith("["):
            section = line.strip("[]")
        elif "# not in the source: " in line:
            marked.add(f"{section}.{line.split(' = ')[0].strip()}")
    assert marked == set(dict(HOUSE.unstated))
    assert "hand_size = 15  # not in the source: 15, as Samba" in out
    assert {"deal.perfect_cut_bonus", "canastas.wild_bonus", "going_out.canastas",
            "red_threes.values", "game.target"} <= marked
