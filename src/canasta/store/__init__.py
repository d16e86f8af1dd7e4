"""The shared database of every feature that keeps data (the score pad, the server): one
``Base`` for the models, one function that opens a database, Alembic migrations shipped in
the package. How a feature adds its tables: docs/storage.md."""

from __future__ import annotations

from canasta.store.base import Base
from canasta.store.database import StoreError, default_url, open_database, upgrade

__all__ = ["Base", "StoreError", "default_url", "open_database", "upgrade"]
