"""The main rules in plain words (docs/presentation.md, "The rules in words"): every preset
says each topic, the figures are the rule set's own (its options and its answers,
``minimum_for``, ``red_three_value``), and a household's changed options change the words."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings

from canasta.presentation import rules_in_words
from canasta.rules import RuleSet, from_dict, load, preset_names
from tests.sizing import examples
from tests.test_house_rules_properties import house_rules

TOPICS = ["Players and cards", "A turn", "Melds and canastas", "The initial meld", "The pile",
          "Red and black 3s", "Going out", "Scoring", "The end of the game"]


def said(rules: RuleSet) -> dict[str, tuple[str, ...]]:
    return {heading: lines for _, heading, lines in rules_in_words(rules)}


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_says_every_topic_in_sentences(name: str) -> None:
    rules = load(name)
    words = said(rules)
    assert list(words) == TOPICS
    for line in (line for lines in words.values() for line in lines):
        assert (line[0].isupper() or line[0].isdigit()) and line.endswith("."), line
        assert "None" not in line and "  " not in line and "[" not in line, line
    deal = words["Players and cards"]
    assert f"{rules.players.count} players" in deal[0]
    assert f"Each player is dealt {rules.deal.hand_size} cards" in deal[2]
    cards = rules.deck.decks * 52 + rules.deck.jokers
    assert deal[1].endswith(f": {cards} cards.")
    end = words["The end of the game"][0]
    assert (f"After {rules.game.deals} deals" in end if rules.game.deals
            else f"to reach {rules.game.target:,} after a deal" in end)


def test_classic_in_words() -> None:
    words = said(load("classic"))
    assert words["Players and cards"][0] == \
        "4 players in 2 sides of 2, partners sitting across the table."
    assert words["The initial meld"] == (
        "Your side's first melds must together count at least 50 points; 90 from 1,500 and "
        "120 from 3,000; 15 below zero (by your side's score at the deal's start).",)
    assert "A wild card or a red 3 in the pile freezes it." in words["The pile"]
    assert words["Red and black 3s"][0] == (
        "Red 3s are laid out at once and replaced from the stock: a side's are worth 100 for "
        "one, 200 for two, 300 for three and 800 for all four.")
    assert words["Going out"][:2] == (
        "Your side needs 1 canasta to go out.",
        "You may first ask your partner \"may I go out?\": the answer binds.")


@pytest.mark.parametrize(("name", "topic", "line"), [
    ("samba", "Melds and canastas", "Runs of 3 or more natural cards of one suit (4 up to the "
                                    "ace) may be melded: seven make a samba, worth 1,500."),
    ("samba", "A turn", "Draw 2 cards from the stock or take the whole pile, meld what you "
                        "can, then discard one card."),
    ("hand_and_foot", "Players and cards", "Each player is dealt 11 cards, and a foot of 11 "
                                           "cards, taken up when the hand is used up."),
    ("hand_and_foot", "Going out", "Your side needs 3 natural and 4 mixed (7 canastas in all) "
                                   "to go out."),
    ("hand_and_foot", "Red and black 3s", "Red 3s are laid out at once and replaced from the "
                                          "stock: each costs 300."),
    ("hand_and_foot", "The initial meld", "Your side's first melds must together count at "
                                          "least 50 points in deal 1; 90 from deal 2, 120 from "
                                          "deal 3 and 150 from deal 4."),
    ("modern_american", "Going out", "Your side needs 2 canastas to go out, and the last card "
                                     "must be discarded."),
    ("cutthroat", "Players and cards", "3 players, each alone until one first takes the pile: "
                                       "that player plays the deal alone, the other two become "
                                       "partners."),
    ("six_hand", "Players and cards", "6 players in 2 sides of 3, partners sitting in "
                                      "alternate seats."),
    ("cuban", "The pile", "The pile is always frozen."),
    ("classic", "A turn", "When the stock is gone, a player must take the pile if its top card "
                          "fits one of their side's melds; the deal ends when a player cannot "
                          "take it."),
    ("cutthroat", "A turn", "The deal ends with the discard of the player who drew the "
                            "stock's last card."),
    ("house", "Red and black 3s", "Black 3s are melded only when going out, 3 of them, as the "
                                  "last cards of the hand."),
    ("brazilian", "The initial meld", "Your side's first melds must together count at least "
                                      "50 points; 90 from 1,500, 120 from 3,000, 150 from "
                                      "5,000, a canasta from 7,000, 200 from 8,000 and a "
                                      "natural canasta from 9,000; 15 below zero (by your "
                                      "side's score at the deal's start)."),
    ("italian", "Going out", "Your side needs 2 canastas to go out, wild canastas not "
                             "counted."),
])
def test_a_presets_own_rules_are_said(name: str, topic: str, line: str) -> None:
    assert line in said(load(name))[topic]


def test_the_opening_ladder_is_the_rule_sets_own_answer() -> None:
    """Each step the words give is what ``minimum_for`` and ``canasta_for`` answer there."""
    for name in preset_names():
        rules = load(name)
        if rules.initial_meld.by != "score":
            continue
        line = said(rules)["The initial meld"][0]
        for score, _ in (*rules.initial_meld.tiers, *rules.initial_meld.canasta_tiers):
            if score > 0:
                points, canasta = rules.minimum_for(score), rules.canasta_for(score)
                what = " and ".join(([f"{points} points" if canasta else str(points)]
                                     if points or not canasta else [])
                                    + (["a natural canasta" if canasta == 2 else "a canasta"]
                                       if canasta else []))
                assert f"{what} from {score:,}" in line, (name, score, line)


def test_a_households_changed_options_change_the_words() -> None:
    classic = load("classic")
    house = dataclasses.replace(
        classic, deal=dataclasses.replace(classic.deal, hand_size=13),
        canastas=dataclasses.replace(classic.canastas, natural_bonus=600),
        pile=dataclasses.replace(classic.pile, take_with_wild=False, take_by_adding=False),
        going_out=dataclasses.replace(classic.going_out, canastas=2, must_ask=True),
        game=dataclasses.replace(classic.game, target=3000),
        stock_out=dataclasses.replace(classic.stock_out, mode="turn_pile"))
    words = said(house)
    assert "Each player is dealt 13 cards." in words["Players and cards"]
    assert "7 cards make a canasta: 600 when natural (no wild card), 300 when mixed." in \
        words["Melds and canastas"]
    assert not any("unfrozen pile" in line for line in words["The pile"])
    assert words["Going out"][:2] == (
        "Your side needs 2 canastas to go out.",
        "You may go out only after asking your partner \"may I go out?\" and hearing yes.")
    assert "to reach 3,000 after a deal" in words["The end of the game"][0]
    assert words["A turn"][1] == ("When the stock is gone, the pile less its top card is "
                                  "turned over as a new stock.")


def test_the_command_prints_the_rules_in_words() -> None:
    done = subprocess.run([sys.executable, "-m", "canasta", "rules", "show", "samba", "--words"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.startswith("Samba: ")
    assert "\nMelds and canastas\n- A meld is 3 or more cards of one rank" in done.stdout
    assert done.stdout.rstrip().endswith("Every option: canasta rules show samba")
    bad = subprocess.run([sys.executable, "-m", "canasta", "rules", "show", "nonesuch",
                          "--words"], capture_output=True, text=True)
    assert bad.returncode != 0 and "nonesuch" in bad.stderr and not bad.stdout


@pytest.mark.parametrize(("changes", "line"), [
    ({"tiers": [], "by": "deal"}, "Your side's first melds must together count at least 15 "
                                  "points in every deal."),
    ({"tiers": [[3, 90]], "by": "deal"}, "Your side's first melds must together count at "
                                         "least 15 points in deal 1; 90 from deal 3."),
    ({"tiers": []}, "Your side's first melds must together count at least 15 points; 15 below "
                    "zero (by your side's score at the deal's start)."),
])
def test_an_opening_without_tiers_or_from_a_later_deal(changes: dict[str, object],
                                                        line: str) -> None:
    rules = from_dict({"initial_meld": changes}, base=load("classic"))
    assert said(rules)["The initial meld"][0] == line
    assert f"at least {rules.minimum_for(0, deal=1)} points" in line


@settings(max_examples=examples(300), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=house_rules())
def test_every_households_rules_are_said_in_sentences(rules: RuleSet) -> None:
    """Whatever options a household changes (within the rule set's checks), the words are
    said, topic by topic, in sentences."""
    words = said(rules)
    assert list(words) == TOPICS
    for line in (line for lines in words.values() for line in lines):
        assert (line[0].isupper() or line[0].isdigit()) and line.endswith("."), line
        assert "None" not in line and "[" not in line and "  " not in line, line
