"""The campaign journal: one row per step applied to a campaign (issue: the Legacy campaign).

A campaign played over many evenings keeps, beside its document, when each step was taken
and what it was. Campaigns stored before this revision have no journal rows for their past
steps; their first step after it is the first row.
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
        "campaign_steps",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("campaign_id", sa.String(32), sa.ForeignKey("expeditions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("step", sa.String(32), nullable=False),
        sa.Column("phase", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("campaign_id", "version"),
    )
    op.create_index("ix_campaign_steps_campaign_id", "campaign_steps", ["campaign_id"])


def downgrade() -> None:
    op.drop_index("ix_campaign_steps_campaign_id", "campaign_steps")
    op.drop_table("campaign_steps")
