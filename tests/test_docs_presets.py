"""docs/rules.md presents every preset as a table of its options against classic: the tables say
exactly what ``canasta.rules.diff`` says, so the docs cannot drift from the preset files."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from canasta.rules import diff, load, preset_names
from canasta.rules.ruleset import SECTIONS

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "docs" / "rules.md").read_text()
ROW = re.compile(r"^\| `([a-z_]+\.[a-z_]+)` \| `(.*?)` \| `(.*?)` \| (.+) \|$")


def presets_section() -> str:
    start = TEXT.index("\n## Presets\n")
    end = TEXT.index("\n## ", start + 1)
    return TEXT[start:end]


def section_of(name: str) -> str:
    parts = presets_section().split("\n### ")
    found = [p for p in parts if p.startswith(f"`{name}`\n")]
    assert len(found) == 1, f"docs/rules.md has no section ### `{name}` under ## Presets"
    return found[0]


def rows_of(name: str) -> list[tuple[str, Any, Any]]:
    out = []
    for line in section_of(name).splitlines():
        match = ROW.match(line)
        if match:
            key, a, b, _ = match.groups()
            out.append((key, json.loads(a), json.loads(b)))
    return out


@pytest.mark.parametrize("name", [n for n in preset_names() if n != "classic"])
def test_the_preset_table_is_what_diff_gives(name: str) -> None:
    expected = diff(load("classic"), load(name))
    assert rows_of(name) == [(key, a, b) for key, a, b in expected]
    if not expected:
        assert "No option differs from classic." in section_of(name)
    else:
        assert f"| option | classic | {name} | source |" in section_of(name)


@pytest.mark.parametrize("name", [n for n in preset_names() if n != "classic"])
def test_every_value_a_preset_leaves_unstated_is_named_in_its_section(name: str) -> None:
    text = section_of(name)
    for key, _ in load(name).unstated:
        assert f"`{key}`" in text, f"{name}: {key} is unstated but not named in its section"


def test_every_option_named_in_docs_rules_md_exists() -> None:
    """No stale names: every `section.key` in backticks names a declared option."""
    sections = {name for name, _ in SECTIONS}
    known = {f"{name}.{f.name}" for name, cls in SECTIONS for f in fields(cls)}
    named = {m.group(1) for m in re.finditer(r"`([a-z_]+\.[a-z_]+)", TEXT)
             if m.group(1).split(".")[0] in sections}
    assert named - known == set()


def test_every_source_cited_is_described_under_sources() -> None:
    """"seed 000" ... "seed 004" and the sections of REFERENCE name texts kept outside the
    repository: docs/rules.md says what each is, so that every citation resolves here."""
    start = TEXT.index("\n## Sources\n")
    sources = TEXT[start:TEXT.index("\n## ", start + 1)]
    seeds = set(re.findall(r"[Ss]eeds? `?(00\d)", TEXT))
    assert seeds == {"000", "001", "002", "003", "004"}
    assert [s for s in sorted(seeds) if f"**seed {s}**" not in sources] == []
    sections = set(re.findall(r"§(\d+)", TEXT))
    assert "6" in sections
    assert [n for n in sorted(sections, key=int) if f"§{n} " not in sources] == []
