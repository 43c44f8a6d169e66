import os
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from browsers import find_chromium, gate  # noqa: E402

# tests/fixtures/ holds made-up boxes that a test loads in a process of its own; importing
# them here (doctest collection) would add their content to every other test's catalogue.
collect_ignore_glob = ["fixtures/*"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The Chromium of ``browsers.find_chromium`` for one test module (its tests carry
    ``pytest.mark.browser``, so they never start without one). Per module, not per run:
    a launch costs well under a second, and each module's pages and contexts go with it."""
    from browsers import launched

    with launched() as b:
        yield b


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``gravehold serve`` on a database of its own, for one test module. The module's
    ``BOT_DELAY`` (seconds before each bot action, 0.05 unless it says) keeps bot games quick."""
    from webserver import Server

    name = request.module.__name__.rsplit(".", 1)[-1]
    srv = Server(tmp_path_factory.mktemp(name) / f"{name}.db", bot_delay=getattr(request.module, "BOT_DELAY", 0.05))
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def api(server: Any) -> Iterator[Any]:
    """An HTTP client of the module's ``server``."""
    import httpx

    with httpx.Client(base_url=server.url, timeout=15) as c:
        yield c


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives a real Chromium; skipped without one, an error "
                                       "instead with GRAVEHOLD_REQUIRE_BROWSER=1")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip a browser test without a Chromium (or fail it, where one is required), before
    its fixtures start a server."""
    if item.get_closest_marker("browser") is None:
        return
    verdict = gate(find_chromium(), os.environ)
    if verdict is not None:
        kind, why = verdict
        (pytest.fail if kind == "fail" else pytest.skip)(why)


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """On an xdist worker whose tests are over, let nothing interrupt the last clean-up.

    Once a worker reports its session finished, the controller prints the summary and asks
    every worker to exit; a worker still busy five seconds later (its unconfigure hooks and
    garbage collection, slow on a loaded machine) is sent SIGINT by execnet. The
    KeyboardInterrupt then lands wherever Python is, often in Hypothesis' garbage-collection
    callback, and a passing run ends with a traceback on stderr. Nothing is left to stop at
    that point, so the worker ignores SIGINT from here; execnet still ends a worker that
    hangs, ten seconds later, by ``os._exit``.
    """
    if hasattr(config, "workerinput") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
