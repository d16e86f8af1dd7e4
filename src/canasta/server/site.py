"""The server's state, below every route: the database, the writer, the bots' worker
processes, the hall (with several processes, the cluster over it) and the reviews' worker,
made and closed with the application (``lifespan``); and what every route shares: a
request's JSON body read within its size limit, the refusal of a request that met a database
outage.

The game's routes (``server.app``) and the score pad's (``server.score_routes``) are built on
it, side by side, neither importing the other (docs/architecture.md, "The server's layers").
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine
from starlette.applications import Starlette
from starlette.requests import Request

from canasta.server import storage
from canasta.server.hall import Hall, Limits
from canasta.server.reviewer import Reviewer
from canasta.server.seats import Refused, Settings
from canasta.server.worker import Workers
from canasta.store import open_database

if TYPE_CHECKING:
    from canasta.server.cluster import Cluster

LEASE = 5.0  #: seconds a table's lease lasts on PostgreSQL unless renewed (docs/cluster.md)
MAX_BODY = 96 * 1024  #: the largest HTTP request body
BOT_WORKERS = 2  #: processes that decide the bots' moves and the hints (one a core here)
#: Their niceness: under load a process at 5 has about a third of a core's share at 0, so the
#: tables' messages (the server's process) come first and a search gets fewer samples.
BOT_NICE = 5


def cluster_for(engine: Engine, lease: float = LEASE) -> Cluster | None:
    """This process's part in sharing tables with other processes: on PostgreSQL only (one
    process on SQLite needs none, and psycopg is not imported)."""
    if engine.dialect.name != "postgresql":
        return None
    from canasta.server.cluster import Cluster

    return Cluster(engine, lease)


class Site:
    """The application's state: the database, the writer, the bots' processes, the hall."""

    def __init__(self, db_url: str | None, settings: Settings, limits: Limits,
                 lease: float = LEASE) -> None:
        self.db_url, self.settings, self.limits, self.lease = db_url, settings, limits, lease
        self.hall: Hall | None = None
        self.reviewer: Reviewer | None = None

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        engine = open_database(self.db_url)
        writer = storage.Writer(engine)
        pool = Workers(BOT_WORKERS, BOT_NICE, "canasta-bot")
        self.hall = Hall(engine, writer, pool, self.settings, self.limits,
                         cluster_for(engine, self.lease))
        self.reviewer = Reviewer(engine, writer, self.limits.review_samples,
                                 self.limits.reviews_at_once, self.limits.reviews_per_client,
                                 self.limits.upload_reviews_kept)
        await self.hall.start()
        try:
            yield
        finally:
            await self.reviewer.close()
            await self.hall.close()
            writer.close()
            pool.shutdown(wait=False, cancel_futures=True)
            engine.dispose()

    @property
    def tables(self) -> Hall:
        assert self.hall is not None
        return self.hall

    @property
    def reviews(self) -> Reviewer:
        assert self.reviewer is not None
        return self.reviewer

    def outage(self, exc: BaseException) -> Refused:
        """The refusal of a request that met a database outage (logged once per outage)."""
        self.tables.writer.health.failed(exc)
        return Refused("unavailable", "the database is not answering: try again in a moment")

    async def raw(self, request: Request, limit: int = MAX_BODY) -> bytes:
        """A request's body, read until it passes ``limit`` bytes (then ``Refused``)."""
        size = 0
        chunks = []
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise Refused("too-large", f"a request is at most {limit // 1024} KB")
            chunks.append(chunk)
        return b"".join(chunks)

    async def body(self, request: Request) -> dict[str, Any]:
        """A request's body: a JSON object of at most ``MAX_BODY`` bytes; ``Refused``
        otherwise."""
        text = await self.raw(request)  # outside the try: a Refused is a ValueError
        try:
            data = json.loads(text or b"null")
        except (ValueError, RecursionError):
            raise Refused("bad-json", "the request is not JSON") from None
        if not isinstance(data, dict):
            raise Refused("bad-request", "the request is a JSON object")
        return data


__all__ = ["LEASE", "MAX_BODY", "Site", "cluster_for"]
