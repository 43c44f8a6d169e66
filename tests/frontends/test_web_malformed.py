"""Malformed requests get a 4xx naming the field (or an error frame on the socket), never
a 500, a dropped socket or a traceback in the log."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gravehold.engine import schema
from gravehold.web.app import create_app

SEATS = [{"mage": "Brama"}]


@pytest.fixture
def client(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    with caplog.at_level(logging.WARNING), TestClient(app) as c:  # a 500 raises here
        yield c
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]


@pytest.fixture
def game(client: TestClient) -> dict[str, Any]:
    r = client.post("/api/games", json={"seats": SEATS, "nemesis": "Rageborne", "market": "Deck Destruction",
                                        "seed": 5})
    assert r.status_code == 201, r.text
    links = r.json()
    tok = links["seats"][0]["url"].split("t=")[1]
    s = client.get(f"/api/games/{links['id']}", params={"t": tok}).json()
    assert s["your_turn"] and ["prep", "Buried Light", 0] in [o["action"] for o in s["options"]]
    return {"id": links["id"], "token": tok, "seq": s["seq"], "spectator": links["spectator"].split("t=")[1]}


def post_raw(client: TestClient, url: str, text: str) -> Any:
    return client.post(url, content=text.encode(), headers={"content-type": "application/json"})


@pytest.mark.parametrize("tok", [12345, [1], {"a": 1}, True, 1.5])
def test_a_token_that_is_not_a_string_is_a_422_naming_it(client: TestClient, game: dict[str, Any],
                                                          tok: Any) -> None:
    for path in ("actions", "undo"):
        r = client.post(f"/api/games/{game['id']}/{path}", json={"token": tok, "seq": game["seq"],
                                                                "action": ["end_main"]})
        assert r.status_code == 422, r.text
        assert "token" in r.json()["error"]


@pytest.mark.parametrize("tok", ["é", "\u00e9" * 40, "\ud800", "x" * 5000])
def test_a_token_that_is_not_ascii_is_just_a_wrong_link(client: TestClient, game: dict[str, Any],
                                                        tok: str) -> None:
    r = post_raw(client, f"/api/games/{game['id']}/actions",  # json.dumps escapes a lone surrogate
                 json.dumps({"token": tok, "seq": game["seq"], "action": ["end_main"]}))
    assert r.status_code == 403 and "token" in r.json()["error"]
    if tok != "\ud800":  # a URL cannot hold a lone surrogate
        r = client.get(f"/api/games/{game['id']}", params={"t": tok})
        assert r.status_code == 403 and "link" in r.json()["error"]


def test_a_socket_link_that_is_not_ascii_is_closed_as_a_wrong_link(client: TestClient,
                                                                    game: dict[str, Any]) -> None:
    with client.websocket_connect(f"/ws/{game['id']}?t=%C3%A9") as ws, pytest.raises(WebSocketDisconnect) as e:
        ws.receive_json()
    assert e.value.code == 4403


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ({"ruleset": 5}, "ruleset"),
        ({"ruleset": ["we"]}, "ruleset"),
        ({"ruleset": {"empty_deck_unleashes": 9}}, "empty_deck_unleashes"),
        ({"ruleset": {"empty_deck_unleashes": "2"}}, "empty_deck_unleashes"),
        ({"ruleset": {"preset": ["we"]}}, "preset"),
        ({"ruleset": {"solo_player_turns": 3.0}}, "solo_player_turns"),
        ({"ruleset": {"nope": 1}}, "nope"),
        ({"market": 5}, "market"),
        ({"market": [None] * 9}, "market"),
        ({"market": [5] * 9}, "market"),
        ({"nemesis": 5}, "nemesis"),
        ({"nemesis": ["Rageborne"]}, "nemesis"),
        ({"difficulty": {"x": 1}}, "difficulty"),
        ({"seed": True}, "seed"),
        ({"seed": "7"}, "seed"),
        ({"seed": 10**40}, "seed"),
        ({"four_player_variant": "no"}, "four_player_variant"),
        ({"four_player_variant": 1}, "four_player_variant"),
        ({"seats": [{"mage": 5}]}, "seats[0].mage"),
        ({"seats": [{"mage": "Brama", "bot": 5}]}, "seats[0].bot"),
        ({"seats": [{"mage": "Brama", "bot": True}]}, "seats[0].bot"),
        ({"seats": "Brama"}, "seats"),
        ({"sets": 2}, "sets"),
    ],
)
def test_game_creation_with_bad_values_is_a_422_naming_the_field(client: TestClient, form: dict[str, Any],
                                                                 words: str) -> None:
    r = client.post("/api/games", json={"seats": SEATS, **form})
    assert r.status_code == 422, r.text
    body = r.json()  # the field is named in the words, or beside them when they are a sentence
    assert words in body["error"] or str(body.get("field")).startswith(words), body


@pytest.mark.parametrize("seats", [1, 2, 3])
def test_game_creation_with_the_four_player_variant_for_fewer_players_is_a_422_naming_it(
        client: TestClient, seats: int) -> None:
    mages = ["Brama", "Mist", "Xaxos", "Adelheim"]
    r = client.post("/api/games", json={"seats": [{"mage": m} for m in mages[:seats]], "seed": 5,
                                        "four_player_variant": True})
    assert r.status_code == 422, r.text
    assert r.json()["error"] == (f"four_player_variant: the four-player variant is for four players; "
                                 f"this game has {seats}")
    r = client.post("/api/games", json={"seats": [{"mage": m, "bot": "random"} for m in mages], "seed": 5,
                                        "four_player_variant": True})
    assert r.status_code == 201, r.text


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ('["focus", Infinity]', "action[1]"),
        ('["open", -Infinity]', "action[1]"),
        ('["focus", NaN]', "action[1]"),
        ('["focus", 1e400]', "action[1]"),
        ('["prep", "Buried Light", [Infinity]]', "action[2][0]"),
    ],
)
def test_actions_holding_non_finite_numbers_are_refused_naming_the_place(client: TestClient,
                                                                         game: dict[str, Any], action: str,
                                                                         words: str) -> None:
    body = f'{{"token": "{game["token"]}", "seq": {game["seq"]}, "action": {action}}}'
    r = post_raw(client, f"/api/games/{game['id']}/actions", body)
    assert 400 <= r.status_code < 500, r.text
    assert words in r.json()["error"]
    r = post_raw(client, f"/api/games/{game['id']}/actions",
                 f'{{"token": "{game["token"]}", "seq": Infinity, "action": ["end_main"]}}')
    assert 400 <= r.status_code < 500 and "seq" in r.json()["error"]
    r = post_raw(client, "/api/games", '{"seats": [{"mage": "Brama"}], "seed": -Infinity}')
    assert 400 <= r.status_code < 500 and "seed" in r.json()["error"]


@pytest.mark.parametrize("action", [["prep", "Buried Light", 0.0], ["prep", "Buried Light", False]])
def test_a_number_of_the_wrong_type_is_not_an_option(client: TestClient, game: dict[str, Any],
                                                     action: list[Any]) -> None:
    """0.0 and false equal 0 in Python: the engine must never get a float or a bool for a breach."""
    r = client.post(f"/api/games/{game['id']}/actions", json={"token": game["token"], "seq": game["seq"],
                                                             "action": action})
    assert r.status_code == 422 and "action" in r.json()["error"], r.text
    s = client.get(f"/api/games/{game['id']}", params={"t": game["token"]}).json()
    assert s["seq"] == game["seq"]


def test_socket_messages_that_are_not_json_get_an_error_frame_and_the_socket_stays(
        client: TestClient, game: dict[str, Any]) -> None:
    with client.websocket_connect(f"/ws/{game['id']}?t={game['token']}") as ws:
        assert ws.receive_json()["type"] == "state"
        for send in (lambda: ws.send_text("{nope"), lambda: ws.send_bytes(b"\x00\x01"),
                     lambda: ws.send_text('{"seq": 0, "action": ["focus", Infinity]}'),
                     lambda: ws.send_text("[1, 2]"), lambda: ws.send_text('{"seq": 0, "action": ["x"], "type": 5}')):
            send()
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["status"] in range(400, 500), msg
        ws.send_json({"seq": game["seq"], "action": ["prep", "Buried Light", 0]})
        msg = ws.receive_json()
        assert msg["type"] == "state" and msg["seq"] == game["seq"] + 1


def test_a_real_server_logs_no_traceback_for_bad_frames(tmp_path: Path) -> None:
    """Through uvicorn too: binary, non-JSON, oversized and non-UTF-8 frames, and bad tokens."""
    import base64
    import os
    import socket

    import httpx
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from webserver import Server

    srv = Server(tmp_path / "real.db", args=("--max-body", "4096")).start()
    try:
        c = httpx.Client(base_url=srv.url, timeout=10)
        links = c.post("/api/games", json={"seats": SEATS, "seed": 5}).json()
        gid, tok = links["id"], links["seats"][0]["url"].split("t=")[1]
        assert c.post(f"/api/games/{gid}/actions", json={"token": 5, "seq": 0}).status_code == 422
        assert c.get(f"/api/games/{gid}?t=%C3%A9").status_code == 403
        assert c.post("/api/games", content=b"[" * 5000, headers={"content-type": "application/json"}).status_code \
            == 413
        with connect(f"ws://127.0.0.1:{srv.port}/ws/{gid}?t={tok}", open_timeout=5) as ws:
            ws.recv(timeout=5)
            for bad in (b"\x00", "nope", "[" * 2000 + "]" * 2000):
                ws.send(bad)
                assert json.loads(ws.recv(timeout=5))["type"] == "error"
        with connect(f"ws://127.0.0.1:{srv.port}/ws/{gid}?t={tok}", open_timeout=5) as ws:
            ws.recv(timeout=5)
            ws.send("x" * 5000)  # over --max-body: the socket is closed with 1009
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        s = socket.create_connection(("127.0.0.1", srv.port), timeout=5)  # a text frame that is not UTF-8
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall((f"GET /ws/{gid}?t={tok} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        got = b""
        for _ in range(100):  # the handshake's reply first
            got += s.recv(65536)
            if b"\r\n\r\n" in got:
                break
        assert got.startswith(b"HTTP/1.1 101")
        mask = os.urandom(4)
        s.sendall(bytes([0x81, 0x82]) + mask + bytes(b ^ mask[i] for i, b in enumerate(b"\xff\xfe")))
        for _ in range(100):  # until the close frame (code 1007) has come
            chunk = s.recv(65536)
            got += chunk
            if not chunk or b"\x88\x02\x03\xef" in got:
                break
        s.close()
        assert b"\x88\x02\x03\xef" in got
    finally:
        srv.stop()
    assert "Traceback" not in srv.log, srv.log


def _deep(levels: int, shape: str) -> bytes:
    """JSON nested ``levels`` deep: lists, or objects holding one field each."""
    if shape == "list":
        return b"[" * levels + b"]" * levels
    return b'{"a":' * levels + b"1" + b"}" * levels


@pytest.mark.parametrize("shape", ["list", "object"])
def test_a_body_nested_past_any_real_one_is_a_4xx_on_every_json_route(client: TestClient, game: dict[str, Any],
                                                                     shape: str) -> None:
    """Nesting is measured before any parser or walk sees the body (``schema.nesting``): an
    upload or import 50,000 deep, and each small route's body as deep as its limit allows."""
    r = client.post("/api/expeditions", json={"players": 1, "seed": 3})
    eid = r.json()["id"]
    small = [f"/api/games/{game['id']}/{p}" for p in ("actions", "undo", "rematch")]
    small += ["/api/games", "/api/expeditions"] + [f"/api/expeditions/{eid}/{p}" for p in ("battle", "support",
                                                                                          "concede")]
    big = {"/api/expeditions/import": b'{"kind": "gravehold expedition", "id": %s}',
           "/api/replays": b'{"format": "gravehold-record/1", "steps": [], "summary": {"x": %s}}'}
    bodies = [(u, _deep(50_000, shape)) for u in big] + [(u, frame % _deep(50_000, shape)) for u, frame in big.items()]
    bodies += [(u, _deep(10_000, shape)) for u in small]
    for url, body in bodies:
        r = client.post(url, content=body, headers={"content-type": "application/json"})
        assert r.status_code in (400, 422), (url, r.status_code, r.text[:200])
        assert "is nested too deeply" in r.json()["error"] and "at most 64" in r.json()["error"], (url, r.text[:200])
    assert client.app.state.hub.expeditions.count() == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "depth"), [
    (b"7", 0), (b"[]", 1), (b'{"a": [1, {"b": [[]]}]}', 5),
    (b'{"a": "[[[[{{", "b": []}', 2),  # brackets in a string do not count
    (b'{"a": "\\"[[[", "b": [[]]}', 3),  # nor after an escaped quote
    (b'{"a": "x\\\\", "b": [[]]}', 3),  # an escaped backslash closes no string early
    ('{"é": ["\\u00e9"]}', 2), (b"[" * 50_000 + b"]" * 50_000, 50_000),
])
def test_nesting_is_measured_without_parsing(text: bytes | str, depth: int) -> None:
    assert schema.nesting(text) == depth
