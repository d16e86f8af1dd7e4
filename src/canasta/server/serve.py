"""``canasta serve``: run the server on one address and open the browser at it.

The socket is bound before the server starts, so ``--port 0`` picks a free port and the
printed address is the real one (tests and the benchmark read that line).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import socket
import threading
import webbrowser

import uvicorn

from canasta.server.app import create_app
from canasta.server.hall import Limits
from canasta.server.seats import Settings
from canasta.server.site import LEASE

WS_MAX_SIZE = 1024 * 1024  #: past this a WebSocket frame closes the connection (1009)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named, so asyncio sets TCP_NODELAY on every accepted connection (it does
    # only for sockets whose protocol says TCP): without it Nagle holds small frames ~40 ms
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def server_for(sock: socket.socket, db_url: str | None, settings: Settings,
               limits: Limits, lease: float = LEASE,
               forwarded_allow_ips: str | None = None) -> uvicorn.Server:
    """A uvicorn server of the application, to run on ``sock``.

    A client's address (what the per-address limits count, docs/protocol.md "Errors and
    limits") is the connection's own unless ``forwarded_allow_ips`` names the load balancers
    (addresses or networks, comma-separated; ``*`` for any) whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` headers are believed (docs/cluster.md). By default no header is
    believed from anyone (uvicorn's own default would believe 127.0.0.1: anyone behind a
    balancer on the same host, or on it, could then name any address and dodge the limits)."""
    config = uvicorn.Config(create_app(db_url, settings, limits, lease), log_level="warning",
                            ws_max_size=WS_MAX_SIZE, ws_ping_interval=20, ws_ping_timeout=20,
                            ws_per_message_deflate=False, lifespan="on",
                            proxy_headers=forwarded_allow_ips is not None,
                            forwarded_allow_ips=forwarded_allow_ips or "")
    return uvicorn.Server(config)


def address(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def run_forever(server: uvicorn.Server, sock: socket.socket) -> None:
    """Serve on ``sock`` until stopped, on uvloop where it is installed (faster sockets),
    else on asyncio's own loop. The collector runs less often: a server's objects live long,
    and a full collection over hundreds of games paused every table (p99 116 ms against 48 ms
    in bench/server_load.py at 100 tables)."""
    gc.set_threshold(100_000, 50, 1000)
    try:
        import uvloop
    except ImportError:
        asyncio.run(server.serve(sockets=[sock]))
    else:
        uvloop.run(server.serve(sockets=[sock]))


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    sock = bind(args.host, args.port)
    settings = Settings(bot_pause=args.bot_pause, grace=args.grace)
    server = server_for(sock, args.db, settings, Limits(), args.lease,
                        args.forwarded_allow_ips)
    url = address(sock)
    print(f"canasta: serving on {url} (Ctrl-C to stop)", flush=True)
    if not args.no_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    run_forever(server, sock)
    return 0


__all__ = ["WS_MAX_SIZE", "address", "bind", "run", "run_forever", "server_for"]
