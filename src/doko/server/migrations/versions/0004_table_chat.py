"""The chat of a table: who may read it (``off``, ``players``, ``all``: spectators too), chosen
at creation. The chat lines themselves are never stored (docs/server.md, "Chat").

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("chat", sa.String(8), nullable=False,
                                   server_default="players"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("chat")
