"""``canasta replay FILE --serve``: a record's replay in the browser, on this machine.

The record is checked first (``canasta.record``: a corrupt or unfinished one is refused before
anything starts), then a server over a temporary database listens on the loopback, the record
is uploaded to it as any page would upload it (``POST /api/replays``), and its replay's address
is printed (and opened, unless ``open_browser`` is false).
"""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import tempfile
import threading
import time
import urllib.request
import webbrowser
from pathlib import Path

from canasta import record
from canasta.errors import RecordError
from canasta.server.hall import Limits
from canasta.server.replay import MAX_RECORD, Replays
from canasta.server.seats import Refused, Settings
from canasta.server.serve import address, bind, run_forever, server_for

LOOPBACK = "127.0.0.1"


def checked(path: str | Path, picks: record.Picks | None = None) -> bytes:
    """The body that uploads the record file (with the cards its player ``picks``ed, when
    given: ``Replays.upload``), once it is known to replay to a finished game;
    ``RecordError`` (with the reason) otherwise."""
    text = Path(path).read_bytes()
    if len(text) > MAX_RECORD:
        raise RecordError(f"{path}: a record to replay is at most {MAX_RECORD // 1024} KB")
    if picks:
        with contextlib.suppress(UnicodeDecodeError, RecordError):  # its fault, told below
            text = json.dumps({"record": record.parse(text.decode()),
                               "picks": record.picks_json(picks)}).encode()
    try:
        Replays.upload(text)
    except Refused as exc:
        raise RecordError(f"{path}: {exc}") from None
    return text


def _end_on_terminate(signum: int, _frame: object) -> None:
    """SIGTERM ends the replay server as Ctrl-C does, its folder removed on the way out:
    uvicorn raises the signal again once it has shut down, and the default action would end
    the process before the folder is cleaned up."""
    raise SystemExit(128 + signum)


def run(path: str | Path, port: int, open_browser: bool,
        picks: record.Picks | None = None) -> int:
    """Serve the replay of the record at ``path`` (its cards showing the suits its player
    ``picks``ed, when given) until interrupted (Ctrl-C or SIGTERM); the folder of its
    database is removed either way."""
    text = checked(path, picks)
    sock = bind(LOOPBACK, port)
    before = signal.signal(signal.SIGTERM, _end_on_terminate)
    try:
        return _serve(text, sock, open_browser)
    finally:  # a caller that goes on (a test, a program using the library) gets its own back
        signal.signal(signal.SIGTERM, before)


def _serve(text: bytes, sock: socket.socket, open_browser: bool) -> int:
    with tempfile.TemporaryDirectory(prefix="canasta-replay-") as folder:
        server = server_for(sock, f"sqlite:///{Path(folder) / 'replay.db'}", Settings(), Limits())
        url = address(sock)

        def upload() -> None:
            while not server.started:
                time.sleep(0.02)
            request = urllib.request.Request(f"{url}api/replays", data=text, method="POST",
                                             headers={"content-type": "application/json"})
            with urllib.request.urlopen(request, timeout=60) as answer:
                made = json.loads(answer.read())
            page = f"{url}replay/file/{made['id']}"
            print(f"canasta: the replay is at {page} (Ctrl-C to stop)", flush=True)
            if open_browser:
                webbrowser.open(page)

        threading.Thread(target=upload, daemon=True).start()
        run_forever(server, sock)
    return 0


__all__ = ["checked", "run"]
