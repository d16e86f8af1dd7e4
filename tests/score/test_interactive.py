"""The interactive mode asks for a deal one question at a time in the rule set's words, stores
each confirmed deal in its own transaction, and a process killed mid-entry loses nothing
confirmed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from canasta.rules import load, preset_names
from canasta.score import pad as score_pad
from canasta.score.commands import ask_deal, interactive
from canasta.score.entry import SideEntry, fields_for
from canasta.store import open_database

#: Deal 1 of the classic game, one answer a line: Us went out, not concealed; Us: 1 natural,
#: 1 mixed, 185 melded, 2 red 3s, 30 in hand; Them: 0, 0, 120 melded, 0, 45 in hand.
DEAL_ONE = ["1", "n", "1", "1", "185", "2", "30", "", "", "120", "", "45"]


class Script:
    """Answers questions from a list, recording every question; EOFError when it runs out."""

    def __init__(self, answers: list[str]) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.questions: list[str] = []

    def __call__(self, question: str) -> str:
        self.questions.append(question)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None


def test_a_deal_asked_one_question_at_a_time(db_url: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    engine = open_database(db_url)
    score_pad.create(engine, "G", load("classic"), ["Us", "Them"])
    script = Script([*DEAL_ONE, "y", "n"])
    assert interactive(engine, "G", script) == 0
    assert script.questions[:3] == ["Who went out? (1 Us, 2 Them, 0 nobody) [0] ",
                                    "Us: went out concealed? [y/N] ", "Us: natural canastas [0] "]
    assert script.questions[-2:] == ["Store deal 1? [Y/n] ", "Another deal? [Y/n] "]
    out = capsys.readouterr().out
    assert "  this deal                            1,255" in out and "Deal 1 stored." in out
    assert score_pad.load(engine, "G").sheet.totals == (1255, 75)


def test_a_bad_answer_is_asked_again_and_a_refused_deal_entered_again(
        db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    engine = open_database(db_url)
    score_pad.create(engine, "G", load("classic"), ["Us", "Them"])
    # first try: Us "went out" with no canasta (refused); then the deal again, with a typo
    wrong = ["1", "n", "", "", "50", "", "", "", "", "50", "", ""]
    again = ["9", *DEAL_ONE[:4], "18x", "185", *DEAL_ONE[5:]]
    assert interactive(engine, "G", Script([*wrong, *again, "y", "n"])) == 0
    out = capsys.readouterr().out
    assert "Refused: deal 1: Us: went out with 0 canastas: classic needs 1 to go out\n" \
           "Nothing stored; enter deal 1 again." in out
    assert "  answer a number from 0 to 2" in out
    assert "  melded: expected card points (185) or counts by value (6x5+9x10), got '18x'" \
        in out
    assert score_pad.load(engine, "G").sheet.totals == (1255, 75)


def test_input_ending_mid_deal_stores_nothing_of_that_deal(
        db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    engine = open_database(db_url)
    score_pad.create(engine, "G", load("classic"), ["Us", "Them"])
    assert interactive(engine, "G", Script([*DEAL_ONE, "y", "y", "0", "1"])) == 1
    assert "Input ended: deal 2 not stored" in capsys.readouterr().err
    assert len(score_pad.load(engine, "G").sheet.deals) == 1
    # declining to store a deal stores nothing either
    assert interactive(engine, "G", Script([*DEAL_ONE, "n"])) == 1
    assert len(score_pad.load(engine, "G").sheet.deals) == 1


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_asks_its_own_words(name: str) -> None:
    """The questions are the rule set's: wild canastas where wild melds exist, sambas where
    sequences do, the perfect cut where it pays, the cards left in hand and foot where each
    player holds a foot; each asked once per side."""
    rules = load(name)
    names = [f"side {n}" for n in range(rules.players.sides)]
    script = Script(["0"] + ["0"] * 100)
    entries = ask_deal(rules, names, script)
    assert entries == [SideEntry()] * len(names)
    asked = [f.question for f in fields_for(rules) if f.kind != "flag" or f.attr in ("cut",
                                                                                       "acaba")]
    assert script.questions[1:] == [f"{side}: {q} [{'n' if q in _FLAGS else '0'}] "
                                    for side in names for q in asked]
    assert ("wild canastas (wild cards alone)" in asked) == rules.melds.wild_melds
    assert ("sambas (sequences of a canasta's length)" in asked) == rules.melds.sequences
    assert any(q.startswith("card points left in hand and foot") for q in asked) == \
        bool(rules.deal.foot_size)


_FLAGS = ("made the perfect cut", "conceded the deal (acaba)")


def test_a_process_killed_mid_entry_loses_nothing_confirmed(db_url: str,
                                                            tmp_path: Path) -> None:
    """A real ``canasta score deal`` process: deal 1 confirmed, deal 2 half entered, then
    SIGKILL. Deal 1 is in the database, deal 2 is not, and the database opens cleanly."""
    engine = open_database(db_url)
    score_pad.create(engine, "G", load("classic"), ["Us", "Them"])
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "CANASTA_DB": db_url}
    proc = subprocess.Popen([sys.executable, "-m", "canasta", "score", "deal", "G"], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    deal_two = ["2", "", "", "50", "", "", "n", "1", "", "50"]  # up to Them's red 3s
    proc.stdin.write("\n".join([*DEAL_ONE, "y", "y", *deal_two]) + "\n")
    proc.stdin.flush()
    guard = threading.Timer(120, proc.kill)  # a safety net against a hang, not a time limit
    guard.start()
    seen = ""
    while "Them: red 3s laid out" not in seen.partition("Deal 2 of G")[2]:
        char = proc.stdout.read(1)
        assert char, f"the process ended early: {seen}"
        seen += char
    assert "Deal 1 stored." in seen  # and the process waits for deal 2's next answer
    guard.cancel()
    proc.send_signal(signal.SIGKILL)
    assert proc.wait() == -signal.SIGKILL
    proc.stdin.close()
    proc.stdout.close()
    sheet = score_pad.load(open_database(db_url), "G").sheet
    assert [deal.number for deal in sheet.deals] == [1]
    assert sheet.totals == (1255, 75)
    engine.dispose()
