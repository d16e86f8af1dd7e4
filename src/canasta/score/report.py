"""The score pad's output: a deal's breakdown (the engine's items, ``SideScore.items``), the
standings, the whole sheet, and exports as CSV and JSON (docs/scorepad.md, "Output")."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict
from typing import Any

from canasta.score.pad import PadGame
from canasta.score.tally import DealResult, Sheet

WIDTH = 44


def _row(label: str, value: int) -> str:
    return f"  {label:<{WIDTH - 10}}{value:>8,}"


def deal_text(sheet: Sheet, deal: DealResult) -> str:
    """One deal, side by side: each side's entry, the engine's items, its score and total."""
    lines = [f"Deal {deal.number}"]
    for side, (name, entry, score) in enumerate(
            zip(sheet.names, deal.entries, deal.scores, strict=True)):
        lines.append(f"{name}: {entry.text()}")
        lines += [_row(label, value) for label, value in score.items()]
        lines.append(_row("this deal", score.total))
        lines.append(_row("total", deal.totals[side]))
    return "\n".join(lines)


def standing_text(sheet: Sheet) -> str:
    """Where the game stands: totals, next opening minimums, points still needed, the end."""
    names = sheet.names
    totals = ", ".join(f"{n} {t:,}" for n, t in zip(names, sheet.totals, strict=True))
    lines = [f"Totals: {totals}"]
    if sheet.over:
        others = [t for side, t in enumerate(sheet.totals) if side != sheet.winner]
        lines.append(f"Game over: {names[sheet.winner]} won, {sheet.totals[sheet.winner]:,} to "
                     f"{', '.join(f'{t:,}' for t in others)}")
        return "\n".join(lines)
    if sheet.level:
        lines.append("The leaders are level: the rules play another deal (docs/rules.md, "
                     "ruling 15)")
    minimums = ", ".join(f"{n} {m}" for n, m in zip(names, sheet.minimums(), strict=True))
    lines.append(f"Opening minimum for deal {len(sheet.deals) + 1}: {minimums}")
    needed = sheet.needed()
    if needed is not None:
        lines.append("Still needed for " f"{sheet.rules.game.target:,}: " + ", ".join(
            f"{n} {p:,}" for n, p in zip(names, needed, strict=True)))
    if sheet.rules.game.deals:
        left = max(0, sheet.rules.game.deals - len(sheet.deals))
        lines.append(f"Deals left: {left} of {sheet.rules.game.deals}")
    return "\n".join(lines)


def game_text(game: PadGame) -> str:
    """The whole sheet of a game."""
    sheet = game.sheet
    head = f"{game.name} ({game.rules_name}): {' vs '.join(sheet.names)}"
    body = [deal_text(sheet, deal) for deal in sheet.deals] or ["No deal yet."]
    return "\n\n".join([head, *body, standing_text(sheet)])


def _export_rows(game: PadGame) -> list[dict[str, Any]]:
    rows = []
    for deal in game.sheet.deals:
        for side, (name, entry, score) in enumerate(
                zip(game.sheet.names, deal.entries, deal.scores, strict=True)):
            breakdown = asdict(score)
            breakdown.pop("side")
            rows.append({"game": game.name, "deal": deal.number, "side": name,
                         "entry": entry.text(), **breakdown, "running_total": deal.totals[side]})
    return rows


def export_csv(game: PadGame) -> str:
    """One row per deal per side: the entry, every field of the engine's score, the total."""
    rows = _export_rows(game)
    out = io.StringIO()
    columns = list(rows[0]) if rows else ["game", "deal", "side", "entry", "total",
                                          "running_total"]
    writer = csv.DictWriter(out, columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def export_json(game: PadGame) -> str:
    """The game as JSON: rules, sides, each deal's entries (as stored) with the engine's items
    and scores, the totals and the winner."""
    sheet = game.sheet
    data = {
        "name": game.name,
        "rules": game.rules_name,
        "sides": list(sheet.names),
        "deals": [{
            "number": deal.number,
            "sides": [{"side": name, "entry": entry.to_json(), "items": score.items(),
                       "score": score.total, "total": deal.totals[side]}
                      for side, (name, entry, score) in enumerate(
                          zip(sheet.names, deal.entries, deal.scores, strict=True))],
        } for deal in sheet.deals],
        "totals": list(sheet.totals),
        "winner": sheet.names[sheet.winner] if sheet.over else None,
    }
    return json.dumps(data, indent=2) + "\n"
