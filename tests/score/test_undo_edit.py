"""undo takes back the last deal; edit corrects any deal and every total after it is computed
again, or the edit is refused if a later deal could then not be true."""

from __future__ import annotations

from typing import Any

import pytest

from canasta.rules import load
from canasta.score import pad as score_pad
from canasta.score.entry import EntryError, parse_entry
from canasta.score.tally import Sheet, tally
from canasta.store import open_database
from tests.score.conftest import Pad


def _totals(pad: Pad, name: str = "G") -> str:
    out = pad("show", name).out
    return next(line for line in out.splitlines() if line.startswith("Totals:"))


def test_undo_takes_back_the_last_deal_only(pad: Pad) -> None:
    pad("new", "G", "--sides", "Us", "Them")
    pad("deal", "G", "natural=1 melded=50 out", "melded=50")  # 650, 50
    pad("deal", "G", "melded=60", "natural=1 melded=50 out")  # 710, 700
    ran = pad("undo", "G")
    assert ran.code == 0
    assert ran.out.splitlines()[:2] == ["Deal 2 taken back.", "Totals: Us 650, Them 50"]
    assert pad("undo", "G").out.startswith("Deal 1 taken back.\nTotals: Us 0, Them 0")
    ran = pad("undo", "G")
    assert (ran.code, ran.err) == (1, "canasta: error: 'G' has no deal to take back\n")
    # the deal numbers are reused after an undo
    pad("deal", "G", "melded=55", "melded=60")
    assert pad("show", "G").out.count("Deal 1") == 1 and _totals(pad) == "Totals: Us 55, Them 60"


def test_edit_recomputes_every_total_after_the_deal(pad: Pad) -> None:
    pad("new", "G", "--sides", "Us", "Them")
    pad("deal", "G", "natural=1 melded=50 out", "melded=50")  # 650, 50
    pad("deal", "G", "melded=60", "natural=1 melded=50 out")  # 710, 700
    pad("deal", "G", "melded=70 red3=1", "melded=50")  # 880, 750
    ran = pad("edit", "G", "1", "natural=2 melded=100 out", "melded=50")  # 1,200 instead of 650
    assert ran.code == 0, ran.err
    assert ran.out.startswith("Deal 1 corrected.\nDeal 1\nUs: natural=2 melded=100 out\n")
    assert "Totals: Us 1,430, Them 750" in ran.out
    show = pad("show", "G").out
    assert "  total                                1,200" in show  # after deal 1
    assert "  total                                1,260" in show  # after deal 2
    assert _totals(pad) == "Totals: Us 1,430, Them 750"


def test_an_edit_that_makes_a_later_deal_impossible_is_refused(pad: Pad) -> None:
    """Raising deal 1 to 1,900 raises the opening minimum of deal 2 to 90: its 60 melded
    points could no longer have opened, so the edit is refused and nothing changes."""
    pad("new", "G", "--sides", "Us", "Them")
    pad("deal", "G", "natural=1 melded=50 out", "melded=50")
    pad("deal", "G", "melded=60", "natural=1 melded=50 out")
    before = pad("show", "G").out
    ran = pad("edit", "G", "1", "natural=2 mixed=1 melded=300 red3=2 out", "melded=50")
    assert ran.code == 1
    assert ran.err == "canasta: error: deal 2: Us: melded=60: less than the opening minimum " \
                      "of 90 for a side at 1,900 (the opening's cards stay melded)\n"
    assert pad("show", "G").out == before


def test_edit_refuses_a_deal_that_does_not_exist_or_cannot_be(pad: Pad) -> None:
    pad("new", "G", "--sides", "Us", "Them")
    assert pad("edit", "G", "1", "melded=50", "melded=50").err == \
        "canasta: error: 'G' has no deal yet\n"
    pad("deal", "G", "melded=50", "melded=50")
    assert pad("edit", "G", "2", "melded=50", "melded=50").err == \
        "canasta: error: 'G' has deals 1 to 1, not 2\n"
    ran = pad("edit", "G", "1", "melded=50 out", "melded=50")
    assert ran.err == "canasta: error: deal 1: Us: went out with 0 canastas: classic needs 1 " \
                      "to go out\n"
    assert _totals(pad) == "Totals: Us 50, Them 50"


def test_an_edit_that_ends_the_game_earlier_is_refused(pad: Pad) -> None:
    pad("new", "G", "--sides", "Us", "Them")
    pad("deal", "G", "natural=2 melded=100", "melded=50")
    pad("deal", "G", "melded=90", "melded=50")
    ran = pad("edit", "G", "1", "natural=8 mixed=3 melded=600 red3=4 out", "melded=50")
    assert ran.err == "canasta: error: deal 2: the game ended after deal 1 (Us won)\n"


def test_edit_asked_one_question_at_a_time_keeps_what_is_not_changed(
        pad: Pad, monkeypatch: pytest.MonkeyPatch) -> None:
    """``edit G N`` without entries asks again, each answer defaulting to the stored one:
    here only Them's melded points change (50 -> 70)."""
    pad("new", "G", "--sides", "Us", "Them")
    pad("deal", "G", "natural=1 melded=50 red3=1 out", "melded=50 hand=10")
    answers = iter(["", "", "", "", "", "", "", "", "", "70", "", ""])
    questions: list[str] = []

    def ask(question: str) -> str:
        questions.append(question)
        return next(answers)

    monkeypatch.setattr("builtins.input", ask)
    ran = pad("edit", "G", "1")
    assert ran.code == 0, ran.err
    assert questions[:4] == ["Who went out? (1 Us, 2 Them, 0 nobody) [1] ",
                             "Us: went out concealed? [y/N] ", "Us: natural canastas [1] ",
                             "Us: mixed canastas [0] "]
    assert "Them: melded card points (or counts, e.g. 6x5+9x10) [50] " in questions
    assert _totals(pad) == "Totals: Us 750, Them 60"


def test_a_deal_stored_meanwhile_by_another_process_is_not_overwritten(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two people enter deal 2 at once: the second to commit is told, and the first's deal
    stays (the database's unique deal number per game)."""
    engine = open_database(db_url)
    rules = load("classic")
    score_pad.create(engine, "G", rules, ["Us", "Them"])
    other = open_database(db_url)
    real_tally = tally

    def racing_tally(*args: Any) -> Sheet:
        monkeypatch.setattr(score_pad, "tally", real_tally)
        score_pad.add_deal(other, "G", [parse_entry("melded=55", rules)] * 2)  # gets in first
        return real_tally(*args)

    monkeypatch.setattr(score_pad, "tally", racing_tally)
    with pytest.raises(EntryError, match="deal 1 of 'G' was stored meanwhile by someone else"):
        score_pad.add_deal(engine, "G", [parse_entry("melded=60", rules)] * 2)
    assert score_pad.load(engine, "G").sheet.totals == (55, 55)
    engine.dispose()
    other.dispose()


def test_again_starts_the_next_game_with_the_same_rules_and_sides(pad: Pad) -> None:
    pad("new", "Friday", "--rules", "samba", "--sides", "Us", "Them")
    ran = pad("again", "Friday")
    assert ran.code == 0, ran.err
    assert ran.out.startswith("Started Friday 2 (samba): Us vs Them\n")
    assert pad("again", "Friday").out.startswith("Started Friday 3 (samba)")
    assert pad("again", "Friday 3").out.startswith("Started Friday 4 (samba)")
    listed = pad("list").out
    assert all(f"Friday {n} (samba): 0 deals" in listed for n in (2, 3, 4))
    ran = pad("again", "Saturday")
    assert ran.code == 1 and "no game called 'Saturday'" in ran.err
