"""Samba and its family: sequences of one suit (docs/rules.md, Presets: samba, bolivia,
brazilian, chilean, italian: seed 000 "Samba"; seed 001 Bolivia, Brazilian, Chilean, Italian;
REFERENCE §6-§11 where the seeds are silent; the sources are described in docs/rules.md,
Sources)."""

from __future__ import annotations

import pytest

from canasta import Game, IllegalAction, RuleSet
from canasta.engine.canastas import counts
from canasta.engine.scoring import side_score
from canasta.presentation import hand_text
from canasta.rules import from_dict, load
from tests.helpers import MELD, end_hand, legal_texts, position, suited_position

SAMBA = "4H 5H 6H 7H 8H 9H 10H"


def test_samba_deals_fifteen_from_three_decks_and_draws_two() -> None:
    """docs/rules.md, seed 000: three decks and six jokers, 162 cards, dealt 15 each; stock
    draws take two."""
    from canasta import Game

    game = Game("samba", 3)
    seats = game.state.seats
    assert game.card_count() == 162 and [p.size for p in seats] == [15] * 4
    assert [sum(p.cards) if p.cards is not None else None for p in seats] == \
        [p.size for p in seats]
    seat = game.current_player
    game.apply("draw")
    assert game.state.seats[seat].size == 17


def test_a_sequence_is_three_or_more_of_one_suit_in_a_row() -> None:
    """docs/rules.md, seed 000: sequences in a single suit running anywhere from the four up to
    the ace."""
    game = suited_position(hands={0: "4H 5H 6H 9S 10S"}, melds={0: ["K K K"]},
                           phase=MELD, drew=True)
    assert "meld 4H 5H 6H" in legal_texts(game)
    game.apply("meld 4H 5H 6H")
    assert game.state.sides[0].runs[1] == (4, 6)
    assert game.view(0).sequences[0] == ((1, 4, 6),)


def test_sequences_take_no_wild_card_and_no_other_suit() -> None:
    """docs/rules.md, seed 000: sequences never accept wild cards."""
    game = suited_position(hands={0: "7S 2 JK 9S 10S"}, melds={0: ["K K K"]},
                           sequences={0: ["4H 5H 6H"]}, phase=MELD, drew=True)
    texts = legal_texts(game)
    assert not any(t.startswith("extend") for t in texts)
    with pytest.raises(IllegalAction, match="does not fit an end of your sequence"):
        game.apply("extend 7S")


def test_seven_in_a_row_make_a_samba_worth_1500_and_counting_as_a_canasta() -> None:
    """docs/rules.md, seed 000: a sequence of seven is a samba, counts as a canasta for going
    out, scores 1,500; two canastas to go out."""
    game = suited_position(hands={0: "10H 9S"}, melds={0: ["K K K K K K K"]},
                           sequences={0: ["4H 5H 6H 7H 8H 9H"]}, phase=MELD, drew=True)
    game.apply("extend 10H")
    assert game.state.sides[0].sambas == ((1, 4, 10),) and game.state.sides[0].canastas == 2
    game.apply("discard 9S")
    result = game.results[-1]
    assert result.went_out == 0
    side = result.sides[0]
    assert side.sambas == 1 and side.canasta_bonus == 500 + 1500
    assert side.melded == 70 + (4 * 5 + 3 * 10)
    assert side.going_out == 200


def test_one_canasta_is_not_enough_to_go_out_in_samba() -> None:
    game = suited_position(hands={0: "9S"}, sequences={0: [SAMBA]}, phase=MELD, drew=True)
    with pytest.raises(IllegalAction, match="needs 2 canastas"):
        game.apply("discard 9S")  # the last card: only to go out


def test_rank_melds_hold_two_wild_cards_at_most() -> None:
    """docs/rules.md, seed 000: ordinary melds are held to two wild cards rather than three."""
    game = suited_position(hands={0: "2 JK 9S 10S"}, melds={0: ["K K K 2 JK"]}, phase=MELD,
                           drew=True)
    with pytest.raises(IllegalAction, match="may hold 2"):
        game.apply("add K 2")


def test_naturals_are_named_with_their_suits() -> None:
    """Lossless actions: in Samba which king goes into a meld matters for sequences."""
    game = suited_position(hands={0: "KS KH KH 9S 10S"}, melds={0: ["Q Q Q"]}, phase=MELD,
                           drew=True)
    texts = legal_texts(game)
    assert "meld KS KH KH" in texts and "meld K K K" not in texts
    with pytest.raises(IllegalAction, match="name the suits"):
        game.apply("meld K K K")
    game.apply("meld KS KH KH")
    cards = game.state.seats[0].cards
    assert cards is not None and cards[game.t.rank_of.index(13)] == 0


def test_the_top_card_may_extend_a_sequence() -> None:
    """docs/rules.md, REFERENCE §6: when not frozen, by adding the top card to a meld that is not
    yet a canasta, sequence melds included."""
    game = suited_position(hands={0: "9S 10S 5C"}, melds={0: ["K K K"], 1: ["Q Q Q"]},
                           sequences={0: ["4H 5H 6H"]}, pile="8S 7H")
    assert "take seq" in legal_texts(game)
    game.apply("take seq")
    assert game.state.sides[0].runs[1] == (4, 7)


def test_the_top_card_may_join_a_meld_of_its_rank() -> None:
    """docs/rules.md, REFERENCE §6: "natural pair, or the top card onto a meld that is not a
    canasta": an unfrozen pile is taken by adding its top card to the side's meld of its
    rank (the route names no suit, for no card of the hand is used)."""
    game = suited_position(hands={0: "9S 10S 5C"}, melds={0: ["K K K"], 1: ["Q Q Q"]},
                           pile="8S KH")
    assert "take meld" in legal_texts(game)
    game.apply("take meld")
    king = game.state.sides[0].melds[13]
    assert king is not None and king.naturals == 4
    assert hand_text(game.view(0)) == "5C 8S 9S 10S"
    assert game.state.table.pile == []


def test_a_canasta_does_not_take_the_pile() -> None:
    """docs/rules.md, REFERENCE §6: the top card joins only a meld that is not yet a canasta."""
    game = suited_position(hands={0: "9S 10S 5C"}, melds={0: ["K K K K K K K"], 1: ["Q Q Q"]},
                           pile="8S KH")
    assert "take meld" not in legal_texts(game)
    assert game.why_illegal("take meld") == (
        "your kings are a completed canasta, which does not open the pile")


def test_the_pile_takes_a_natural_pair_named_by_suit() -> None:
    """docs/rules.md, REFERENCE §6: not with a natural and a wild card."""
    game = suited_position(hands={0: "KS KH 2 9S"}, melds={0: ["Q Q Q"], 1: ["J J J"]},
                           pile="5C KD")
    takes = [t for t in legal_texts(game) if t.startswith("take")]
    assert takes == ["take pair S H"]


def test_bolivia_going_out_needs_an_escalera() -> None:
    """docs/rules.md, seed 001: a side must have a samba (escalera) and at least one other
    canasta."""
    game = suited_position("bolivia", hands={0: "9S"},
                           melds={0: ["K K K K K K K", "Q Q Q Q Q Q Q"]}, phase=MELD, drew=True)
    with pytest.raises(IllegalAction):
        game.apply("discard 9S")
    ok = suited_position("bolivia", hands={0: "9S"}, melds={0: ["K K K K K K K"]},
                         sequences={0: [SAMBA]}, phase=MELD, drew=True)
    ok.apply("discard 9S")
    assert ok.results[-1].went_out == 0


def test_bolivia_wild_canasta_is_2500() -> None:
    """docs/rules.md, seed 001: wild card canastas (bolivias) count 2,500."""
    game = suited_position("bolivia", hands={0: "2 9S 10S"},
                           melds={0: ["2 2 2 JK JK JK"]}, phase=MELD, drew=True)
    game.apply("add W 2")
    assert game.state.sides[0].canastas == 1
    end_hand(game)
    assert game.results[-1].sides[0].wild_canastas == 1
    assert game.results[-1].sides[0].canasta_bonus == 2500


def test_brazilian_short_sequence_costs_1000() -> None:
    """docs/rules.md, seed 001: if a side has a sequence of five cards or less, it loses 1,000."""
    game = suited_position("brazilian", hands={0: "9S 10S"}, melds={0: ["K K K"]},
                           sequences={0: ["4H 5H 6H"]}, phase=MELD, drew=True)
    end_hand(game)
    assert game.results[-1].sides[0].short_sequences == -1000


def test_brazilian_opening_needs_a_canasta_from_7000() -> None:
    """docs/rules.md, seed 001: the minimum is a canasta from 7,000 to 8,000, a natural canasta
    from 9,000."""
    rules = load("brazilian")
    assert rules.canasta_for(7000) == 1 and rules.canasta_for(8000) == 0
    assert rules.canasta_for(9500) == 2 and rules.minimum_for(5000) == 150


def test_italian_pile_is_always_frozen_and_the_opening_natural() -> None:
    """docs/rules.md, seed 001: the discard pile is always frozen; REFERENCE §10: the initial
    meld must be natural."""
    rules = load("italian")
    assert rules.pile.always_frozen and rules.initial_meld.natural_only
    game = suited_position("italian", hands={0: "KS KH 2 5S 9S 10S"}, phase=MELD, drew=True)
    game.apply("meld KS KH 2")
    assert "commit" not in legal_texts(game)


# ---------------------------------------------------------------------- issue 16


def test_brazilian_going_out_may_add_to_the_ends_of_an_escalera() -> None:
    """docs/rules.md, Presets: brazilian; REFERENCE §8: "A player going out may add to the ends
    of an escalera": with the last cards of the hand (our reading), each counting its points."""
    def brazilian(hand: str, samba: str = SAMBA) -> Game:  # the partner said yes (must ask)
        return position("brazilian", hands={0: hand}, melds={0: ["K K K K K K K", samba]},
                        phase=MELD, drew=True, extra="permission yes")

    game = brazilian("JH 3S 9S")
    with pytest.raises(IllegalAction, match="a samba grows only as you go out"):
        game.apply("extend JH")
    game = brazilian("JH 9S")
    assert "extend JH" in legal_texts(game)
    game.apply("extend JH")
    assert game.state.sides[0].sambas == ((1, 4, 11),) and game.state.sides[0].canastas == 2
    game.apply("discard 9S")
    side = game.results[-1].sides[0]
    assert side.sambas == 1 and side.canasta_bonus == 500 + 1500
    assert side.melded == 70 + 20 + 30 + 10  # seven kings, 4-7, 8-10, the jack
    game = brazilian("4H QH", "5H 6H 7H 8H 9H 10H JH")  # both ends, the hand laid out
    game.apply("extend 4H")
    game.apply("extend QH")
    assert game.results[-1].went_out == 0 and game.results[-1].sides[0].melded == 70 + 20 + 50


def test_sambas_stay_closed_where_they_do_not_grow() -> None:
    """docs/rules.md, Presets: samba: a samba is closed to more cards (the option is Brazil's)."""
    game = suited_position("samba", hands={0: "JH 9S"}, melds={0: ["K K K K K K K"]},
                           sequences={0: [SAMBA]}, phase=MELD, drew=True)
    assert "extend JH" not in legal_texts(game)
    with pytest.raises(IllegalAction, match="does not fit an end of your sequence"):
        game.apply("extend JH")



def _kings(meld: str, hand: str, rules: str | RuleSet = "samba") -> Game:
    return position(rules, hands={0: hand}, melds={0: [meld, SAMBA], 1: ["Q Q Q"]},
                    phase=MELD, drew=True, extra="laid 0")


#: Samba with one canasta to a rank: what the preset played before melds.canastas_per_rank.
ONE_PER_RANK = from_dict({"melds": {"canastas_per_rank": 1}}, base=load("samba"))


def test_a_side_may_have_two_canastas_of_one_rank() -> None:
    """REFERENCE §6 (Bicycle): "A side may have two canastas in the same rank and may combine
    its melds in the same rank at any time" (§15.7: rummy-games allows any number of melds per
    rank). The samba preset plays Bicycle's two, its melds of a rank combined into one
    (``melds.canastas_per_rank = 2``; docs/rules.md, Presets: samba): the meld of kings, a
    mixed canasta of five naturals and two 2s, grows by seven naturals to fourteen cards, a
    second canasta, natural (no wild card may join a completed canasta)."""
    hand = "KS KS KS KH KH KH KD 9C"
    game = _kings("K K K K K 2 2", hand)
    for card in hand.split()[:-1]:
        assert game.state.sides[0].canastas == 2  # the kings' first canasta and the samba
        game.apply(f"add K {card}")
    assert game.state.sides[0].canastas == 3
    assert counts(game.state.sides[0], game.t) == (3, 1, 1)  # kings mixed + natural, samba
    score = side_score(game.state, game.t, 0, hands=False)
    assert (score.natural_canastas, score.mixed_canastas, score.sambas) == (1, 1, 1)
    assert score.canasta_bonus == 300 + 500 + 1500
    again = Game.from_position("samba", game.position(), partial=True)
    assert again.state.sides[0].canastas == 3 and again.digest() == game.digest()
    other = _kings("K K K K K 2 2", hand, ONE_PER_RANK)
    for card in hand.split()[:-1]:
        other.apply(f"add K {card}")
    assert other.state.sides[0].canastas == 2
    assert side_score(other.state, other.t, 0, hands=False).canasta_bonus == 300 + 1500


def test_a_second_canasta_of_a_rank_counts_toward_going_out() -> None:
    """REFERENCE §6: two canastas are needed to go out, "any mix"; a meld of kings that is two
    canastas is two (with one canasta per rank the same lay would strand the hand: ruling
    20)."""
    kings = {0: ["K K K K K K K K K K K 2 2"], 1: ["Q Q Q"]}
    game = position("samba", hands={0: "KC 9C"}, melds=kings, phase=MELD, drew=True,
                    extra="laid 0")
    assert game.state.sides[0].canastas == 1
    game.apply("add K KC")
    game.apply("discard 9C")
    assert game.results[-1].went_out == 0
    other = position(ONE_PER_RANK, hands={0: "KC 9C"}, melds=kings, phase=MELD, drew=True,
                     extra="laid 0")
    assert "add K KC" not in legal_texts(other)
    with pytest.raises(IllegalAction, match="canastas"):
        other.apply("add K KC")


def test_a_meld_of_two_canastas_counts_two_under_any_canastas_per_rank() -> None:
    """``melds.canastas_per_rank`` up to 4 (a house rule): a meld of kings grown to fourteen
    cards is two canastas (``canastas.in_meld``), so a hand that grows it so, and holds
    nothing else, goes out by melding; the going-out check counts it as the canastas do."""
    kings = {0: ["K K K K K K K K K K 2 2"], 1: ["Q Q Q"]}
    three = from_dict({"melds": {"canastas_per_rank": 3}}, base=load("samba"))
    game = position(three, hands={0: "KC KD"}, melds=kings, phase=MELD, drew=True,
                    extra="laid 0")
    assert "add K KC" in legal_texts(game)
    game.apply("add K KC")
    game.apply("add K KD")
    assert game.results[-1].went_out == 0
    assert game.results[-1].sides[0].going_out > 0
