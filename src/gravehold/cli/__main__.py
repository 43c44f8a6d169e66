"""``python -m gravehold.cli``: the ``gravehold`` command (the test servers start it so)."""

from __future__ import annotations

import sys

from .app import app

sys.exit(app())
