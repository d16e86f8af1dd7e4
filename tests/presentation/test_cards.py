"""The hand grouped and sorted, melds with counts, canasta status and points
(docs/presentation.md, "Cards" and "Melds")."""

from __future__ import annotations

from canasta import Game
from canasta.presentation import hand_groups, hand_text, meld_text, table_facts
from canasta.presentation.facts import MeldFact
from canasta.presentation.text import meld_line
from canasta.tui.widgets import Glyphs, meld_chip
from tests.helpers import MELD, position, suited_position


def test_the_hand_is_grouped_wilds_then_black_threes_then_ranks() -> None:
    game = position(hands={0: "A K 5 B3 2 JK 5 K"}, pile="6")
    groups = hand_groups(game.view(0))
    assert [g.label for g in groups] == ["wild", "black 3s", "5", "K", "A"]
    assert [c.text for c in groups[0].cards] == ["JK", "2"]
    assert [len(g.cards) for g in groups] == [2, 1, 2, 2, 1]
    assert hand_text(game.view(0)) == "JK 2 B3 5 5 K K A"


def test_a_dealt_hand_is_sorted_by_kind() -> None:
    order = ["JK", "2", "R3", "B3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    for seed in range(5):
        text = hand_text(Game("classic", seed).view(0)).split()
        assert [order.index(w) for w in text] == sorted(order.index(w) for w in text)


def test_suits_sort_and_colour_where_the_rules_tell_them_apart() -> None:
    game = suited_position(hands={0: "9C 9H 5S JK 9S 5D"}, pile="4C")
    groups = hand_groups(game.view(0))
    assert [[c.text for c in g.cards] for g in groups] == [["JK"], ["5S", "5D"],
                                                           ["9S", "9H", "9C"]]
    colours = {c.text: c.colour for g in groups for c in g.cards}
    assert colours == {"JK": "wild", "5S": "black", "5D": "red", "9S": "black", "9H": "red",
                       "9C": "black"}
    assert groups[2].cards[1].words == "9 of hearts"


def melds_of(game: Game, side: int) -> list[MeldFact]:
    return list(table_facts(game.view(0)).sides[side].melds)


def test_melds_show_their_count_status_and_points() -> None:
    game = position(hands={0: "5 6", 1: "7"},
                    melds={0: ["K K K K K K K", "9 9 9 9 9 2 JK", "Q Q Q"], 1: ["8 8 8 8"]},
                    phase=MELD, drew=True)
    by_rank = {m.rank: m for m in melds_of(game, 0)}
    king, nine, queen = by_rank["K"], by_rank["9"], by_rank["Q"]
    assert (king.count, king.naturals, king.wilds, king.canasta) == (7, 7, 0, "natural")
    assert (king.card_points, king.bonus, king.points) == (70, 500, 570)
    assert (nine.count, nine.wilds, nine.canasta, nine.points) == (7, 2, "mixed", 50 + 70 + 300)
    assert (queen.canasta, queen.points, queen.label) == ("", 30, "queens")
    assert [c.text for c in nine.cards] == ["9"] * 5 + ["2", "JK"]
    assert melds_of(game, 1)[0].count == 4


def test_a_wild_meld_and_a_samba_are_named_as_such() -> None:
    wild = position("modern_american", hands={0: "5 6 7"},
                    melds={0: ["2 2 2 JK JK JK JK"]}, phase=MELD, drew=True)
    meld = melds_of(wild, 0)[0]
    assert (meld.kind, meld.canasta, meld.wilds) == ("wild", "wild", 7)
    samba = suited_position(hands={0: "5C 6C"}, sequences={0: ["4H 5H 6H 7H 8H 9H 10H"]},
                            phase=MELD, drew=True)
    run = melds_of(samba, 0)[0]
    assert (run.kind, run.canasta, run.label) == ("sequence", "samba", "sequence of hearts")
    assert run.bonus == 1500 and [c.text for c in run.cards][:2] == ["4H", "5H"]


def test_a_canasta_of_a_special_rank_is_named_as_such() -> None:
    """Modern American's aces and 7s (``melds.special_ranks``): a canasta of one (no wild
    card) scores the special bonus, and the faces name it a canasta (it said none: a column of
    seven aces, no ribbon)."""
    game = position("modern_american", hands={0: "5 6 8"},
                    melds={0: ["A A A A A A A", "K K K K K K K"]}, phase=MELD, drew=True)
    by_rank = {m.rank: m for m in melds_of(game, 0)}
    aces, kings = by_rank["A"], by_rank["K"]
    assert (aces.canasta, aces.bonus, kings.canasta) == ("special", 2500, "natural")
    assert meld_line(aces) == "A A A A A A A (7) special canasta, 2640"
    assert meld_chip(aces, Glyphs(False)).plain == "A\u00d77 special 2640"


def test_a_meld_short_of_a_canasta_says_its_penalty_apart() -> None:
    """Modern American: sevens and wild melds cost 2,500 if still short of a canasta when the
    hand ends (docs/rules.md); the facts give that penalty apart from the meld's card points,
    and the text face says it in words rather than show -2485."""
    game = position("modern_american", hands={0: "5 6 8"},
                    melds={0: ["7 7 7", "K K K"]}, phase=MELD, drew=True)
    sevens, kings = melds_of(game, 0)
    assert (sevens.card_points, sevens.penalty, sevens.points) == (15, -2500, -2485)
    assert (kings.penalty, kings.points) == (0, 30)
    assert meld_line(sevens) == "7 7 7 (3), 15 (-2500 if still short when the hand ends)"
    assert meld_line(kings) == "K K K (3), 30"
    glyphs = Glyphs(ascii=True)  # the terminal's chip
    assert (meld_chip(sevens, glyphs).plain, meld_chip(kings, glyphs).plain) == (
        "7x3 15 -2500 if short", "Kx3 30")


def test_meld_text_lists_naturals_then_twos_then_jokers() -> None:
    game = position(hands={0: "5"}, melds={0: ["K JK K 2 K"]}, phase=MELD, drew=True)
    assert meld_text(game.view(0).melds[0][0]) == "K K K 2 JK"
