"""The ``italian`` preset (docs/rules.md, Presets: italian): seed 001 "Italian Canasta", with
REFERENCE §10 (rummy-games) for what the seed leaves open (both described in docs/rules.md,
Sources): the starting pile sized by the upcard, deuces melded as a rank, the bonuses."""

from __future__ import annotations

import random
from typing import Any

import pytest

from canasta import Game
from canasta.cards import RED_THREE
from canasta.engine.deal import UPCARD_COUNTS
from canasta.engine.determinize import determinize
from canasta.engine.position import PositionError
from canasta.engine.scoring import Meld, count_bonus, score_side
from canasta.engine.state import WILD
from canasta.engine.view import PlayerView, ViewError
from canasta.rules import load
from tests.helpers import MELD, kinds, legal_texts, position
from tests.preset_helpers import refused

ITALIAN = load("italian")
KINGS = ["K K K K K K K"]


def italian(**kwargs: Any) -> Game:
    return position(ITALIAN, **kwargs)


# ---------------------------------------------------------------------- the starting pile


def test_the_upcard_counts_its_number_and_the_court_cards_eleven_to_thirteen() -> None:
    """docs/rules.md, REFERENCE §10: "that many cards (J=11, Q=12, K=13) are set face-down
    under it"; our reading for the cards the text does not list: ace 1, a number card its
    number, a black 3 three."""
    by_rank = dict(zip(("A", "4", "9", "10", "J", "Q", "K", "B3"),
                       (1, 4, 9, 10, 11, 12, 13, 3), strict=True))
    for word, count in by_rank.items():
        assert UPCARD_COUNTS[kinds(word)[0]] == count


@pytest.mark.parametrize("seed", range(6))
def test_the_deal_sets_the_upcards_count_face_down_under_it(seed: int) -> None:
    """docs/rules.md, REFERENCE §10: "red 3s are replaced first. Then the top stock card is
    turned, and that many cards ... are set face-down under it as the initial pile"; nobody
    sees them."""
    game = Game(ITALIAN, seed)
    table = game.state.table
    top = game.t.rank_of[table.pile[-1]]
    assert table.under_size == len(table.under) == UPCARD_COUNTS[top]
    assert all(p.hand[RED_THREE] == 0 for p in game.state.seats)  # laid out before the upcard
    assert game.card_count() == 162
    for seat in range(4):
        view = game.view(seat)
        assert view.pile_face_down == UPCARD_COUNTS[top] and view.state.table.under == []
        assert view.pile == tuple(table.pile)


def test_other_presets_set_nothing_under_the_pile() -> None:
    """docs/rules.md, Every option: ``deal.pile_by_upcard`` is Italian's alone."""
    for name in ("classic", "samba", "cuban"):
        game = Game(name, 3)
        assert game.state.table.under == [] and game.view(0).pile_face_down == 0


def test_face_down_cards_join_the_takers_hand_unseen_by_the_others() -> None:
    """docs/rules.md, Presets: italian: the face-down cards are taken with the pile; the pile's
    face-up cards are seen by all, the face-down ones by the taker alone."""
    game = italian(hands={0: "KS KH 5S 9S"}, melds={0: KINGS, 1: ["Q Q Q"]}, pile="8H KD",
                   extra="under 4C 4D JS")
    game.apply("take pair S H")
    player = game.state.seats[0]
    assert game.state.table.under == [] and game.state.table.under_size == 0
    assert player.hand[kinds("4")[0]] == 2 and player.hand[kinds("J")[0]] == 1
    known = game.view(1).state.seats[0].hand  # what seat 1 sees of seat 0's hand
    assert known[kinds("8")[0]] == 1
    assert known[kinds("4")[0]] == 0 and known[kinds("J")[0]] == 0
    assert game.card_count() == 162


def test_an_unmelded_side_takes_the_face_down_cards_at_its_commit() -> None:
    """docs/rules.md, "Tentative openings": a taken pile's cards wait beside the table until the
    opening is committed; the face-down cards wait under it, and a retract leaves them there."""
    game = italian(hands={0: "KS KH QS QH QD 5S"}, melds={1: ["J J J"]}, pile="KD",
                   extra="under 4C 4D")
    game.apply("take pair S H")
    assert game.state.table.under_size == 2 and game.state.turn.opening is not None
    game.apply("retract")
    assert [game.t.rank_of[c] for c in game.state.table.pile] == kinds("K")
    assert game.state.table.under_size == 2
    game.apply("take pair S H")
    game.apply("meld QS QH QD")  # 30 + 30: the minimum of 50 met, with no wild card
    game.apply("commit")
    assert game.state.table.under_size == 0
    assert game.state.seats[0].hand[kinds("4")[0]] == 2
    assert game.view(2).state.seats[0].hand[kinds("4")[0]] == 0


def test_a_one_card_pile_with_face_down_cards_still_waits_for_the_commit() -> None:
    """docs/rules.md, "Tentative openings": going out is barred while a taken pile's cards wait
    for the commit, the face-down ones too."""
    game = italian(hands={0: "KS KH 5S"}, melds={1: ["J J J"]}, pile="KD", extra="under 4C")
    game.apply("take pair S H")
    assert game.state.turn.opening is not None and game.state.turn.opening.pending == ()
    refused(game, "discard 5S", "wait for your opening's commit")


def test_determinized_games_deal_the_face_down_cards_and_agree_with_the_view() -> None:
    """docs/architecture.md, Views: a search bot's sampled game agrees with everything its seat
    can see, and deals the face-down cards among the unseen ones."""
    game = Game(ITALIAN, 4)
    view = game.view(1)
    sampled = determinize(view, random.Random(7))
    assert sampled.view(1) == view
    assert len(sampled.state.table.under) == view.pile_face_down == game.state.table.under_size
    assert sampled.card_count() == 162


def test_the_position_notation_carries_the_face_down_cards() -> None:
    """docs/positions.md: the ``under`` field lists the face-down cards; rules that set none
    refuse it."""
    game = Game(ITALIAN, 5)
    text = game.position()
    assert "; under " in text
    assert Game.from_position(ITALIAN, text).position() == text
    with pytest.raises(PositionError, match="under"):
        position("samba", hands={0: "KS KH"}, pile="KD", extra="under 4C")


# ---------------------------------------------------------------------- deuces melded as a rank


def test_deuces_meld_as_a_rank_with_jokers_as_their_wild_cards() -> None:
    """docs/rules.md, seed 001: "Deuces may [be melded]"; REFERENCE §10: "Deuces may be melded as
    their own rank": at least two 2s, a joker as a rank meld's wild card (Samba: two at most)."""
    game = italian(hands={0: "2 2 2 JK JK JK 5S 9S"}, melds={0: KINGS, 1: ["Q Q Q"]},
                   phase=MELD, drew=True)
    texts = legal_texts(game)
    assert "meld 2 2 2" in texts and "meld 2 2 JK" in texts
    refused(game, "meld 2 JK JK", "a meld of 2s is a rank of its own: it needs 2 2s")
    game.apply("meld 2 2 JK")
    game.apply("add W JK")
    refused(game, "add W JK", "with 2 it may hold 2 jokers")
    game.apply("add W 2")
    assert game.state.sides[0].melds[WILD] == Meld(WILD, 0, 3, 2)


def test_while_the_meld_of_deuces_is_unfinished_other_deuces_are_not_wild() -> None:
    """docs/rules.md, seed 001: "a partnership may not play deuces as wild cards if deuces have
    been melded and a canasta is incomplete"."""
    game = italian(hands={0: "2 2 QS QH 5S 9S"}, melds={0: ["K K K", "2 2 2"], 1: ["J J J"]},
                   phase=MELD, drew=True)
    texts = legal_texts(game)
    assert "add K 2" not in texts and "meld Q Q 2" not in texts and "meld QS QH 2" not in texts
    refused(game, "add K 2", "meld of 2s is not a canasta yet")
    refused(game, "meld QS QH 2", "meld of 2s is not a canasta yet")
    assert "add W 2" in texts


def test_once_the_deuces_are_a_canasta_deuces_are_wild_again() -> None:
    """docs/rules.md, seed 001: the restriction holds only while the deuce canasta is
    incomplete."""
    game = italian(hands={0: "2 QS QH 5S 9S"},
                   melds={0: ["K K K", "2 2 2 2 2 2 2"], 1: ["J J J"]}, phase=MELD, drew=True)
    assert "add K 2" in legal_texts(game)


def test_a_side_without_a_meld_of_deuces_uses_them_as_wild_cards() -> None:
    """docs/rules.md, seed 001: the rule binds only "if deuces have been melded"."""
    game = italian(hands={0: "2 QS QH 5S 9S"}, melds={0: ["K K K"], 1: ["2 2 2"]},
                   phase=MELD, drew=True)
    assert "add K 2" in legal_texts(game)


def test_a_canasta_of_deuces_does_not_count_toward_going_out() -> None:
    """docs/rules.md, REFERENCE §10: "Two canastas are needed, and a wild canasta does not count
    toward them"."""
    game = italian(hands={0: "9S"}, melds={0: [*KINGS, "2 2 2 2 2 2 2"], 1: ["J J J"]},
                   phase=MELD, drew=True)
    refused(game, "discard 9S", "needs 2 canastas to go out")
    game = italian(hands={0: "9S"}, melds={0: [*KINGS, "Q Q Q Q Q Q Q"], 1: ["J J J"]},
                   phase=MELD, drew=True)
    game.apply("discard 9S")
    assert game.results[-1].went_out == 0


# ---------------------------------------------------------------------- scoring


def test_seven_twos_3000_and_a_mixed_canasta_of_deuces_2000_for_the_side_going_out() -> None:
    """docs/rules.md, REFERENCE §10: "Seven twos 3000*, Mixed canasta of deuces 2000* (* only for
    the side that goes out)"."""
    seven_twos, mixed = Meld(WILD, 0, 7, 0), Meld(WILD, 0, 5, 2)
    for meld, bonus in ((seven_twos, 3000), (mixed, 2000)):
        out = score_side(ITALIAN, 0, [meld], [], 0, True, went_out=True)
        stayed = score_side(ITALIAN, 0, [meld], [], 0, True, went_out=False)
        assert out.canasta_bonus == bonus and stayed.canasta_bonus == 0
        assert out.total - stayed.total == bonus + 300  # and the going-out bonus, 300


def test_canasta_count_bonuses() -> None:
    """docs/rules.md, REFERENCE §10: "5 pure canastas 2000; 4 pure + 1 mixed 1000; 10 canastas
    2000"; of the rows for five canastas only the best one met pays (our reading)."""
    assert count_bonus(ITALIAN, 5, 5) == 2000
    assert count_bonus(ITALIAN, 4, 5) == 1000
    assert count_bonus(ITALIAN, 3, 5) == 0
    assert count_bonus(ITALIAN, 5, 6) == 2000
    assert count_bonus(ITALIAN, 2, 10) == 2000
    assert count_bonus(ITALIAN, 5, 10) == 4000
    naturals = [Meld(r, 7) for r in kinds("4 5 6 7 8")]
    scored = score_side(ITALIAN, 0, naturals, [], 0, True)
    assert scored.extra == 2000 and scored.canasta_bonus == 5 * 500
    four_and_mixed = [*naturals[:4], Meld(kinds("9")[0], 5, 2)]
    assert score_side(ITALIAN, 0, four_and_mixed, [], 0, True).extra == 1000


def test_the_numbers_of_the_table() -> None:
    """docs/rules.md, Presets: italian: REFERENCE §10's minimum table (15 below zero, the row
    one copy has) up to 200 from 10,000; going out 300; red 3s 100 each for one to three, 200
    each from four; the game to 15,000 (seed 001; REFERENCE §10 says 12,000)."""
    scores = (-5, 0, 1495, 1500, 3000, 4995, 5000, 7500, 9995, 10000)
    assert [ITALIAN.minimum_for(s) for s in scores] == \
        [15, 50, 50, 90, 120, 120, 160, 180, 180, 200]
    assert ITALIAN.going_out.bonus == 300
    assert [ITALIAN.red_three_value(n) for n in range(1, 7)] == [100, 200, 300, 800, 1000, 1200]
    assert ITALIAN.game.target == 15000


def test_deuces_count_twenty_each_in_their_meld() -> None:
    """docs/rules.md, "Scoring": a 2 is 20 card points, melded as a rank as well."""
    scored = score_side(ITALIAN, 0, [Meld(WILD, 0, 3, 1)], [], 0, True)
    assert scored.melded == 3 * 20 + 50 and scored.canasta_bonus == 0


def test_a_position_refuses_a_meld_of_deuces_the_rules_cannot_make() -> None:
    """docs/positions.md: a position whose meld breaks the meld rules is refused (a meld of 2s
    holds jokers as a rank meld holds wild cards)."""
    with pytest.raises(PositionError, match="meld of 2s"):
        italian(hands={0: "5S"}, melds={0: ["2 2 JK JK JK"], 1: ["Q Q Q"]})
    assert italian(hands={0: "5S"}, melds={0: ["2 2 2 JK JK"], 1: ["Q Q Q"]}).state.sides[0] \
        .melds[WILD] == Meld(WILD, 0, 3, 2)


def test_a_seats_view_on_the_wire_carries_only_the_face_down_count() -> None:
    """docs/protocol.md, the seat's view: ``face_down`` gives how many cards lie face down under
    the pile, never which; a malformed count is refused."""
    game = Game(ITALIAN, 4)
    view = game.view(2)
    data = view.to_wire()
    assert data["face_down"] == game.state.table.under_size > 0
    assert "under" not in data["position"]
    assert PlayerView.from_wire(data, ITALIAN) == view
    with pytest.raises(ViewError, match="face_down"):
        PlayerView.from_wire({**data, "face_down": -1}, ITALIAN)
