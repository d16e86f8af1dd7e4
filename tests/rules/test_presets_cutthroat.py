"""The ``cutthroat`` preset (docs/rules.md, Presets: cutthroat): three-hand "cutthroat" Canasta
as REFERENCE §4 gives it (rummy-games "Canasta for three", with Bicycle "Cutthroat Canasta" and
loverummy for what it leaves open), and the rulings C1-C4 of docs/rules.md where no text
speaks."""

from __future__ import annotations

import random

import pytest

from canasta import Game
from canasta.engine.determinize import determinize
from canasta.engine.position import PositionError
from canasta.engine.scoring import Meld
from canasta.engine.state import HandEnd
from canasta.presentation import table_facts
from canasta.presentation.text import render
from canasta.rules import from_dict, load
from tests.helpers import MELD, kinds, legal_texts, position
from tests.preset_helpers import refused

CUTTHROAT = load("cutthroat")
KING, QUEEN = kinds("K Q")
ALONE = (0, 1, 2)  # each seat on its own side: the pile not taken yet


def cutthroat(**kwargs: object) -> Game:
    return position(CUTTHROAT, **kwargs)  # type: ignore[arg-type]


def test_thirteen_cards_draw_two_everyone_alone() -> None:
    """REFERENCE §4 (rummy-games): "13 cards; draw 2, discard 1"; "Each player plays for
    himself" until the pile is taken; two canastas to go out; game 7,500."""
    game = Game(CUTTHROAT, 5)
    assert [p.size for p in game.state.seats] == [13] * 3 and game.state.seat_sides == ALONE
    assert CUTTHROAT.going_out.canastas == 2 and CUTTHROAT.game.target == 7500
    seat = game.current_player
    game.apply("draw")
    assert game.state.seats[seat].size == 15  # a red 3 drawn is laid out and replaced


def test_the_first_to_take_the_pile_plays_alone_the_others_combine_their_melds() -> None:
    """REFERENCE §4: "The first player to take the pile becomes the lone hand; the other two
    become partners"; Bicycle: "combining their melds" (ruling C1: one meld of a rank)."""
    game = cutthroat(hands={1: "8 8 5 6"}, pile="4 8", current=1,
                     melds={0: ["K K K", "9 9 9"], 1: ["J J J"], 2: ["K K 2", "Q Q Q"]})
    game.apply("take pair")
    s = game.state
    assert s.seat_sides == (0, 1, 0)  # seat 1 alone; seats 0 and 2 on side 0
    assert s.sides[0].melds[KING] == Meld(KING, 5, 1) and s.sides[0].melds[QUEEN] is not None
    assert not any(s.sides[2].melds) and not s.sides[2].opened
    assert game.side_of(2) == game.side_of(0) == 0 and game.side_of(1) == 1
    # The partners play on one table: seat 2 adds to the kings seat 0 began.
    later = cutthroat(hands={2: "K 5 6"}, current=2, phase=MELD, drew=True,
                      melds={0: ["K K K K K 2", "9 9 9"], 1: ["J J J", "8 8 8"]},
                      extra="partners 0 1 0")
    assert "add K K" in legal_texts(later)


def test_an_opening_with_the_pile_forms_the_partnership_at_its_commit() -> None:
    """Ruling C2 (docs/rules.md): a pile taken for a tentative opening is taken once the opening
    is committed; taken back, nobody has taken it."""
    game = cutthroat(hands={0: "K K Q Q Q 5 6"}, pile="4 K", melds={1: ["9 9 9"]})
    game.apply("take pair")
    assert game.state.seat_sides == ALONE
    game.apply("retract")
    assert game.state.seat_sides == ALONE and len(game.state.table.pile) == 2
    game.apply("take pair")
    game.apply("meld Q Q Q")
    game.apply("commit")
    assert game.state.seat_sides == (0, 1, 1)


def test_going_out_before_the_pile_was_taken_makes_the_lone_hand() -> None:
    """REFERENCE §4: "If someone goes out before the pile has been taken, that player is the
    lone hand"; "The lone hand scores his own points. Each opponent scores the partnership
    total. Red 3s are individual." Worked here: seat 0 goes out with two natural canastas of
    kings and queens (70 + 70 melded, 500 + 500, 100 for going out = 1,240); seats 1 and 2
    meld 9 9 9 and J J J (60), hold 4 and 6 6 (-15): 45 each, with their own red 3s (one for
    seat 1, two for seat 2: 100 and 200, the side having melded)."""
    game = cutthroat(hands={0: "5", 1: "4", 2: "6 6"}, current=0, phase=MELD, drew=True,
                     melds={0: ["K K K K K K K", "Q Q Q Q Q Q Q"], 1: ["9 9 9"], 2: ["J J J"]},
                     red_threes={1: 1, 2: 2}, extra="laid 0")
    game.apply("discard 5")
    result = game.results[-1]
    assert result.ended_by == HandEnd.GOING_OUT and result.seat_sides == (0, 1, 1)
    assert [s.total for s in result.sides] == [1240, 145, 245]
    assert [s.red_three_points for s in result.sides] == [0, 100, 200]
    assert result.sides[1].going_out == result.sides[2].going_out == 0
    assert game.scores == [1240, 145, 245]


def test_a_partner_going_out_scores_the_bonus_for_both() -> None:
    """REFERENCE §4: "Each opponent scores the partnership total" — the going-out bonus
    included; the lone hand scores only his own table."""
    game = cutthroat(hands={2: "5", 1: "4 4"}, current=2, phase=MELD, drew=True,
                     melds={0: ["K K K K K K K", "Q Q Q Q Q Q Q"], 1: ["9 9 9"]},
                     extra="partners 0 1 0; laid 2")
    game.apply("discard 5")
    result = game.results[-1]
    assert result.seat_sides == (0, 1, 0)
    assert [s.going_out for s in result.sides] == [100, 0, 100]
    assert result.sides[0].total == result.sides[2].total == 140 + 1000 + 100
    assert result.sides[1].total == 30 - 10


def test_each_player_needs_the_minimum_of_their_own_score() -> None:
    """REFERENCE §4: "Each player's initial-meld minimum uses their own score"; loverummy: "the
    partner who melded first must get the initial meld requirement according to their own
    points". Seat 1 at 1,600 needs 90, seat 2 at 3,100 needs 120, on one unopened side."""
    def partner_to_play(seat: int) -> Game:
        return cutthroat(hands={1: "K K K 5 6", 2: "K K K 5 6"}, current=seat,
                         melds={0: ["9 9 9"]}, scores=[0, 1600, 3100], extra="partners 0 1 1")
    assert partner_to_play(1).view(1).minimums[1] == 90
    game = partner_to_play(2)
    assert game.view(2).minimums[1] == 120
    game.apply("draw")
    game.apply("meld K K K")
    refused(game, "commit", "your side needs 120")


def test_the_stock_gone_the_hand_ends_with_the_last_drawers_discard() -> None:
    """REFERENCE §4: "Stock exhausted: play ends when the player who drew the last card
    discards. If the pile was never taken each player scores alone." """
    hands = {0: "9 9 4", 1: "4 4 5 6", 2: "7 7"}
    game = cutthroat(hands=hands, stock="5 6", pile="Q", melds={1: ["J J J"]},
                     red_threes={2: 1})
    game.apply("draw")
    assert game.state.table.stock == []
    game.apply("discard 4")
    result = game.results[-1]
    assert result.ended_by == HandEnd.STOCK_EXHAUSTED and result.seat_sides == ALONE
    assert [s.in_hand for s in result.sides] == [-30, -20, -10]
    assert [s.total for s in result.sides] == [-30, 10, -110]  # seat 2 never melded: -100
    # Under the classic rule seat 1 would still play: it can take the pile (ruling 13).
    classic = from_dict({"stock_out": {"mode": "compulsory_take"}}, base=CUTTHROAT)
    other = position(classic, hands=hands, stock="5 6", pile="Q", melds={1: ["J J J"]})
    other.apply("draw")
    other.apply("discard 4")
    assert not other.results and other.current_player == 1


def test_combined_melds_of_one_rank_are_one_meld() -> None:
    """Ruling C1 (docs/rules.md): two partners' melds of one rank become one meld: it may hold
    more wild cards than a meld may be laid with (no more may join it), and two canastas of one
    rank become one."""
    game = cutthroat(hands={1: "8 8 5 6"}, pile="4 8", current=1,
                     melds={0: ["K K 2 2 2", "Q Q Q Q 2 2 2"], 1: ["J J J"],
                            2: ["K K 2 JK JK", "Q Q Q Q JK JK 2"]})
    game.apply("take pair")
    side = game.state.sides[0]
    assert side.melds[KING] == Meld(KING, 4, 4, 2) and side.melds[QUEEN] == Meld(QUEEN, 8, 4, 2)
    assert side.canastas == 2  # kings (ten cards) and queens (fourteen): one canasta each
    again = Game.from_position(CUTTHROAT, game.position(), partial=True)
    assert again.digest() == game.digest()
    partner = cutthroat(hands={0: "2 5 6"}, current=0, phase=MELD, drew=True,
                        melds={0: ["K K K K 2 2 2 2 JK JK"], 1: ["J J J", "8 8 8"]},
                        extra="partners 0 1 0")
    assert [t for t in legal_texts(partner) if t.startswith("add")] == []
    refused(partner, "add K 2", "wild")


def test_the_partners_field_of_the_notation() -> None:
    """docs/positions.md, "partners": the side of each seat, written only once the partnership
    formed; refused where the rules fix the sides, or for an impossible partnership."""
    game = cutthroat(hands={1: "8 8 5 6"}, pile="4 8", current=1,
                     melds={0: ["K K K"], 1: ["J J J"]})
    assert "partners" not in game.position()
    game.apply("take pair")
    assert "; partners 0 1 0;" in game.position()
    with pytest.raises(PositionError, match="these rules fix every seat's side"):
        Game.from_position("classic", "hands K | | | ; partners 0 1 0 1")
    for bad in ("0 0 0", "1 0 2", "0 1", "x y z"):
        with pytest.raises(PositionError, match="partners"):
            Game.from_position(CUTTHROAT, f"hands K | | ; partners {bad}")
    with pytest.raises(PositionError, match="no seat plays for it"):
        Game.from_position(CUTTHROAT, "hands K | | ; melds | | 9 9 9; opened 2; partners 0 1 1")


def test_views_samples_and_faces_see_the_partnership() -> None:
    """The partnership is public: every view holds it, a sampled game keeps it, and the
    presentation names the partner (docs/presentation.md, "Names")."""
    game = cutthroat(hands={1: "8 8 5 6", 0: "4 4", 2: "5 5"}, pile="4 8", current=1,
                     melds={0: ["K K K"], 1: ["J J J"]})
    before = table_facts(game.view(0), ("Ann", "Bob", "Cy"))
    assert before.partners == () and [s.relation for s in before.seats][2] == "opponent"
    game.apply("take pair")
    for seat in range(3):
        assert game.view(seat).seat_sides == (0, 1, 0)

    assert determinize(game.view(2), random.Random(1)).state.seat_sides == (0, 1, 0)
    facts = table_facts(game.view(2), ("Ann", "Bob", "Cy"))
    assert facts.partners == ("Ann",) and facts.seats[0].relation == "partner"
    assert facts.sides[0].name == "your side" and facts.sides[0].seats == (0, 2)
    assert {line.name: line.score for line in facts.scoreboard} == {"Ann": 0, "Cy": 0, "Bob": 0}
    assert "Scores: Ann 0; Cy 0; Bob 0" in render(facts)


def test_the_winner_is_one_player_whoever_they_partnered_last() -> None:
    """docs/rules.md, ``players.partners_at_pile``: "each player keeps their own score"
    (REFERENCE §4: "The lone hand scores his own points. Each opponent scores the partnership
    total"), so a game has one winner. The last
    deal's partnership (``Game.side_of``) is not the winner's: the returns go by score columns
    (``Game.score_column``), +1 for the winning player alone; a game stopped after a deal is
    led by the player ahead (``Game.leader``, what the environments' ``max_deals`` reads)."""
    partnered_at_the_end = 0
    for seed in range(6):
        game, rng = Game(CUTTHROAT, seed), random.Random(seed)
        while not game.is_terminal():
            game.apply(rng.choice(game.legal_actions()))
            scores = game.scores
            ahead = [seat for seat in range(3) if scores[seat] == max(scores)]
            assert game.leader == (ahead[0] if len(ahead) == 1 else -1)
        winner = game.winner
        assert [game.score_column(seat) for seat in range(3)] == [0, 1, 2]
        assert game.scores[winner] == max(game.scores)
        assert game.returns() == [1.0 if seat == winner else -1.0 for seat in range(3)]
        partnered_at_the_end += len(set(game.state.seat_sides)) < 3
    assert partnered_at_the_end  # a partnership stood at some game's end: the case checked
