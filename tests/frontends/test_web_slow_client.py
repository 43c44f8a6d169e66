"""A browser that stops reading its socket never holds up an action or the bots.

These run a real server over real TCP: a stalled reader only shows when the kernel's
buffers fill, which an in-process test client never does.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from webserver import Server


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "slow.db", bot_delay=0.01, args=("--send-queue", "8")).start()
    yield srv
    srv.stop()
    assert "Traceback" not in srv.log, srv.log


def stalled_socket(srv: Server, path: str) -> socket.socket:
    """A WebSocket with a tiny receive window that reads its handshake reply and nothing more."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)  # before connecting: the window stays small
    s.settimeout(5)
    s.connect(("127.0.0.1", srv.port))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{srv.port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    for _ in range(4096):  # one byte at a time, so no frame after the headers is read
        head += s.recv(1)
        if head.endswith(b"\r\n\r\n"):
            break
    assert head.startswith(b"HTTP/1.1 101"), head
    return s


def drained_to_eof(s: socket.socket, seconds: float = 15.0) -> bool:
    """Read until the server closes the connection; False if it is still open after ``seconds``."""
    s.settimeout(0.5)
    end = time.time() + seconds
    while time.time() < end:
        try:
            if not s.recv(65536):
                return True
        except TimeoutError:
            continue
        except OSError:
            return True
    return False


def state(c: httpx.Client, gid: str, tok: str) -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}", params={"t": tok})
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_a_spectator_that_never_reads_holds_up_no_action_and_no_bot(server: Server) -> None:
    """Four seats (one human, three bots) make big frames; a stalled reader's kernel buffers
    (a few MB on loopback) fill within a couple of hundred decisions, then every send to it
    would block. Every reply must still come at once, and the bots must go on."""
    c = httpx.Client(base_url=server.url, timeout=5)  # a reply held up by a broadcast times out
    links = c.post("/api/games", json={"seats": [{"mage": "Brama"}, {"mage": "Mist", "bot": "heuristic"},
                                                 {"mage": "Jian", "bot": "heuristic"},
                                                 {"mage": "Xaxos", "bot": "heuristic"}],
                                       "nemesis": "Rageborne", "market": "Deck Destruction", "seed": 7}).json()
    gid, tok, spec = links["id"], links["seats"][0]["url"].split("t=")[1], links["spectator"].split("t=")[1]
    stalled = stalled_socket(server, f"/ws/{gid}?t={spec}")
    with connect(f"ws://127.0.0.1:{server.port}/ws/{gid}?t={spec}", open_timeout=5) as watcher:
        last = json.loads(watcher.recv(timeout=5))
        end, s, acted = time.time() + 90, state(c, gid, tok), 0
        while time.time() < end and not s["over"] and s["seq"] < 400:
            if s["your_turn"]:
                r = c.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": s["seq"],
                                                             "action": s["options"][0]["action"]})
                assert r.status_code == 200, r.text
                acted += 1
            else:
                time.sleep(0.02)
            s = state(c, gid, tok)
        assert s["over"] or s["seq"] >= 400, f"stuck at decision {s['seq']}"
        assert acted >= 10
        time.sleep(0.5)  # let the bots finish the step they are on
        seq = state(c, gid, tok)["seq"]
        # a spectator that reads sees every move, up to the last one
        end = time.time() + 10
        while last["seq"] < seq and time.time() < end:
            last = json.loads(watcher.recv(timeout=5))
        assert last["seq"] >= seq
    # the one that fell behind was dropped; a new connection starts from a full snapshot
    assert drained_to_eof(stalled), "the stalled socket is still open"
    stalled.close()
    with connect(f"ws://127.0.0.1:{server.port}/ws/{gid}?t={spec}", open_timeout=5) as again:
        fresh = json.loads(again.recv(timeout=5))
    assert fresh["type"] == "state" and fresh["seq"] >= seq and len(fresh["view"]["players"]) == 4
