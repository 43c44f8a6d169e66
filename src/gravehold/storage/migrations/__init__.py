"""Alembic migrations of the game store's schema (``storage/models.py``).

The store upgrades its database to the newest revision when it opens it
(``storage.saves.make_engine``), so a database made by an older gravehold is brought up to
date in place and never recreated. A new table or column is a new revision in
``versions/``, written by hand (``revision``, ``down_revision``, ``upgrade``), which keeps
the schema's history readable and the same on SQLite and PostgreSQL.
"""
