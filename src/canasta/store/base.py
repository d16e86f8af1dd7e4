"""The declarative base every feature's models derive from (docs/storage.md).

Constraint names follow one convention, so migrations can name what they drop or alter on
every backend (SQLite's batch mode needs names to rebuild a table)."""

from __future__ import annotations

from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """The SQLAlchemy 2 declarative base shared by all of canasta's tables."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
