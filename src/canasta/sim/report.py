"""A tournament's results: printed tables, CSV files and a plot of the score distributions.

Files written to the output folder:

- ``games.csv``: one row per game: its index, deal seed, the entrant playing each side, each
  side's final score, the winning side, whether it reached the target, deals and decisions;
- ``pairs.csv``: one row per match: games, wins, losses, ties, win rate and margin with their
  95% intervals, Elo difference with its interval;
- ``standings.csv``: each entrant's games, score, win rate and rating with its 95% interval;
- ``scores.png``: the distribution of each entrant's final scores.
"""

from __future__ import annotations

import csv
import importlib.util
from dataclasses import asdict, fields
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from canasta.sim.tournament import Outcome, PairStats, Standing


def print_outcome(out: Console, outcome: Outcome, elapsed: float) -> None:
    """The matches and the standings, as tables."""
    names = outcome.entrants
    finished = sum(1 for r in outcome.results if r.finished)
    games = len(outcome.results)
    out.print(Text(f"{outcome.rules}: {games} games ({finished} played to the target), "
                   f"{elapsed:.1f} s ({games / elapsed if elapsed > 0 else 0.0:.2f} games/s)"))
    pairs = Table(title="matches (95% intervals)")
    pairs.add_column("match", no_wrap=True)
    for column in ("games", "won-lost-tied", "win rate", "mean margin", "Elo difference"):
        pairs.add_column(column, justify="right")
    for p in outcome.pairs:
        pairs.add_row(
            Text(f"{names[p.a]} vs {names[p.b]}"), str(p.games),
            f"{p.wins}-{p.losses}-{p.ties}",
            f"{p.win_rate:.1%} [{p.win_low:.1%}, {p.win_high:.1%}]",
            f"{p.margin:+.0f} [{p.margin_low:+.0f}, {p.margin_high:+.0f}]",
            f"{p.elo:+.0f} [{p.elo_low:+.0f}, {p.elo_high:+.0f}]",
        )
    out.print(pairs)
    standings = Table(title="standings (Bradley-Terry Elo, mean 1500)")
    standings.add_column("entrant", no_wrap=True)
    for column in ("games", "score", "win rate", "rating [95%]"):
        standings.add_column(column, justify="right")
    for s in outcome.standings:
        standings.add_row(Text(s.spec), str(s.games), f"{s.score:g}", f"{s.win_rate:.1%}",
                          f"{s.rating:.0f} [{s.rating_low:.0f}, {s.rating_high:.0f}]")
    out.print(standings)


def write_csv(outcome: Outcome, folder: Path) -> list[Path]:
    """Write ``games.csv``, ``pairs.csv`` and ``standings.csv``; return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    names = outcome.entrants
    sides = len(outcome.results[0].scores) if outcome.results else 0
    games = folder / "games.csv"
    with games.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["game", "seed", *(f"side{s}_bot" for s in range(sides)),
                    *(f"side{s}_score" for s in range(sides)), "winner", "finished", "deals",
                    "decisions"])
        for r in outcome.results:
            w.writerow([r.index, r.seed, *(names[e] for e in r.entrants), *r.scores,
                        r.winner, int(r.finished), r.deals, r.decisions])
    pairs = folder / "pairs.csv"
    _write_rows(pairs, [f.name for f in fields(PairStats)],
                [{**asdict(p), "a": names[p.a], "b": names[p.b]} for p in outcome.pairs])
    standings = folder / "standings.csv"
    _write_rows(standings, [f.name for f in fields(Standing)],
                [asdict(s) for s in outcome.standings])
    return [games, pairs, standings]


def _write_rows(path: Path, header: list[str], rows: list[dict[str, object]]) -> None:
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, header)
        w.writeheader()
        w.writerows(rows)


#: What a command says when the plot's library is missing (plots are an extra, so that
#: ``pip install canasta`` installs only what playing needs).
PLOTS_MISSING = "no plot: it needs matplotlib, which comes with pip install 'canasta[plots]'"


def plots_available() -> bool:
    """Whether matplotlib (the ``plots`` extra) is installed."""
    return importlib.util.find_spec("matplotlib") is not None


def plot_scores(outcome: Outcome, path: Path) -> Path:
    """A PNG of each entrant's final scores (one histogram per entrant, overlaid); needs the
    ``plots`` extra (``plots_available``)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    scores: dict[int, list[int]] = {e: [] for e in range(len(outcome.entrants))}
    for r in outcome.results:
        for entrant, score in zip(r.entrants, r.scores, strict=True):
            scores[entrant].append(score)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    values = [v for vs in scores.values() for v in vs] or [0]
    low, high = min(values), max(values)
    for entrant, vs in scores.items():
        ax.hist(vs, bins=30, range=(low, max(high, low + 1)), histtype="step",
                linewidth=1.6, label=f"{outcome.entrants[entrant]} ({len(vs)} sides)")
    ax.set_xlabel("final score of a side")
    ax.set_ylabel("sides")
    ax.set_title(f"{outcome.rules}: score distributions")
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
