"""The ``hand_and_foot`` preset (docs/rules.md, Presets: hand_and_foot): seed 001 "Hand and Foot
Canasta" (and seed 000's paragraph), with REFERENCE §14 for what the seeds leave open (both
described in docs/rules.md, Sources)."""

from __future__ import annotations

from typing import Any

from canasta import Game
from canasta.cards import parse_kind
from canasta.engine.scoring import Meld, score_side
from canasta.rules import from_dict, load
from tests.helpers import MELD, counts, end_hand, kinds, legal_texts
from tests.preset_helpers import refused, with_feet

HF = load("hand_and_foot")
FOOT = "Q Q Q K K 5 5 6 6 7 7"
#: Three clean books and four dirty ones: the partnership quota.
BOOKS = ["4 4 4 4 4 4 4", "5 5 5 5 5 5 5", "6 6 6 6 6 6 6", "7 7 7 7 7 7 2",
         "8 8 8 8 8 8 2", "9 9 9 9 9 9 2", "10 10 10 10 10 10 2"]
#: Seven books, but only two clean.
SHORT = ["4 4 4 4 4 4 4", "5 5 5 5 5 5 5", "6 6 6 6 6 6 2", "7 7 7 7 7 7 2",
         "8 8 8 8 8 8 2", "9 9 9 9 9 9 2", "10 10 10 10 10 10 2"]


def hf(feet: dict[int, str] | None = None, rules: Any = HF, **kwargs: Any) -> Game:
    """A Hand and Foot position; ``feet`` gives the seats whose foot is still down."""
    return with_feet(rules, feet or {}, **kwargs)


def test_a_hand_and_a_foot_of_eleven_from_one_deck_more_than_the_players() -> None:
    """docs/rules.md, seed 001: "The number of decks used is typically one more than the number
    of players"; "Each player is dealt two piles of 11 cards, ... the "hand" and the "foot". The
    hand is picked up normally, while the foot remains face down until the hand is exhausted."
    The preset: five decks with their ten jokers for four players."""
    game = Game(HF, 1)
    assert sum(game.t.pack) == 5 * 54 == game.card_count()
    seats, table = game.state.seats, game.state.table
    assert [p.size for p in seats] == [11] * 4 and [p.foot_size for p in seats] == [11] * 4
    assert len(table.stock) + len(table.pile) + sum(p.red_threes for p in seats) == 270 - 8 * 11


def test_two_cards_drawn_one_discarded() -> None:
    """docs/rules.md, seed 001: "On each turn, players draw two cards from the stock. Each player
    discards one card on each turn.\""""
    game = hf(hands={0: "K 9 4"}, melds={0: ["A A A"], 1: ["J J J"]}, stock="5 6 7")
    game.apply("draw")
    assert game.state.seats[0].hand == counts("K 9 4 6 7")


def test_the_foot_taken_up_by_melding_is_played_at_once() -> None:
    """docs/rules.md, seed 001: "A player who melds all cards from the original hand picks up the
    foot as a new hand and continues playing.\""""
    game = hf({0: FOOT}, hands={0: "J J J"}, melds={0: ["A A A"], 1: ["Q Q Q"]}, phase=MELD,
              drew=True)
    game.apply("meld J J J")
    assert game.current_player == 0 and game.phase == MELD
    assert game.state.seats[0].foot_size == 0 and game.state.seats[0].hand == counts(FOOT)
    game.apply("meld Q Q Q")
    game.apply("discard 5")
    assert game.current_player == 1


def test_the_foot_taken_up_by_discarding_waits_for_the_next_turn() -> None:
    """docs/rules.md, seed 001: "A player who exhausts the original hand by discarding picks up
    the foot as a new hand, but does not play from it until the next turn.\""""
    game = hf({0: FOOT}, hands={0: "9"}, melds={0: ["A A A"], 1: ["J J J"]}, phase=MELD,
              drew=True)
    assert legal_texts(game) == ["discard 9"]
    game.apply("discard 9")
    assert game.current_player == 1 and not game.results
    assert game.state.seats[0].foot_size == 0 and game.state.seats[0].hand == counts(FOOT)


def test_red_threes_of_a_foot_taken_up_with_the_stock_gone_are_laid_out_all_the_same() -> None:
    """docs/rules.md, rulings 9 and 17: red 3s are laid down at once, never left in hand; with
    no stock to replace them they are laid out all the same, the hand a card shorter each (they
    stayed in the hand, to count as cards held, when the stock was gone as the foot came up;
    the same held for a deal whose stock ran out, under house rules with large hands). Here
    the hand then ends (seat 1 cannot draw or take the 9): the two red 3s count as red 3s,
    the K K 5 as cards in hand."""
    game = hf({0: "R3 R3 K K 5"}, hands={0: "9"}, melds={0: ["A A A"], 1: ["J J J"]},
              phase=MELD, drew=True, stock="")
    game.apply("discard 9")
    score = game.results[-1].sides[0]
    assert (score.red_threes, score.red_three_points, score.in_hand) == (2, -600, -25)


def test_an_opening_that_empties_the_hand_onto_the_foot_must_meet_the_minimum() -> None:
    """docs/rules.md, seed 001, "Initial melds": "both teams have an initial meld requirement of
    50" in the first hand. The foot comes up as the hand empties, so a tentative opening cannot
    be taken back then: one that falls short (here 30 points) may not empty the hand; one that
    meets the minimum may, and the side has made its initial meld."""
    game = hf({0: FOOT}, hands={0: "K K K"}, melds={1: ["J J J"]}, phase=MELD, drew=True)
    assert game.minimum_needed(0) == 50
    refused(game, "meld K K K", "that would take up your foot, and your opening must be "
            "complete by then: your opening has 30 points; your side needs 50")
    game = hf({0: FOOT}, hands={0: "A A A"}, melds={1: ["J J J"]}, phase=MELD, drew=True)
    game.apply("meld A A A")
    assert game.state.sides[0].opened and game.state.seats[0].hand == counts(FOOT)


def test_going_out_needs_the_partners_yes() -> None:
    """docs/rules.md, seed 001, "Rules for going out": "A player asks their partner for
    permission to go out.\""""
    game = hf(hands={0: "9 K"}, melds={0: BOOKS, 1: ["J J J"]}, phase=MELD, drew=True)
    refused(game, "add 9 9", "only after your partner said yes")  # it leaves one card
    assert legal_texts(game) == ["discard 9", "discard K"]


def test_going_out_with_three_clean_and_four_dirty_books() -> None:
    """docs/rules.md, seed 001: "The number of canastas required to go out are three red (natural
    or clean, i.e. no wild cards) and four black (mixed or dirty, i.e. with wild cards)
    canastas." With the quota met and the partner's yes, the player goes out; red 3s are -300
    each."""
    game = hf(hands={0: "K 9"}, melds={0: BOOKS, 1: ["J J J"]}, stock="5 6 7 8",
              red_threes={0: 1, 2: 1})
    game.apply("ask")
    game.apply("yes")
    game.apply("draw")
    assert legal_texts(game) == ["add 7 7", "add 8 8", "add 9 9"]  # "yes" binds
    for text in ["add 7 7", "add 8 8", "add 9 9", "discard K"]:
        game.apply(text)
    result = game.results[-1]
    assert result.went_out == 0
    assert result.sides[0].items() == [
        ("melded cards", 395 + 5 + 10 + 10),
        ("3 natural + 4 mixed canastas", 3 * 500 + 4 * 300),
        ("2 red 3s", -600),
        ("going out", 100),
    ]


def test_seven_books_without_three_clean_do_not_go_out() -> None:
    """The same quota: seven books, but only two clean. After the partner's yes no line goes out,
    so nothing is forced and the player plays on (docs/rules.md, ruling 19); the card that would
    empty the hand is not legal."""
    game = hf(hands={0: "K 9"}, melds={0: SHORT, 1: ["J J J"]}, stock="5 6 7 8")
    game.apply("ask")
    game.apply("yes")
    game.apply("draw")
    assert "discard K" in legal_texts(game)  # not forced to go out: it cannot
    for text in ["add 7 7", "add 8 8"]:
        game.apply(text)
    assert legal_texts(game) == ["discard 9", "discard K"]
    free = from_dict({"going_out": {"must_ask": False}}, base=HF)
    game = hf(rules=free, hands={0: "9 K"}, melds={0: SHORT, 1: ["J J J"]}, phase=MELD,
              drew=True)
    refused(game, "add 9 9", "leave you one card to discard, and you may not go out: your "
            "side needs 3 natural and 4 mixed canastas to go out")


def test_going_out_only_after_the_foot_is_taken_up() -> None:
    """docs/rules.md, seed 001: the foot is picked up when the hand is exhausted, so a player
    with a foot still down cannot go out: the partner's yes forces nothing, and the last card
    discarded brings up the foot."""
    game = hf({0: FOOT}, hands={0: "K 9"}, melds={0: BOOKS, 1: ["J J J"]}, stock="5 6 7 8")
    game.apply("ask")
    game.apply("yes")
    game.apply("draw")
    assert "discard K" in legal_texts(game)
    for text in ["add 7 7", "add 8 8", "add 9 9", "discard K"]:
        game.apply(text)
    assert not game.results and game.current_player == 1
    assert game.state.seats[0].hand == counts(FOOT)


def test_the_pile_is_taken_with_a_natural_pair_and_only_its_top_five_cards() -> None:
    """docs/rules.md, seed 001: "Discards may be picked up with a natural pair, but a player must
    take the top five cards from the discard pile.\""""
    pile = "4 5 6 7 9 10 Q 8"
    game = hf(hands={0: "8 8 2 5 6", 1: "4"}, melds={0: ["8 8 8"], 1: ["J J J"]}, pile=pile)
    assert [t for t in legal_texts(game) if t.startswith("take")] == ["take pair"]
    refused(game, "take meld", "do not let you take the pile by adding to a meld")
    refused(game, "take 2", "take the pile only with two natural 8s")
    game.apply("take pair")
    assert game.state.table.pile == kinds("4 5 6")
    assert game.state.seats[0].hand == counts("2 5 6 7 9 10 Q")
    assert game.state.sides[0].melds[8] == Meld(parse_kind("8"), 6)


def test_threes_are_never_melded() -> None:
    """docs/rules.md, seed 001: "Threes may not be melded; so, since the only way to get rid of
    them is by discarding them one at a time ...\""""
    game = hf(hands={0: "B3 B3 B3 5"}, melds={0: BOOKS, 1: ["J J J"]}, phase=MELD, drew=True)
    assert [t for t in legal_texts(game) if "B3" in t] == ["discard B3"]
    refused(game, "meld B3 B3 B3", "do not allow a black-3 set of that size")


def test_red_threes_minus_300_black_threes_five_in_hand_or_foot() -> None:
    """docs/rules.md, seed 001: "Black threes (in a player's hand or foot) score five points, red
    threes are scored as negative 300 points." A red 3 caught in a foot never taken up costs the
    same 300 (the preset's points.red_three_in_hand)."""
    assert [HF.red_three_value(n) for n in range(4)] == [0, -300, -600, -900]
    score = score_side(HF, 0, [Meld(parse_kind("K"), 3)], [counts("B3"), counts("R3 B3")], 2,
                       True)
    assert score.red_three_points == -600 and score.in_hand == -(5 + 300 + 5)
    unmelded = score_side(HF, 0, [], [], 1, False)
    assert unmelded.red_three_points == -300


def test_an_untaken_foot_counts_against_at_the_end() -> None:
    """Cards left in a foot never picked up count against the side like a hand."""
    game = hf({2: "K K A R3"}, hands={0: "9 5", 1: "4"}, melds={0: BOOKS, 1: ["J J J"]},
              phase=MELD, drew=True, stock="")
    game.apply("discard 9")  # the stock is gone: the hand ends when seat 1 cannot take the 9
    score = game.results[-1].sides[0]
    assert score.in_hand == -(5 + 10 + 10 + 20 + 300)


def test_the_opening_minimum_goes_by_deal_number() -> None:
    """docs/rules.md, seed 001, "Initial melds": 1st hand 50, 2nd 90, 3rd 120, 4th 150 — whatever
    the score."""
    assert [HF.minimum_for(score, deal) for deal in (1, 2, 3, 4)
            for score in (-500, 0, 9000)] == [50] * 3 + [90] * 3 + [120] * 3 + [150] * 3
    game = Game(HF, 3)
    assert [side.minimum for side in game.state.sides] == [50, 50]
    end_hand(game)
    assert game.deal_number == 2 and [side.minimum for side in game.state.sides] == [90, 90]


def test_reference_example_15_is_1695() -> None:
    """docs/rules.md, REFERENCE §16 example 15 (rarepike): two clean books (kings, 8s), one
    dirty book (5s and two wilds), melded cards 340, went out, the partner holds three cards
    worth 45: 1,000 + 300 + 340 + 100 - 45 = 1,695."""
    k, e, f, a, q, s = kinds("K 8 5 A Q 6")
    melds = [Meld(k, 7), Meld(e, 7), Meld(f, 5, twos=2), Meld(a, 4), Meld(q, 3), Meld(s, 5)]
    score = score_side(HF, 0, melds, [counts(""), counts("A A 4")], 0, True, went_out=True)
    assert score.melded == 340 and score.in_hand == -45
    assert score.total == 1000 + 300 + 340 + 100 - 45 == 1695
