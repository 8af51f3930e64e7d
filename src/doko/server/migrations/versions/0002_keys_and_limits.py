"""Spectator keys, practice tables, creators and activity times (the open-internet hardening).

``spectator_token``: the secret of a private table's spectator link (a private table is not
visible by its code alone). ``practice``: the creator chose the seed (one person only; the seed
is shown openly). ``creator``: a keyed hash of the creating client's address, to cap the tables
one client keeps open. ``touched_at``: when a person last had the table open, for expiry.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("spectator_token", sa.String(64), nullable=True))
        batch.add_column(sa.Column("practice", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("creator", sa.String(64), nullable=True))
        batch.add_column(sa.Column("touched_at", sa.Float(), nullable=True))
        batch.create_unique_constraint("uq_tables_spectator_token", ["spectator_token"])
        batch.create_index("ix_tables_creator", ["creator"])


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_creator")
        batch.drop_constraint("uq_tables_spectator_token", type_="unique")
        for name in ("touched_at", "creator", "practice", "spectator_token"):
            batch.drop_column(name)
