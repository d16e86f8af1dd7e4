"""``canasta simulate``: many games of uniformly random play, summed up."""

from __future__ import annotations

import argparse
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from canasta import record
from canasta.rules import RuleSet
from canasta.sim import Summary, play_random


def run(args: argparse.Namespace) -> int:
    """Play ``--games`` games, with a progress bar on stderr, and print the summary."""
    from canasta.cli.arguments import chosen_rules, output_folder

    rules = chosen_rules(args)
    folder = output_folder(args.save_records, "--save-records") if args.save_records else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    summary = Summary(rules.players.sides)
    start = time.perf_counter()
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    err = Console(stderr=True)
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as progress:
        task = progress.add_task("games", total=args.games)
        for seed in range(args.seed, args.seed + args.games):
            game = play_random(rules, seed, args.max_deals)
            summary.add(game)
            if folder is not None:
                record.write(game, folder / f"seed-{seed}.json")
            progress.advance(task)
    elapsed = time.perf_counter() - start
    print_summary(Console(highlight=False), rules, args, summary, elapsed)
    return 0


def print_summary(out: Console, rules: RuleSet, args: argparse.Namespace, summary: Summary,
                  elapsed: float) -> None:
    """The summary of a simulation: games, sides, how hands ended, pace."""
    last = args.seed + args.games - 1
    out.print(Text(f"{rules.name}: {summary.games} games of random play, seeds {args.seed} to "
                   f"{last}, at most {args.max_deals} deals each"))
    out.print(Text(f"games finished: {summary.finished}, unfinished: {summary.unfinished} "
                   f"(stopped after {args.max_deals} deals)"))
    players = rules.players.count
    sides = Table("side", "seats", title="sides")
    sides.add_column("wins", justify="right")
    sides.add_column("mean hand score", justify="right")
    for side in range(summary.sides):
        seats = ", ".join(str(s) for s in range(side, players, summary.sides))
        sides.add_row(str(side), seats, str(summary.wins[side]),
                      f"{summary.mean_hand_score(side):.1f}")
    out.print(sides)
    endings = Table("ended by", title=f"{summary.hands} hands")
    endings.add_column("hands", justify="right")
    endings.add_column("share", justify="right")
    for reason, count in summary.ending_counts():
        share = count / summary.hands if summary.hands else 0.0
        endings.add_row(Text(reason), str(count), f"{share:.1%}")
    out.print(endings)
    out.print(Text(f"mean decisions per hand: {summary.decisions_per_hand:.1f}"))
    rate = summary.games / elapsed if elapsed > 0 else 0.0
    out.print(Text(f"elapsed: {elapsed:.2f} s ({rate:.1f} games/s)"))
