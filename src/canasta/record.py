"""Game records: a game as its rule set, its seed and its actions (docs/records.md).

A record is a JSON object (documented in ``docs/records.md``)::

    {
      "format": "canasta-record",
      "version": 4,
      "rules": {...every option, as RuleSet.to_dict() gives it...},
      "seed": 7,
      "actions": ["draw", "meld K K 2", "discard 7", ...],
      "result": {"deals": 3, "scores": [5120, 3020], "winner": 0, "terminal": true},
      "digest": "<Game.digest() of the final state>",
      "steps": ["3f2a9c01", "b81e44d0", "0c9d7e12", ...]
    }

``record_of`` and ``write`` make one from a game; ``read`` loads and checks one; ``replay``
rebuilds the game by applying every action through the engine (so an illegal action is caught
by the same rules core as in play); ``verify`` replays and compares, move by move, the record's
``steps``: a hash chain that starts at the digest of the game before its first action (its
rules and seed) and takes in each action, of which the record keeps 8 hex digits a link. The
first link that differs names the first action changed, added or dropped; then the result and
the final digest are compared, which find a game the engine now plays differently. Anything
wrong with a record raises ``RecordError`` saying what and where. Reading never writes.

Version 1 and 2 records carry no ``steps``: they verify by their result and final digest, as
they always did. Version 1 records (written before the engine's state was rebuilt) carry the
digest of that engine's flat state; ``digest_v1`` computes it from today's state. An option a
record does not list reads its default (which plays as the engine did before the option
existed).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from canasta.cards import NUM_KINDS, SUITS
from canasta.engine import position
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.position import SEEDS
from canasta.engine.state import WILD
from canasta.errors import ActionParseError, IllegalAction, RecordError, RulesError
from canasta.rules import RuleSet, from_dict

FORMAT = "canasta-record"
VERSION = 4
VERSIONS = (1, 2, 3, 4)  #: the versions ``read`` and ``verify`` accept
STEP = 8  #: hex digits of each link of the chain a record keeps (``steps``)

_KEYS = ("format", "version", "rules", "seed", "actions", "result", "digest", "steps")
_KEYS_BEFORE_3 = tuple(k for k in _KEYS if k != "steps")
_SINCE_4 = ("discarded", "passed")  #: the position's fields a version 4 digest added
_RESULT_KEYS = ("deals", "scores", "winner", "terminal")
_LINE = 72  # the widest list ``dumps`` keeps on one line
_DIGEST = re.compile(r"[0-9a-f]{64}")
_STEP = re.compile(rf"[0-9a-f]{{{STEP}}}")


def result_of(game: Game) -> dict[str, Any]:
    """The ``result`` part of a record: deals completed, scores, winning side, terminal."""
    return {
        "deals": len(game.results),
        "scores": list(game.scores),
        "winner": game.winner if game.is_terminal() else None,
        "terminal": game.is_terminal(),
    }


def record_of(game: Game) -> dict[str, Any]:
    """The record of ``game`` as it stands (finished or not), as plain JSON-ready data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "actions": [str(Action.from_code(code)) for code in game.history],
        "result": result_of(game),
        "digest": game.digest(),
        "steps": steps_of(game),
    }


def link(previous: str, action: Action) -> str:
    """The chain's next link: the SHA-256 of the previous link and the action's code."""
    return hashlib.sha256(f"{previous} {action.code}".encode()).hexdigest()


def steps_of(game: Game) -> list[str]:
    """The ``steps`` of a game's record: the first ``STEP`` hex digits of each link of its
    chain, which starts at the digest of the game before its first action (its rules and its
    seed) and takes in each action in turn. No replay: a hash per action."""
    chain = [Game(game.rules, game.seed).digest()]
    for code in game.history:
        chain.append(link(chain[-1], Action.from_code(code)))
    return [h[:STEP] for h in chain]


def dumps(game: Game) -> str:
    """The record of ``game`` as JSON text: two-space indent, a list that fits in a line on
    one line (scores, short action lists), else one item a line (so records diff well)."""
    return _json(record_of(game), 0) + "\n"


def write(game: Game, path: str | Path) -> None:
    """Write the record of ``game`` to ``path`` as UTF-8 JSON."""
    Path(path).write_text(dumps(game), encoding="utf-8")


def read(path: str | Path) -> dict[str, Any]:
    """Read and check a record file (its shape, types and rules; not its replay).

    Raises ``RecordError``, prefixed with the path, when the file cannot be read, is not JSON
    or is not a well-formed record. Use ``verify`` to replay it against its digest.
    """
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read record file {str(path)!r}: {exc.strerror}") from None
    try:
        return loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a UTF-8 text file") from None
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def loads(text: str) -> dict[str, Any]:
    """Parse record JSON text and check it (see ``check``)."""
    return check(parse(text))


def parse(text: str) -> object:
    """JSON text as data, strictly (no key twice, no NaN); ``RecordError`` says what is
    wrong with it."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc}") from None
    except RecordError:
        raise
    except ValueError as exc:  # a number of more digits than Python converts
        raise RecordError(f"not a record: {exc}") from None
    except RecursionError:
        raise RecordError("not a record: JSON nested too deeply") from None


#: The cards (kind, suit) a player picked for an action, by the action's index: kept beside a
#: record (a seating file, a table's events), they give each card laid the suit the player
#: saw (``presentation.SuitLedger.prefer``).
Picks = dict[int, tuple[tuple[int, str], ...]]


def picks_of(kept: object, actions: int) -> Picks:
    """Picks from their JSON form, ``[[action index, [[kind, suit], ...]], ...]``, for a game
    of ``actions`` actions; ``RecordError`` names the first entry that is not one."""
    picks: Picks = {}
    entries: list[Any] = kept if isinstance(kept, list) else [kept]
    for entry in entries:
        try:
            index, picked = entry
            cards = tuple((kind, suit) for kind, suit in picked)
        except (TypeError, ValueError):
            cards, index = (), None
        if not (type(index) is int and 0 <= index < actions and cards and all(
                type(kind) is int and 0 <= kind < NUM_KINDS and suit in SUITS
                for kind, suit in cards)):
            raise RecordError(f"its picks are [action index, [[kind, suit], ...]] pairs, for "
                              f"the game's {actions} actions; found {entry!r:.60}")
        picks[index] = cards
    return picks


def picks_json(picks: Picks) -> list[list[Any]]:
    """Picks in their JSON form (``picks_of`` reads it back)."""
    return [[index, [list(card) for card in picked]] for index, picked in sorted(picks.items())]


def check(data: object) -> dict[str, Any]:
    """Check that ``data`` is a well-formed record and return it; ``RecordError`` names the
    first fault (a missing or unknown key, a wrong type, bad rules)."""
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {_json_type(data)}")
    if "version" in data:  # first: it says which keys a record has (a missing one is named)
        _expect(data, "version", "a whole number", _int)
        if data["version"] not in VERSIONS:
            raise RecordError(f"version {data['version']} is not supported (this reads "
                              f"{', '.join(map(str, VERSIONS[:-1]))} and {VERSIONS[-1]})")
    _exact_keys(data, _KEYS if data.get("version", VERSION) >= 3 else _KEYS_BEFORE_3,
                "record")
    _expect(data, "format", json.dumps(FORMAT), lambda v: v == FORMAT)
    _expect(data, "rules", "an object", lambda v: isinstance(v, dict))
    _expect(data, "seed", f"a whole number from {SEEDS[0]} to {SEEDS[1]}",
            lambda v: _int(v) and SEEDS[0] <= v <= SEEDS[1])
    _expect_list(data, "actions", "a string", lambda v: isinstance(v, str))
    if "steps" in data:
        _expect_list(data, "steps", f"{STEP} lowercase hex digits",
                     lambda v: isinstance(v, str) and _STEP.fullmatch(v) is not None)
    _expect(data, "digest", "64 lowercase hex digits",
            lambda v: isinstance(v, str) and _DIGEST.fullmatch(v) is not None)
    _expect(data, "result", "an object", lambda v: isinstance(v, dict))
    result = data["result"]
    _exact_keys(result, _RESULT_KEYS, "result")
    _expect(result, "deals", "a whole number of at least 0", lambda v: _int(v) and v >= 0,
            "result.")
    _expect_list(result, "scores", "a whole number", _int, "result.")
    _expect(result, "winner", "a side number or null", lambda v: v is None or _int(v), "result.")
    _expect(result, "terminal", "true or false", lambda v: isinstance(v, bool), "result.")
    rules_of(data)
    return data


def rules_of(record: dict[str, Any]) -> RuleSet:
    """The record's rule set: every option it lists, over the classic defaults. ``write``
    lists them all; an option it lacks (one added after the record was written) reads its
    default, which plays as the engine did before the option existed."""
    data = record["rules"]
    if "base" in data:
        raise RecordError("bad rules: unexpected key 'base' (a record lists its options)")
    try:
        return from_dict(data, origin="rules")
    except RulesError as exc:
        raise RecordError(f"bad rules: {exc}") from None


def new_game(record: dict[str, Any]) -> Game:
    """The game of a checked record before any of its actions: its rules, its seed."""
    check(record)
    return Game(rules_of(record), record["seed"])


def apply_recorded(game: Game, index: int, text: str,
                   play: Callable[[Game, Action], None] = Game.apply) -> Action:
    """Apply ``actions[index]`` of a record to ``game`` (by ``play``, such as a ledger's that
    follows it); ``RecordError`` when it cannot be."""
    action = parse_recorded(index, text)
    try:
        play(game, action)
    except IllegalAction as exc:
        raise RecordError(f"actions[{index}] = {text!r} is illegal at that point: "
                          f"{exc.reason}") from None
    return action


def parse_recorded(index: int, text: str) -> Action:
    """``actions[index]`` of a record as an action; ``RecordError`` when it does not parse."""
    try:
        return Action.parse(text)
    except ActionParseError as exc:
        raise RecordError(f"actions[{index}] = {text!r} does not parse: {exc}") from None


def replay(record: dict[str, Any]) -> Game:
    """Rebuild the game of a record by applying each of its actions through the engine."""
    game = new_game(record)
    for index, text in enumerate(record["actions"]):
        apply_recorded(game, index, text)
    return game


def verify(record: dict[str, Any]) -> Game:
    """Replay a record and check, move by move, its chain against its ``steps`` (where the
    record has them: version 3), naming the first action that differs from the recorded game;
    then its result and final digest."""
    game = new_game(record)
    steps = record.get("steps")
    chain = game.digest()
    if steps and chain[:STEP] != steps[0]:
        raise RecordError(f"the game before its first action differs from the recorded one "
                          f"(its rules or its seed): step {chain[:STEP]}, the record says "
                          f"{steps[0]}")
    for index, text in enumerate(record["actions"]):
        action = parse_recorded(index, text)
        chain = link(chain, action)
        if steps is not None and index + 1 < len(steps) and chain[:STEP] != steps[index + 1]:
            raise RecordError(
                f"action {index} ({action}) differs from the recorded game: step "
                f"{chain[:STEP]}, the record says {steps[index + 1]} (an action was changed, "
                "added or dropped here)")
        apply_recorded(game, index, text)
    expected = result_of(game)
    wrong = [f"result.{key} is {json.dumps(record['result'][key])} "
             f"but the replay gives {json.dumps(expected[key])}"
             for key in _RESULT_KEYS if record["result"][key] != expected[key]]
    if wrong:
        raise RecordError("result mismatch: " + "; ".join(wrong))
    if steps is not None and len(steps) != len(record["actions"]) + 1:
        raise RecordError(f"steps has {len(steps)} entries, expected "
                          f"{len(record['actions']) + 1}: one before the first action and one "
                          "after each")
    version = record["version"]
    digest = (game.digest() if version >= 4 else digest_v3(game) if version >= 2
              else digest_v1(game, record["rules"]))
    if record["digest"] != digest:
        raise RecordError(
            f"digest mismatch: the record says {record['digest'][:16]}..., "
            f"the replay gives {digest[:16]}..."
        )
    return game


def digest_v3(game: Game) -> str:
    """The digest a version 2 or 3 record carries: the SHA-256 of the final position
    written without the fields version 4 added (``discarded``, ``passed``: what each seat
    discarded and passed on this deal), which a game cut off in the middle of a deal holds."""
    kept = [field for field in position.write(game.state, game.t).split(position.SEPARATOR)
            if field.partition(" ")[0] not in _SINCE_4]
    return hashlib.sha256(position.SEPARATOR.join(kept).encode()).hexdigest()


def digest_v1(game: Game, rules: dict[str, Any]) -> str:
    """The digest a version 1 record carries: a SHA-256 over the text (``repr``) of the
    engine's flat state of that time, its fields in their order, with the record's own
    ``rules`` object (docs/records.md, "Version 1")."""
    return hashlib.sha256(repr(_v1_fields(game, rules)).encode()).hexdigest()


def _v1_fields(game: Game, rules: dict[str, Any]) -> tuple[Any, ...]:
    """The state as version 1's engine kept it, field by field."""
    s = game.state
    m, table, turn = s.match, s.table, s.turn
    seats, sides = s.seats, s.sides

    def column(part: str) -> list[list[int]]:
        out = []
        for side in sides:
            row = [0] * NUM_KINDS
            for meld in side.melds:
                if meld is not None:
                    row[meld.rank] = {"nat": 0 if meld.rank == WILD else meld.naturals,
                                      "two": meld.twos, "jok": meld.jokers}[part]
            out.append(row)
        return out

    tentative = turn.opening
    return (
        rules, m.seed, game.history, m.scores, m.deal, m.dealer, m.winner, m.over,
        [p.hand for p in seats], [list(p.known) for p in seats], [p.red_threes for p in seats],
        column("nat"), column("two"), column("jok"), [side.opened for side in sides],
        [p.laid_before for p in seats], table.stock, table.pile, table.freezers, table.blocked,
        table.turns, turn.seat, int(turn.phase), turn.asker, int(turn.permission), turn.asked,
        turn.drew, turn.took, turn.retracts, turn.melded, list(turn.created),
        tentative is not None, turn.opening_points,
        # An opening that took the pile kept its waiting cards as a list, empty for a pile of
        # one card (version 1's engine; today no cards waiting is None).
        list(tentative.pending or ()) if tentative is not None and turn.took else None,
        [side.yes_failures for side in sides], [list(p.foot) for p in seats],
        [p.foot_size for p in seats], [side.black_threes_removed for side in sides],
        [side.opening_canasta for side in sides], table.cut_side, int(turn.acaba),
        None if seats[0].cards is None else [p.cards for p in seats],
        [side.runs for side in sides],
        # version 1 kept a samba as (suit, low): every one was seven long
        [[(suit, low) for suit, low, _ in side.sambas] for side in sides],
        [(r.deal, str(r.ended_by), r.went_out, r.totals, [x.total for x in r.sides])
         for r in m.results],
    )


def _json(value: object, depth: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict) and value:
        inner = "  " * (depth + 1)
        items = [f"{inner}{json.dumps(k)}: {_json(v, depth + 1)}" for k, v in value.items()]
    elif isinstance(value, list) and len(flat) > _LINE:
        inner = "  " * (depth + 1)
        items = [f"{inner}{_json(v, depth + 1)}" for v in value]
    else:
        return flat
    brackets = "{}" if isinstance(value, dict) else "[]"
    return brackets[0] + "\n" + ",\n".join(items) + "\n" + "  " * depth + brackets[1]


def _exact_keys(data: dict[str, Any], keys: tuple[str, ...], what: str) -> None:
    missing = [k for k in keys if k not in data]
    if missing:
        raise RecordError(f"{what} is missing {', '.join(map(repr, missing))}")
    extra = sorted(k for k in data if k not in keys)
    if extra:
        raise RecordError(
            f"{what} has unknown {', '.join(map(repr, extra))}; expected: {', '.join(keys)}"
        )


def _expect(data: dict[str, Any], key: str, expected: str, ok: Callable[[Any], bool],
            prefix: str = "") -> None:
    value = data[key]
    if not ok(value):
        raise RecordError(f"{prefix}{key} is {_show(value)}, expected {expected}")


def _expect_list(data: dict[str, Any], key: str, expected: str, ok: Callable[[Any], bool],
                 prefix: str = "") -> None:
    _expect(data, key, "a list", lambda v: isinstance(v, list), prefix)
    for index, item in enumerate(data[key]):
        if not ok(item):
            raise RecordError(f"{prefix}{key}[{index}] is {_show(item)}, expected {expected}")


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def _show(value: object) -> str:
    text = json.dumps(value, default=repr)  # repr: a record built in memory may hold anything
    return text if len(text) <= 40 else f"{_json_type(value)} {text[:37]}..."


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"duplicate key {key!r}")
        out[key] = value
    return out


def _no_constant(name: str) -> None:
    raise RecordError(f"not JSON: {name} is not a JSON value")
