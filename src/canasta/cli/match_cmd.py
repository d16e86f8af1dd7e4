"""``canasta match`` and ``canasta tournament``: bots against bots, mirrored deals, statistics.

    canasta match greedy random --games 200 --seed 1 --workers 2 --out results/
    canasta tournament random greedy ismcts:iterations=50 --games 20 --max-deals 2 --ray
"""

from __future__ import annotations

import argparse
import sys
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from canasta.sim.backends import require_ray
from canasta.sim.report import (
    PLOTS_MISSING,
    plot_scores,
    plots_available,
    print_outcome,
    write_csv,
)
from canasta.sim.tournament import deals_for, lineups, play_tournament


def add_arguments(parser: argparse.ArgumentParser, entrants: int | str) -> None:
    """The options ``match`` and ``tournament`` share; ``entrants`` is the bots' ``nargs``."""
    from canasta.cli.arguments import add_rule_changes, at_least_one, whole_number, worker_count

    parser.add_argument("bots", nargs=entrants, metavar="BOT",
                        help="bot specs: random, greedy, ismcts, or with options "
                             "(ismcts:iterations=200, ismcts:seconds=1)")
    parser.add_argument("--rules", default="classic", metavar="NAME_OR_FILE",
                        help="a preset name or a rules file (default: classic)")
    add_rule_changes(parser)
    parser.add_argument("--games", type=at_least_one, default=100, metavar="N",
                        help="games per match, rounded up to whole mirrored deals "
                             "(default: 100)")
    parser.add_argument("--seed", type=whole_number, default=0, metavar="S",
                        help="deals are S, S+1, ... (default: 0)")
    parser.add_argument("--workers", type=worker_count, default=1, metavar="N",
                        help="processes to play on (default: 1); with --ray, the CPUs of a "
                             "Ray instance started here")
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="run on Ray: a local instance, or the cluster at ADDRESS")
    parser.add_argument("--max-deals", type=at_least_one, default=None, metavar="D",
                        help="stop each game after D deals; the leader on points wins "
                             "(default: play to the target score)")
    parser.add_argument("--out", default="canasta-results", metavar="DIR",
                        help="folder for the CSV files and the plot (default: canasta-results)")


def run(args: argparse.Namespace) -> int:
    """Play the match or tournament, print the tables, save the files. A folder that cannot
    take the files, or ``--ray`` without Ray, is refused before any game is played."""
    from canasta.cli.arguments import chosen_rules, output_folder

    if len(args.bots) < 2:
        print(f"canasta {args.command}: error: name at least two bots", file=sys.stderr)
        return 2
    folder = output_folder(args.out, "--out")
    if args.ray is not None:
        require_ray()
    rules = chosen_rules(args)
    per_match = deals_for(args.games, rules.players.sides) * len(lineups(rules.players.sides))
    n = len(args.bots)
    total = per_match * n * (n - 1) // 2
    err = Console(stderr=True)
    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    start = time.perf_counter()
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("games", total=total)
        outcome = play_tournament(
            args.bots, rules, args.games, args.seed, args.max_deals or 0, args.workers,
            ray=args.ray is not None, address=args.ray or None,
            progress=lambda done: bar.advance(task, done))
    elapsed = time.perf_counter() - start
    out = Console(highlight=False)
    if not out.is_terminal:
        out = Console(highlight=False, width=160)  # a file or a pipe: keep table rows whole
    print_outcome(out, outcome, elapsed)
    written = write_csv(outcome, folder)
    if plots_available():
        written.append(plot_scores(outcome, folder / "scores.png"))
    out.print(Text("saved: " + ", ".join(str(p) for p in written)))
    if not plots_available():
        out.print(Text(PLOTS_MISSING))
    return 0
