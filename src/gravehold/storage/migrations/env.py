"""Alembic's entry point: run the migrations on the connection the store passes in."""

from __future__ import annotations

from alembic import context

from gravehold.storage.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
