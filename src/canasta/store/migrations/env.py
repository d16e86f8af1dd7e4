"""Alembic's environment for canasta's packaged migrations (docs/storage.md): it migrates the
engine that :func:`canasta.store.database.upgrade` passes in ``config.attributes``, with every
feature's models imported so autogenerate sees them, in batch mode on SQLite."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine, text

import canasta.score.models  # registers the score pad's tables on Base
import canasta.server.models  # noqa: F401  (registers the server's tables on Base)
from canasta.store.base import Base

engine = context.config.attributes.get("engine")
if not isinstance(engine, Engine):
    raise RuntimeError("canasta's migrations run through canasta.store.upgrade(url)")
with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":  # two processes starting at once migrate
            connection.execute(text("SELECT pg_advisory_xact_lock(5125)"))  # one at a time
        context.run_migrations()
