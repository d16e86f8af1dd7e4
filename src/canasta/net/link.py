"""Finding a seat at a server's table from the command line: the server's address, an
invitation link, the seat's secret token (docs/protocol.md, "Network clients").

An invitation link is what the page shows for an open seat,
``http://HOST:PORT/join/TABLE/SEAT/CODE``; ``--join`` takes it whole, or its path
(``/join/TABLE/SEAT/CODE``), with ``--server`` naming the server. Claiming the seat gives a
secret token, kept in a small file (``seats.json`` in the user's data folder, or ``--seats
FILE``) so that the same command run again takes the seat back instead of asking for it anew
(an invitation opens its seat once).

Everything here is plain HTTP (the standard library's ``urllib``); a bad address, a link that
is not an invitation, a table that is not there or a seat already taken is a ``LinkError``
with the reason, which the commands report with exit code 2.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from canasta.errors import CanastaError
from canasta.rules import RuleSet, from_dict

TIMEOUT = 10.0  #: seconds an HTTP request to the server may take


class LinkError(CanastaError):
    """A server address or link that leads to no seat (the message says why)."""


@dataclass(frozen=True, slots=True)
class Invitation:
    """A seat to take: the server (``http://host:port``), the table, the seat, its code."""

    server: str
    table: str
    seat: int
    code: str

    @property
    def websocket(self) -> str:
        """The table's WebSocket address."""
        return "ws" + self.server.removeprefix("http") + f"/ws/{self.table}"


@dataclass(frozen=True, slots=True)
class Seating:
    """A seat held: its invitation, its secret token, and the table's rules."""

    invitation: Invitation
    token: str
    rules: RuleSet
    name: str


def server_origin(url: str) -> str:
    """``http[s]://host[:port]`` of a server address; ``LinkError`` for one that is not."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LinkError(f"{url!r} is not a server address (e.g. http://192.168.1.20:8765)")
    try:
        parts.port  # noqa: B018 -- a port that is not a number raises here
    except ValueError:
        raise LinkError(f"{url!r} has a port that is not a number") from None
    return f"{parts.scheme}://{parts.netloc}"


def parse_link(server: str, link: str) -> Invitation:
    """The invitation ``link`` names at ``server`` (an address, see ``server_origin``)."""
    origin = server_origin(server)
    text = link.strip()
    if "://" in text:
        if server_origin(text) != origin:
            raise LinkError(f"the link is for {server_origin(text)}, not --server {origin}")
        text = urllib.parse.urlsplit(text).path
    parts = [urllib.parse.unquote(p) for p in text.strip("/").split("/")]
    if parts and parts[0] == "join":
        parts = parts[1:]
    if len(parts) != 3 or not parts[1].isdigit() or not all(parts):
        raise LinkError(f"{link!r} is not an invitation link (it looks like "
                        f"{origin}/join/TABLE/SEAT/CODE: the page shows it for each open seat)")
    return Invitation(origin, parts[0], int(parts[1]), parts[2])


def request(server: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """A JSON request to the server; ``LinkError`` with the server's reason when refused,
    or when the server cannot be reached."""
    data = None if body is None else json.dumps(body).encode()
    ask = urllib.request.Request(server + path, data=data, method="GET" if body is None
                                 else "POST", headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(ask, timeout=TIMEOUT) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as exc:
        try:
            reason = json.loads(exc.read()).get("message", exc.reason)
        except (ValueError, AttributeError):
            reason = exc.reason
        raise LinkError(f"the server refused: {reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        why = getattr(exc, "reason", exc)
        raise LinkError(f"cannot reach a canasta server at {server}: {why}") from None


def seats_file() -> Path:
    """Where the tokens of the seats taken from this machine are kept."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("canasta")) / "seats.json"


def _key(invitation: Invitation) -> str:
    return f"{invitation.server}/{invitation.table}/{invitation.seat}"


def _tokens(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) \
        else {}


def remember(path: Path, invitation: Invitation, token: str) -> None:
    """Keep a seat's token (the file written whole, atomically, readable by its owner only)."""
    tokens = {**_tokens(path), _key(invitation): token}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(tokens, indent=1) + "\n", encoding="utf-8")
    tmp.chmod(0o600)
    os.replace(tmp, path)


def take_seat(server: str, link: str, name: str, seats: Path | None = None) -> Seating:
    """The seat ``link`` opens: its token (remembered from an earlier claim, else claimed now
    under ``name`` and remembered), and the table's rules."""
    invitation = parse_link(server, link)
    path = seats or seats_file()
    info = request(invitation.server, f"/api/tables/{_quoted(invitation.table)}")
    if not 0 <= invitation.seat < len(info.get("seats", [])):
        raise LinkError(f"table {invitation.table} has no seat {invitation.seat}")
    token = _tokens(path).get(_key(invitation))
    if token is None:
        claimed = request(invitation.server, f"/api/tables/{_quoted(invitation.table)}/claim",
                          {"seat": invitation.seat, "invite": invitation.code, "name": name})
        token = str(claimed["token"])
        remember(path, invitation, token)
    else:
        name = info["seats"][invitation.seat]["name"]
    data = request(invitation.server, f"/api/tables/{_quoted(invitation.table)}/rules")
    try:
        rules = from_dict(data, origin=f"table {invitation.table}'s rules")
    except CanastaError as exc:
        raise LinkError(f"the server's rules do not load here: {exc}") from None
    return Seating(invitation, token, rules, name)


def _quoted(part: str) -> str:
    return urllib.parse.quote(part, safe="")


__all__ = ["Invitation", "LinkError", "Seating", "parse_link", "remember", "request",
           "server_origin", "take_seat"]
