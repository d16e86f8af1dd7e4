"""Game records: the round trip, and every way a corrupt or tampered record is refused."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from canasta import ALL_ACTIONS, Action, Game, RecordError
from canasta import record as rec
from canasta.sim import play_random

Record = dict[str, Any]


@pytest.fixture(scope="module")
def sample() -> Record:
    """A record of one finished classic game."""
    game = play_random("classic", 11, 100)
    assert game.is_terminal()
    return rec.record_of(game)


def reject(path: Path, text: str) -> str:
    """Write ``text`` to ``path``; read and verify it must fail and leave the file alone.

    Returns the error message with the path prefix (which ``read`` adds) taken off.
    """
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes(), path.stat().st_mtime_ns
    with pytest.raises(RecordError) as info:
        rec.verify(rec.read(path))
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    return str(info.value).removeprefix(f"{path}: ")


def tampered(sample: Record, change: Callable[[Record], object]) -> str:
    """The sample's JSON after ``change`` edited a deep copy of it."""
    data = json.loads(json.dumps(sample))
    change(data)
    return json.dumps(data)


# ---------------------------------------------------------------------- the round trip


@pytest.mark.parametrize("preset", ["classic", "two_hand", "three_hand"])
def test_write_read_verify_gives_the_same_game(preset: str, tmp_path: Path) -> None:
    for seed in range(30):
        game = play_random(preset, seed, 1 if seed % 5 else 100)
        path = tmp_path / f"{preset}-{seed}.json"
        rec.write(game, path)
        data = rec.read(path)
        again = rec.verify(data)
        assert again.digest() == game.digest() == data["digest"]
        assert again.history == game.history
        assert rec.record_of(again) == data


def test_a_record_holds_rules_seed_actions_result_and_digest(sample: Record) -> None:
    assert list(sample) == ["format", "version", "rules", "seed", "actions", "result", "digest",
                            "steps"]
    assert sample["format"] == "canasta-record" and sample["version"] == 4
    assert sample["rules"] == Game("classic").rules.to_dict()
    assert sample["seed"] == 11
    game = rec.replay(sample)
    assert sample["result"] == {"deals": len(game.results), "scores": game.scores,
                                "winner": game.winner, "terminal": True}
    assert sample["actions"][:3] == [str(Action.from_code(c)) for c in game.history[:3]]


def test_a_game_in_progress_has_a_record_too(tmp_path: Path) -> None:
    game = Game("two_hand", seed=4)
    game.apply("draw")
    rec.write(game, tmp_path / "g.json")
    data = rec.read(tmp_path / "g.json")
    assert data["actions"] == ["draw"]
    assert data["result"] == {"deals": 0, "scores": [0, 0], "winner": None, "terminal": False}
    assert rec.verify(data).digest() == game.digest()


def test_the_file_keeps_short_lists_on_a_line_and_long_ones_an_item_a_line(
    sample: Record,
) -> None:
    game = rec.replay(sample)
    text = rec.dumps(game)
    assert json.loads(text) == sample
    assert f'"scores": [{game.scores[0]}, {game.scores[1]}],' in text
    assert '"tiers": [[0, 50], [1500, 90], [3000, 120]],' in text
    assert '  "actions": [\n    "draw",\n' in text
    assert Game("classic").rules.description in text


def test_every_action_text_parses_back_to_its_action() -> None:
    assert all(Action.parse(str(action)) == action for action in ALL_ACTIONS)


def test_action_texts_are_read_as_the_engine_parses_them(sample: Record) -> None:
    """Texts are parsed by ``Action.parse``, so other spellings of an action replay too."""
    data = json.loads(json.dumps(sample))
    data["actions"] = [a.upper() for a in data["actions"]]
    assert rec.verify(data).digest() == sample["digest"]


# ---------------------------------------------------------------------- refusals


def test_truncated_json_is_refused(sample: Record, tmp_path: Path) -> None:
    text = json.dumps(sample)
    message = reject(tmp_path / "r.json", text[: len(text) // 2])
    assert message.startswith("not JSON: ")


def test_an_empty_file_is_refused(tmp_path: Path) -> None:
    assert reject(tmp_path / "r.json", "").startswith("not JSON: Expecting value")


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(b'{"format": "\xff"}')
    with pytest.raises(RecordError, match=r"r\.json: not a UTF-8 text file$"):
        rec.read(path)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "nope.json"
    with pytest.raises(RecordError) as info:
        rec.read(path)
    assert str(info.value) == f"cannot read record file {str(path)!r}: No such file or directory"


def test_a_changed_seed_is_refused(sample: Record, tmp_path: Path) -> None:
    """The game before its first action differs; without steps (version 2), the first action
    the new deal does not allow is named, with the engine's reason."""
    assert reject(tmp_path / "r.json", tampered(sample, lambda d: d.update(seed=12))).startswith(
        "the game before its first action differs from the recorded one (its rules or its "
        f"seed): step {Game('classic', 12).digest()[:8]}, the record says "
        f"{sample['steps'][0]}")
    text = tampered(old_record(sample), lambda d: d.update(seed=12))
    message = reject(tmp_path / "r.json", text)
    found = re.fullmatch(r"actions\[(\d+)\] = '(.*)' is illegal at that point: (.+)", message)
    assert found is not None, message
    index, action = int(found[1]), Action.parse(found[2])
    game = Game("classic", seed=12)
    for text_ in sample["actions"][:index]:
        game.apply(text_)
    assert found[3] == game.why_illegal(action)


def test_a_changed_seed_of_a_record_without_actions_fails_on_its_digest(tmp_path: Path) -> None:
    text = json.dumps(old_record(rec.record_of(Game("classic", seed=1))) | {"seed": 2})
    assert reject(tmp_path / "r.json", text).startswith("digest mismatch: the record says ")


def test_an_illegal_action_in_the_middle_is_refused_with_its_index_and_reason(
    sample: Record, tmp_path: Path
) -> None:
    index = sample["actions"].index("draw", 40)
    text = tampered(sample, lambda d: d["actions"].insert(index + 1, "draw"))
    assert reject(tmp_path / "r.json", text).startswith(
        f"action {index + 1} (draw) differs from the recorded game: ")
    text = tampered(old_record(sample), lambda d: d["actions"].insert(index + 1, "draw"))
    assert reject(tmp_path / "r.json", text) == (
        f"actions[{index + 1}] = 'draw' is illegal at that point: "
        "you have already drawn or taken the pile this turn"
    )


def test_a_discard_of_a_card_not_in_hand_is_refused(sample: Record, tmp_path: Path) -> None:
    game = Game("classic", seed=11)
    index = next(i for i, a in enumerate(sample["actions"]) if i > 30 and a.startswith("discard"))
    for action in sample["actions"][:index]:
        game.apply(action)
    missing = next(a for a in ALL_ACTIONS if str(a).startswith("discard")
                   and game.state.seats[game.current_player].hand[a.rank] == 0)
    text = tampered(old_record(sample), lambda d: d["actions"].__setitem__(index, str(missing)))
    assert reject(tmp_path / "r.json", text) == (
        f"actions[{index}] = '{missing}' is illegal at that point: {game.why_illegal(missing)}"
    )


def test_a_changed_last_action_is_named(tmp_path: Path) -> None:
    """A partner's "yes" turned into "no": still legal, but the state after it differs."""
    game = Game("classic", seed=3)
    while len(game.history) < 30:
        game.apply(game.legal_actions()[0])
    data = rec.record_of(game)
    assert data["actions"][-1] == "yes"
    data["actions"][-1] = "no"
    changed = rec.replay(data)
    assert reject(tmp_path / "r.json", json.dumps(data)) == (
        f"action 29 (no) differs from the recorded game: step "
        f"{rec.link(link_before(data, 29), Action.parse('no'))[:8]}, the record says "
        f"{data['steps'][30]} (an action was changed, added or dropped here)"
    )
    # a record without steps: the final digest finds it, as before (version 2's, which a deal
    # in progress keeps apart from version 4's)
    old = old_record(data) | {"digest": rec.digest_v3(game)}
    assert reject(tmp_path / "r.json", json.dumps(old)) == (
        f"digest mismatch: the record says {rec.digest_v3(game)[:16]}..., "
        f"the replay gives {rec.digest_v3(changed)[:16]}..."
    )


def link_before(data: Record, index: int) -> str:
    """The chain's link before ``actions[index]`` of a record."""
    chain = Game(rec.rules_of(data), data["seed"]).digest()
    for text in data["actions"][:index]:
        chain = rec.link(chain, Action.parse(text))
    return chain


def old_record(data: Record) -> Record:
    """``data`` as a version 2 record: the same without ``steps``, its digest the one version
    2 kept for the game its actions play (``digest_v3``: the position without what each seat
    discarded and passed on)."""
    return ({k: v for k, v in data.items() if k != "steps"}
            | {"version": 2, "digest": rec.digest_v3(rec.replay(data))})


def test_an_edited_action_is_named_though_the_game_ends_the_same(
        sample: Record, tmp_path: Path) -> None:
    """Issue 26: actions[3] edited from one discard to another is a different game that ends
    with the same final state (the discarded card is never scored), so the final digest
    alone says "verified"; the state after each move names action 3."""
    assert sample["actions"][3] == "discard 10"
    edited = tampered(sample, lambda d: d["actions"].__setitem__(3, "discard 8"))
    message = reject(tmp_path / "r.json", edited)
    assert message == (
        "action 3 (discard 8) differs from the recorded game: step "
        f"{rec.link(link_before(sample, 3), Action.parse('discard 8'))[:8]}, the record says "
        f"{sample['steps'][4]} (an action was changed, added or dropped here)")
    assert rec.verify(old_record(json.loads(edited))).digest() == sample["digest"]


def test_the_steps_are_a_chain_from_the_first_state_through_each_action(
        sample: Record) -> None:
    import hashlib

    chain = Game("classic", seed=11).digest()
    assert sample["steps"][0] == chain[:8]
    for action, step in zip(sample["actions"], sample["steps"][1:], strict=True):
        chain = hashlib.sha256(f"{chain} {Action.parse(action).code}".encode()).hexdigest()
        assert step == chain[:8]


def test_a_record_without_steps_still_verifies(sample: Record, tmp_path: Path) -> None:
    """Version 2 records (no ``steps``) verify by their result and final digest, as before."""
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old_record(sample)))
    assert rec.verify(rec.read(path)).digest() == sample["digest"]
    with pytest.raises(RecordError, match="record has unknown 'steps'"):
        rec.check(old_record(sample) | {"steps": sample["steps"]})


def test_replay_verify_names_the_first_move_that_differs(
        sample: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from canasta.cli.main import main

    path = tmp_path / "r.json"
    path.write_text(tampered(sample, lambda d: d["actions"].__setitem__(3, "discard 8")))
    before = path.read_bytes()
    assert main(["replay", str(path), "--verify"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(
        f"canasta: error: {path}: action 3 (discard 8) differs from the recorded game: ")
    assert path.read_bytes() == before
    path.write_text(json.dumps(sample))
    assert main(["replay", str(path), "--verify"]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == [
        f"checked: each of its {len(sample['actions'])} actions is the recorded one (its chain "
        "of steps)",
        f"verified: the replay gives the recorded result and digest {sample['digest'][:16]}..."]
    old = Path(__file__).parent / "data" / "records" / "classic-random.json"
    assert main(["replay", str(old), "--verify"]) == 0
    assert capsys.readouterr().out.splitlines()[-2] == (
        "checked: a version 1 record keeps no state per move, so its result and final state "
        "only")


def test_an_action_that_does_not_parse_is_refused(sample: Record, tmp_path: Path) -> None:
    text = tampered(sample, lambda d: d["actions"].__setitem__(7, "dance"))
    message = reject(tmp_path / "r.json", text)
    assert message.startswith("actions[7] = 'dance' does not parse: 'dance' is not an action")


def test_an_action_after_the_end_of_the_game_is_refused(sample: Record, tmp_path: Path) -> None:
    n = len(sample["actions"])
    text = tampered(sample, lambda d: d["actions"].append("draw"))
    assert reject(tmp_path / "r.json", text) == (
        f"actions[{n}] = 'draw' is illegal at that point: the game is over"
    )


def test_a_missing_action_is_refused_by_the_result(sample: Record, tmp_path: Path) -> None:
    text = tampered(sample, lambda d: d["actions"].pop())
    message = reject(tmp_path / "r.json", text)
    deals = sample["result"]["deals"]
    assert message.startswith(
        f"result mismatch: result.deals is {deals} but the replay gives {deals - 1}; "
    )
    assert message.endswith(
        f"result.winner is {sample['result']['winner']} but the replay gives null; "
        "result.terminal is true but the replay gives false"
    )


def test_a_missing_step_is_refused(sample: Record, tmp_path: Path) -> None:
    n = len(sample["actions"])
    assert reject(tmp_path / "r.json", tampered(sample, lambda d: d["steps"].pop())) == (
        f"steps has {n} entries, expected {n + 1}: one before the first action and one after "
        "each")


def test_a_changed_digest_is_refused(sample: Record, tmp_path: Path) -> None:
    text = tampered(sample, lambda d: d.update(digest="0" * 64))
    assert reject(tmp_path / "r.json", text) == (
        f"digest mismatch: the record says 0000000000000000..., "
        f"the replay gives {sample['digest'][:16]}..."
    )


def test_a_changed_score_is_refused(sample: Record, tmp_path: Path) -> None:
    scores = sample["result"]["scores"]
    text = tampered(sample, lambda d: d["result"].update(scores=[scores[0] + 10, scores[1]]))
    assert reject(tmp_path / "r.json", text) == (
        f"result mismatch: result.scores is [{scores[0] + 10}, {scores[1]}] "
        f"but the replay gives [{scores[0]}, {scores[1]}]"
    )


def test_a_changed_rule_is_refused(sample: Record, tmp_path: Path) -> None:
    text = tampered(sample, lambda d: d["rules"]["game"].update(target=100_000))
    assert reject(tmp_path / "r.json", text).startswith(
        "the game before its first action differs from the recorded one (its rules or its "
        "seed)")
    text = tampered(old_record(sample), lambda d: d["rules"]["game"].update(target=100_000))
    assert reject(tmp_path / "r.json", text) == (
        f"result mismatch: result.winner is {sample['result']['winner']} but the replay gives "
        "null; result.terminal is true but the replay gives false"
    )


TAMPERS: list[tuple[str, Callable[[Record], object], str]] = [
    ("unknown key", lambda d: d.update(comment="hi"),
     "record has unknown 'comment'; expected: format, version, rules, seed, actions, result, "
     "digest, steps"),
    ("missing key", lambda d: d.pop("seed"), "record is missing 'seed'"),
    ("unknown result key", lambda d: d["result"].update(margin=5),
     "result has unknown 'margin'; expected: deals, scores, winner, terminal"),
    ("missing result key", lambda d: d["result"].pop("winner"), "result is missing 'winner'"),
    ("wrong format", lambda d: d.update(format="pgn"),
     'format is "pgn", expected "canasta-record"'),
    ("newer version", lambda d: d.update(version=5),
     "version 5 is not supported (this reads 1, 2, 3 and 4)"),
    ("steps missing", lambda d: d.pop("steps"), "record is missing 'steps'"),

    ("a step not hex", lambda d: d["steps"].__setitem__(2, "XYZ"),
     'steps[2] is "XYZ", expected 8 lowercase hex digits'),
    ("steps as text", lambda d: d.update(steps="abc"), 'steps is "abc", expected a list'),
    ("huge seed", lambda d: d.update(seed=10**39),
     "seed is 1000000000000000000000000000000000000000, expected a whole number from "),
    ("version as text", lambda d: d.update(version="1"),
     'version is "1", expected a whole number'),
    ("seed as text", lambda d: d.update(seed="11"), 'seed is "11", expected a whole number'),
    ("seed as float", lambda d: d.update(seed=11.0), "seed is 11.0, expected a whole number"),
    ("seed as bool", lambda d: d.update(seed=True), "seed is true, expected a whole number"),
    ("actions as text", lambda d: d.update(actions="draw"),
     'actions is "draw", expected a list'),
    ("action as code", lambda d: d["actions"].__setitem__(5, 3),
     "actions[5] is 3, expected a string"),
    ("rules as list", lambda d: d.update(rules=[]), "rules is [], expected an object"),
    ("result as list", lambda d: d.update(result=[]), "result is [], expected an object"),
    ("short digest", lambda d: d.update(digest="abc"),
     'digest is "abc", expected 64 lowercase hex digits'),
    ("terminal as text", lambda d: d["result"].update(terminal="yes"),
     'result.terminal is "yes", expected true or false'),
    ("winner as text", lambda d: d["result"].update(winner="0"),
     'result.winner is "0", expected a side number or null'),
    ("negative deals", lambda d: d["result"].update(deals=-1),
     "result.deals is -1, expected a whole number of at least 0"),
    ("scores of text", lambda d: d["result"].update(scores=["1"]),
     'result.scores[0] is "1", expected a whole number'),
    ("unknown rule", lambda d: d["rules"].update(colour="red"),
     "bad rules: rules: unknown key 'colour'; expected one of: "),
    ("unknown option", lambda d: d["rules"]["pile"].update(sticky=True),
     "bad rules: rules: unknown key pile.sticky; [pile] has: "),
    ("option out of range", lambda d: d["rules"]["players"].update(count=9),
     "bad rules: rules: players.count = 9: expected a whole number from 2 to 6"),
    ("impossible rules", lambda d: d["rules"]["players"].update(count=3),
     "bad rules: rules: players.count = 3 cannot be split into players.sides = 2 equal sides"),
    ("rules with a base", lambda d: d["rules"].update(base="classic"),
     "bad rules: unexpected key 'base' (a record lists its options)"),
]


@pytest.mark.parametrize("change", [
    lambda d: d["rules"]["pile"].pop("take_top"),
    lambda d: d["rules"].pop("limits"),
], ids=["missing option", "missing section"])
def test_an_option_a_record_lacks_reads_its_default(
        sample: Record, change: Callable[[Record], object]) -> None:
    """An option added after a record was written must not invalidate it: the record reads
    the option's default, which plays as the engine did before the option existed."""
    data = json.loads(tampered(sample, change))
    game = rec.verify(rec.check(data))
    assert game.rules.pile.take_top == 0 and game.rules.limits.max_turns_per_hand == 2000


@pytest.mark.parametrize(("change", "expected"), [(c, e) for _, c, e in TAMPERS],
                         ids=[name for name, _, _ in TAMPERS])
def test_a_malformed_record_is_refused_by_read(
    sample: Record, tmp_path: Path, change: Callable[[Record], object], expected: str
) -> None:
    assert reject(tmp_path / "r.json", tampered(sample, change)).startswith(expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("[1, 2]", "a record is a JSON object, not a list"),
    ('"canasta"', "a record is a JSON object, not a string"),
    ('{"seed": 1, "seed": 2}', "duplicate key 'seed'"),
    ('{"seed": NaN}', "not JSON: NaN is not a JSON value"),
    ("[" * 100_000, "not a record: JSON nested too deeply"),
])
def test_json_that_is_not_a_record_is_refused(text: str, expected: str, tmp_path: Path) -> None:
    assert reject(tmp_path / "r.json", text) == expected


def test_a_number_too_long_to_read_is_refused(tmp_path: Path) -> None:
    assert reject(tmp_path / "r.json", '{"seed": ' + "9" * 5000 + "}") == (
        "not a record: Exceeds the limit (4300 digits) for integer string conversion: value has "
        "5000 digits; use sys.set_int_max_str_digits() to increase the limit")


def test_replay_checks_a_record_given_as_data(sample: Record) -> None:
    """Records built in memory go through the same checks as files."""
    with pytest.raises(RecordError) as info:
        rec.replay({k: v for k, v in sample.items() if k != "digest"})
    assert str(info.value) == "record is missing 'digest'"


def test_random_corruption_is_refused_or_harmless() -> None:
    """Characters changed, dropped or added anywhere: a ``RecordError``, or the same game.

    Harmless edits exist (whitespace, ``"discard Kc"`` for ``"discard K"``): the actions are
    read as the engine parses them. Anything else must be refused, never crash.
    """
    game = play_random("two_hand", 5, 1)
    text = rec.dumps(game)
    rng = random.Random(0)
    refused = 0
    for _ in range(300):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(chars))
            edit = rng.randrange(3)
            if edit == 0:
                chars[at] = rng.choice('0123456789abcdef{}[],:" xe-.')
            elif edit == 1:
                del chars[at]
            else:
                chars.insert(at, rng.choice('0123456789{}[],:" x'))
        try:
            again = rec.verify(rec.loads("".join(chars)))
        except RecordError:
            refused += 1
        else:
            assert again.digest() == game.digest() and again.history == game.history
    assert refused > 250


def test_a_version_3_record_of_a_deal_in_progress_verifies_by_its_own_digest() -> None:
    """A version 3 record (written before the position held what each seat discarded and
    passed on) of a game stopped in the middle of a deal: its digest is the position's
    without those fields, and a changed final state still fails it."""
    path = Path(__file__).parent / "data" / "classic-unfinished-v3.json"
    data = rec.read(path)
    game = rec.verify(data)
    assert data["version"] == 3 and len(game.history) == len(data["actions"]) == 90
    assert any(seat.discarded for seat in game.state.seats)
    assert game.digest() != data["digest"] == rec.digest_v3(game)
    data["actions"].pop()
    data.pop("steps")
    data["version"] = 2
    data["result"] = rec.result_of(rec.replay(data))
    with pytest.raises(RecordError, match="digest mismatch"):
        rec.verify(data)
