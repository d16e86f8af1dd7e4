"""``canasta play`` in the line mode (``--plain``, and whenever the terminal is not
interactive) and the session rules every face shares: saved after every move, a saved game
never written over, a resumed game saved back to its file, conflicting options refused
(issue 13)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.cli.main import main
from canasta.presentation import hand_text
from canasta.presentation.rules_words import rules_in_words_text
from canasta.record import read, verify
from canasta.rules import load


def answers(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    feed = iter(lines)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(feed))


def test_refusals_are_explained_and_the_game_is_saved(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers(monkeypatch, ["xyz", "99", "meld K K K", "draw", "q"])
    assert main(["play", "--plain", "--seed", "3", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "'xyz' is not an action" in out
    assert "decline\n  not now: '99'" in out  # no rule refused it: none is told
    # the rule that refused the move, told under it
    assert "not now: draw from the stock or take the pile first\n  A turn:\n  - Draw 1 card " \
        "from the stock or take the whole pile, meld what you can, then discard\n    one card." \
        in out
    assert f"The game is saved in {save}; continue it with: canasta play --resume {save}" in out
    assert "You drew " in out  # the player is told what was drawn
    game = verify(read(save))
    assert game.state.seats[0].size == 12  # the draw was played and saved


def test_nothing_is_said_saved_when_nothing_was_written(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers(monkeypatch, ["q"])
    assert main(["play", "--seed", "1", "--save", str(save)]) == 0  # seat 0 plays first
    out = capsys.readouterr().out
    assert "Nothing was played, so no file was written." in out and "saved in" not in out
    assert not save.exists()


def test_a_new_game_never_writes_over_a_saved_one(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    answers(monkeypatch, ["draw", "q"])
    assert main(["play", "--seed", "3"]) == 0
    first = (tmp_path / "canasta-game.json").read_bytes()
    capsys.readouterr()
    answers(monkeypatch, ["draw", "q"])
    assert main(["play", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "canasta-game.json holds another game; this one is saved to canasta-game-2.json" \
        in out
    assert (tmp_path / "canasta-game.json").read_bytes() == first
    assert verify(read(tmp_path / "canasta-game-2.json")).seed == 4
    assert main(["play", "--seed", "5", "--save", "canasta-game.json"]) == 1
    assert "canasta-game.json already exists" in capsys.readouterr().err
    assert (tmp_path / "canasta-game.json").read_bytes() == first


def test_a_resumed_game_continues_and_is_saved_back_to_its_file(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    save = tmp_path / "other.json"
    answers(monkeypatch, ["draw", "q"])
    main(["play", "--seed", "5", "--save", str(save)])
    before = verify(read(save))
    capsys.readouterr()
    answers(monkeypatch, ["1", "q"])
    assert main(["play", "--resume", str(save)]) == 0
    out = capsys.readouterr().out
    after = verify(read(save))
    assert after.history[:len(before.history)] == before.history
    assert len(after.history) > len(before.history)
    assert not (tmp_path / "canasta-game.json").exists()
    assert f"The game is saved in {save}" in out


def test_options_that_conflict_with_a_resumed_game_are_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    answers(monkeypatch, ["draw", "q"])
    main(["play", "--seed", "5", "--save", str(save)])
    kept = save.read_bytes()
    capsys.readouterr()
    cases = [
        (["--rules", "samba"], "is a game of classic; --rules samba plays other rules"),
        (["--seed", "6"], "was dealt with seed 5, not 6"),
        (["--seat", "2"], "is played from seat 0; --seat 2 would show another player's hand"),
        (["--save", str(tmp_path / "h.json")], "a resumed game is saved back to"),
    ]
    for extra, message in cases:
        assert main(["play", "--resume", str(save), *extra]) == 1
        assert message in capsys.readouterr().err
    assert save.read_bytes() == kept
    answers(monkeypatch, ["q"])
    assert main(["play", "--resume", str(save), "--rules", "classic", "--seed", "5"]) == 0


def test_a_half_played_turn_is_never_given_to_a_bot(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    answers(monkeypatch, ["draw", "q"])
    main(["play", "--seed", "5", "--save", str(save)])
    game = verify(read(save))
    capsys.readouterr()
    answers(monkeypatch, ["q"])
    assert main(["play", "--resume", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Your turn: meld, then discard" in out  # the player's turn, still the player's
    assert hand_text(game.view(0)) in out.replace("  ", " ")
    assert verify(read(save)).history == game.history  # no bot moved
    (tmp_path / "g.json.seat").unlink()  # a record without its seating file
    assert main(["play", "--resume", str(save), "--seat", "2"]) == 1
    assert "stands in the middle of seat 0's turn: resume it with --seat 0" in \
        capsys.readouterr().err


def test_a_whole_game_can_be_played_to_the_end(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    rules = tmp_path / "short.toml"
    rules.write_text('base = "classic"\nname = "short"\n[game]\ntarget = 500\n')
    monkeypatch.setattr("builtins.input", lambda prompt="": "y" if "[y/N]" in prompt else "1")
    assert main(["play", "--rules", str(rules), "--seed", "1", "--save",
                 str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "The game is over: " in out and "Deal 1 ended:" in out
    assert "cards left in hand" in out  # the breakdown, item by item
    assert re.search(r"\n    meld .* \(\d+\)", out)  # and the melds as the deal ended
    assert verify(read(tmp_path / "g.json")).is_terminal()
    assert "The game's record is in" in out


def test_a_seat_not_in_the_game_is_refused(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    assert main(["play", "--seat", "7", "--save", str(tmp_path / "g.json")]) == 1
    assert "seat 7 is not in this game" in capsys.readouterr().err
    assert not (tmp_path / "g.json").exists()


def test_a_hint_shows_the_greedy_bots_choice_and_reason(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    answers(monkeypatch, ["hint", "q"])
    assert main(["play", "--seed", "3", "--save", str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    hint = next(line for line in out.splitlines() if "hint:" in line)
    assert "draw from the stock" in hint or "take the pile" in hint
    assert "pile (" in hint  # the reason names the pile


def test_rules_says_the_games_main_rules_in_words(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    answers(monkeypatch, ["rules", "q"])
    assert main(["play", "--rules", "samba", "--seed", "3", "--save",
                 str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert rules_in_words_text(load("samba")) in out
    assert "Runs of 3 or more natural cards of one suit" in out


def test_the_other_seats_can_be_random_players(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    answers(monkeypatch, ["q"])
    assert main(["play", "--seed", "3", "--seat", "2", "--bots", "random", "--save",
                 str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "against random bots" in out and "Bob drew" in out  # bots narrated by name
    assert main(["play", "--bots", "nobody", "--save", str(tmp_path / "h.json")]) == 1
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def run_command(args: list[str], stdin: str, cwd: Path,
                encoding: str) -> subprocess.CompletedProcess[bytes]:
    """``python -m canasta ARGS`` with piped input (so the line mode) and that encoding."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "canasta", *args], input=stdin.encode(),
                          capture_output=True, cwd=cwd, env=env, timeout=60, check=False)


def test_an_ascii_terminal_plays_without_a_crash(tmp_path: Path) -> None:
    done = run_command(["play", "--rules", "samba", "--seed", "1", "--save", "g.json"],
                       "hint\ndraw\nq\n", tmp_path, "ascii")
    assert done.returncode == 0, done.stderr.decode()
    out = done.stdout.decode("ascii")  # every byte is ASCII
    assert "Your hand: " in out and "hint: " in out and "Traceback" not in out
    hand = next(line for line in out.splitlines() if line.startswith("Your hand: "))
    assert "?" not in hand and re.search(r"\b(10|[4-9JQKA])[SHDC]\b", hand)  # KH, not K?
    assert "The game is saved in g.json" in out
    record = json.loads((tmp_path / "g.json").read_text())
    assert record["actions"][:1] and "draw" in record["actions"]
