"""How this box's own effect steps read (the project's wording; see content/text.py)."""

from __future__ import annotations

from collections.abc import Callable

WORDING: dict[str, Callable[..., str]] = {}
