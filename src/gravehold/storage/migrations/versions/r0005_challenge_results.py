"""The seeded challenge's results: one row per result on a setup, a person's or a bot's.

A person's browser game is linked here when it starts (no result yet), so the link and
the result survive a restart; the bots' results on the same seeds are kept here once
played. Databases stored before this revision have no challenge results.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenge_results",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("challenge_id", sa.String(32), nullable=False),
        sa.Column("setup", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("who", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("result", sa.String(16), nullable=True),
        sa.Column("reason", sa.String(32), nullable=True),
        sa.Column("turns", sa.Integer(), nullable=True),
        sa.Column("nemesis_life", sa.Integer(), nullable=True),
        sa.Column("gravehold_life", sa.Integer(), nullable=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="SET NULL"), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_challenge_results_challenge_id", "challenge_results", ["challenge_id"])
    op.create_index("ix_challenge_results_game_id", "challenge_results", ["game_id"])
    # one stored result per bot and setup: two servers computing a set at once cannot both keep one
    op.create_index("ux_challenge_results_bot", "challenge_results", ["challenge_id", "setup", "who"], unique=True,
                    sqlite_where=sa.text("kind = 'bot'"), postgresql_where=sa.text("kind = 'bot'"))


def downgrade() -> None:
    op.drop_index("ux_challenge_results_bot", "challenge_results")
    op.drop_index("ix_challenge_results_game_id", "challenge_results")
    op.drop_index("ix_challenge_results_challenge_id", "challenge_results")
    op.drop_table("challenge_results")
