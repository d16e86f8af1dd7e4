"""Rule sets as data: presets, users' files, precise errors (README, "Rules as data")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canasta import Game, RulesError
from canasta.cli.main import main
from canasta.rules import (
    RuleSet,
    diff,
    dumps,
    from_dict,
    load,
    loading,
    loads,
    preset_names,
    settable,
)


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
    # every whole number is bounded, where its option has no range of its own (issue 26)
    ("[points]\njoker = 99999999999999999999999\n", "points.joker = 99999999999999999999999: "
     "expected a whole number from -100,000 to 100,000"),
    ("[points]\nfour_to_seven = -100001\n", "expected a whole number from -100,000"),
    ("[initial_meld]\ntiers = [[0, 50], [1500, 1000000]]\n", "from -100,000 to 100,000"),
    ("[canastas]\ncount_bonuses = [[1, 2, 3000000]]\n", "from -100,000 to 100,000"),
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


def test_presets_whose_bases_form_a_cycle_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two presets each naming the other as its base: the error names the cycle (the cache of
    presets is not entered again while a preset is read)."""
    texts = {"ring_a": 'base = "ring_b"\n', "ring_b": 'base = "ring_a"\n'}

    def read(name: str | Path) -> loading._Source:
        return loading._Source(texts[str(name)], f"preset {name}", None, None)

    monkeypatch.setattr(loading, "_read", read)
    with pytest.raises(RulesError, match="preset ring_b: base = 'ring_a' refers back to itself"):
        load("ring_a")


def test_rule_sets_are_frozen() -> None:
    rules = load("classic")
    with pytest.raises(AttributeError):
        rules.game.target = 1  # type: ignore[misc]


def test_a_preset_is_read_once_and_a_file_every_time(tmp_path: Path) -> None:
    """Presets are immutable, so one value serves every load; a user's file may change
    between two loads, and the second load reads the change."""
    assert load("samba") is load("samba")
    with pytest.raises(RulesError, match="no preset named 'sambo'"):
        load("sambo")
    path = tmp_path / "ours.toml"
    path.write_text('base = "classic"\n[game]\ntarget = 3000\n')
    assert load(path).game.target == 3000
    path.write_text('base = "classic"\n[game]\ntarget = 4000\n')
    assert load(path).game.target == 4000


def test_from_dict_validates_like_a_file() -> None:
    with pytest.raises(RulesError, match="draw.stock_cards = 0"):
        from_dict({"draw": {"stock_cards": 0}})


ONE_DECK = "[deck]\ndecks = 1\n[melds]\nblack_three_sets = []\n"  # two black 3s: no set


@pytest.mark.parametrize(("text", "message"), [
    (ONE_DECK.replace("[melds]", "jokers = 1\n[melds]") + "[deal]\nhand_size = 13\n",
     "deal.hand_size = 13 for 4 players deals 52 cards, but the pack holds 53 (deck.decks = 1, "
     "deck.jokers = 1): it must keep back at least 2, the upcard and a stock to draw from"),
    ("[melds]\nmin_naturals = 9\n",
     "melds.min_naturals = 9 is more natural cards of a rank than the pack holds: 8 "
     "(deck.decks = 2, deck.jokers = 4)"),
    ('base = "cuban"\n[melds]\nmin_naturals = 8\n',
     "melds.min_naturals = 8 is more than melds.max_size = 7, the most cards a meld may hold"),
    ("[melds]\nmin_naturals = 8\n",
     "melds.min_naturals = 8 is more than melds.canasta_size = 7: a meld would need more "
     "naturals than a canasta has cards"),
    ("[melds]\nmin_naturals = 4\n",
     "melds.min_naturals = 4: a new meld is laid as 3 cards and grows by additions, so it can "
     "hold at most 3 naturals"),
    ('[deck]\ndecks = 1\n[melds]\nmax_wilds = 4\nwild_ratio = "fewer"\ncanasta_size = 8\n',
     "melds.canasta_size = 8 can never be reached: a meld holds at most 4 natural cards "
     "(deck.decks = 1, deck.jokers = 4) and 3 wild cards with them (melds.max_wilds = 4, "
     "melds.wild_ratio = 'fewer')"),
    ("[points]\njoker = 5\ntwo = 2\nace = 2\neight_to_king = 1\nfour_to_seven = 0\n"
     "black_three = 1\n",
     "initial_meld.tiers: a minimum of 120 can never be met: every card of the pack that may "
     "count toward an opening is worth 104 in all"),
    ('base = "bolivia"\n[going_out]\nsambas = 3\n',
     "going_out.sambas = 3: more than going_out.canastas = 2"),
    ("[going_out]\ncanastas = 12\n",
     "going_out.canastas = 12 is more canastas than a side can ever make: at most 11 of "
     "melds.canasta_size = 7 cards from deck.decks = 2, deck.jokers = 4"),
    (ONE_DECK + "[going_out]\ncanastas = 3\n",
     "going_out.canastas = 3 is more canastas than a side can ever make: at most 2 of "
     "melds.canasta_size = 7 cards from deck.decks = 1, deck.jokers = 4"),
    (ONE_DECK + "[going_out]\ncanastas = 2\nnatural_canastas = 1\n",
     "going_out.natural_canastas = 1 can never be met: a natural canasta needs "
     "melds.canasta_size = 7 natural cards of one rank and the pack holds 4 of each"),
    ('base = "samba"\n[going_out]\ncanastas = 12\nnatural_canastas = 12\n',
     "going_out.natural_canastas = 12: a side makes at most 11 natural canastas, one per rank"),
    ("[melds]\nmin_naturals = 3\nmax_wilds = 0\n[going_out]\nmixed_canastas = 1\n",
     "going_out.mixed_canastas = 1 is more mixed canastas than a side can ever make: at most 0 "
     "of melds.canasta_size = 7 cards with melds.max_wilds = 0"),
    ('base = "samba"\n[going_out]\ncanastas = 12\nnatural_canastas = 6\nmixed_canastas = 6\n',
     "going_out.natural_canastas + going_out.mixed_canastas = 12: a side has at most 11 melds "
     "of ranks"),
    ('base = "samba"\n[melds]\ncanasta_size = 12\n[going_out]\nsambas = 1\n',
     "going_out.sambas = 1 is more sambas than a side can ever make: at most 0 runs of "
     "melds.canasta_size = 12 cards"),
    ("[going_out]\nmust_ask = true\nask_partner = false\n",
     "going_out.must_ask needs going_out.ask_partner: with no asking, no one could ever go out"),
    ('base = "two_hand"\n[going_out]\nmust_ask = true\n',
     "going_out.must_ask with players.count = 2 in players.sides = 2: no player has a partner "
     "to ask"),
    ("[red_threes]\npositive_needs_canastas = 12\n",
     "red_threes.positive_needs_canastas = 12 is more canastas than a side can ever make (at "
     "most 11): red 3s could never count for a side"),
    (ONE_DECK + "[canastas]\nseven_canastas_bonus = 5000\n",
     "canastas.seven_canastas_bonus = 5000 can never be paid: a side can make at most 2 "
     "canastas"),
    (ONE_DECK + "[initial_meld]\ncanasta_tiers = [[3000, 2]]\n",
     "initial_meld.canasta_tiers asks for a natural canasta from 3000, but none can be made: "
     "melds.canasta_size = 7 is more than the 4 natural cards of a rank"),
    ('base = "cuban"\n[deck]\ndecks = 3\njokers = 6\n[melds]\ncanasta_size = 5\n'
     "max_size = 5\nblack_three_sets = [6]\n",
     "melds.black_three_sets = [6]: a meld holds at most melds.max_size = 5 cards"),
])
def test_rules_no_game_can_be_played_under_are_refused_with_the_reason(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        loads(text)
    path = tmp_path / "ours.toml"
    path.write_text(text)
    assert main(["rules", "check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and message in err


def test_additions_free_of_the_wild_limits_may_grow_a_canasta_past_max_wilds() -> None:
    """House: the limits bind only the three cards laid, so 12 naturals of a rank and the
    pack's 18 wild cards reach a canasta of 16 (3 wilds at most could not)."""
    assert loads('base = "house"\n[melds]\ncanasta_size = 16\n').melds.canasta_size == 16
    with pytest.raises(RulesError, match="melds.canasta_size = 16 can never be reached"):
        loads('base = "house"\n[melds]\ncanasta_size = 16\nwild_limit_at_laydown_only = false\n')


def test_a_file_with_no_name_is_named_after_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ours = tmp_path / "ours.toml"
    ours.write_text('base = "two_hand"\n[game]\ntarget = 3000\n')
    assert load(ours).name == "ours"
    assert main(["rules", "check", str(ours)]) == 0
    assert capsys.readouterr().out == "ok: ours\n"
    (tmp_path / "on_top.toml").write_text('base = "ours.toml"\n[deal]\nhand_size = 13\n')
    assert load(tmp_path / "on_top.toml").name == "on_top"
    (tmp_path / "named.toml").write_text('base = "ours.toml"\nname = "our_table"\n')
    assert load(tmp_path / "named.toml").name == "our_table"
    assert loads('base = "two_hand"\n').name == "two_hand"  # no file: the base's name


def test_a_rule_set_has_the_title_players_call_it(tmp_path: Path) -> None:
    """The faces show a title ("Hand and Foot"), not the name a command takes
    ("hand_and_foot"); a file that names itself and gives no title is called by its name, not
    by its base's title."""
    titles = {name: load(name).title for name in preset_names()}
    assert titles["hand_and_foot"] == "Hand and Foot" and titles["classic"] == "Classic Canasta"
    assert all(title and title != name for name, title in titles.items())
    assert len(set(titles.values())) == len(titles)
    ours = tmp_path / "ours.toml"
    ours.write_text('base = "hand_and_foot"\n[game]\ntarget = 3000\n')
    assert load(ours).title == "ours"
    assert loads('base = "hand_and_foot"\nname = "x"\ntitle = "Our Feet"\n').title == "Our Feet"
    assert loads('base = "hand_and_foot"\n').title == "Hand and Foot"  # the base's, named so
    with pytest.raises(RulesError, match="title = 3: expected a string"):
        loads('title = 3\n')


def test_a_preset_stored_before_titles_is_called_by_its_title() -> None:
    """Tables, records and score-pad games stored before rule sets had titles hold the
    preset's rules with its name and no title: they are shown with the preset's title. The
    same name over other rules (a house change) keeps its name."""
    for name in preset_names():
        old = load(name).to_dict()
        del old["title"]
        old["description"] = "As it was described then."
        assert from_dict(old) == load(name)
    changed = load("classic").to_dict()
    del changed["title"]
    changed["game"]["target"] = 3000
    assert from_dict(changed).title == "classic"


@pytest.mark.parametrize("preset", ["classic", "samba", "hand_and_foot", "modern_american"])
def test_every_settable_option_is_set_back_to_its_value_and_bounded(preset: str) -> None:
    """``settable`` lists each option but the engine's caps with the preset's value, lists
    too: set to that value on the preset, the rule set is the same; one past its range is
    refused; a list's items are of its kind (numbers in range, kinds among its choices, rows
    as wide as its columns)."""
    rules = load(preset)
    listed = settable(rules)
    assert len(listed) == len({(o["section"], o["name"]) for o in listed}) > 80
    kinds = {f"{o['section']}.{o['name']}": o["kind"] for o in listed}
    assert (kinds["initial_meld.tiers"], kinds["red_threes.values"],
            kinds["melds.special_ranks"], kinds["canastas.count_bonuses"]) == \
        ("rows", "numbers", "kinds", "rows")
    for option in listed:
        section, name, value = option["section"], option["name"], option["value"]
        assert from_dict({section: {name: value}}, base=rules) == rules
        if option["kind"] == "numbers":
            assert all(option["min"] <= v <= option["max"] for v in value)
        if option["kind"] == "kinds":
            assert set(value) <= set(option["choices"])
        if option["kind"] == "rows":
            assert all(len(row) == len(option["columns"]) for row in value), option
        if option["kind"] == "int" and option["max"] < loading.MAGNITUDE:
            with pytest.raises(RulesError, match=name):
                from_dict({section: {name: option["max"] + 1}}, base=rules)
        if option["kind"] == "choice":
            assert value in option["choices"]
            with pytest.raises(RulesError, match=name):
                from_dict({section: {name: "nonesuch"}}, base=rules)
