"""``canasta match`` and ``canasta tournament``: tables on stdout, CSV files and a plot."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from canasta.cli.main import main


def test_a_match_prints_its_statistics_and_saves_them(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "out"
    code = main(["match", "greedy", "random", "--games", "4", "--seed", "2", "--max-deals",
                 "1", "--workers", "2", "--out", str(out)])
    assert code == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # no progress bar when stderr is not a terminal
    text = captured.out
    assert "classic: 4 games" in text and "greedy vs random" in text
    assert "standings" in text and "Elo" in text
    with (out / "games.csv").open() as f:
        games = list(csv.DictReader(f))
    assert [(g["seed"], g["side0_bot"], g["side1_bot"]) for g in games] == [
        ("2", "greedy", "random"), ("2", "random", "greedy"),
        ("3", "greedy", "random"), ("3", "random", "greedy")]
    with (out / "pairs.csv").open() as f:
        pairs = list(csv.DictReader(f))
    assert pairs[0]["a"] == "greedy" and pairs[0]["games"] == "4"
    assert (out / "standings.csv").read_text().startswith("entrant,spec,games")
    assert (out / "scores.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_tournament_plays_every_pair(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    code = main(["tournament", "random", "greedy", "ismcts:iterations=1,horizon=1",
                 "--rules", "three_hand", "--games", "6", "--max-deals", "1", "--out",
                 str(tmp_path)])
    assert code == 0
    text = capsys.readouterr().out
    assert "three_hand: 18 games" in text
    for pair in ("random vs greedy", "random vs ismcts", "greedy vs ismcts"):
        assert pair in text
    with (tmp_path / "games.csv").open() as f:
        assert len(list(csv.DictReader(f))) == 18


@pytest.mark.parametrize(("argv", "code", "message"), [
    (["match", "greedy"], 2, "the following arguments are required"),
    (["match", "greedy", "random", "extra"], 2, "unrecognized arguments"),
    (["tournament", "greedy"], 2, "name at least two bots"),
    (["match", "greedy", "nobody"], 1, "unknown bot 'nobody'"),
    (["match", "greedy", "random", "--games", "0"], 2, "at least 1"),
])
def test_bad_arguments_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    argv: list[str], code: int, message: str) -> None:
    assert main([*argv, "--out", str(tmp_path)]) == code
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
