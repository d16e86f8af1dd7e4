"""The actions of ``canasta score`` (the parser: ``canasta.cli.score_cmd``; docs/scorepad.md):
each opens the database, changes or reads one game, and prints the engine's breakdown and the
standings. The interactive mode asks for a deal one question at a time in the rule set's words
and stores each deal, in its own transaction, once it is confirmed."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from sqlalchemy import Engine

from canasta.rules import RuleSet, changed, load
from canasta.score import pad, report
from canasta.score.entry import (
    EntryError,
    SideEntry,
    amount_text,
    fields_for,
    parse_entry,
    parse_value,
)
from canasta.score.tally import tally
from canasta.store import open_database

Ask = Callable[[str], str]


def _engine(args: argparse.Namespace) -> Engine:
    return open_database(args.db)


def run_new(args: argparse.Namespace) -> int:
    """``canasta score new``."""
    rules = changed(load(args.rules), args.set or [])  # with the household's --set changes
    game = pad.create(_engine(args), args.name, rules, args.sides)
    print(f"Started {game.name} ({game.rules_name}): {' vs '.join(game.sheet.names)}")
    print(report.standing_text(game.sheet))
    return 0


def run_again(args: argparse.Namespace) -> int:
    """``canasta score again``."""
    game = pad.again(_engine(args), args.name)
    print(f"Started {game.name} ({game.rules_name}): {' vs '.join(game.sheet.names)}")
    print(report.standing_text(game.sheet))
    return 0


def _parse(entries: Sequence[str], rules: RuleSet, names: Sequence[str]) -> list[SideEntry]:
    if len(entries) != len(names):
        raise EntryError(f"give one entry per side ({', '.join(names)}): {len(names)}, not "
                         f"{len(entries)}")
    out = []
    for name, text in zip(names, entries, strict=True):
        try:
            out.append(parse_entry(text, rules))
        except EntryError as exc:
            raise EntryError(f"{name}: {exc}") from None
    return out


def run_deal(args: argparse.Namespace) -> int:
    """``canasta score deal``: one line of entries, or the interactive mode."""
    engine = _engine(args)
    if not args.entries:
        return interactive(engine, args.name, input)
    rules, names = pad.rules_of(engine, args.name)
    game = pad.add_deal(engine, args.name, _parse(args.entries, rules, names))
    print(report.deal_text(game.sheet, game.sheet.deals[-1]))
    print(report.standing_text(game.sheet))
    return 0


def run_edit(args: argparse.Namespace) -> int:
    """``canasta score edit``."""
    engine = _engine(args)
    rules, names = pad.rules_of(engine, args.name)
    if args.entries:
        entries = _parse(args.entries, rules, names)
    else:
        current = pad.load(engine, args.name).sheet.deals
        if not 1 <= args.number <= len(current):
            raise EntryError(f"{args.name!r} has no deal {args.number}")
        asked = ask_deal(rules, names, input, current[args.number - 1].entries)
        if asked is None:
            return _ended(f"deal {args.number} unchanged")
        entries = asked
    game = pad.edit(engine, args.name, args.number, entries)
    print(f"Deal {args.number} corrected.")
    print(report.deal_text(game.sheet, game.sheet.deals[args.number - 1]))
    print(report.standing_text(game.sheet))
    return 0


def run_undo(args: argparse.Namespace) -> int:
    """``canasta score undo``."""
    number, game = pad.undo(_engine(args), args.name)
    print(f"Deal {number} taken back.")
    print(report.standing_text(game.sheet))
    return 0


def run_list(args: argparse.Namespace) -> int:
    """``canasta score list``."""
    listed = pad.games(_engine(args))
    if not listed:
        print("No game yet: canasta score new NAME --sides A B")
    for game in listed:
        totals = ", ".join(f"{n} {t:,}" for n, t in zip(game.sides, game.totals, strict=True))
        state = f"{game.sides[game.winner]} won" if game.winner >= 0 else "going on"
        deals = f"{game.deals} deal" + ("" if game.deals == 1 else "s")
        print(f"{game.name} ({game.rules_name}): {deals}, {totals}; {state}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    """``canasta score show``."""
    print(report.game_text(pad.load(_engine(args), args.name)))
    return 0


def run_export(args: argparse.Namespace) -> int:
    """``canasta score export``."""
    game = pad.load(_engine(args), args.name)
    text = report.export_csv(game) if args.format == "csv" else report.export_json(game)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


# ----------------------------------------------------------------- the interactive mode


def _ended(what: str) -> int:
    print(f"\nInput ended: {what}; every deal confirmed before is stored.", file=sys.stderr)
    return 1


def _yes(ask: Ask, question: str, default: bool) -> bool:
    while True:
        answer = ask(f"{question} [{'Y/n' if default else 'y/N'}] ").strip().lower()
        if not answer:
            return default
        if answer in ("y", "yes", "n", "no"):
            return answer.startswith("y")
        print("  answer y or n")


def ask_deal(rules: RuleSet, names: Sequence[str], ask: Ask,
             current: Sequence[SideEntry] | None = None) -> list[SideEntry] | None:
    """One deal's entries asked one question at a time in the rule set's words (defaults:
    ``current``, else nothing); None if the input ended."""
    try:
        return _ask_deal(rules, names, ask, current)
    except EOFError:
        return None


def _ask_deal(rules: RuleSet, names: Sequence[str], ask: Ask,
              current: Sequence[SideEntry] | None) -> list[SideEntry]:
    entries = list(current) if current else [SideEntry() for _ in names]
    was_out = next((n + 1 for n, e in enumerate(entries) if e.out), 0)
    choices = ", ".join(f"{n + 1} {name}" for n, name in enumerate(names))
    while True:
        answer = ask(f"Who went out? ({choices}, 0 nobody) [{was_out}] ").strip() or str(was_out)
        if answer.isdigit() and 0 <= int(answer) <= len(names):
            out = int(answer) - 1
            break
        print(f"  answer a number from 0 to {len(names)}")
    for side, name in enumerate(names):
        entry = replace(entries[side], out=side == out,
                        concealed=entries[side].concealed and side == out,
                        had_melded=entries[side].had_melded and side == out)
        if side == out:
            entry = replace(entry, concealed=_yes(ask, f"{name}: went out concealed?",
                                                  entry.concealed))
            if entry.concealed:
                entry = replace(entry, had_melded=_yes(
                    ask, f"{name}: had the side melded before that turn?", entry.had_melded))
        for field in fields_for(rules):
            if field.kind == "flag" and field.attr in ("out", "concealed", "had_melded"):
                continue
            default = getattr(entry, field.attr)
            shown = ("y" if default else "n") if field.kind == "flag" else amount_text(default)
            while True:
                text = ask(f"{name}: {field.question} [{shown}] ").strip()
                try:
                    value = parse_value(field, text, rules) if text else default
                    break
                except EntryError as exc:
                    print(f"  {exc}")
            entry = replace(entry, **{field.attr: value})
        entries[side] = entry
    return entries


def interactive(engine: Engine, name: str, ask: Ask) -> int:
    """Enter deals one question at a time until the game ends or the player stops."""
    rules, names = pad.rules_of(engine, name)
    while True:
        game = pad.load(engine, name)
        if game.sheet.over:
            print(report.standing_text(game.sheet))
            return 0
        number = len(game.sheet.deals) + 1
        print(f"Deal {number} of {game.name} ({game.rules_name}); press Enter to keep [the "
              f"value shown]")
        entries = ask_deal(rules, names, ask)
        if entries is None:
            return _ended(f"deal {number} not stored")
        try:
            sheet = tally(rules, names, [*(d.entries for d in game.sheet.deals), entries])
        except EntryError as exc:
            print(f"Refused: {exc}\nNothing stored; enter deal {number} again.")
            continue
        print(report.deal_text(sheet, sheet.deals[-1]))
        try:
            keep = _yes(ask, f"Store deal {number}?", True)
        except EOFError:
            return _ended(f"deal {number} not stored")
        if not keep:
            print(f"Deal {number} not stored; enter it again.")
            continue
        stored = pad.add_deal(engine, name, entries)
        print(f"Deal {number} stored.")
        print(report.standing_text(stored.sheet))
        try:
            if stored.sheet.over or not _yes(ask, "Another deal?", True):
                return 0
        except EOFError:
            return 0
