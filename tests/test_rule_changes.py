"""``--set SECTION.OPTION=VALUE``: a household's changes to a preset or a rules file, on every
command that takes ``--rules`` (``rules.changed``; docs/rules.md, "A few changes without a
file")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from canasta.cli.main import main
from canasta.errors import RulesError
from canasta.record import read, verify
from canasta.rules import changed, load, loads, settable


def test_changes_make_a_house_variant_of_the_rules() -> None:
    rules = changed(load("samba"), ["deal.hand_size=13", "going_out.canastas = 3",
                                    "pile.take_with_wild=false"])
    assert (rules.name, rules.title) == ("samba-house", "Samba (house rules)")
    assert (rules.deal.hand_size, rules.going_out.canastas) == (13, 3)
    assert rules.pile.take_with_wild is False
    assert rules.melds == load("samba").melds  # the rest is the preset's
    again = changed(rules, ["deal.hand_size=12"])  # changes to a house set stay one house set
    assert (again.name, again.title, again.deal.hand_size) == ("samba-house",
                                                               "Samba (house rules)", 12)
    assert changed(load("classic"), []) == load("classic")


@pytest.mark.parametrize(("setting", "reason"), [
    ("hand_size=13", "expected SECTION.OPTION=VALUE"),
    ("deal.hand_size", "expected SECTION.OPTION=VALUE"),
    ("table.hand_size=13", "no section 'table'; the sections: players, deck, deal"),
    ("name.x=1", "no section 'name'"),
    ("deal.hand_siz=13", "unknown key deal.hand_siz; [deal] has: hand_size"),
    ("deal.hand_size=thirteen", "deal.hand_size = 'thirteen': expected a whole number"),
    ("pile.take_with_wild=yes", "expected true or false"),
    ("deal.hand_size=60", "deals 240 cards, but the pack holds 108"),  # the rules' checks
])
def test_a_bad_change_is_refused_naming_it(setting: str, reason: str) -> None:
    with pytest.raises(RulesError, match="--set") as refused:
        changed(load("classic"), [setting])
    assert reason in str(refused.value)


def test_rules_show_prints_the_changed_rules_which_load_back(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A household saves its changes as a rules file: what ``rules show --set`` prints."""
    assert main(["rules", "show", "classic", "--set", "deal.hand_size=13"]) == 0
    text = capsys.readouterr().out
    assert text.startswith('name = "classic-house"\ntitle = "Classic Canasta (house rules)"\n')
    assert loads(text) == changed(load("classic"), ["deal.hand_size=13"])
    assert main(["rules", "show", "classic", "--words", "--set", "deal.hand_size=13"]) == 0
    words = capsys.readouterr().out
    assert "Each player is dealt 13 cards." in words
    assert words.endswith("Every option: canasta rules show classic --set=deal.hand_size=13\n")
    assert main(["rules", "show", "classic", "--set", "deal.hand_size=60"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "deal.hand_size = 60" in err


def test_play_simulate_and_the_score_pad_take_changes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    save = tmp_path / "g.json"
    assert main(["play", "--plain", "--seed", "3", "--save", str(save),
                 "--set", "deal.hand_size=13"]) == 0
    game = verify(read(save))  # the record keeps the changed rules
    assert game.rules.name == "classic-house" and game.state.seats[0].size == 13
    assert "New game of classic-house" in capsys.readouterr().out
    assert main(["play", "--plain", "--resume", str(save), "--set", "deal.hand_size=13"]) == 0
    capsys.readouterr()
    assert main(["play", "--plain", "--resume", str(save), "--set", "deal.hand_size=12"]) == 1
    assert "is a game of classic-house; --set deal.hand_size=12 plays other rules" in \
        capsys.readouterr().err
    assert main(["simulate", "--games", "2", "--set", "deal.hand_size=13"]) == 0
    assert capsys.readouterr().out.startswith("classic-house: 2 games of random play")
    db = f"sqlite:///{tmp_path / 'pad.db'}"
    assert main(["score", "new", "Friday", "--db", db, "--sides", "Us", "Them",
                 "--set", "game.target=3000"]) == 0
    assert "Started Friday (classic-house)" in capsys.readouterr().out
    assert main(["match", "greedy", "random", "--games", "2", "--max-deals", "1",
                 "--set", "deal.hand_size=60"]) == 1
    assert "deal.hand_size = 60" in capsys.readouterr().err


@pytest.mark.parametrize("preset", ["classic", "samba", "hand_and_foot", "cutthroat"])
def test_every_settable_option_set_to_its_own_value_changes_nothing_but_the_name(
        preset: str) -> None:
    """Each option the create forms offer (``settable``), given by ``--set`` as it stands,
    is read back as it was: the words a household types are the rules file's."""
    rules = load(preset)
    for option in settable(rules):
        value = option["value"]
        text = str(value).lower() if option["kind"] == "bool" else value
        same = changed(rules, [f"{option['section']}.{option['name']}={text}"])
        assert replace(same, name=rules.name, title=rules.title) == rules, option


@pytest.mark.parametrize("value", ["-1", "10**9", "1e3", "[", "'", "\"x", "true false", ""])
def test_a_malformed_value_is_refused_as_a_rules_error(value: str) -> None:
    with pytest.raises(RulesError, match="deal.hand_size"):
        changed(load("classic"), [f"deal.hand_size={value}"])
