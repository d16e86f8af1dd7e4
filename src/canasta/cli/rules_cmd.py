"""``canasta rules``: list the presets, show, check and compare rule sets."""

from __future__ import annotations

import argparse
import json
import shlex

from rich.console import Console
from rich.table import Table
from rich.text import Text

from canasta.presentation.rules_words import rules_in_words_text
from canasta.rules import annotated, load, preset_names
from canasta.rules import diff as rules_diff


def list_(args: argparse.Namespace) -> int:
    """Print every preset (the name commands take) with its players, its title and
    description, and where its sources are."""
    table = Table("preset", "players", "description",
                  caption="each preset and its sources: docs/rules.md, Presets and Sources")
    for name in preset_names():
        rules = load(name)
        players = f"{rules.players.count} in {rules.players.sides} sides"
        table.add_row(Text(name), Text(players), Text(f"{rules.title}: {rules.description}"))
    Console().print(table)
    return 0


def show(args: argparse.Namespace) -> int:
    """Print a rule set as a complete TOML file, marking the values its source leaves blank;
    with ``--words``, its main rules in plain words (``presentation.rules_in_words``)."""
    from canasta.cli.arguments import chosen_rules

    rules = chosen_rules(args)
    if not args.words:
        print(annotated(rules), end="")
        return 0
    print(rules_in_words_text(rules))
    print("\nEvery option: " + shlex.join(["canasta", "rules", "show", args.rules, *(
        f"--set={change}" for change in args.set or ())]))
    return 0


def check(args: argparse.Namespace) -> int:
    """Load a rules file; a bad one raises ``RulesError``, which ``main`` reports."""
    print(f"ok: {load(args.rules).name}")
    return 0


def diff(args: argparse.Namespace) -> int:
    """Print the options two rule sets set differently, as a table."""
    rows = rules_diff(load(args.a), load(args.b))
    if not rows:
        print(f"{args.a} and {args.b} set every option alike")
        return 0
    table = Table("option")
    table.add_column(Text(args.a))
    table.add_column(Text(args.b))
    for key, a, b in rows:
        table.add_row(Text(key), Text(json.dumps(a)), Text(json.dumps(b)))
    Console().print(table)
    return 0
