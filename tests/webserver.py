"""Run `gravehold serve` as a real process on a free loopback port, for restart and browser tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, db: Path, port: int | None = None, bot_delay: float = 0.05) -> None:
        self.db, self.port, self.bot_delay = db, port or free_port(), bot_delay
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gravehold.cli", "serve", "--port", str(self.port),
             "--db", f"sqlite:///{self.db}", "--bot-delay", str(self.bot_delay)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        end = time.time() + 30
        while time.time() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stderr.read().decode() if self.proc.stderr else ''}")
            try:
                urllib.request.urlopen(self.url + "/api/content", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None
