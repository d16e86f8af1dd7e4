"""``canasta score``: the score pad for games played with real cards (docs/scorepad.md).

    canasta score new NAME [--rules R] --sides A B ...
    canasta score deal NAME [ENTRY ...]        one entry per side, or asked one at a time
    canasta score undo NAME
    canasta score edit NAME N [ENTRY ...]
    canasta score list | show NAME | export NAME [--format csv|json] [--out FILE]

Every one takes ``--db URL`` (docs/storage.md). A refused entry prints its reason and stores
nothing; a deal is stored, in its own transaction, once it is confirmed.

The actions live in ``canasta.score.commands``, imported when one runs, so the rest of the
command works without the database libraries (``pip install "canasta[store]"``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from canasta.cli.arguments import add_rule_changes
from canasta.cli.db_cmd import add_db_option, store


def _action(name: str) -> Callable[[argparse.Namespace], int]:
    """The action ``name`` of ``canasta.score.commands``, loaded when it runs."""
    def run(args: argparse.Namespace) -> int:
        database = store()  # StoreMissing, saying how to install, before anything else
        from sqlalchemy.exc import SQLAlchemyError

        from canasta.score import commands
        action: Callable[[argparse.Namespace], int] = getattr(commands, name)
        try:
            return action(args)
        except SQLAlchemyError as exc:  # a locked or unreachable database: one line
            raise database.StoreError(f"the database: {getattr(exc, 'orig', None) or exc}"
                                      ) from None
    return run


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register ``canasta score`` and its actions on the command's subparsers."""
    score = commands.add_parser("score", help="keep the score of a game played with real cards")
    actions = score.add_subparsers(dest="score_command", required=True, metavar="ACTION")

    new = actions.add_parser("new", help="start a game")
    new.add_argument("name", metavar="NAME")
    new.add_argument("--rules", default="classic", metavar="NAME_OR_FILE",
                     help="a preset name or a rules file (default: classic)")
    add_rule_changes(new)
    new.add_argument("--sides", nargs="+", required=True, metavar="SIDE",
                     help='the sides\' names, as many as the rules have sides ("Ann & Bob")')
    new.set_defaults(run=_action("run_new"))

    deal = actions.add_parser("deal", help="enter the next deal (asked one question at a "
                              "time without entries)")
    deal.add_argument("name", metavar="NAME")
    deal.add_argument("entries", nargs="*", metavar="ENTRY",
                      help='one per side, in order: "natural=1 mixed=1 melded=185 red3=2 out"')
    deal.set_defaults(run=_action("run_deal"))

    undo = actions.add_parser("undo", help="take back the last deal")
    undo.add_argument("name", metavar="NAME")
    undo.set_defaults(run=_action("run_undo"))

    edit = actions.add_parser("edit", help="correct a deal (the totals after it recomputed)")
    edit.add_argument("name", metavar="NAME")
    edit.add_argument("number", type=int, metavar="N", help="the deal's number")
    edit.add_argument("entries", nargs="*", metavar="ENTRY",
                      help="one per side (asked one at a time without entries)")
    edit.set_defaults(run=_action("run_edit"))

    listing = actions.add_parser("list", help="every game on the pad")
    listing.set_defaults(run=_action("run_list"))

    show = actions.add_parser("show", help="a game's whole sheet")
    show.add_argument("name", metavar="NAME")
    show.set_defaults(run=_action("run_show"))

    export = actions.add_parser("export", help="a game as CSV or JSON")
    export.add_argument("name", metavar="NAME")
    export.add_argument("--format", choices=("csv", "json"), default="csv")
    export.add_argument("--out", metavar="FILE", help="write here (default: standard output)")
    export.set_defaults(run=_action("run_export"))

    again = actions.add_parser("again", help="a new game with a game's rules and sides")
    again.add_argument("name", metavar="NAME", help="the game played (the new one is NAME 2)")
    again.set_defaults(run=_action("run_again"))

    for parser in (new, deal, undo, edit, listing, show, export, again):
        add_db_option(parser)


