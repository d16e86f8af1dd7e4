"""The score pad's tables: games, their sides, deals, and one entry per side per deal.

Revision ID: 0001
Revises: (none: the first migration)
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _fk(table: str, column: str, target: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], ondelete="CASCADE",
                                   name=op.f(f"fk_{table}_{column}_{target}"))


def upgrade() -> None:
    """Create score_games, score_sides, score_deals and score_entries."""
    op.create_table(
        "score_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("rules_name", sa.String(length=200), nullable=False),
        sa.Column("rules_toml", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_score_games")),
        sa.UniqueConstraint("name", name=op.f("uq_score_games_name")),
    )
    op.create_table(
        "score_sides",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        _fk("score_sides", "game_id", "score_games"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_score_sides")),
        sa.UniqueConstraint("game_id", "position", name=op.f("uq_score_sides_game_id_position")),
    )
    op.create_table(
        "score_deals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
        _fk("score_deals", "game_id", "score_games"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_score_deals")),
        sa.UniqueConstraint("game_id", "number", name=op.f("uq_score_deals_game_id_number")),
    )
    op.create_table(
        "score_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("deal_id", sa.Integer(), nullable=False),
        sa.Column("side", sa.Integer(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        _fk("score_entries", "deal_id", "score_deals"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_score_entries")),
        sa.UniqueConstraint("deal_id", "side", name=op.f("uq_score_entries_deal_id_side")),
    )


def downgrade() -> None:
    """Drop the score pad's tables."""
    op.drop_table("score_entries")
    op.drop_table("score_deals")
    op.drop_table("score_sides")
    op.drop_table("score_games")
