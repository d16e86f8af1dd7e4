"""Rule options for docs/rules.md's seed 001, "Miscellaneous variations" and the regional variants'
rules that no shipped preset plays (Samba, Brazilian, Italian), each switched on over classic and
played as a scenario (sources as in docs/rules.md, "Sources"). The options older than the presets
are in ``test_options.py``."""

from __future__ import annotations

from typing import Any

from canasta import Game, RuleSet
from canasta.cards import RED_THREE
from canasta.engine.scoring import Meld, score_side
from canasta.rules import from_dict
from tests.helpers import MELD, counts, kinds, legal_texts, position
from tests.preset_helpers import refused

MELDS = {0: ["8 8 8"], 1: ["J J J"]}
KING = kinds("K")[0]


def rules(**sections: dict[str, Any]) -> RuleSet:
    return from_dict(dict(sections))


def test_jokers_may_not_be_discarded() -> None:
    """docs/rules.md, seed 001: "Real jokers can not be discarded and thus can not be used to block
    the discard pile". The engine's reading: unless the hand holds nothing else."""
    no_jokers = rules(pile={"jokers_discardable": False})
    game = position(no_jokers, hands={0: "JK K 5"}, melds=MELDS, phase=MELD, drew=True)
    assert "discard JK" not in legal_texts(game)
    refused(game, "discard JK", "jokers may not be discarded under these rules")
    game = position(no_jokers, hands={0: "JK JK"}, melds=MELDS, phase=MELD, drew=True)
    assert legal_texts(game) == ["discard JK"]


def test_seven_canastas_win_the_game_outright() -> None:
    """docs/rules.md, seed 001: "any player/team that manages to meld 7 canastas in one hand
    (natural or mixed) automatically gain 5000 points and thus win the game." Scored as the hand
    ends."""
    seven = ["4 4 4 4 4 4 4", "5 5 5 5 5 5 5", "6 6 6 6 6 6 6", "7 7 7 7 7 7 7",
             "8 8 8 8 8 8 8", "9 9 9 9 9 9 9", "10 10 10 10 10 10"]
    outright = rules(canastas={"seven_canastas_bonus": 5000}, game={"target": 20000})
    game = position(outright, hands={0: "10 K"}, melds={0: seven, 1: ["J J J"]}, phase=MELD,
                    drew=True, extra="laid 0")  # seat 0 laid the melds earlier: not concealed
    game.apply("add 10 10")
    assert not game.is_terminal()  # the hand goes on until it ends
    game.apply("discard K")
    score = game.results[-1].sides[0]
    assert ("seven canastas", 5000) in score.items()
    assert game.scores[0] == 4 * 35 + 3 * 70 + 7 * 500 + 100 + 5000 == 8950
    assert game.is_terminal() and game.winner == 0  # short of the 20,000 target


def _opening_at(rule_set: RuleSet, score: int) -> Game:
    """Kings and aces laid as an opening at ``score``: 6 kings and 3 aces, 120 points."""
    game = position(rule_set, hands={0: "K K K K K K 2 A A A 5 6"}, scores=[score, 0],
                    phase=MELD, drew=True)
    assert game.state.sides[0].opening_canasta == rule_set.canasta_for(score)
    for text in ["meld K K K", "add K K", "add K K", "add K K", "meld A A A"]:
        game.apply(text)
    assert game.state.turn.opening_points == 120
    return game


def test_brazilian_openings_that_must_hold_a_canasta() -> None:
    """docs/rules.md, seed 001, Brazilian: "a canasta from 7,000 to 8,000; 200 from 8,000 to 9,000;
    and a natural canasta from 9,000 up" (initial_meld.canasta_tiers: 1 any, 0 none, 2 natural)."""
    brazil = rules(initial_meld={"canasta_tiers": [[7000, 1], [8000, 0], [9000, 2]]})
    assert [brazil.canasta_for(s) for s in (6995, 7000, 8000, 9000)] == [0, 1, 0, 2]
    game = _opening_at(brazil, 7000)
    refused(game, "commit", "your opening must hold a canasta at your side's score")
    game.apply("add K 2")  # seven kings with a wild: a mixed canasta
    game.apply("commit")
    assert game.state.sides[0].opened
    game = _opening_at(brazil, 8000)
    game.apply("commit")
    game = _opening_at(brazil, 9000)
    game.apply("add K 2")
    refused(game, "commit", "your opening must hold a natural canasta at your side's score")


def test_an_opening_with_no_wild_card() -> None:
    """docs/rules.md, REFERENCE §10 (Italian): "The initial meld must be natural"."""
    natural = rules(initial_meld={"natural_only": True})
    game = position(natural, hands={0: "K K 2 A A A 5 6"}, phase=MELD, drew=True)
    game.apply("meld K K 2")
    game.apply("meld A A A")
    refused(game, "commit", "your opening may hold no wild card under these rules")
    game.apply("retract")
    game.apply("meld A A A")
    game.apply("commit")
    assert game.state.sides[0].opened


def test_a_cap_on_the_cards_of_a_meld() -> None:
    """docs/rules.md, REFERENCE §9 (Cuban) and §13: a canasta holds at most seven cards; any cap may
    be set."""
    capped = rules(melds={"max_size": 8})
    game = position(capped, hands={0: "K K 5 6"}, melds={0: ["K K K K K K 2"], 1: ["J J J"]},
                    phase=MELD, drew=True)  # the pack's eight kings: six melded, two in hand
    game.apply("add K K")
    refused(game, "add K K", "a meld holds at most 8 cards under these rules")


def test_no_wild_card_on_a_finished_canasta() -> None:
    """docs/rules.md, REFERENCE §6 (Samba, rummy-games): "No wild may be added to a completed
    canasta"."""
    samba_like = rules(melds={"no_wild_on_canasta": True})
    game = position(samba_like, hands={0: "K 2 5 6"}, melds={0: ["K K K K K K K"],
                                                             1: ["J J J"]},
                    phase=MELD, drew=True)
    assert "add K K" in legal_texts(game)
    refused(game, "add K 2", "no wild card may be added to a completed canasta")


def test_black_threes_set_aside_from_a_taken_pile() -> None:
    """docs/rules.md, seed 001, Cuban, as an option over classic: black 3s in a taken pile leave
    play."""
    aside = rules(pile={"black_threes_removed": True})
    game = position(aside, hands={0: "9 9 5 6"}, melds=MELDS, pile="B3 4 9")
    game.apply("take pair")
    assert [side.black_threes_removed for side in game.state.sides] == [1, 0]
    assert game.state.seats[0].hand == counts("4 5 6")


def test_a_table_of_red_three_values_and_the_canastas_they_need() -> None:
    """red_threes.values (Cuban 100/300/500/1,000; six-hand 1,000 for five) and points beyond
    it; positive_needs_canastas (Bolivia, Samba: 2)."""
    table = rules(red_threes={"values": [0, 50, 150], "points": 75,
                              "positive_needs_canastas": 2})
    assert [table.red_three_value(n) for n in range(5)] == [0, 50, 150, 225, 300]
    one = score_side(table, 0, [Meld(KING, 7)], [], 2, True)
    two = score_side(table, 0, [Meld(KING, 7), Meld(KING + 1, 7)], [], 2, True)
    assert (one.red_three_points, two.red_three_points) == (-150, 150)


def test_red_threes_held_are_not_laid_when_drawn() -> None:
    """docs/rules.md, seed 004 (red_threes.hold): a red 3 drawn stays in the hand until laid."""
    held = rules(red_threes={"hold": True})
    game = position(held, hands={0: "K 9"}, melds=MELDS, stock="4 R3")
    game.apply("draw")
    assert game.state.seats[0].hand[RED_THREE] == 1 and game.state.seats[0].red_threes == 0
    assert "lay R3" in legal_texts(game)
    classic = position(hands={0: "K 9"}, melds=MELDS, stock="4 R3")
    classic.apply("draw")
    assert classic.state.seats[0].hand[RED_THREE] == 0
    assert classic.state.seats[0].red_threes == 1
    refused(classic, "lay R3", "red 3s are laid out at once under these rules")


def test_the_minimum_by_deal_number() -> None:
    """initial_meld.by = "deal" (Hand and Foot 50/90/120/150, Modern American 125/155/180): the
    deal number picks the tier, whatever the score."""
    by_deal = rules(initial_meld={"by": "deal", "tiers": [[1, 60], [3, 100]]})
    assert [by_deal.minimum_for(score, deal) for score, deal in
            ((-100, 1), (9000, 1), (0, 2), (0, 3), (-100, 7))] == [60, 60, 60, 100, 100]
