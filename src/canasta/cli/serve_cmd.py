"""``canasta serve [--host H] [--port N] [--no-browser] [--db URL]``: play in the browser
(docs/protocol.md). The arguments; the server itself is ``canasta.server``."""

from __future__ import annotations

import argparse
from typing import Any

from canasta.cli import db_cmd


def seconds(text: str) -> float:
    """An argument type: seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"expected seconds from 0 to 3600, got {text!r}")
    return value


def lease(text: str) -> float:
    """An argument type: a lease's length, 0.3 to 600 seconds."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.3 <= value <= 600:
        raise argparse.ArgumentTypeError(f"expected seconds from 0.3 to 600, got {text!r}")
    return value


def port(text: str) -> int:
    """An argument type: a TCP port, 0 (a free one) to 65535."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {text!r}")
    return value


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """The ``serve`` subcommand."""
    serve = commands.add_parser("serve", help="play in the browser: tables with bots and "
                                "friends")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to listen on (default: 127.0.0.1; 0.0.0.0 for "
                            "friends on your network)")
    serve.add_argument("--port", type=port, default=8765, metavar="N",
                       help="the port (default: 8765; 0 picks a free one)")
    serve.add_argument("--no-browser", action="store_true",
                       help="do not open the browser")
    db_cmd.add_db_option(serve)
    serve.add_argument("--bot-pause", type=seconds, default=0.8, metavar="SECONDS",
                       help="a new table's time from one move to a bot's next, its "
                            "thinking included; the page's create form starts at it "
                            "(default: 0.8)")
    serve.add_argument("--grace", type=seconds, default=60.0, metavar="SECONDS",
                       help="a new table's wait before a bot plays for an absent player, "
                            "or a connected one silent on their turn; the page's create "
                            "form starts at it (default: 60)")
    serve.add_argument("--lease", type=lease, default=5.0, metavar="SECONDS",
                       help="with several processes on one PostgreSQL database: how long a "
                            "table stays with a process that stopped renewing it before "
                            "another takes it over (default: 5; docs/cluster.md)")
    serve.add_argument("--forwarded-allow-ips", default=None, metavar="ADDRESSES",
                       help="behind a load balancer: the balancers' addresses (comma-"
                            "separated; '*' for any) whose X-Forwarded-For header names the "
                            "client (default: none; the per-address limits then count the "
                            "connection's own address; docs/cluster.md)")
    serve.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Start the server (imported here: ``canasta play`` needs none of it)."""
    db_cmd.store()
    from canasta.server.serve import run as serve

    return serve(args)
