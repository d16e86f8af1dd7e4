"""Hints (the greedy bot's choice and reason), warnings before a discard, and the deal's
breakdown (docs/presentation.md)."""

from __future__ import annotations

from canasta.bots import make_bot
from canasta.engine.actions import Action
from canasta.presentation import deal_breakdown, discard_warning, hint
from canasta.presentation.names import Chair
from tests.helpers import MELD, end_hand, position


def test_the_hint_is_the_greedy_bots_choice_and_reason() -> None:
    game = position(hands={0: "K K 5 7 9"}, melds={0: ["Q Q Q"]}, pile="4 6 8 K")
    view = game.view(0)
    decision = make_bot("greedy").decide(view)
    given = hint(view)
    assert given is not None
    assert (given.action.text, given.reason) == (str(decision.action), decision.reason)
    assert hint(game.view(1)) is None  # not its turn


def test_a_legal_take_that_cannot_reach_the_minimum_is_said_so() -> None:
    game = position(hands={0: "4 4 6 9 J"}, pile="5 7 4")
    view = game.view(0)
    assert "take pair" in [str(a) for a in view.legal_actions]
    given = hint(view)
    assert given is not None and given.action.text == "draw"
    assert "take pair" in given.reason
    assert "cannot reach the opening minimum of 50" in given.reason


def test_a_discard_that_could_be_laid_off_or_is_wild_is_questioned() -> None:
    game = position(hands={0: "K 2 5 7"}, melds={0: ["K K K"]}, pile="4", phase=MELD,
                    drew=True)
    view = game.view(0)
    lay_off = discard_warning(view, Action.parse("discard K"))
    assert lay_off == ("The king could be laid off instead: add a king to your kings. "
                       "Discard it anyway?")
    wild = discard_warning(view, Action.parse("discard 2"))
    assert wild == ("The 2 is a wild card: discarding it gives it away and freezes the pile. "
                    "The 2 could be laid off instead: add a 2 to your kings. Discard it anyway?")
    assert discard_warning(view, Action.parse("discard 5")) is None
    assert discard_warning(view, Action.parse("draw")) is None


def test_the_breakdown_is_the_engines_score_item_by_item() -> None:
    game = position(hands={0: "5 6", 1: "7"}, melds={0: ["K K K K K K K"], 1: ["Q Q Q"]},
                    pile="4", red_threes={1: 1})
    end_hand(game)
    result = game.results[-1]
    breakdown = deal_breakdown(result, Chair(0, (0, 1, 0, 1), ("Ann", "Bob", "Bea", "Cy")))
    for side, score in zip(breakdown.sides, result.sides, strict=True):
        assert [(i.label, i.points) for i in side.items] == score.items()
        assert side.total == score.total and side.game_total == result.totals[side.side]
    assert breakdown.sides[0].name == "your side" and breakdown.ended_by == "stock exhausted"
    assert breakdown.words.startswith("Deal 1 ended: stock exhausted.")
