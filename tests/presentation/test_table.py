"""The table's facts: the pile and why it is frozen or blocked, the opening, whose turn, the
partner named (docs/presentation.md, "The table")."""

from __future__ import annotations

import json
import random

from canasta import Action, Game
from canasta.presentation import table_facts
from canasta.presentation.names import heading, wins
from canasta.presentation.table import pile_fact
from canasta.presentation.text import render
from tests.helpers import MELD, cutthroat_pair, position

NAMES = ("Ann", "Bob", "Bea", "Cy")


def test_a_pile_frozen_by_a_wild_card_says_so() -> None:
    game = position(hands={0: "K K 5"}, melds={0: ["Q Q Q"]}, pile="4 2 9 K")
    pile = table_facts(game.view(0), NAMES).pile
    assert pile.frozen and pile.frozen_reason == "frozen: a 2 lies in it"
    assert (pile.size, pile.top and pile.top.text) == (4, "K")
    assert [t.text for t in pile.takes] == [str(a) for a in game.legal_actions()
                                            if str(a).startswith("take")]


def test_a_pile_frozen_by_the_missing_initial_meld_or_the_rules_says_so() -> None:
    game = position(hands={0: "K K 5"}, pile="4 9 K")
    assert table_facts(game.view(0)).pile.frozen_reason == \
        "frozen for your side until it makes its initial meld"
    cuban = position("cuban", hands={0: "K K 5"}, melds={0: ["Q Q Q"]}, pile="4 9 K")
    assert table_facts(cuban.view(0)).pile.frozen_reason == \
        "frozen: these rules keep the pile frozen"
    unmelded_cuban = position("cuban", hands={0: "K K 5"}, pile="4 9 K")
    assert table_facts(unmelded_cuban.view(0)).pile.frozen_reason == \
        "frozen: these rules keep the pile frozen"  # melding would not thaw it
    assert "(these rules say so)" in (unmelded_cuban.why_illegal("take meld") or "")
    open_pile = position(hands={0: "K K 5"}, melds={0: ["Q Q Q"]}, pile="4 9 K")
    assert not table_facts(open_pile.view(0)).pile.frozen
    assert table_facts(open_pile.view(0)).pile.frozen_reason == ""


def test_a_blocked_pile_and_a_refused_take_give_the_engines_reason() -> None:
    game = position(hands={0: "K 5 6"}, melds={0: ["Q Q Q"]}, pile="4 9 K")
    pile = table_facts(game.view(0)).pile
    assert pile.takes == () and pile.take_refusal == game.why_illegal("take pair")
    assert "two natural kings" in pile.take_refusal
    blocked = position(hands={0: "B3 B3 5"}, melds={0: ["Q Q Q"]}, pile="4 9 B3",
                       extra="blocked 0")
    facts = table_facts(blocked.view(0)).pile
    assert facts.blocked and facts.blocked_reason == blocked.why_illegal("take pair")
    assert not table_facts(blocked.view(1)).pile.blocked  # nobody else is blocked


def test_the_opening_minimum_and_the_opening_so_far() -> None:
    game = position(hands={0: "K K K Q Q Q 5 6"}, pile="4", phase=MELD, drew=True)
    before = table_facts(game.view(0)).opening
    assert before is not None and (before.opened, before.minimum, before.so_far) == (False, 50, 0)
    game.apply("meld K K K")
    after = table_facts(game.view(0)).opening
    assert after is not None and (after.minimum, after.so_far) == (50, 30)


def test_partners_whose_turn_and_the_question_are_named() -> None:
    game = position(hands={0: "K 5 6", 2: "4 4"}, melds={0: ["Q Q Q"]}, pile="7")
    facts = table_facts(game.view(0), NAMES)
    assert facts.partners == ("Bea",) and facts.name == "Ann"
    assert [s.relation for s in facts.seats] == ["you", "opponent", "partner", "opponent"]
    assert facts.turn.mine and facts.turn.words.startswith("Your turn: draw")
    assert table_facts(game.view(1), NAMES).turn.words == "Ann to play"
    assert table_facts(game.view(2), NAMES).turn.words == "Ann (your partner) to play"
    game.apply("ask")
    question = table_facts(game.view(2), NAMES).turn
    assert question.mine and question.words == "Ann (your partner) asks you: may I go out?"
    three = table_facts(Game("three_hand", 1).view(0))
    assert three.partners == () and three.sides[0].name == "you"  # alone: not "your side"
    six = table_facts(Game("six_hand", 1).view(0))
    assert six.partners == ("Bea", "Dee") and six.sides[1].name == "Bob, Cy and Eve"


def test_the_facts_are_json_and_name_the_sides_scores_and_seats() -> None:
    game = position(hands={0: "K 5 6", 1: "8 8 9"}, melds={0: ["Q Q Q"], 1: ["A A A"]},
                    pile="7", scores=[120, 840], red_threes={3: 1})
    facts = table_facts(game.view(0), NAMES)
    data = json.loads(json.dumps(facts.to_dict()))
    assert data["sides"][0]["name"] == "your side" and data["sides"][1]["name"] == "Bob and Cy"
    assert [s["score"] for s in data["sides"]] == [120, 840]
    assert data["sides"][1]["red_threes"] == 1 and data["seats"][3]["red_threes"] == 1
    assert data["hand_text"] == "5 6 K" and data["stock"] == game.view(0).stock_size
    assert [a["text"] for a in data["actions"]] == [str(a) for a in game.legal_actions()]


def test_a_finished_game_names_the_winner() -> None:
    from tests.helpers import end_hand

    assert [wins(name) for name in ("you", "Bob", "your side", "Ann and Bea")] == [
        "you win", "Bob wins", "your side wins", "Ann and Bea win"]
    # a heading starts with a capital; a player's name keeps the letters it was given
    assert [heading(words) for words in ("you win", "your side wins", "you", "youssef wins",
                                         "de Vries wins")] == [
        "You win", "Your side wins", "You", "youssef wins", "de Vries wins"]

    game = position(hands={0: "5", 1: "6"}, melds={0: ["K K K K K K K"]}, pile="7",
                    scores=[4900, 100])
    end_hand(game)
    facts = table_facts(game.view(1), NAMES)
    assert game.is_terminal() and facts.winner == "Ann and Bea"
    assert facts.won == "Ann and Bea win" and table_facts(game.view(0), NAMES).won == \
        "Your side wins"  # a heading
    assert facts.turn.phase == "over" and "Ann and Bea win" in facts.turn.words
    assert facts.last_deal is not None and facts.last_deal.deal == 1


def test_a_side_left_empty_for_the_deal_is_kept_for_the_scores_but_not_drawn() -> None:
    """Cutthroat: a player who joins a partner at the pile leaves its own side empty; the
    facts keep that side (its score, for the score sheet) and the text face draws the sides
    with a seat only."""
    facts = table_facts(cutthroat_pair().view(0))
    assert [side.seats for side in facts.sides] == [(0, 2), (1,), ()]
    assert [side.seats for side in facts.seated_sides] == [(0, 2), (1,)]
    assert "obody" not in render(facts)


def test_suited_actions_are_named_in_words_as_the_log_names_cards() -> None:
    """Where suits count (Samba), an action's words name the cards as the move log does,
    not by their codes ("4D"): what the page's buttons, the hints and the terminal's choices
    say."""
    words = {text: Action.parse(text).describe()
             for text in ("take pair D C", "take 2 H", "meld 4D 4C 2", "meld 4H 5H 6H")}
    assert words == {
        "take pair D C": "take the pile with a natural pair (a diamond and a club)",
        "take 2 H": "take the pile with a natural and a 2 (a heart)",
        "meld 4D 4C 2": "meld two 4s and a 2 (4 of diamonds, 4 of clubs)",
        "meld 4H 5H 6H": "meld a sequence: 4 of hearts, 5 of hearts, 6 of hearts"}


def test_each_take_names_the_hands_cards_it_lays() -> None:
    """``take_cards``: a natural pair's two cards, suited where suits count, in the take's own
    order; the cards are the seat's (its hand holds them)."""
    for rules in ("italian", "classic"):
        game, rng = Game(rules, seed=3), random.Random(1)
        while len(pile_fact(game.view(game.current_player)).takes) < (2 if rules == "italian"
                                                                      else 1):
            game.apply(rng.choice(game.legal_actions()))
        view = game.view(game.current_player)
        pile, hand = pile_fact(view), table_facts(view).hand_text.split()
        top = pile.top.rank if pile.top else ""
        for take, cards in zip(pile.takes, pile.take_cards, strict=True):
            route, *suits = take.text.split()[1:]
            if route == "pair":
                assert cards == (tuple(top + s for s in suits) if suits else (top, top))
            assert all(card in hand for card in cards), (cards, hand)
