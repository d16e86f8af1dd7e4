"""Loading rule sets from TOML: presets shipped in the package and users' own files.

A rules file may name a ``base`` (a preset or another file, relative to it) and override
only what differs. Every key is checked against the declarations in ``ruleset.py``: an unknown
key, a wrong type, a value out of range or an impossible combination raises ``RulesError``
naming the key, the value and what was expected. Nothing is half-loaded.
"""

from __future__ import annotations

import tomllib
from dataclasses import fields, replace
from importlib import resources
from pathlib import Path
from typing import Any, get_type_hints

import tomli_w

from canasta.cards import kind_counts, parse_kind
from canasta.errors import CardError, RulesError
from canasta.rules.ruleset import SECTIONS, RuleSet

_TOP_KEYS = {"name", "description", "base", "unstated"}


def preset_names() -> list[str]:
    """The names of the presets shipped with the package, sorted."""
    folder = resources.files("canasta.rules") / "presets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def load(name_or_path: str | Path) -> RuleSet:
    """Load a preset by name (``"classic"``) or a rules file by path."""
    text, origin, folder = _read(name_or_path)
    return _from_text(text, origin, folder, seen=())


def loads(text: str, origin: str = "<string>") -> RuleSet:
    """Load a rule set from TOML text (a ``base`` is looked up among the presets)."""
    return _from_text(text, origin, None, seen=())


def from_dict(data: dict[str, Any], base: RuleSet | None = None, origin: str = "<dict>") -> RuleSet:
    """Build a rule set from plain data over ``base`` (classic when omitted), validating it."""
    rules = base if base is not None else RuleSet()
    unknown = set(data) - _TOP_KEYS - {name for name, _ in SECTIONS}
    if unknown:
        key = sorted(unknown)[0]
        known = ", ".join(sorted(_TOP_KEYS | {n for n, _ in SECTIONS}))
        raise RulesError(f"{origin}: unknown key {key!r}; expected one of: {known}")
    changes: dict[str, Any] = {}
    for top in ("name", "description"):
        if top in data:
            if not isinstance(data[top], str):
                raise RulesError(f"{origin}: {top} = {data[top]!r}: expected a string")
            changes[top] = data[top]
    for section, cls in SECTIONS:
        if section not in data:
            continue
        table = data[section]
        if not isinstance(table, dict):
            raise RulesError(f"{origin}: [{section}] must be a table, got {table!r}")
        changes[section] = _section(getattr(rules, section), cls, section, table, origin)
    if "unstated" in data:
        changes["unstated"] = _unstated(data["unstated"], origin)
    result = replace(rules, **changes)
    check(result, origin)
    return result


def dumps(rules: RuleSet) -> str:
    """The rule set as a complete TOML file (every option, so it reads on its own)."""
    return tomli_w.dumps(rules.to_dict())


def annotated(rules: RuleSet) -> str:
    """``dumps`` with each option the preset's source leaves blank marked by a comment."""
    notes = dict(rules.unstated)
    out, section = [], ""
    for line in dumps(rules).splitlines():
        if line.startswith("["):
            section = line.strip("[]")
        key = line.split(" = ")[0].strip()
        if section != "unstated" and f"{section}.{key}" in notes and " = " in line:
            line += f"  # not in the source: {notes[f'{section}.{key}']}"
        out.append(line)
    return "\n".join(out) + "\n"


def _unstated(table: object, origin: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(table, dict):
        raise RulesError(f"{origin}: [unstated] must be a table of option = \"where from\"")
    known = {f"{name}.{f.name}" for name, cls in SECTIONS for f in fields(cls)}
    for key, value in table.items():
        if key not in known:
            raise RulesError(f"{origin}: [unstated] names {key!r}, which is not an option")
        if not isinstance(value, str):
            raise RulesError(f"{origin}: [unstated] {key} = {value!r}: expected a string")
    return tuple(sorted(table.items()))


def diff(a: RuleSet, b: RuleSet) -> list[tuple[str, Any, Any]]:
    """The options whose values differ, as ``(section.key, value in a, value in b)``."""
    da, db = a.to_dict(), b.to_dict()
    out = []
    for section, _ in SECTIONS:
        for key, value in da[section].items():
            if db[section][key] != value:
                out.append((f"{section}.{key}", value, db[section][key]))
    return out


def check(rules: RuleSet, origin: str = "<rules>") -> None:
    """Refuse combinations of options that cannot be played, naming the keys involved."""

    def fail(message: str) -> None:
        raise RulesError(f"{origin}: {message}")

    players, sides = rules.players.count, rules.players.sides
    if players % sides:
        fail(f"players.count = {players} cannot be split into players.sides = {sides} equal sides")
    pack = sum(kind_counts(rules.deck.decks, rules.deck.jokers))
    dealt = players * rules.deal.hand_size
    if dealt + 1 > pack:
        fail(
            f"deal.hand_size = {rules.deal.hand_size} for {players} players deals {dealt} cards, "
            f"but the pack holds {pack} and one more is needed for the upcard"
        )
    if rules.melds.min_naturals + rules.melds.max_wilds < 3:
        fail("melds.min_naturals + melds.max_wilds must allow a meld of three cards")
    if rules.melds.canasta_size > rules.deck.decks * 4 + rules.melds.max_wilds:
        fail(
            f"melds.canasta_size = {rules.melds.canasta_size} can never be reached with "
            f"{rules.deck.decks} decks and melds.max_wilds = {rules.melds.max_wilds}"
        )
    thresholds = [t for t, _ in rules.initial_meld.tiers]
    if thresholds != sorted(thresholds) or len(set(thresholds)) != len(thresholds):
        fail(f"initial_meld.tiers = {list(rules.initial_meld.tiers)}: scores must rise strictly")
    if thresholds and thresholds[0] < 0:
        fail("initial_meld.tiers: scores must be 0 or more (below zero is initial_meld.below_zero)")
    if rules.going_out.canastas == 0 and rules.going_out.concealed_exemption:
        fail("going_out.concealed_exemption needs going_out.canastas of at least 1")
    go = rules.going_out
    if go.natural_canastas + go.mixed_canastas > go.canastas:
        fail(f"going_out.natural_canastas + going_out.mixed_canastas = "
             f"{go.natural_canastas + go.mixed_canastas} exceed going_out.canastas = "
             f"{go.canastas}")
    dealt = players * (rules.deal.hand_size + rules.deal.foot_size)
    if rules.deal.foot_size and dealt + 1 > pack:
        fail(f"deal.hand_size + deal.foot_size deal {dealt} cards, but the pack holds {pack}")
    if not rules.game.target and not rules.game.deals:
        fail("game.target = 0 needs game.deals: the game must end somehow")
    values = rules.red_threes.values
    if values and values[0] != 0:
        fail(f"red_threes.values = {list(values)}: the first entry (no red 3) must be 0")
    for _, need in rules.initial_meld.canasta_tiers:
        if need not in (0, 1, 2):
            fail(f"initial_meld.canasta_tiers: {need} is not 0 (none), 1 (any) or 2 (natural)")
    if rules.melds.max_size and rules.melds.max_size < rules.melds.canasta_size:
        fail(f"melds.max_size = {rules.melds.max_size} is below melds.canasta_size")
    wild_bonus = rules.canastas
    if not rules.melds.wild_melds and (wild_bonus.wild_bonus or wild_bonus.wild_twos_bonus or
                                       wild_bonus.wild_jokers_bonus or
                                       wild_bonus.unfinished_wild_penalty):
        fail("canastas.wild_* are set but melds.wild_melds is off: no wild canasta can be made")
    if rules.melds.sequences and rules.deal.foot_size:
        fail("melds.sequences with deal.foot_size is not supported: feet hold no suits yet")
    if go.sambas and not rules.melds.sequences:
        fail("going_out.sambas needs melds.sequences: without sequences there is no samba")
    black_threes = kind_counts(rules.deck.decks, rules.deck.jokers)[3]
    if any(n > black_threes for n in rules.melds.black_three_sets):
        fail(f"melds.black_three_sets = {list(rules.melds.black_three_sets)}: the pack holds "
             f"only {black_threes} black 3s")


def _read(name_or_path: str | Path) -> tuple[str, str, Path | None]:
    path = Path(name_or_path)
    if isinstance(name_or_path, str) and "/" not in name_or_path and not name_or_path.endswith(
        ".toml"
    ):
        if name_or_path not in preset_names():
            raise RulesError(
                f"no preset named {name_or_path!r}; presets: {', '.join(preset_names())}"
            )
        ref = resources.files("canasta.rules") / "presets" / f"{name_or_path}.toml"
        return ref.read_text(encoding="utf-8"), f"preset {name_or_path}", None
    try:
        return path.read_text(encoding="utf-8"), str(path), path.parent
    except OSError as exc:
        raise RulesError(f"cannot read rules file {str(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RulesError(f"{path}: not a UTF-8 text file") from None


def _from_text(text: str, origin: str, folder: Path | None, seen: tuple[str, ...]) -> RuleSet:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{origin}: not valid TOML: {exc}") from None
    base = RuleSet()
    if "base" in data:
        ref = data["base"]
        if not isinstance(ref, str):
            raise RulesError(f"{origin}: base = {ref!r}: expected a preset name or a file path")
        if ref in seen:
            raise RulesError(f"{origin}: base = {ref!r} refers back to itself")
        is_file = "/" in ref or ref.endswith(".toml")
        target: str | Path = (folder / ref) if (is_file and folder is not None) else ref
        base_text, base_origin, base_folder = _read(target)
        base = _from_text(base_text, base_origin, base_folder, (*seen, ref))
    return from_dict(data, base, origin)


def _section(current: Any, cls: type, section: str, table: dict[str, Any], origin: str) -> Any:
    hints = get_type_hints(cls)
    decl = {f.name: f for f in fields(cls)}
    changes = {}
    for key, value in table.items():
        if key not in decl:
            raise RulesError(
                f"{origin}: unknown key {section}.{key}; [{section}] has: {', '.join(decl)}"
            )
        changes[key] = _convert(f"{section}.{key}", value, hints[key], decl[key].metadata, origin)
    return replace(current, **changes)


def _convert(key: str, value: Any, hint: Any, meta: Any, origin: str) -> Any:
    """Check one value against its declared type and bounds; return it in the declared type."""

    def fail(expected: str) -> RulesError:
        return RulesError(f"{origin}: {key} = {value!r}: expected {expected}")

    def bounded(v: Any) -> Any:
        if "min" in meta and v < meta["min"]:
            raise fail(f"a whole number of at least {meta['min']}")
        if "max" in meta and v > meta["max"]:
            raise fail(f"a whole number from {meta.get('min', 0)} to {meta['max']}")
        return v

    if hint is bool:
        if not isinstance(value, bool):
            raise fail("true or false")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise fail("a whole number")
        return bounded(value)
    if hint is str:
        if not isinstance(value, str):
            raise fail("a string")
        if "choices" in meta and value not in meta["choices"]:
            raise fail("one of " + ", ".join(repr(c) for c in meta["choices"]))
        return value
    if hint == tuple[int, ...]:
        if not isinstance(value, list) or any(
            isinstance(v, bool) or not isinstance(v, int) for v in value
        ):
            raise fail("a list of whole numbers")
        return tuple(bounded(v) for v in value)
    if hint == tuple[str, ...]:
        if not isinstance(value, list) or any(not isinstance(v, str) for v in value):
            raise fail("a list of card kinds like \"JK\", \"2\", \"R3\"")
        for v in value:
            try:
                parse_kind(v)
            except CardError:
                raise fail(f"card kinds; {v!r} is not one") from None
            if "choices" in meta and v not in meta["choices"]:
                raise fail("kinds among " + ", ".join(meta["choices"]))
        return tuple(value)
    if hint == tuple[tuple[int, int], ...]:
        ok = isinstance(value, list) and all(
            isinstance(p, list) and len(p) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in p)
            for p in value
        )
        if not ok:
            raise fail("a list of [score, minimum] pairs of whole numbers")
        return tuple((p[0], p[1]) for p in value)
    raise AssertionError(f"option {key} has an unsupported type {hint!r}")  # a declaration bug
