"""The score pad's tables (docs/storage.md, docs/scorepad.md): a game, its sides, its deals, and
one entry per side per deal. An entry is stored as the players gave it (JSON: counts and points,
who went out); every score is computed from the entries and the game's rule set, never stored."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from canasta.store.base import Base


def _now() -> datetime:
    return datetime.now(UTC)


class ScoreGame(Base):
    """One game on the score pad: its name, its rule set (the complete TOML, so a changed rules
    file never rescores an old game), its sides and deals."""

    __tablename__ = "score_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    rules_name: Mapped[str] = mapped_column(String(200))
    rules_toml: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    sides: Mapped[list[ScoreSide]] = relationship(
        back_populates="game", cascade="all, delete-orphan", order_by="ScoreSide.position")
    deals: Mapped[list[ScoreDeal]] = relationship(
        back_populates="game", cascade="all, delete-orphan", order_by="ScoreDeal.number")


class ScoreSide(Base):
    """A side of a score-pad game (a partnership, or one player), by its place 0, 1, ..."""

    __tablename__ = "score_sides"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("score_games.id", ondelete="CASCADE"))
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(120))
    game: Mapped[ScoreGame] = relationship(back_populates="sides")


class ScoreDeal(Base):
    """One deal of a score-pad game, numbered from 1, with one entry per side."""

    __tablename__ = "score_deals"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("score_games.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    entered_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    game: Mapped[ScoreGame] = relationship(back_populates="deals")
    entries: Mapped[list[ScoreEntry]] = relationship(
        back_populates="deal", cascade="all, delete-orphan", order_by="ScoreEntry.side")


class ScoreEntry(Base):
    """What one side scored in one deal, as entered (docs/scorepad.md: the entry's fields)."""

    __tablename__ = "score_entries"
    __table_args__ = (UniqueConstraint("deal_id", "side"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal_id: Mapped[int] = mapped_column(ForeignKey("score_deals.id", ondelete="CASCADE"))
    side: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    deal: Mapped[ScoreDeal] = relationship(back_populates="entries")
