"""Run `gravehold serve` as a real process on a free loopback port, for restart and browser tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import IO


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``args`` are more ``gravehold serve`` options; ``log`` is what the server wrote to
    stderr, once stopped (to a file, so a chatty server never blocks on a full pipe)."""

    def __init__(self, db: Path, port: int | None = None, bot_delay: float = 0.05,
                 args: tuple[str, ...] = ()) -> None:
        self.db, self.port, self.bot_delay, self.args = db, port or free_port(), bot_delay, args
        self.proc: subprocess.Popen[bytes] | None = None
        self.err: IO[bytes] | None = None
        self.log = ""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.err = tempfile.TemporaryFile()  # noqa: SIM115 - read and closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gravehold.cli", "serve", "--port", str(self.port),
             "--db", f"sqlite:///{self.db}", "--bot-delay", str(self.bot_delay), *self.args],
            stdout=subprocess.DEVNULL, stderr=self.err)
        end = time.time() + 30
        while time.time() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self._read()}")
            try:
                urllib.request.urlopen(self.url + "/api/content", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def _read(self) -> str:
        if self.err is None:
            return ""
        self.err.seek(0)
        return self.err.read().decode(errors="replace")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None
        self.log = self._read()
        if self.err is not None:
            self.err.close()
            self.err = None
