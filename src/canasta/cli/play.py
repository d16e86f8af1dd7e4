"""``canasta play``: a game against bots in the terminal — the full-screen table
(``canasta.tui``), or with ``--plain`` a line-by-line prompt for scripts and screen readers.

In the line mode the player sees the table drawn from the presentation facts
(``canasta.presentation.render``), types the number of an action or its text (``draw``,
``meld K K 2``, ``discard 7``), ``hint`` for the greedy bot's advice, ``undo`` to take back an
action of this turn that revealed no card, ``rules`` for the main rules in plain words, ``q``
to stop; refusals give the engine's reason.
Starting, resuming and saving are the session's (``canasta.tui.session``).

With ``--server URL --join LINK`` the full-screen table plays a seat at a server's table
instead (``canasta.tui.remote``): the server's rules, seats and record, so the options of a
local game are refused beside them.
"""

from __future__ import annotations

import argparse
import getpass
import sys
from collections.abc import Callable
from typing import TextIO

from canasta.engine.actions import Action
from canasta.engine.refusal import Topic
from canasta.errors import CanastaError
from canasta.presentation import discard_warning, render, result_text
from canasta.presentation.rules_words import rule_in_words, rules_in_words_text
from canasta.tui.session import Options, Session, start

GLYPHS = "♠♥♦♣·—"


def can_print(text: str, encoding: str | None) -> bool:
    """Whether a stream of ``encoding`` can print ``text``."""
    try:
        text.encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def printer(stream: TextIO | None = None) -> Callable[[str], None]:
    """A ``write`` that never fails on characters the stream's encoding lacks."""
    out = stream or sys.stdout
    encoding = getattr(out, "encoding", None) or "ascii"

    def write(text: str) -> None:
        print(text.encode(encoding, "replace").decode(encoding, "replace"), file=out)

    return write


def choose(session: Session, read: Callable[[str], str], write: Callable[[str], None],
           ascii: bool) -> bool:
    """One decision of the person: False to stop playing."""
    facts = session.facts()
    write("\n" + render(facts, ascii))
    actions = facts.actions
    write("\n".join(f"  {i + 1:2}. {a.text:<16} {a.words}" for i, a in enumerate(actions)))
    while True:
        answer = read("your move (number or text, hint, undo, rules, q to quit) > ").strip()
        word = answer.lower()
        if word in ("q", "quit", "exit"):
            return False
        if word == "rules":
            write(rules_in_words_text(session.game.rules))
            continue
        if word == "hint":
            given = session.facts(hint=True).hint
            if given is not None:
                write(f"  hint: {given.action.text} ({given.action.words}): {given.reason}")
            continue
        if word == "undo":
            try:
                write("  " + session.undo())
            except CanastaError as exc:
                write(f"  {exc}")
                continue
            return True
        text = actions[int(answer) - 1].text if answer.isdigit() and \
            1 <= int(answer) <= len(actions) else answer
        why = session.refusal(text)
        if why is not None:
            write(f"  not now: {why.words}")
            if why.topic:  # the rule that refused it, in words
                write(rule_in_words(session.game.rules, Topic(why.topic)))
            continue
        warning = discard_warning(session.view, Action.parse(text))
        if warning is not None and read(f"  {warning} [y/N] > ").strip().lower() != "y":
            continue
        for line in session.play(text):
            write(f"  {line}")
        return True


def play_plain(session: Session, read: Callable[[str], str], write: Callable[[str], None],
               ascii: bool = False) -> None:
    """Play in the line mode until the game ends or the person stops."""
    for note in session.notes:
        write(note)
    game = session.game
    shown = len(game.results)
    while not session.game.is_terminal():
        if session.human_to_act:
            if not choose(session, read, write, ascii):
                break
        else:
            for line in session.play_bot(session.bot_action()):
                write(line)
        game = session.game
        if shown < len(game.results):  # the deal just ended: its breakdown, melds and all
            last = session.facts().last_deal
            if last is not None:
                write("\n" + result_text(last, ascii))
            shown = len(game.results)
            if not game.is_terminal() and \
                    read("press Enter to continue (q to quit) > ").strip().lower() == "q":
                break
    if session.game.is_terminal():
        write("\n" + session.facts().turn.words)
    write(session.farewell())


def run(args: argparse.Namespace) -> int:
    """``canasta play``: start a game (or resume a saved one) and play it."""
    if args.server is not None or args.join is not None:
        return run_remote(args)
    session = start(Options(rules=args.rules, changes=tuple(args.set or ()), seed=args.seed,
                            seat=args.seat, bots=args.bots, save=args.save, resume=args.resume))
    if session.game.is_terminal():
        print(f"That game is already over: {session.farewell()}")
        return 0
    ascii = args.ascii or not can_print(GLYPHS, getattr(sys.stdout, "encoding", None))
    if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        play_plain(session, _read_line, printer(), ascii)
        return 0
    from canasta.tui.local import CanastaApp

    app = CanastaApp(session, ascii=ascii)
    app.run()
    printer()(session.farewell())
    return 0


LOCAL_ONLY = ("rules", "set", "seed", "seat", "bots", "save", "resume")  #: a local game's options


def run_remote(args: argparse.Namespace) -> int:
    """``canasta play --server URL --join LINK``: a seat at a server's table."""
    from canasta.cli.net_cmd import BAD_LINK, seated
    from canasta.net.link import LinkError, parse_link

    def bad(why: str) -> int:
        print(f"canasta play: error: {why}", file=sys.stderr)
        return BAD_LINK

    if args.server is None or args.join is None:
        return bad("--server and --join go together (the server's address and an "
                   "invitation link)")
    given = [f"--{name}" for name in LOCAL_ONLY if getattr(args, name) is not None]
    if args.plain:
        given.append("--plain")
    if given:
        return bad(f"{', '.join(given)}: the server's table has its own rules, seats and "
                   "record (and plays in the full-screen table only)")
    try:
        parse_link(args.server, args.join)
    except LinkError as exc:
        return bad(str(exc))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return bad("a seat at a server's table is played in the full-screen table: run it "
                   "in a terminal (scripts: canasta bot, or the protocol, docs/protocol.md)")
    seating = seated(args, _login_name())
    if seating is None:
        return BAD_LINK
    from canasta.tui.remote import run as play_remote

    ascii = args.ascii or not can_print(GLYPHS, getattr(sys.stdout, "encoding", None))
    printer()(play_remote(seating, ascii))
    return 0


def _login_name() -> str:
    """The name the others see when ``--name`` is not given: the login name, if any."""
    try:
        return getpass.getuser()[:24] or "Terminal"
    except (OSError, KeyError):
        return "Terminal"


def _read_line(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        return "q"
