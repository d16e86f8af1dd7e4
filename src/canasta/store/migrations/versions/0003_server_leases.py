"""Several server processes over one database: table leases and seat presence.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["table_id"], ["server_tables.id"], ondelete="CASCADE",
                                   name=op.f(f"fk_{table}_table_id_server_tables"))


def upgrade() -> None:
    """Create server_leases and server_presence."""
    op.create_table(
        "server_leases",
        sa.Column("table_id", sa.String(length=24), nullable=False),
        sa.Column("owner", sa.String(length=32), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        _fk("server_leases"),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_server_leases")),
    )
    with op.batch_alter_table("server_leases") as batch_op:
        batch_op.create_index(batch_op.f("ix_server_leases_owner"), ["owner"], unique=False)
    op.create_table(
        "server_presence",
        sa.Column("table_id", sa.String(length=24), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("process", sa.String(length=32), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        _fk("server_presence"),
        sa.PrimaryKeyConstraint("table_id", "seat", "process", name=op.f("pk_server_presence")),
    )


def downgrade() -> None:
    """Drop the leases and the presence."""
    op.drop_table("server_presence")
    with op.batch_alter_table("server_leases") as batch_op:
        batch_op.drop_index(batch_op.f("ix_server_leases_owner"))
    op.drop_table("server_leases")
