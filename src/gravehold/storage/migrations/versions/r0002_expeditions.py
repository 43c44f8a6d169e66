"""Expeditions and their battles (issue: expeditions).

An expedition is one row holding its state document; each try of each of its battles is a
row linking it to the game that plays it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "expeditions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(16), nullable=False),
    )
    op.create_index("ix_expeditions_owner", "expeditions", ["owner"])
    op.create_table(
        "expedition_battles",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("expedition_id", sa.String(32), sa.ForeignKey("expeditions.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("battle", sa.Integer(), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="SET NULL"), nullable=True),
        sa.Column("result", sa.String(16), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("expedition_id", "battle", "attempt"),
    )
    op.create_index("ix_expedition_battles_expedition_id", "expedition_battles", ["expedition_id"])
    op.create_index("ix_expedition_battles_game_id", "expedition_battles", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_expedition_battles_game_id", "expedition_battles")
    op.drop_index("ix_expedition_battles_expedition_id", "expedition_battles")
    op.drop_table("expedition_battles")
    op.drop_index("ix_expeditions_owner", "expeditions")
    op.drop_table("expeditions")
