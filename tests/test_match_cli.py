"""``canasta match`` and ``canasta tournament``: tables on stdout, CSV files and a plot."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

from canasta.cli import match_cmd
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
    (["match", "greedy", "random", "--workers", "100000"], 2, "at most 256 processes"),
    (["match", "greedy", "ismcts:iterations=nan"], 1,
     "ismcts: iterations=nan: expected a whole number"),
    (["match", "greedy:x=1", "random"], 1, "greedy: no option 'x'"),
])
def test_bad_arguments_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                    argv: list[str], code: int, message: str) -> None:
    assert main([*argv, "--out", str(tmp_path)]) == code
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any game played fails the test: what is refused is refused before the first game."""

    def play(*args: object, **kwargs: object) -> None:
        pytest.fail("a game was played")

    monkeypatch.setattr(match_cmd, "play_tournament", play)


@pytest.mark.parametrize("command", [["match", "greedy", "random"],
                                     ["tournament", "greedy", "random", "ismcts"]])
@pytest.mark.parametrize("where", ["results", "results/more"])
def test_out_at_an_existing_file_is_refused_before_any_game(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, no_games: None,
        command: list[str], where: str) -> None:
    file = tmp_path / "results"
    file.write_text("not a folder\n")
    assert main([*command, "--games", "200", "--out", str(tmp_path / where)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"canasta: error: {file}: --out needs a folder\n"
    assert file.read_text() == "not a folder\n"


@pytest.mark.parametrize("ray", [["--ray"], ["--ray", "ray://head:10001"]])
def test_ray_not_installed_says_how_to_install_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        no_games: None, ray: list[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # ``import ray`` raises ImportError
    out = tmp_path / "out"
    assert main(["match", "greedy", "random", *ray, "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and not out.exists()
    assert captured.err == ('canasta: error: Ray is not installed: pip install "canasta[ray]" '
                            "to play on Ray\n")


def test_without_the_plots_extra_a_match_says_how_to_get_the_plot(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match_cmd, "plots_available", lambda: False)
    out = tmp_path / "out"
    code = main(["match", "greedy", "random", "--games", "2", "--seed", "2", "--max-deals",
                 "1", "--workers", "1", "--out", str(out)])
    assert code == 0
    assert "pip install 'canasta[plots]'" in capsys.readouterr().out
    assert (out / "games.csv").exists() and not (out / "scores.png").exists()
