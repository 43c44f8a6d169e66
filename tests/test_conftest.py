"""The test harness' own hooks (tests/conftest.py)."""

import signal
from types import SimpleNamespace
from typing import Any

import conftest


def test_a_finished_worker_ignores_the_interrupt_execnet_sends_at_exit() -> None:
    """A worker's unconfigure ignores SIGINT (execnet's nudge to a slow worker would print a
    KeyboardInterrupt traceback after a passing run); the controller's keeps Ctrl-C."""
    before = signal.getsignal(signal.SIGINT)
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        controller: Any = SimpleNamespace()
        conftest.pytest_unconfigure(controller)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        worker: Any = SimpleNamespace(workerinput={"workerid": "gw0"})
        conftest.pytest_unconfigure(worker)
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
