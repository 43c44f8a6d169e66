"""Campaign kinds: each campaign row names its kind (issue 22, the campaign layer).

The campaign store keeps every kind of campaign in the expedition tables it grew from;
the new ``kind`` column says which kind's document a row holds. Every row stored before
this revision is an expedition.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("expeditions", sa.Column("kind", sa.String(32), nullable=False, server_default="expedition"))
    op.create_index("ix_expeditions_kind", "expeditions", ["kind"])


def downgrade() -> None:
    op.drop_index("ix_expeditions_kind", "expeditions")
    with op.batch_alter_table("expeditions") as batch:
        batch.drop_column("kind")
