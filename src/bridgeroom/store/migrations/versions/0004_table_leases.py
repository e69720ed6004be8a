"""Servers sharing one PostgreSQL database (issue 41): which process writes each table, and
until when (a lease it renews while it plays).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("code", sa.String(32), nullable=False),
        sa.Column("holder", sa.String(40), nullable=False),
        sa.Column("expires", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("code"),
    )
    op.create_index("ix_table_leases_holder", "table_leases", ["holder"])
    op.create_index("ix_table_leases_expires", "table_leases", ["expires"])


def downgrade() -> None:
    op.drop_index("ix_table_leases_expires", "table_leases")
    op.drop_index("ix_table_leases_holder", "table_leases")
    op.drop_table("table_leases")
