"""The ``canasta`` command: play, rule sets, simulations, bot matches, game replays.

    canasta play [--rules R] [--seed S] [--seat N] [--bots BOT | --level L] [--save FILE]
                 [--resume FILE]
                 [--plain] [--ascii]
    canasta rules list | show NAME_OR_FILE | check FILE | diff A B
    canasta simulate [--rules R] [--games N] [--seed S] [--max-deals D] [--save-records DIR]
    canasta match A B [--games N] [--seed S] [--workers N] [--ray [ADDR]] [--max-deals D]
                      [--out DIR]
    canasta tournament A B C ... [same options as match]
    canasta replay FILE [--verify] [--position N] [--serve [--port N] [--no-browser]]
    canasta review FILE --seat N [--samples K] [--seed S] [--all]
    canasta db upgrade [--db URL]
    canasta score new | deal | undo | edit | list | show | export ...   (the score pad)
    canasta serve [--host H] [--port N] [--no-browser] [--db URL]      (play in the browser)
    canasta play --server URL --join LINK [--name NAME]      (a seat at a server's table)
    canasta bot --server URL --join LINK NAME                (a bot at a server's table)

Bad arguments exit with 2 (argparse), bad files or records with 1 (a file where a folder
is wanted, a missing optional dependency such as Ray included); either way one line on stderr
and never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from canasta.bots.levels import LEVELS
from canasta.cli import (
    db_cmd,
    match_cmd,
    net_cmd,
    play,
    replay_cmd,
    review_cmd,
    rules_cmd,
    score_cmd,
    serve_cmd,
    simulate_cmd,
)
from canasta.cli.arguments import add_rule_changes, at_least_one, whole_number
from canasta.errors import CanastaError


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``canasta simulate: error: ...``."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser of the whole command, one subparser per subcommand."""
    parser = _Parser(prog="canasta", description="A deterministic Canasta engine.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    game = commands.add_parser("play", help="play a game in the terminal against bots")
    game.add_argument("--rules", default=None, metavar="NAME_OR_FILE",
                      help="a preset name or a rules file (default: classic)")
    add_rule_changes(game)
    game.add_argument("--seed", type=whole_number, default=None, metavar="S",
                      help="the deal's seed (default: a random one, printed)")
    game.add_argument("--seat", type=whole_number, default=None, metavar="N",
                      help="your seat (default: 0)")
    game.add_argument("--save", default=None, metavar="FILE",
                      help="the record written after every move (default: canasta-game.json, "
                           "or the next free name: a saved game is never written over)")
    game.add_argument("--resume", metavar="FILE",
                      help="continue a saved game (saved back to FILE)")
    opponents = game.add_mutually_exclusive_group()
    opponents.add_argument("--bots", default=None, metavar="BOT",
                           help="the bot playing every other seat (default: greedy; also "
                                "random, ismcts, ismcts:iterations=200, or a level)")
    opponents.add_argument("--level", dest="bots", choices=[level.name for level in LEVELS],
                           help="the other seats' level, gentlest first: "
                                + "; ".join(f"{level.name}: {level.description}"
                                            for level in LEVELS))
    game.add_argument("--plain", action="store_true",
                      help="a line-by-line prompt instead of the full-screen table")
    game.add_argument("--ascii", action="store_true",
                      help="no suit glyphs (automatic when the terminal cannot print them)")
    net_cmd.add_join_options(game, required=False)
    game.set_defaults(run=play.run)

    rules = commands.add_parser("rules", help="list, show, check and compare rule sets")
    rules_sub = rules.add_subparsers(dest="rules_command", required=True, metavar="ACTION")
    rules_sub.add_parser("list", help="the preset rule sets").set_defaults(run=rules_cmd.list_)
    show = rules_sub.add_parser("show", help="a rule set as a complete TOML file")
    show.add_argument("rules", metavar="NAME_OR_FILE")
    show.add_argument("--words", action="store_true",
                      help="the main rules in plain words instead of the TOML")
    add_rule_changes(show)
    show.set_defaults(run=rules_cmd.show)
    check = rules_sub.add_parser("check", help="check a rules file")
    check.add_argument("rules", metavar="FILE")
    check.set_defaults(run=rules_cmd.check)
    diff = rules_sub.add_parser("diff", help="the options two rule sets set differently")
    diff.add_argument("a", metavar="A", help="a preset name or a rules file")
    diff.add_argument("b", metavar="B", help="a preset name or a rules file")
    diff.set_defaults(run=rules_cmd.diff)

    sim = commands.add_parser("simulate", help="play games with a uniformly random policy")
    sim.add_argument("--rules", default="classic", metavar="NAME_OR_FILE",
                     help="a preset name or a rules file (default: classic)")
    add_rule_changes(sim)
    sim.add_argument("--games", type=at_least_one, default=100, metavar="N",
                     help="games to play (default: 100)")
    sim.add_argument("--seed", type=whole_number, default=0, metavar="S",
                     help="game i is dealt with seed S+i and played by Random(S+i) (default: 0)")
    sim.add_argument("--max-deals", type=at_least_one, default=100, metavar="D",
                     help="stop a game after D deals; it counts as unfinished (default: 100)")
    sim.add_argument("--save-records", metavar="DIR",
                     help="write each game's record to DIR/seed-<seed>.json")
    sim.set_defaults(run=simulate_cmd.run)

    match = commands.add_parser("match", help="two bots against each other, deals mirrored")
    match_cmd.add_arguments(match, 2)
    match.set_defaults(run=match_cmd.run)
    tour = commands.add_parser("tournament", help="every pair of bots plays a match")
    match_cmd.add_arguments(tour, "+")
    tour.set_defaults(run=match_cmd.run)

    replay = commands.add_parser("replay", help="print a recorded game turn by turn")
    replay.add_argument("file", metavar="FILE", help="a game record (JSON)")
    replay.add_argument("--verify", action="store_true",
                        help="first check the record: each action against its step in the "
                             "record's chain (naming the first that differs), then the result "
                             "and digest")
    replay.add_argument("--position", type=whole_number, default=None, metavar="N",
                        help="print only the position after the first N actions "
                             "(docs/positions.md)")
    replay.add_argument("--serve", action="store_true",
                        help="replay it in the browser instead: a server on this machine "
                             "(127.0.0.1) shows it move by move, face up or from a seat's eyes")
    replay.add_argument("--port", type=serve_cmd.port, default=0, metavar="N",
                        help="with --serve: the port (default: 0, a free one)")
    replay.add_argument("--no-browser", action="store_true",
                        help="with --serve: print the address, do not open the browser")
    replay.set_defaults(run=replay_cmd.run)

    database = commands.add_parser("db", help="the shared database (docs/storage.md)")
    database_sub = database.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    db_upgrade = database_sub.add_parser("upgrade", help="bring the database to the newest "
                                         "migration (creating it if needed)")
    db_cmd.add_db_option(db_upgrade)
    db_upgrade.set_defaults(run=db_cmd.upgrade)
    review_cmd.add_parser(commands)
    score_cmd.add_parser(commands)
    serve_cmd.add_parser(commands)
    net_cmd.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # argparse has printed its message (or the help)
        return exc.code if isinstance(exc.code, int) else 2
    try:
        code: int = args.run(args)
    except BrokenPipeError:  # the reader went away (``canasta replay x | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except CanastaError as exc:
        print(f"canasta: error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"canasta: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("canasta: interrupted", file=sys.stderr)
        return 130
    return code
