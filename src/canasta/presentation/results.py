"""A deal's end, item by item, from the engine's ``HandResult`` (docs/presentation.md,
"The deal's breakdown"). Nothing is recounted: the items are ``SideScore.items()``."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.scoring import HandResult
from canasta.presentation.facts import DealBreakdown, DealLine, MeldFact, ScoreItem, SideBreakdown
from canasta.presentation.names import Chair, heading


def deal_breakdown(result: HandResult, chair: Chair,
                   melds: Sequence[tuple[MeldFact, ...]] = ()) -> DealBreakdown:
    """The breakdown of one finished deal, named from ``chair``'s seat; ``melds``: every
    side's melds as the deal ended, by side, where they are known (a score column shows the
    melds it scored: in cutthroat each seat's column, those of the side it played for)."""
    tables = result.seat_sides or range(len(result.sides))  # each column's side at the end
    sides = tuple(
        SideBreakdown(score.side, chair.score_name(score.side),
                      tuple(ScoreItem(label, value) for label, value in score.items()),
                      score.total, result.totals[score.side],
                      melds[tables[score.side]] if melds else ())
        for score in result.sides)
    out = chair.who(result.went_out) if result.went_out >= 0 else ""
    how = f"{out} went out" if out else str(result.ended_by)
    scores = "; ".join(f"{s.name} {s.total:+d} (game {s.game_total})" for s in sides)
    words = f"Deal {result.deal} ended: {how}. {heading(scores)}."
    return DealBreakdown(result.deal, str(result.ended_by), out, sides, words)


def deal_lines(results: Sequence[HandResult]) -> tuple[DealLine, ...]:
    """The game's score sheet: each finished deal's points, side by side."""
    return tuple(DealLine(r.deal, tuple(s.total for s in r.sides)) for r in results)

