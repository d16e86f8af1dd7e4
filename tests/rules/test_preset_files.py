"""Rules files and the ``canasta rules`` command for the presets beyond classic: impossible
combinations of the new options are refused with the reason, and ``rules diff`` prints the
options a preset sets differently."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from importlib import resources
from pathlib import Path

import pytest

from canasta import RulesError
from canasta.cli.main import main
from canasta.rules import annotated, check, diff, dumps, load, loads, preset_names
from canasta.rules.loading import NOTES_HEADER
from canasta.rules.ruleset import SECTIONS

#: Names of the rule texts kept outside the repository ("seed 000", "RULINGS 15", ...).
OUTSIDE = re.compile(r"seed 00\d|(?<![\d,])00[0-4]\b|RULINGS|REFERENCE|DESIGN")


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables as wide as they need, so no cell is cut short in the captured output."""
    monkeypatch.setenv("COLUMNS", "200")


@pytest.mark.parametrize(("text", "reason"), [
    ('base = "hand_and_foot"\n[going_out]\ncanastas = 5\n',
     r"going_out.natural_canastas \+ going_out.mixed_canastas = 7: more than "
     r"going_out.canastas = 5"),
    ('base = "hand_and_foot"\n[deal]\nfoot_size = 60\n',
     "deal.hand_size \\+ deal.foot_size = 71 for 4 players deal 284 cards, but the pack holds 270"),
    ('[deal]\nfoot_size = 30\n',
     "deal.hand_size \\+ deal.foot_size = 41 for 4 players deal 164 cards, but the pack holds 108"),
    ('base = "hand_and_foot"\n[game]\ndeals = 0\n',
     "game.target = 0 needs game.deals: the game must end somehow"),
    ('[red_threes]\nvalues = [100, 200]\n',
     r"red_threes.values = \[100, 200\]: the first entry \(no red 3\) must be 0"),
    ('[initial_meld]\ncanasta_tiers = [[7000, 3]]\n',
     r"initial_meld.canasta_tiers: 3 is not 0 \(none\), 1 \(any\) or 2 \(natural\)"),
    ('base = "cuban"\n[melds]\nmax_size = 6\n',
     "melds.max_size = 6 is below melds.canasta_size"),
    ('base = "cuban"\n[melds]\nwild_melds = false\n',
     "canastas.wild_\\* are set but melds.wild_melds is off"),
    ('[canastas]\nunfinished_wild_penalty = 500\n',
     "canastas.wild_\\* are set but melds.wild_melds is off"),
    ('base = "house"\n[deck]\ndecks = 1\n[deal]\nhand_size = 11\n',
     r"melds.black_three_sets = \[3\]: the pack holds only 2 black 3s"),
    ('[melds]\nblack_three_sets = [5]\n',
     r"melds.black_three_sets = \[5\]: the pack holds only 4 black 3s"),
    ('base = "six_hand"\n[players]\nsides = 4\n',
     "players.count = 6 cannot be split into players.sides = 4 equal sides"),
])
def test_impossible_combinations_are_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, reason: str
) -> None:
    path = tmp_path / "ours.toml"
    path.write_text(text)
    with pytest.raises(RulesError, match=reason):
        load(path)
    assert main(["rules", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and re.search(reason, err)


def test_a_household_sets_its_own_blanks_over_the_house_preset(tmp_path: Path) -> None:
    """README, "Rules as data": a household writes its own file on top of a preset."""
    path = tmp_path / "ours.toml"
    path.write_text('base = "house"\nname = "ours"\n[deal]\nhand_size = 13\n'
                    'perfect_cut_bonus = 250\n[canastas]\nwild_bonus = 3000\n')
    ours = load(path)
    assert [key for key, _, _ in diff(load("house"), ours)] == [
        "deal.hand_size", "deal.perfect_cut_bonus", "canastas.wild_bonus"]


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_passes_the_checks_and_reads_back(name: str) -> None:
    rules = load(name)
    assert rules.name == name
    check(rules)
    assert loads(dumps(rules)) == rules


def test_rules_diff_classic_cuban_prints_every_differing_option(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``canasta rules diff classic cuban`` prints the options that differ."""
    assert main(["rules", "diff", "classic", "cuban"]) == 0
    out = capsys.readouterr().out
    rows = {m.group(1): (m.group(2), m.group(3))
            for m in re.finditer(r"│ ([a-z_.]+) +│ (.+?) +│ (.+?) +│", out)}
    expected = diff(load("classic"), load("cuban"))
    assert rows == {key: (json.dumps(a), json.dumps(b)) for key, a, b in expected}
    assert "pile.always_frozen" in rows and rows["game.target"] == ("5000", "7500")


def test_rules_diff_of_an_alias_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "diff", "classic", "uruguayan"]) == 0
    assert capsys.readouterr().out == "classic and uruguayan set every option alike\n"


@pytest.mark.parametrize("name", preset_names())
def test_preset_comments_cite_docs_rules_md_not_files_outside_the_repository(name: str) -> None:
    text = (resources.files("canasta.rules") / "presets" / f"{name}.toml").read_text()
    comments = [line for line in text.splitlines() if line.lstrip().startswith("#")]
    assert [c for c in comments if OUTSIDE.search(c)] == []
    assert f"docs/rules.md, Presets: {name}" in text or name == "classic"


def test_option_docs_cite_docs_rules_md_not_files_outside_the_repository() -> None:
    docs = {f"{section}.{f.name}": f.metadata["doc"] for section, cls in SECTIONS
            for f in fields(cls)}
    assert {key: doc for key, doc in docs.items() if OUTSIDE.search(doc)} == {}
    assert "docs/rules.md, ruling 15" in docs["game.target"]


def test_rules_show_says_where_the_sources_its_notes_cite_are() -> None:
    assert annotated(load("samba")).splitlines()[0] == NOTES_HEADER
    assert "docs/rules.md, Presets, Sources" in NOTES_HEADER
    assert annotated(load("two_hand")) == dumps(load("two_hand"))  # no notes, no header
