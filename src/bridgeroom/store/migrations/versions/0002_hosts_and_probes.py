"""A table's host (the hash of the token of whoever created it, who may delete it), and the row
a server rewrites to learn that the store can write again.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("host_hash", sa.String(64), nullable=True))
    op.create_table(
        "probes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )


def downgrade() -> None:
    op.drop_table("probes")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("host_hash")
