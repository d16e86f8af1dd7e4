"""``canasta play``: a human seat against random players, saved after every move."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.cli.main import main
from canasta.record import read, verify


def answers(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    feed = iter(lines)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(feed))


def test_refusals_are_explained_and_the_game_is_saved(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers(monkeypatch, ["xyz", "99", "meld K K K", "draw", "q"])
    assert main(["play", "--seed", "3", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "'xyz' is not an action" in out
    assert "not now: draw from the stock or take the pile first" in out
    assert "Game saved" in out
    game = verify(read(save))
    assert game.state.seats[0].size == 12  # the draw was played and saved


def test_a_saved_game_resumes_where_it_stopped(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    answers(monkeypatch, ["draw", "q"])
    main(["play", "--seed", "5", "--save", str(save)])
    before = verify(read(save))
    answers(monkeypatch, [str(len(before.legal_actions())), "q"])
    assert main(["play", "--resume", str(save), "--save", str(save)]) == 0
    after = verify(read(save))
    assert after.history[:len(before.history)] == before.history
    assert len(after.history) > len(before.history)


def test_a_whole_game_can_be_played_to_the_end(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    rules = tmp_path / "short.toml"
    rules.write_text('base = "classic"\nname = "short"\n[game]\ntarget = 500\n')
    monkeypatch.setattr("builtins.input", lambda prompt="": "1")
    assert main(["play", "--rules", str(rules), "--seed", "1", "--save",
                 str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    assert "Game over: side" in out and "ended:" in out
    assert verify(read(tmp_path / "g.json")).is_terminal()


def test_a_seat_not_in_the_game_is_refused(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    assert main(["play", "--seat", "7", "--save", str(tmp_path / "g.json")]) == 2
    assert "seat 7 is not in this game" in capsys.readouterr().err


def test_a_hint_shows_the_greedy_bots_choice_and_reason(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    answers(monkeypatch, ["hint", "q"])
    assert main(["play", "--seed", "3", "--save", str(tmp_path / "g.json")]) == 0
    out = capsys.readouterr().out
    hint = next(line for line in out.splitlines() if "hint:" in line)
    assert "draw from the stock" in hint or "take the pile" in hint
    assert "pile (" in hint  # the reason names the pile


def test_the_other_seats_can_be_random_players(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    answers(monkeypatch, ["q"])
    assert main(["play", "--seed", "3", "--seat", "2", "--bots", "random", "--save",
                 str(tmp_path / "g.json")]) == 0
    assert "against random bots" in capsys.readouterr().out
    assert main(["play", "--bots", "nobody", "--save", str(tmp_path / "h.json")]) == 1
    assert "unknown bot 'nobody'" in capsys.readouterr().err
