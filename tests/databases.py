"""The databases the storage tests run against: SQLite always, PostgreSQL when one is given.

``GRAVEHOLD_TEST_POSTGRES_URL`` names a PostgreSQL database the tests may use
(``postgresql+psycopg://user:password@host/db``; ``.ci/run`` starts one and sets it). Each
test gets a schema of its own in it, dropped afterwards, so parallel workers never meet.
Without the variable the PostgreSQL cases skip, saying how to run them; with
``GRAVEHOLD_REQUIRE_POSTGRES=1`` (CI) they fail instead, as the browser tests do.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

POSTGRES = os.environ.get("GRAVEHOLD_TEST_POSTGRES_URL", "")
REQUIRED = os.environ.get("GRAVEHOLD_REQUIRE_POSTGRES") == "1"
BACKENDS = ("sqlite", "postgresql")


def database_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of ``backend``, as a URL, for the length of one test."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    if not POSTGRES:
        if REQUIRED:
            pytest.fail("GRAVEHOLD_REQUIRE_POSTGRES=1 but GRAVEHOLD_TEST_POSTGRES_URL names no database")
        pytest.skip("no PostgreSQL: set GRAVEHOLD_TEST_POSTGRES_URL=postgresql+psycopg://user:pw@host/db "
                    "(.ci/run starts one)")
    from sqlalchemy import create_engine, text

    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(POSTGRES)
    with admin.begin() as c:
        c.execute(text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as c:
            c.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()
