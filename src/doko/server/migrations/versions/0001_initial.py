"""The initial schema: tables, seats, rounds, games, actions.

Revision ID: 0001
Revises:
Create Date: 2026-01-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("games_total", sa.Integer(), nullable=True),
        sa.Column("pflichtsoli", sa.Boolean(), nullable=False),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("bot_takeover", sa.Boolean(), nullable=False),
        sa.Column("takeover_level", sa.String(32), nullable=False),
        sa.Column("bot_delay_ms", sa.Integer(), nullable=False),
        sa.Column("grace_s", sa.Float(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("level", sa.String(32), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token", sa.String(64), nullable=True, unique=True),
        sa.Column("joined", sa.Boolean(), nullable=False),
        sa.Column("left", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("table_id", "seat"),
    )
    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("games_total", sa.Integer(), nullable=True),
        sa.Column("pflichtsoli", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.UniqueConstraint("table_id", "number"),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("rounds.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Text(), nullable=False),
        sa.Column("closed", sa.Boolean(), nullable=False),
        sa.Column("done_seats", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("closed_at", sa.Float(), nullable=True),
        sa.UniqueConstraint("table_id", "number"),
    )
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("idx", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.UniqueConstraint("game_id", "idx"),
    )


def downgrade() -> None:
    for name in ("actions", "games", "rounds", "seats", "tables"):
        op.drop_table(name)
