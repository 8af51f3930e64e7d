"""Stored results: each closed game's score breakdown and Spielliste row, each round's
Spielliste, written when a game is closed, so that reading them never replays a round.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("result", sa.Text(), nullable=True))
        batch.add_column(sa.Column("row", sa.Text(), nullable=True))
    with op.batch_alter_table("rounds") as batch:
        batch.add_column(sa.Column("sheet", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rounds") as batch:
        batch.drop_column("sheet")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("row")
        batch.drop_column("result")
