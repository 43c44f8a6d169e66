"""The command line (Typer + Rich): ``gravehold play``, ``simulate``, ``serve``, the
catalogue and ``gravehold expedition``. ``app`` is the console script's entry point.

The package's layout (``docs/architecture.md``, "Front ends: the CLI"): ``app`` puts the
commands together; ``common`` holds what they share (consoles, the error line, option
types and checks); one module a part holds its commands (``play``, ``catalogue``,
``simulate``, ``serve``, ``expedition/``); ``render`` and ``prompts`` draw.
"""

from __future__ import annotations

from .app import app, main

__all__ = ["app", "main"]
