"""Loading rule sets from TOML: presets shipped in the package and users' own files.

A rules file may name a ``base`` (a preset or another file, relative to it) and override
only what differs; a file that gives no ``name`` is named after itself (``ours.toml`` is
``ours``), not after its base. Every key is checked against the declarations in
``sections.py``: an unknown key, a wrong type, a value out of range or an impossible
combination (``checks.py``) raises ``RulesError`` naming the key, the value and what was
expected. Nothing is half-loaded.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import fields, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple, get_type_hints

import tomli_w

from canasta.cards import parse_kind
from canasta.errors import CardError, RulesError
from canasta.rules.checks import first_problem
from canasta.rules.ruleset import SECTIONS, RuleSet

_TOP_KEYS = {"name", "title", "description", "base", "unstated"}
#: The largest size of any whole number of a rules file, where its option gives no range of
#: its own (issue 26): scores, bonuses, minimums and targets stay far below it.
MAGNITUDE = 100_000


class _Source(NamedTuple):
    """The text of a rule set, where it came from, and what to call it if it says not."""

    text: str
    origin: str  # for messages: "preset classic", the file's path, "<string>"
    folder: Path | None  # where a file base is looked up; None: among the presets
    name: str | None  # a file's stem, the name of a file that gives none


def preset_names() -> list[str]:
    """The names of the presets shipped with the package, sorted."""
    folder = resources.files("canasta.rules") / "presets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


def load(name_or_path: str | Path) -> RuleSet:
    """Load a preset by name (``"classic"``) or a rules file by path.

    A preset is read once per process: rule sets are immutable, so every ``load("classic")``
    returns the same value. A file is read again on every call (it may have changed).
    """
    if _is_preset_name(name_or_path):
        return _preset(str(name_or_path))
    return _from_text(_read(name_or_path), seen=())


def loads(text: str, origin: str = "<string>") -> RuleSet:
    """Load a rule set from TOML text (a ``base`` is looked up among the presets)."""
    return _from_text(_Source(text, origin, None, None), seen=())


def from_dict(data: dict[str, Any], base: RuleSet | None = None, origin: str = "<dict>") -> RuleSet:
    """Build a rule set from plain data over ``base`` (classic when omitted), validating it."""
    rules = base if base is not None else RuleSet()
    unknown = set(data) - _TOP_KEYS - {name for name, _ in SECTIONS}
    if unknown:
        key = sorted(unknown)[0]
        known = ", ".join(sorted(_TOP_KEYS | {n for n, _ in SECTIONS}))
        raise RulesError(f"{origin}: unknown key {key!r}; expected one of: {known}")
    changes: dict[str, Any] = {}
    for top in ("name", "title", "description"):
        if top in data:
            if not isinstance(data[top], str):
                raise RulesError(f"{origin}: {top} = {data[top]!r}: expected a string")
            changes[top] = data[top]
    if "name" in changes and "title" not in changes:
        changes["title"] = changes["name"]  # not the base's title under another name
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
    if "name" in data and "title" not in data:
        result = _preset_title(result)
    return result


def _preset_title(rules: RuleSet) -> RuleSet:
    """A preset's rules stored before rule sets had titles (a table, record or score-pad game
    of 2026-12-06 or older: the preset's name, no title, the description of then) are the
    preset, with its title and description. Any other rule set without a title keeps its
    name as its title."""
    if rules.name not in preset_names():
        return rules
    preset = _preset(rules.name)
    same = replace(rules, title=preset.title, description=preset.description) == preset
    return preset if same else rules


def dumps(rules: RuleSet) -> str:
    """The rule set as a complete TOML file (every option, so it reads on its own)."""
    return tomli_w.dumps(rules.to_dict())


#: The first line of ``annotated`` for a rule set with notes: where the texts they cite are.
NOTES_HEADER = ("# 'not in the source': a blank of the rule texts; sources cited: "
                "docs/rules.md, Presets, Sources")


def annotated(rules: RuleSet) -> str:
    """``dumps`` with each option the preset's source leaves blank marked by a comment, under
    a first line saying where the sources the notes cite are described."""
    notes = dict(rules.unstated)
    out, section = [NOTES_HEADER] if notes else [], ""
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


#: The kinds a form offers for each type of option (``settable``).
_FORM_KINDS: dict[object, str] = {
    bool: "bool", int: "int", str: "choice", tuple[int, ...]: "numbers",
    tuple[str, ...]: "kinds", tuple[tuple[int, int], ...]: "rows",
    tuple[tuple[int, int, int], ...]: "rows"}


def settable(rules: RuleSet) -> list[dict[str, Any]]:
    """The options a household may set, as plain data for a form: ``section``, ``name``,
    ``doc``, ``kind`` and ``value`` in ``rules``. Kinds: ``int`` (with ``min``/``max``, the
    range a rules file is held to: the option's own, else ``MAGNITUDE``), ``bool``,
    ``choice`` (with ``choices``), and the lists: ``numbers`` (whole numbers, with
    ``min``/``max`` for each), ``kinds`` (card kinds, with the ``choices`` allowed) and
    ``rows`` (rows of whole numbers, with the ``columns``' names). The engine's caps
    (``[limits]``) are left out."""
    values = rules.to_dict()
    out = []
    for section, cls in SECTIONS:
        if section == "limits":
            continue
        hints = _hints(cls)
        for option in fields(cls):
            meta = option.metadata
            kind = _FORM_KINDS[hints[option.name]]
            item = {"section": section, "name": option.name, "doc": meta["doc"], "kind": kind,
                    "value": values[section][option.name]}
            if kind in ("int", "numbers"):
                item |= {"min": meta.get("min", -MAGNITUDE), "max": meta.get("max", MAGNITUDE)}
            if kind in ("choice", "kinds"):
                item["choices"] = list(meta["choices"])
            if kind == "rows":
                item["columns"] = list(meta["columns"])
            out.append(item)
    return out


def changed(rules: RuleSet, settings: Sequence[str]) -> RuleSet:
    """``rules`` with a household's changes, each ``SECTION.OPTION=VALUE`` (the value as in a
    rules file: ``13``, ``true``, ``[2, 3]``, ``"take"``, or a bare word for a word:
    ``take``), checked as a rules file on ``rules`` is. The result is named as the create
    forms name such a set: ``classic-house``, "Classic Canasta (house rules)". ``rules``
    itself when there are no changes; ``RulesError`` names a malformed setting or the first
    value refused."""
    if not settings:
        return rules
    data: dict[str, Any] = {"name": f"{rules.name.removesuffix('-house')}-house",
                            "title": rules.title if rules.title.endswith(" (house rules)")
                            else f"{rules.title} (house rules)",
                            "description": rules.description}
    for setting in settings:
        key, equals, text = setting.partition("=")
        section, dot, option = key.strip().partition(".")
        if not equals or not dot or not option:
            raise RulesError(f"--set {setting!r}: expected SECTION.OPTION=VALUE, e.g. "
                             "deal.hand_size=13")
        try:
            value = tomllib.loads(f"v = {text.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            value = text.strip()  # a bare word
        if section not in dict(SECTIONS):
            raise RulesError(f"--set {setting!r}: no section {section!r}; the sections: "
                             + ", ".join(name for name, _ in SECTIONS))
        data.setdefault(section, {})[option] = value
    return from_dict(data, rules, origin="--set")


def check(rules: RuleSet, origin: str = "<rules>") -> None:
    """Refuse a rule set no game can be played under, naming the keys involved (the checks of
    ``canasta.rules.checks``, in their order; the first reason found is raised)."""
    reason = first_problem(rules)
    if reason is not None:
        raise RulesError(f"{origin}: {reason}")


def _is_preset_name(name_or_path: str | Path) -> bool:
    """A string with no ``/`` that does not end in ``.toml`` names a preset, not a file."""
    return (isinstance(name_or_path, str) and "/" not in name_or_path
            and not name_or_path.endswith(".toml"))


@cache
def _preset(name: str) -> RuleSet:
    """The preset ``name``, loaded once (``RulesError`` for an unknown name is not kept)."""
    return _from_text(_read(name), seen=(name,))


def _read(name_or_path: str | Path) -> _Source:
    path = Path(name_or_path)
    if _is_preset_name(name_or_path):
        if name_or_path not in preset_names():
            raise RulesError(
                f"no preset named {name_or_path!r}; presets: {', '.join(preset_names())}"
            )
        ref = resources.files("canasta.rules") / "presets" / f"{name_or_path}.toml"
        return _Source(ref.read_text(encoding="utf-8"), f"preset {name_or_path}", None, None)
    try:
        return _Source(path.read_text(encoding="utf-8"), str(path), path.parent, path.stem)
    except OSError as exc:
        raise RulesError(f"cannot read rules file {str(path)!r}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RulesError(f"{path}: not a UTF-8 text file") from None


def _from_text(source: _Source, seen: tuple[str, ...]) -> RuleSet:
    origin = source.origin
    try:
        data = tomllib.loads(source.text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesError(f"{origin}: not valid TOML: {exc}") from None
    if source.name is not None:
        data.setdefault("name", source.name)
    base = RuleSet()
    if "base" in data:
        ref = data["base"]
        if not isinstance(ref, str):
            raise RulesError(f"{origin}: base = {ref!r}: expected a preset name or a file path")
        if ref in seen:
            raise RulesError(f"{origin}: base = {ref!r} refers back to itself")
        if _is_preset_name(ref) and not seen:
            base = _preset(ref)  # read once, like any load of a preset
        elif _is_preset_name(ref):  # a chain of bases is followed, so a cycle is found
            base = _from_text(_read(ref), (*seen, ref))
        else:
            folder = source.folder
            target = (folder / ref) if folder is not None else Path(ref)
            base = _from_text(_read(target), (*seen, ref))
    return from_dict(data, base, origin)


@cache
def _hints(cls: type) -> dict[str, Any]:
    """The declared types of a section's options (read once: evaluating them is slow)."""
    return get_type_hints(cls)


def _section(current: Any, cls: type, section: str, table: dict[str, Any], origin: str) -> Any:
    hints = _hints(cls)
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
        return sane(v)

    def sane(v: int) -> int:
        if abs(v) > MAGNITUDE:
            raise fail(f"a whole number from {-MAGNITUDE:,} to {MAGNITUDE:,} (no Canasta "
                       f"score comes near that: a larger value is surely a slip)")
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
        return tuple((sane(p[0]), sane(p[1])) for p in value)
    if hint == tuple[tuple[int, int, int], ...]:  # issue 16: canastas.count_bonuses
        ok = isinstance(value, list) and all(
            isinstance(p, list) and len(p) == 3
            and all(isinstance(x, int) and not isinstance(x, bool) for x in p)
            for p in value
        )
        if not ok:
            raise fail("a list of [natural canastas, canastas, points] rows of whole numbers")
        return tuple((sane(p[0]), sane(p[1]), sane(p[2])) for p in value)
    raise AssertionError(f"option {key} has an unsupported type {hint!r}")  # a declaration bug
