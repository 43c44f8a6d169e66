"""The games and their actions: the schema gravehold's store had before migrations.

A database made before migrations holds exactly these tables; the store stamps it with
this revision instead of creating them again (``storage.saves.migrate``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("config", sa.Text(), nullable=False),
        sa.Column("seats", sa.Text(), nullable=False),
        sa.Column("spectator", sa.String(64), nullable=False),
        sa.Column("snapshot", sa.Text(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.String(16), nullable=True),
        sa.Column("reason", sa.String(32), nullable=True),
    )
    op.create_index("ix_games_owner", "games", ["owner"])
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("revealed", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", "seq"),
    )
    op.create_index("ix_actions_game_id", "actions", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_actions_game_id", "actions")
    op.drop_table("actions")
    op.drop_index("ix_games_owner", "games")
    op.drop_table("games")
