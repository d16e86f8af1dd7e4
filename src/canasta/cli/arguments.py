"""The argument types and checks the ``canasta`` subcommands share: each refuses a bad value
with one line (argparse's ``ArgumentTypeError``, or ``NotADirectoryError`` for a folder that is
a file), before any work is done. Here, apart from ``canasta.cli.main``, so that the
subcommands it imports need not import it back."""

from __future__ import annotations

import argparse
import errno
from pathlib import Path

from canasta.rules import RuleSet, changed, load


def at_least_one(text: str) -> int:
    """An argument type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


MOST_WORKERS = 256  #: processes a command may start: a typo of 100000 must not fork bomb


def worker_count(text: str) -> int:
    """An argument type: how many processes to play on, 1 to ``MOST_WORKERS``."""
    value = at_least_one(text)
    if value > MOST_WORKERS:
        raise argparse.ArgumentTypeError(f"expected at most {MOST_WORKERS} processes, got "
                                         f"{text!r}")
    return value


def whole_number(text: str) -> int:
    """An argument type: a whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None


def output_folder(path: str, option: str) -> Path:
    """The folder an option names for its output. A file of that name, or a file where one of
    its parent folders would be, is refused at once (``NotADirectoryError``, which ``main``
    reports in one line), before any work is done."""
    folder = Path(path)
    for place in (folder, *folder.parents):
        if place.exists():
            if not place.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, f"{option} needs a folder", str(place))
            break
    return folder


def add_rule_changes(parser: argparse.ArgumentParser) -> None:
    """``--set SECTION.OPTION=VALUE``, repeatable: a household's changes to ``--rules``."""
    parser.add_argument("--set", action="append", metavar="SECTION.OPTION=VALUE",
                        help="change one option of the rules, as in a rules file (repeat it "
                             "for more): --set deal.hand_size=13 --set going_out.canastas=2; "
                             "the options: canasta rules show NAME")


def chosen_rules(args: argparse.Namespace) -> RuleSet:
    """The rules an invocation names: ``--rules`` with its ``--set`` changes
    (``rules.changed``); ``RulesError`` names a bad one."""
    return changed(load(args.rules), args.set or [])
