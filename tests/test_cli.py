"""The ``canasta`` command: every subcommand, and one-line errors for every bad input."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from canasta import Game
from canasta import record as rec
from canasta.cli.main import main
from canasta.rules import diff, dumps, load, loads, preset_names
from canasta.sim import Summary, play_random


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables as wide as they need, so no cell wraps in the captured output."""
    monkeypatch.setenv("COLUMNS", "200")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command; its exit code, stdout and stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def fails(capsys: pytest.CaptureFixture[str], code: int, *argv: str) -> str:
    """Run a command that must fail with ``code`` and one line on stderr; return that line."""
    got, out, err = run(capsys, *argv)
    assert (got, out) == (code, "")
    assert err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err, err
    return err.rstrip("\n")


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    """A record of one finished two-hand game."""
    game = play_random("two_hand", 2, 100)
    assert game.is_terminal()
    path = tmp_path / "game.json"
    rec.write(game, path)
    return path


# ---------------------------------------------------------------------- rules


def test_rules_list_names_every_preset_with_its_title_and_description(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rules", "list")
    assert code == 0
    for name in preset_names():  # the name commands take, then what players call it
        assert re.search(rf"{name} +│ .* │ {re.escape(load(name).title)}:", out)
    assert "4 in 2 sides" in out and "3 in 3 sides" in out
    assert "each preset and its sources: docs/rules.md, Presets and Sources" in out


def test_rules_show_prints_the_whole_rule_set_as_toml(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "show", "two_hand")
    assert code == 0 and out == dumps(load("two_hand"))
    assert loads(out) == load("two_hand")


def test_rules_show_reads_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('base = "classic"\nname = "house"\n[game]\ntarget = 7500\n')
    code, out, _ = run(capsys, "rules", "show", str(path))
    assert code == 0 and loads(out).game.target == 7500 and 'name = "house"' in out


def test_rules_check_accepts_a_good_file(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('base = "two_hand"\nname = "house"\n[pile]\ntake_top = 5\n')
    assert run(capsys, "rules", "check", str(path)) == (0, "ok: house\n", "")


@pytest.mark.parametrize(("text", "message"), [
    ('base = "classic"\n[pile]\nsticky = true\n', "unknown key pile.sticky"),
    ("[players]\ncount = 9\n", "players.count = 9: expected a whole number from 2 to 6"),
    ("[players\n", "not valid TOML"),
    ('base = "samba7"\n', "no preset named 'samba7'"),
])
def test_rules_check_refuses_a_bad_file_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    line = fails(capsys, 1, "rules", "check", str(path))
    assert line.startswith("canasta: error: ") and message in line
    assert path.read_text() == text


def test_rules_check_of_a_missing_file(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    line = fails(capsys, 1, "rules", "check", str(tmp_path / "none.toml"))
    assert line.endswith("none.toml': No such file or directory")


def test_rules_diff_shows_the_options_that_differ(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "diff", "classic", "two_hand")
    assert code == 0
    rows = re.findall(r"│ ([a-z_.]+) +│ (\S+) +│ (\S+) +│", out)
    expected = diff(load("classic"), load("two_hand"))
    assert len(expected) >= 3
    assert rows == [(key, json.dumps(a), json.dumps(b)) for key, a, b in expected]


def test_rules_diff_of_equal_rule_sets(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "rules", "diff", "classic", "classic") == (
        0, "classic and classic set every option alike\n", "")


def test_rules_without_an_action_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert "required: ACTION" in fails(capsys, 2, "rules")


# ---------------------------------------------------------------------- simulate


def test_simulate_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "simulate", "--games", "4", "--seed", "5", "--max-deals", "2")
    assert (code, err) == (0, "")
    expected = Summary(2)
    for seed in range(5, 9):
        expected.add(play_random("classic", seed, 2))
    assert out.startswith("classic: 4 games of random play, seeds 5 to 8, at most 2 deals each\n")
    assert (f"games finished: {expected.finished}, unfinished: {expected.unfinished} "
            "(stopped after 2 deals)") in out
    for side in (0, 1):
        seats = "0, 2" if side == 0 else "1, 3"
        assert re.search(rf"│ {side} +│ {seats} +│ +{expected.wins[side]} │ +"
                         rf"{expected.mean_hand_score(side):.1f} │", out)
    assert f"{expected.hands} hands" in out
    for reason, count in expected.ending_counts():
        assert re.search(rf"│ {re.escape(reason)} +│ +{count} │", out)
    assert f"mean decisions per hand: {expected.decisions_per_hand:.1f}\n" in out
    assert re.search(r"elapsed: \d+\.\d\d s \(\d+\.\d games/s\)\n$", out)


def test_simulate_counts_finished_games_and_wins(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--rules", "two_hand", "--games", "3",
                       "--max-deals", "100")
    games = [play_random("two_hand", seed, 100) for seed in range(3)]
    assert code == 0 and all(game.is_terminal() for game in games)
    assert "games finished: 3, unfinished: 0" in out
    wins = [sum(game.winner == side for game in games) for side in (0, 1)]
    assert re.search(rf"│ 0 +│ 0 +│ +{wins[0]} │", out)
    assert re.search(rf"│ 1 +│ 1 +│ +{wins[1]} │", out)


def test_simulate_saves_records_that_verify(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    folder = tmp_path / "records" / "run1"
    code, _, _ = run(capsys, "simulate", "--rules", "three_hand", "--games", "3", "--seed",
                     "40", "--max-deals", "1", "--save-records", str(folder))
    assert code == 0
    assert sorted(p.name for p in folder.iterdir()) == [f"seed-{s}.json" for s in (40, 41, 42)]
    for seed in (40, 41, 42):
        game = rec.verify(rec.read(folder / f"seed-{seed}.json"))
        assert game.digest() == play_random("three_hand", seed, 1).digest()


@pytest.mark.parametrize(("argv", "message"), [
    (["--games", "0"], "argument --games: expected a whole number of at least 1, got '0'"),
    (["--games", "many"], "argument --games: expected a whole number of at least 1, got 'many'"),
    (["--max-deals", "-3"],
     "argument --max-deals: expected a whole number of at least 1, got '-3'"),
    (["--seed", "1.5"], "argument --seed: expected a whole number, got '1.5'"),
])
def test_simulate_refuses_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        message: str) -> None:
    line = fails(capsys, 2, "simulate", *argv)
    assert line == f"canasta simulate: error: {message} (see --help)"


def test_unknown_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert fails(capsys, 2, "simulate", "--speed", "3") == (
        "canasta: error: unrecognized arguments: --speed 3 (see --help)")


def test_simulate_refuses_unknown_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert fails(capsys, 1, "simulate", "--rules", "samba7") == (
        "canasta: error: no preset named 'samba7'; presets: " + ", ".join(preset_names()))


def test_simulate_refuses_a_file_as_the_records_folder(capsys: pytest.CaptureFixture[str],
                                                       tmp_path: Path) -> None:
    path = tmp_path / "taken"
    path.write_text("mine")
    assert fails(capsys, 1, "simulate", "--games", "1", "--save-records", str(path)) == (
        f"canasta: error: {path}: --save-records needs a folder")
    assert path.read_text() == "mine"


# ---------------------------------------------------------------------- replay


def test_replay_prints_the_game_turn_by_turn(capsys: pytest.CaptureFixture[str],
                                             record_file: Path) -> None:
    code, out, err = run(capsys, "replay", str(record_file))
    assert (code, err) == (0, "")
    data = rec.read(record_file)
    game = rec.replay(data)
    lines = out.splitlines()
    assert lines[0] == f"two_hand: 2 players in 2 sides, seed 2, {len(data['actions'])} actions"
    assert lines[1].startswith("cut for the deal: seat 0 ")
    action_lines = [line for line in lines if re.match(r" +\d+  seat \d  ", line)]
    assert [line.split()[3:][0] for line in action_lines] == [a.split()[0]
                                                              for a in data["actions"]]
    assert re.search(r"^ +0  seat \d  draw +drew \S+, \S+", out, re.M)  # two-hand draws two
    assert re.search(r"  take \w+ +take the pile .*: .* \(\d+ cards, top first\)$", out, re.M)
    for result in game.results:
        assert lines.count(f"deal {result.deal} ended: {result.ended_by}"
                           + (f" (seat {result.went_out})" if result.went_out >= 0 else "")) == 1
        for score in result.sides:
            items = ", ".join(f"{label} {value:+d}" for label, value in score.items())
            assert f"  side {score.side} (seats {score.side}): {items} = {score.total:+d}" in lines
        assert (f"  game score: side 0 {result.totals[0]}, side 1 {result.totals[1]}") in lines
    assert len([line for line in lines if re.match(r"deal \d+: seat \d deals", line)]) == len(
        game.results)
    assert lines[-1] == (f"game over after {len(game.results)} deals: side {game.winner} wins "
                         f"(side 0 {game.scores[0]}, side 1 {game.scores[1]})")


def test_replay_names_cutthroat_scores_by_seat(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    """Cutthroat (players.partners_at_pile): each seat keeps its own score, so the replay's
    score lines name seats, not sides."""
    path = tmp_path / "g.json"
    game = play_random("cutthroat", 3, 1)
    rec.write(game, path)
    _, out, _ = run(capsys, "replay", str(path))
    lines = out.splitlines()
    score = game.results[0].sides[2]
    items = ", ".join(f"{label} {value:+d}" for label, value in score.items()) or "nothing"
    assert f"  seat 2: {items} = {score.total:+d}" in lines
    totals = game.results[0].totals
    assert f"  game score: seat 0 {totals[0]}, seat 1 {totals[1]}, seat 2 {totals[2]}" in lines
    assert not any(line.lstrip().startswith("side ") for line in lines)


def test_replay_shows_the_hands_dealt(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    rec.write(play_random("classic", 1, 1), path)
    _, out, _ = run(capsys, "replay", str(path))
    deal = out.split("\n\n")[1].splitlines()
    assert deal[0].startswith("deal 1: seat ") and "; stock " in deal[0]
    assert [line.split(":")[0] for line in deal[1:5]] == [f"  seat {s}" for s in range(4)]
    assert out.splitlines()[-1].startswith("the record ends before the game does: 1 deal scored")


def test_replay_verify_says_so(capsys: pytest.CaptureFixture[str], record_file: Path) -> None:
    code, out, _ = run(capsys, "replay", str(record_file), "--verify")
    digest = rec.read(record_file)["digest"]
    assert code == 0
    assert out.splitlines()[-1] == (
        f"verified: the replay gives the recorded result and digest {digest[:16]}...")


def test_replay_verify_refuses_a_tampered_record(capsys: pytest.CaptureFixture[str],
                                                 record_file: Path) -> None:
    data = json.loads(record_file.read_text())
    data["digest"] = "f" * 64
    record_file.write_text(json.dumps(data))
    before = record_file.read_bytes()
    line = fails(capsys, 1, "replay", "--verify", str(record_file))
    assert line.startswith(f"canasta: error: {record_file}: digest mismatch: the record says "
                           "ffffffffffffffff..., the replay gives ")
    assert record_file.read_bytes() == before


def test_replay_stops_at_an_illegal_action(capsys: pytest.CaptureFixture[str],
                                           record_file: Path) -> None:
    data = json.loads(record_file.read_text())
    data["actions"][3:3] = ["yes"]
    record_file.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(record_file))
    assert code == 1
    assert re.search(r"^ +2  seat", out, re.M) and not re.search(r"^ +3  seat", out, re.M)
    assert err == (f"canasta: error: {record_file}: actions[3] = 'yes' is illegal at that "
                   "point: nobody has asked 'may I go out?'\n")


@pytest.mark.parametrize(("content", "message"), [
    ('{"format": "canasta-record", "version": 1, ', "not JSON: Expecting property name"),
    ("[]", "a record is a JSON object, not a list"),
    ('{"format": "pgn"}', "record is missing 'version', 'rules', 'seed', 'actions', 'result'"),
])
def test_replay_refuses_a_file_that_is_not_a_record(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "r.json"
    path.write_text(content)
    assert fails(capsys, 1, "replay", str(path)).startswith(f"canasta: error: {path}: {message}")
    assert path.read_text() == content


@pytest.mark.parametrize("count", [0, 7])
def test_replay_position_prints_the_state_after_n_actions(
        capsys: pytest.CaptureFixture[str], record_file: Path, count: int) -> None:
    """docs/positions.md: the exact state of a bug report, to load with from_position."""
    code, out, err = run(capsys, "replay", str(record_file), "--position", str(count))
    assert (code, err) == (0, "")
    data = rec.read(record_file)
    game = rec.new_game(data)
    for text in data["actions"][:count]:
        game.apply(text)
    assert out == game.position() + "\n"
    assert Game.from_position(game.rules, out.strip()).digest() == game.digest()


def test_replay_position_past_the_end_is_refused(capsys: pytest.CaptureFixture[str],
                                                 record_file: Path) -> None:
    actions = len(rec.read(record_file)["actions"])
    assert fails(capsys, 1, "replay", str(record_file), "--position", str(actions + 1)) == (
        f"canasta: error: {record_file}: --position {actions + 1}: the record has {actions} "
        f"actions (0 to {actions})")


def test_replay_of_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "none.json"
    assert fails(capsys, 1, "replay", str(path)) == (
        f"canasta: error: cannot read record file '{path}': No such file or directory")


# ---------------------------------------------------------------------- the command itself


@pytest.mark.parametrize(("argv", "message"), [
    ([], "canasta: error: the following arguments are required: COMMAND"),
    (["deal"], "canasta: error: argument COMMAND: invalid choice: 'deal'"),
    (["replay"], "canasta replay: error: the following arguments are required: FILE"),
    (["rules", "diff", "classic"], "canasta rules diff: error: the following arguments"),
])
def test_usage_errors_exit_2_in_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                         message: str) -> None:
    assert fails(capsys, 2, *argv).startswith(message)


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "simulate" in out and "replay" in out and "rules" in out


def test_the_installed_command_runs() -> None:
    exe = shutil.which("canasta")
    assert exe is not None, "the canasta command is not installed (pip install -e .)"
    done = subprocess.run([exe, "rules", "list"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "classic" in done.stdout and done.stderr == ""
    done = subprocess.run([exe, "replay", "/nonexistent/game.json"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == ("canasta: error: cannot read record file '/nonexistent/game.json': "
                           "No such file or directory\n")


def test_python_dash_m_canasta_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "canasta", "rules", "check", "classic"],
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "ok: classic\n", "")


@pytest.mark.parametrize("value", ["99999", "-1", "http"])
def test_a_port_out_of_range_is_one_line(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``serve --port 99999`` ended in bind()'s OverflowError traceback (issue 26)."""
    assert main(["serve", "--no-browser", "--port", value]) == 2
    err = capsys.readouterr().err
    assert f"expected a port from 0 to 65535, got {value!r}" in err and "Traceback" not in err
