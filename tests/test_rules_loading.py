"""Rule sets as data: presets, users' files, precise errors (DESIGN principle 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta import Game, RulesError
from canasta.rules import RuleSet, diff, dumps, from_dict, load, loads, preset_names


def test_presets_are_shipped_and_load() -> None:
    assert {"classic", "two_hand", "three_hand"} <= set(preset_names())
    for name in preset_names():
        assert load(name).name == name


def test_classic_preset_is_the_default_rule_set() -> None:
    assert load("classic") == RuleSet()


def test_a_dumped_rule_set_loads_back_equal() -> None:
    for name in preset_names():
        rules = load(name)
        assert loads(dumps(rules)) == rules


def test_a_users_file_overrides_a_base(tmp_path: Path) -> None:
    path = tmp_path / "ours.toml"
    path.write_text('base = "classic"\nname = "ours"\n[game]\ntarget = 3000\n'
                    '[melds]\nwild_ratio = "fewer"\n')
    rules = load(path)
    assert rules.name == "ours" and rules.game.target == 3000
    assert [key for key, _, _ in diff(load("classic"), rules)] == ["melds.wild_ratio",
                                                                    "game.target"]
    assert Game(rules, seed=1).legal_actions()


def test_a_base_may_be_another_file(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('base = "two_hand"\n[game]\ntarget = 2000\n')
    (tmp_path / "b.toml").write_text('base = "a.toml"\n[deal]\nhand_size = 13\n')
    rules = load(tmp_path / "b.toml")
    assert (rules.players.count, rules.game.target, rules.deal.hand_size) == (2, 2000, 13)


@pytest.mark.parametrize(("text", "message"), [
    ("[melds]\nmax_wild = 2\n", "unknown key melds.max_wild"),
    ("[meld]\nmax_wilds = 2\n", "unknown key 'meld'"),
    ("[melds]\nmax_wilds = \"two\"\n", "melds.max_wilds = 'two': expected a whole number"),
    ("[melds]\nmax_wilds = true\n", "melds.max_wilds = True: expected a whole number"),
    ("[melds]\nwild_ratio = \"half\"\n", "expected one of 'any', 'not_more', 'fewer'"),
    ("[players]\ncount = 9\n", "players.count = 9: expected a whole number from 2 to 6"),
    ("[pile]\nfrozen_by_wild = 1\n", "pile.frozen_by_wild = 1: expected true or false"),
    ("[deal]\nhand_size = 30\n", "deals 120 cards, but the pack holds 108"),
    ("[players]\ncount = 3\n", "cannot be split into players.sides = 2"),
    ("[initial_meld]\ntiers = [[1500, 90], [0, 50]]\n", "scores must rise strictly"),
    ("[initial_meld]\ntiers = [[0, 50, 1]]\n", "expected a list of [score, minimum] pairs"),
    ("[deal]\nupcard_turn_again = [\"XX\"]\n", "'XX' is not one"),
    ("[melds]\ncanasta_size = 20\n", "melds.canasta_size = 20 can never be reached"),
    ("base = \"nonesuch\"\n", "no preset named 'nonesuch'"),
    ("name = 5\n", "name = 5: expected a string"),
    ("[game\n", "not valid TOML"),
])
def test_bad_rules_are_refused_naming_the_key(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("[", r"\[").replace("(", r"\(")):
        loads(text)


def test_a_missing_file_is_a_rules_error(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="cannot read rules file"):
        load(tmp_path / "missing.toml")


def test_a_file_that_is_its_own_base_is_refused(tmp_path: Path) -> None:
    (tmp_path / "loop.toml").write_text('base = "loop.toml"\n')
    with pytest.raises(RulesError, match="refers back to itself"):
        load(tmp_path / "loop.toml")


def test_rule_sets_are_frozen() -> None:
    rules = load("classic")
    with pytest.raises(AttributeError):
        rules.game.target = 1  # type: ignore[misc]


def test_from_dict_validates_like_a_file() -> None:
    with pytest.raises(RulesError, match="draw.stock_cards = 0"):
        from_dict({"draw": {"stock_cards": 0}})
