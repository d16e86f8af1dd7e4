"""The game server's tables: tables (rules, seed, settings), their seats, their event log.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["table_id"], ["server_tables.id"], ondelete="CASCADE",
                                   name=op.f(f"fk_{table}_table_id_server_tables"))


def upgrade() -> None:
    """Create server_tables, server_seats and server_events."""
    op.create_table(
        "server_tables",
        sa.Column("id", sa.String(length=24), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("seed", sa.String(length=64), nullable=False),
        sa.Column("seed_hash", sa.String(length=64), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("creator", sa.String(length=64), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
        sa.Column("next_table", sa.String(length=24), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_server_tables")),
    )
    with op.batch_alter_table("server_tables") as batch_op:
        batch_op.create_index(batch_op.f("ix_server_tables_creator"), ["creator"], unique=False)
    op.create_table(
        "server_events",
        sa.Column("table_id", sa.String(length=24), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        _fk("server_events"),
        sa.PrimaryKeyConstraint("table_id", "version", name=op.f("pk_server_events")),
    )
    op.create_table(
        "server_seats",
        sa.Column("table_id", sa.String(length=24), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("bot", sa.String(length=80), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("invite", sa.String(length=64), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        _fk("server_seats"),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_server_seats")),
    )


def downgrade() -> None:
    """Drop the server's tables."""
    op.drop_table("server_seats")
    op.drop_table("server_events")
    with op.batch_alter_table("server_tables") as batch_op:
        batch_op.drop_index(batch_op.f("ix_server_tables_creator"))
    op.drop_table("server_tables")
