"""The server's tables in the shared database (docs/storage.md, docs/protocol.md).

A table of the server is its record (docs/records.md) spread over three tables:

- ``server_tables``: one row a table: its rules (every option), its seed (kept secret until
  the game ends; only its SHA-256 is ever sent before), the settings (bot pause, grace
  period), and the table a "play again" made from it;
- ``server_seats``: who sits where: a bot (its spec) or a person (the SHA-256 of the secret
  token their browser holds, ``None`` while the seat is open; the invitation code that claims it);
- ``server_events``: the table's versioned, append-only event log. The game is the fold of
  its events: ``action`` appends one action, ``undo`` takes the last one back; the other kinds
  (``join``, ``continue``, ``hint``, ``next``) change no card.

Two more serve several processes over one PostgreSQL database (docs/cluster.md); SQLite, with
one process, leaves them empty:

- ``server_leases``: which process owns a table (holds its game and applies its actions), until
  when: the owner renews its leases on every heartbeat, and a lease past its expiry may be taken;
- ``server_presence``: which seats have a connection on which process, until when (renewed
  by the same heartbeat), so the owner knows who is here wherever they are connected.

One more keeps what the reviews found (docs/bots.md, "Reviews"):

- ``server_reviews``: a review of one seat of a finished game (a table's, or an uploaded
  record's, by its digest): the judged decisions so far, in the presentation layer's words, how
  many there are in all, whether it is done, and which process works on it, until when it last
  wrote (a review whose process stopped writing is taken up again by the next request).

Only portable column types: the same models run on PostgreSQL (``--db postgresql+psycopg://``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from canasta.store import Base


class TableRow(Base):
    """One table: rules, seed and settings (the seed's hash is public, the seed is not)."""

    __tablename__ = "server_tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)  # RuleSet.to_dict()
    seed: Mapped[str] = mapped_column(String(64))  # decimal digits: a 128-bit integer
    seed_hash: Mapped[str] = mapped_column(String(64))
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    creator: Mapped[str] = mapped_column(String(64), index=True)  # the creating client's key
    over: Mapped[bool] = mapped_column(default=False)
    next_table: Mapped[str | None] = mapped_column(String(24), default=None)


class SeatRow(Base):
    """One seat of a table: a bot, or a person holding a secret token."""

    __tablename__ = "server_seats"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("server_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "bot" or "human"
    bot: Mapped[str | None] = mapped_column(String(80), default=None)
    name: Mapped[str] = mapped_column(String(40))
    invite: Mapped[str | None] = mapped_column(String(64), default=None)
    token_hash: Mapped[str | None] = mapped_column(String(64), default=None)


class EventRow(Base):
    """One versioned event of a table (versions count from 1, without gaps)."""

    __tablename__ = "server_events"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("server_tables.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, default=None)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeaseRow(Base):
    """The process that owns a table, until ``expires_at`` (database time)."""

    __tablename__ = "server_leases"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("server_tables.id", ondelete="CASCADE"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(32), index=True)  # a process's id
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PresenceRow(Base):
    """A seat with a connection on a process, until ``expires_at`` (database time)."""

    __tablename__ = "server_presence"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("server_tables.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    process: Mapped[str] = mapped_column(String(32), primary_key=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ReviewRow(Base):
    """A review of one seat of a finished game: its judged decisions so far."""

    __tablename__ = "server_reviews"

    game: Mapped[str] = mapped_column(String(32), primary_key=True)  # t:<table> or u:<digest>
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    samples: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)  # the seat's decisions in the game
    lines: Mapped[list[dict[str, Any]]] = mapped_column(JSON)  # ReviewLine.to_dict(), in order
    done: Mapped[bool] = mapped_column(default=False)
    worker: Mapped[str] = mapped_column(String(32))  # the process reviewing it
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


__all__ = ["EventRow", "LeaseRow", "PresenceRow", "ReviewRow", "SeatRow", "TableRow"]
