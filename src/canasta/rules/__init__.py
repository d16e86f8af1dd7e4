"""Rule sets: the ``RuleSet`` value, the shipped presets, and loading users' files."""

from canasta.rules.loading import (
    annotated,
    changed,
    check,
    diff,
    dumps,
    from_dict,
    load,
    loads,
    preset_names,
    settable,
)
from canasta.rules.ruleset import RuleSet

__all__ = [
    "RuleSet",
    "annotated",
    "changed",
    "check",
    "diff",
    "dumps",
    "from_dict",
    "load",
    "loads",
    "preset_names",
    "settable",
]
