"""Which Chromium the browser tests drive, and what happens when there is none.

``make test`` never installs a browser: the browser tests skip, saying how to enable them,
unless ``GRAVEHOLD_REQUIRE_BROWSER=1`` (set by CI) makes a missing browser an error, so CI
cannot pass by skipping them. ``scripts/ensure-chromium.sh`` looks in the same places.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

#: Names a Chromium goes by: Debian and Fedora, Ubuntu and others, Google's builds.
NAMES = ("chromium", "chromium-browser", "google-chrome-stable", "google-chrome")
#: Flags for a headless Chromium in a container: no sandbox, GPU or background traffic.
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
HOW = ("install chromium (or Google Chrome), point GRAVEHOLD_CHROMIUM at one, or run "
       "scripts/ensure-chromium.sh --install")


#: an init script that records every Content-Security-Policy refusal in ``window.__refused``
CSP_WATCH = """document.addEventListener("securitypolicyviolation",
  e => (window.__refused = window.__refused || []).push(`${e.violatedDirective} ${e.blockedURI}`));"""
#: a phone's viewport
PHONE = {"width": 390, "height": 844}


def _runnable(path: str) -> bool:
    return Path(path).is_file() and os.access(path, os.X_OK)


@cache
def find_chromium() -> str | None:
    """GRAVEHOLD_CHROMIUM if set (and nothing else then), else the first Chromium on PATH,
    else the one Playwright downloaded (``python -m playwright install chromium``), if any."""
    chosen = os.environ.get("GRAVEHOLD_CHROMIUM")
    if chosen:
        return chosen if _runnable(chosen) else None
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            own = p.chromium.executable_path
        return own if _runnable(own) else None
    except Exception:  # no Playwright, or it cannot start: no browser either way
        return None


def gate(found: str | None, env: Mapping[str, str]) -> tuple[str, str] | None:
    """What a browser test does before it starts: ``None`` to run, else ``("skip" | "fail", why)``."""
    if found:
        return None
    if env.get("GRAVEHOLD_REQUIRE_BROWSER") == "1":
        return ("fail", f"GRAVEHOLD_REQUIRE_BROWSER=1 but no Chromium was found: {HOW}")
    return ("skip", f"no Chromium found; to run the browser tests, {HOW}")


@contextmanager
def launched() -> Iterator[Any]:
    """The Chromium of :func:`find_chromium`, started by Playwright, for one test module
    (its tests carry ``pytest.mark.browser``, so they never start without one)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=find_chromium(), args=ARGS)
        try:
            yield b
        finally:
            b.close()
