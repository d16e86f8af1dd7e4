"""The documentation says what the code does: every option documented, the README runs."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from canasta.rules.ruleset import SECTIONS

ROOT = Path(__file__).resolve().parent.parent


def test_every_option_is_in_docs_rules_md() -> None:
    text = (ROOT / "docs" / "rules.md").read_text()
    missing = [f"{name}.{f.name}" for name, cls in SECTIONS for f in fields(cls)
               if f"`{name}.{f.name}`" not in text]
    assert missing == []


def test_the_readme_library_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "README.md").read_text()
    block = re.search(r"```python\n(.*?)```", text, re.S)
    assert block is not None
    exec(compile(block.group(1), "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert re.match(r"(going out|stock exhausted|red 3 was the last stock card) \[-?\d+, -?\d+\]",
                    out)


def test_ci_runs_the_readme_test_command() -> None:
    command = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert command in (ROOT / "README.md").read_text()
