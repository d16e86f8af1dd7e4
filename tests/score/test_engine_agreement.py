"""The pad agrees with the engine: hands played by the engine under every preset, entered as
a table would enter them (counts of canastas, card points, red 3s, who went out), are accepted
and get exactly the engine's breakdown (``SideScore.items``) and score."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from canasta import Game
from canasta.bots.greedy import make_greedy
from canasta.cards import RED_THREE
from canasta.engine.scoring import HandResult, SideScore
from canasta.rules import RuleSet, from_dict, load, preset_names
from canasta.score.entry import EntryError, SideEntry, amount_limit, parse_entry
from canasta.score.tally import tally
from tests.sizing import examples
from tests.test_house_rules_properties import house_rules


def _per(penalty: int, each: int) -> int:
    return -penalty // each if penalty else 0


def entry_of(rules: RuleSet, score: SideScore, out: bool) -> SideEntry:
    """What the players of a side would enter for the engine's score of its hand."""
    c = rules.canastas
    wild = twos = jokers = 0
    if score.wild_canastas:  # one meld of wild cards alone per side: which kind it was
        bonus = score.canasta_bonus - score.natural_canastas * c.natural_bonus \
            - score.mixed_canastas * c.mixed_bonus - score.sambas * c.samba_bonus \
            - score.special_canastas * c.special_bonus
        twos = int(bool(c.wild_twos_bonus) and bonus == c.wild_twos_bonus)
        jokers = int(not twos and bool(c.wild_jokers_bonus) and bonus == c.wild_jokers_bonus)
        wild = 1 - twos - jokers
    p = rules.points
    black = score.black_threes_removed
    black3 = 2 * rules.deck.decks if black and black == p.all_black_threes_removed \
        else black // p.black_three_removed
    if rules.red_threes.black_too:  # bonus cards laid out (Modern American)
        black3 = score.black_threes
    return SideEntry(
        natural=score.natural_canastas, mixed=score.mixed_canastas, wild=wild,
        wild_twos=twos, wild_jokers=jokers, samba=score.sambas,
        unfinished_wild=_per(score.unfinished_wild, c.unfinished_wild_penalty),
        short_sequences=_per(score.short_sequences, c.short_sequence_penalty),
        special=score.special_canastas,
        unfinished_special=_per(score.unfinished_special, c.unfinished_special_penalty),
        special_held=_per(score.specials_in_hand, p.special_in_hand),
        melded=score.melded, hand=-score.in_hand, red3=score.red_threes, out=out,
        concealed=score.concealed, black3=black3,
        yes_failed=_per(score.penalty, rules.going_out.failed_yes_penalty),
        cut=score.extra_label == "perfect cut")


def entries_of(rules: RuleSet, result: HandResult) -> list[SideEntry]:
    if any(s.extra_label.startswith("the other side conceded") for s in result.sides):
        return [SideEntry(acaba=s.total == 0) for s in result.sides]
    sides = rules.players.sides
    return [entry_of(rules, s, result.went_out >= 0 and result.went_out % sides == n)
            for n, s in enumerate(result.sides)]


def first_hand(rules: RuleSet, seed: int, greedy: bool) -> HandResult:
    game = Game(rules, seed)
    bots = [make_greedy(seed + n) for n in range(rules.players.count)]
    rng = random.Random(seed)
    while not game.results:
        if greedy:
            seat = game.current_player
            game.apply(bots[seat].act(game.view(seat)))
        else:
            game.apply(rng.choice(game.legal_actions()))
    result: HandResult = game.results[-1]
    return result


def test_the_pad_refuses_partnerships_formed_at_the_pile() -> None:
    """docs/scorepad.md: a column is one side for the whole game; cutthroat's partnership is
    formed anew each deal, so the pad refuses its rules rather than score them wrongly."""
    with pytest.raises(EntryError, match="players.partners_at_pile"):
        tally(load("cutthroat"), ["Ann", "Bob", "Cy"], [])


@pytest.mark.parametrize("name", [n for n in preset_names()
                                  if not load(n).players.partners_at_pile])
def test_hands_played_by_the_engine_score_the_same_on_the_pad(name: str) -> None:
    rules = load(name)
    names = [f"side {n}" for n in range(rules.players.sides)]
    for seed, greedy in ((0, True), (1, False), (2, False)):
        result = first_hand(rules, seed, greedy)
        sheet = tally(rules, names, [entries_of(rules, result)])
        got = sheet.deals[0].scores
        assert [s.items() for s in got] == [s.items() for s in result.sides], (seed, greedy)
        assert sheet.totals == result.totals


def test_a_red_three_left_in_a_foot_is_entered_with_the_cards_in_hand() -> None:
    """Hand and Foot: a foot never taken up counts as cards left in hand, a red 3 in it at
    ``points.red_three_in_hand`` (300), as the engine scores it. The pad had no 300 class for
    it, and under two-deck Hand and Foot it refused a side's hand total with such red 3s as
    more than the whole pack is worth (1,480 without the red 3s); found by playing hands
    under households' changes to the presets and entering them on the pad."""
    rules = load("hand_and_foot")
    classes, _ = amount_limit("hand", rules)
    assert classes[300] == (RED_THREE,)
    sheet = tally(rules, ["Us", "Them"], [[parse_entry("melded=100 hand=1x300+2x10", rules),
                                           parse_entry("melded=50", rules)]])
    assert ("cards left in hand", -320) in sheet.deals[0].scores[0].items()
    two_decks = from_dict({"deck": {"decks": 2}}, base=rules)
    assert amount_limit("hand", two_decks)[1] == 1480 + 4 * 300
    assert parse_entry("hand=1655", two_decks).hand == 1655


@settings(max_examples=examples(100), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=house_rules(), seed=st.integers(0, 10**6), greedy=st.booleans())
def test_hands_under_house_rules_score_the_same_on_the_pad(rules: RuleSet, seed: int,
                                                           greedy: bool) -> None:
    """The same under households' own rules: a preset with a few options changed
    (``tests/test_house_rules_properties.py``); the pad's words and bounds follow the options,
    never a preset's name."""
    assume(not rules.players.partners_at_pile)
    result = first_hand(rules, seed, greedy)
    names = [f"side {n}" for n in range(rules.players.sides)]
    sheet = tally(rules, names, [entries_of(rules, result)])
    assert [s.items() for s in sheet.deals[0].scores] == [s.items() for s in result.sides]
    assert sheet.totals == result.totals
