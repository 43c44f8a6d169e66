"""Alembic's entry point: run the migrations on the connection the store passes in.

Alembic runs this file with its ``context`` set up; imported any other way (the doctest
collection imports every module of the package) it does nothing.
"""

from __future__ import annotations

from alembic import context

from gravehold.storage.models import Base


def run() -> None:
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):
    run()
