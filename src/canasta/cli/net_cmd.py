"""The network clients' command line: ``canasta bot --server URL --join LINK NAME`` (a bot of
``canasta.bots`` plays a seat of a server table) and the options ``canasta play --server URL
--join LINK`` shares with it (docs/protocol.md, "Network clients").

A bad server address or link, a table that is not there, a seat already taken, an unknown bot:
one line on stderr and exit code 2. A server lost for good mid-game: exit code 1.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from pathlib import Path
from typing import Any

from canasta.bots import BotError, make_bot
from canasta.errors import CanastaError
from canasta.net.link import LinkError, Seating, take_seat

BAD_LINK = 2  #: the exit code of a server, link or bot that leads to no game


def add_join_options(parser: argparse.ArgumentParser, required: bool) -> None:
    """``--server``, ``--join``, ``--name``, ``--seats``."""
    parser.add_argument("--server", required=required, metavar="URL",
                        help="a canasta server's address (http://HOST:PORT)")
    parser.add_argument("--join", required=required, metavar="LINK",
                        help="the invitation link of an open seat (http://HOST:PORT/join/"
                             "TABLE/SEAT/CODE, or its path)")
    parser.add_argument("--name", default=None, metavar="NAME",
                        help="the name the others see (1-24 characters)")
    parser.add_argument("--seats", default=None, metavar="FILE",
                        help="where the seats' secret tokens are kept (default: seats.json "
                             "in the user's data folder): the same command run again takes "
                             "the seat back")


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """The ``bot`` subcommand."""
    bot = commands.add_parser("bot", help="a bot plays a seat at a server's table")
    add_join_options(bot, required=True)
    bot.add_argument("bot", metavar="NAME",
                     help="the bot: random, greedy, ismcts, ismcts:seconds=0.5, ...")
    bot.add_argument("--seed", type=int, default=None, metavar="S",
                     help="the bot's seed (default: a random one)")
    bot.set_defaults(run=run_bot)


def seated(args: argparse.Namespace, default_name: str) -> Seating | None:
    """The seat ``--server``/``--join`` lead to, or None after printing why not."""
    try:
        return take_seat(args.server, args.join, args.name or default_name,
                         Path(args.seats) if args.seats else None)
    except LinkError as exc:
        print(f"canasta: error: {exc}", file=sys.stderr)
        return None


def run_bot(args: argparse.Namespace) -> int:
    """``canasta bot``: play the seat until the game is over."""
    from canasta.net.bot_client import play_seat
    from canasta.net.client import SeatClient

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    try:
        player = make_bot(args.bot, seed)
    except BotError as exc:
        print(f"canasta: error: {exc}", file=sys.stderr)
        return BAD_LINK
    seating = seated(args, f"{args.bot.partition(':')[0]} bot"[:24])
    if seating is None:
        return BAD_LINK

    def report(text: str) -> None:
        print(text, flush=True)

    try:
        asyncio.run(play_seat(SeatClient(seating), player, report))
    except LinkError as exc:
        print(f"canasta: error: {exc}", file=sys.stderr)
        return BAD_LINK
    except CanastaError as exc:
        print(f"canasta: error: {exc}", file=sys.stderr)
        return 1
    return 0


__all__ = ["BAD_LINK", "add_join_options", "add_parser", "run_bot", "seated"]
