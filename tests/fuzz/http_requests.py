"""Requests to the game server's HTTP API from outside (the page, a script, an attacker): every
route's body or path with junk, near-valid and valid values, against the real application on a
database of its own. Each request is answered with its documented JSON (2xx) or a JSON error
(4xx: ``HttpRefusal`` here), never a server error; a refused request creates no table."""

from __future__ import annotations

import atexit
import json
import shutil
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from canasta.rules import preset_names
from canasta.server.hall import Limits
from canasta.server.models import TableRow
from tests.fuzz import Target


class HttpRefusal(Exception):
    """A request the server refused with a 4xx and a JSON error."""


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(),
                 st.text(max_size=30),
                 st.lists(st.integers(-3, 8), max_size=8), st.dictionaries(
                     st.text(max_size=8), st.integers(-5, 5), max_size=3))
SEATS = st.lists(st.one_of(st.sampled_from(["me", "open", "greedy", "random", "novice",
                                            "ismcts:iterations=nan", "nobody"]), JUNK),
                 max_size=7)
SETTINGS = st.one_of(JUNK, st.fixed_dictionaries({}, optional={
    "bot_pause": st.one_of(st.floats(-10, 10), JUNK), "grace": st.one_of(
        st.floats(-1, 10**5), JUNK), "public": st.one_of(st.booleans(), JUNK)}))
CREATE = st.fixed_dictionaries({}, optional={
    "rules": st.one_of(st.sampled_from(preset_names()), JUNK),
    "rules_file": st.one_of(st.just('name = "x"\n[points]\njoker = 99999999999999999\n'),
                            st.just('base = "classic"\n[deal]\nhand_size = 2\n'), JUNK),
    "seats": SEATS, "name": JUNK, "settings": SETTINGS, "target": JUNK})
REQUESTS = st.one_of(
    st.tuples(st.just("POST"), st.just("/api/tables"), CREATE),
    st.tuples(st.just("POST"), st.just("/api/rules/check"),
              st.fixed_dictionaries({"rules_file": JUNK})),
    st.tuples(st.just("POST"), st.sampled_from(["/api/tables/{id}/claim",
                                                "/api/tables/{id}/again",
                                                "/api/tables/nope/claim"]),
              st.fixed_dictionaries({}, optional={"seat": JUNK, "invite": JUNK,
                                                  "token": JUNK, "name": JUNK})),
    st.tuples(st.just("GET"), st.sampled_from(["/api/tables/{id}", "/api/tables/{id}/record",
                                               "/api/tables/{id}/rules", "/api/tables/x%00",
                                               "/api/tables/" + "x" * 300]), st.none()),
)


@cache
def _client() -> tuple[Any, str]:
    """The application in this process, on a database of its own, and the id of one table on it
    to aim at."""
    from starlette.testclient import TestClient

    from canasta.server.app import create_app

    folder = Path(tempfile.mkdtemp(prefix="canasta-fuzz-http-"))
    atexit.register(shutil.rmtree, folder, True)  # kept for the process, then removed
    app = create_app(f"sqlite:///{folder / 'server.db'}",
                     limits=Limits(tables_per_client=10**6, tables_per_hour=10**6,
                                   messages_per_second=1e6, message_burst=10**6))
    client = TestClient(app, raise_server_exceptions=False)
    client.__enter__()  # the lifespan: kept open for the process
    made = client.post("/api/tables", json={"rules": "classic",
                                            "seats": ["open", "greedy", "greedy", "greedy"]})
    assert made.status_code == 201, made.text
    return client, made.json()["id"]


def _tables(client: Any) -> int:
    engine = client.app.state.server.tables.engine
    with Session(engine) as session:
        return int(session.scalar(select(func.count()).select_from(TableRow)) or 0)


def send(request: tuple[str, str, Any]) -> None:
    """Send one request; refusals raise ``HttpRefusal``, server errors fail."""
    method, path, body = request
    client, table_id = _client()
    path = path.replace("{id}", table_id)
    before = _tables(client)
    # json.dumps writes NaN and Infinity as JavaScript does: the server must refuse those too
    answer = client.request(method, path, content=json.dumps(body),
                            headers={"content-type": "application/json"}) \
        if body is not None else client.request(method, path)
    assert answer.status_code < 500, (request, answer.status_code, answer.text[:300])
    if answer.status_code >= 400:
        data = answer.json()
        assert data["kind"] == "error" and data["message"], data
        assert _tables(client) == before, "a refused request made a table"
        raise HttpRefusal(data["code"])


TARGETS = [Target("http-request", REQUESTS, send, (HttpRefusal,))]
