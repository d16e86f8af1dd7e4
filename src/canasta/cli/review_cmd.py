"""``canasta review FILE --seat N``: one seat's decisions in a recorded game, each judged by the
search bot on that seat's own information (``canasta.bots.review``; docs/bots.md, "Reviews").

Prints every decision that lost points against the best action found, with its mark and what
the bot would have done and why, then the count of each mark; ``--all`` prints every decision.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from canasta.bots.review import MARKS, SAMPLES, Judgement, review
from canasta.cli.arguments import at_least_one, whole_number
from canasta.engine.actions import Action
from canasta.errors import RecordError
from canasta.presentation.review import review_line
from canasta.record import apply_recorded, new_game, read

PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
MOST_SAMPLES = 1000  #: deals a decision may be judged on (each is many played-out hands)


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """The ``review`` subcommand."""
    parser = commands.add_parser("review", help="judge one seat's decisions in a recorded game")
    parser.add_argument("file", metavar="FILE", help="a game record (JSON)")
    parser.add_argument("--seat", type=whole_number, required=True, metavar="N",
                        help="the seat whose decisions are judged")
    parser.add_argument("--samples", type=_samples, default=SAMPLES, metavar="K",
                        help=f"deals sampled per decision (default: {SAMPLES}; more is "
                             "surer and slower)")
    parser.add_argument("--seed", type=whole_number, default=0, metavar="S",
                        help="the samples' seed (default: 0): the same seed, the same review")
    parser.add_argument("--all", action="store_true",
                        help="print every decision, not only those that lost points")
    parser.set_defaults(run=run)


def _samples(text: str) -> int:
    value = at_least_one(text)
    if value > MOST_SAMPLES:
        raise argparse.ArgumentTypeError(f"expected at most {MOST_SAMPLES}, got {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    """Review the record's seat and print the judgements."""
    rec = read(args.file)
    game = new_game(rec)
    if not 0 <= args.seat < game.num_players:
        raise RecordError(f"{args.file}: seat {args.seat} is not in this game (0 to "
                          f"{game.num_players - 1})")
    played = new_game(rec)
    actions: list[Action] = []
    for index, text in enumerate(rec["actions"]):
        actions.append(apply_recorded(played, index, text))
    if not played.is_terminal():
        raise RecordError(f"{args.file}: the game is not over: only a finished game is "
                          "reviewed")

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            end = "\n" if done == total else ""
            print(f"\rjudged {done} of {total} decisions", end=end, file=sys.stderr,
                  flush=True)

    judged = review(game, actions, args.seat, args.samples, args.seed, progress)
    for line in lines(judged, args.all):
        print(line)
    return 0


def lines(judged: list[Judgement], every: bool = False) -> list[str]:
    """The review as printed: one line per decision (those that lost points, or ``every``),
    in the presentation layer's words (``review_line``), then the count of each mark."""
    out = []
    for line in map(review_line, judged):
        if not every and line.loss <= 0:
            continue
        mark = f" {line.symbol} {line.mark.upper()}" if line.mark else ""
        lost = f": {line.short}" if line.short else ""
        out.append(f"{line.step:4}. deal {line.deal}: you {line.chosen.words} "
                   f"({line.chosen_points:+}){lost}{mark}. {line.why}")
    counts = {mark: sum(1 for j in judged if j.mark == mark) for mark, _ in MARKS}
    out.append(f"{len(judged)} decisions: " + ", ".join(
        f"{n} {PLURALS[mark] if n != 1 else mark}" for mark, n in counts.items()))
    return out
