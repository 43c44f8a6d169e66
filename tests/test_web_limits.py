"""Limits: body size, what a refusal echoes, the browser id, game creation per client,
sockets per game and per client, live games in memory, and a paged game list."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from gravehold.web.app import create_app
from gravehold.web.limits import Limits

README = Path(__file__).parent.parent / "README.md"
FORM = {"seats": [{"mage": "Brama"}], "nemesis": "Rageborne", "market": "Deck Destruction", "seed": 5}


def make_client(tmp_path: Path, **limits: Any) -> TestClient:
    return TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0, limits=Limits(**limits)))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path) as c:
        yield c


def new_game(client: TestClient, **form: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={**FORM, **form})
    assert r.status_code == 201, r.text
    links = r.json()
    links["token"] = links["seats"][0]["url"].split("t=")[1] if links["seats"][0]["url"] else None
    links["spec"] = links["spectator"].split("t=")[1]
    return dict(links)


def test_a_body_over_the_limit_is_a_413_before_it_is_read(tmp_path: Path) -> None:
    with make_client(tmp_path, max_body=1000) as c:
        big = b'{"seats": [{"mage": "Brama"}], "pad": "' + b"x" * 2000 + b'"}'
        r = c.post("/api/games", content=big, headers={"content-type": "application/json"})
        assert r.status_code == 413 and "1000" in r.json()["error"]
        r = c.post("/api/games", content=iter([big[:600], big[600:]]),  # chunked: no content-length
                   headers={"content-type": "application/json"})
        assert r.status_code == 413 and "1000" in r.json()["error"]
        assert c.post("/api/games", json=FORM).status_code == 201
    assert Limits().max_body == 64 * 1024


def test_a_refusal_does_not_echo_a_long_action(client: TestClient) -> None:
    g = new_game(client)
    s = client.get(f"/api/games/{g['id']}", params={"t": g["token"]}).json()
    r = client.post(f"/api/games/{g['id']}/actions", json={"token": g["token"], "seq": s["seq"],
                                                          "action": ["gain", "x" * 20000]})
    assert r.status_code == 422 and "action" in r.json()["error"]
    assert len(r.content) < 600
    r = client.post("/api/games", json={**FORM, "nemesis": "y" * 20000})
    assert r.status_code == 422 and len(r.content) < 2000


def test_the_browser_id_is_bounded(client: TestClient) -> None:
    r = client.post("/api/games", json={**FORM, "browser": "b" * 1000})
    assert r.status_code == 422 and "browser" in r.json()["error"]
    assert "set-cookie" not in r.headers
    r = client.post("/api/games", json={**FORM, "browser": "my-laptop_1"})
    assert r.status_code == 201 and client.cookies.get("gravehold_browser") == "my-laptop_1"
    client.cookies.clear()
    client.cookies.set("gravehold_browser", "c" * 2000)  # a cookie we never set: a new id replaces it
    r = client.get("/")
    cookie = r.headers["set-cookie"].split(";")[0].split("=", 1)[1]
    assert r.status_code == 200 and 8 <= len(cookie) <= 64


def test_game_creation_is_capped_per_client_per_minute(tmp_path: Path) -> None:
    with make_client(tmp_path, games_per_minute=3) as c:
        for _ in range(3):
            new_game(c)
        r = c.post("/api/games", json=FORM)
        assert r.status_code == 429 and "3 games a minute" in r.json()["error"]
        assert 1 <= int(r.headers["retry-after"]) <= 60


def test_sockets_per_game_and_per_client_are_capped(tmp_path: Path) -> None:
    with make_client(tmp_path, sockets_per_game=2, sockets_per_client=3) as c:
        a, b = new_game(c), new_game(c)
        with c.websocket_connect(f"/ws/{a['id']}?t={a['spec']}") as w1, \
                c.websocket_connect(f"/ws/{a['id']}?t={a['token']}") as w2:
            w1.receive_json(), w2.receive_json()
            with c.websocket_connect(f"/ws/{a['id']}?t={a['spec']}") as w3, \
                    pytest.raises(WebSocketDisconnect) as e:
                w3.receive_json()
            assert e.value.code == 4429 and "game" in e.value.reason
            with c.websocket_connect(f"/ws/{b['id']}?t={b['spec']}") as w4:
                w4.receive_json()
                with c.websocket_connect(f"/ws/{b['id']}?t={b['spec']}") as w5, \
                        pytest.raises(WebSocketDisconnect) as e:
                    w5.receive_json()
                assert e.value.code == 4429 and "address" in e.value.reason
        with c.websocket_connect(f"/ws/{a['id']}?t={a['spec']}") as w6:  # the places are free again
            assert w6.receive_json()["type"] == "state"


def _finished(client: TestClient) -> dict[str, Any]:
    g = new_game(client, seats=[{"mage": "Brama", "bot": "heuristic"}])
    end = time.time() + 60
    while time.time() < end:
        s = client.get(f"/api/games/{g['id']}", params={"t": g["spec"]}).json()
        if s["over"]:
            return g
        time.sleep(0.05)
    raise AssertionError("the bot game did not finish")


def test_live_games_are_capped_evicting_finished_then_idle_ones_which_reload(tmp_path: Path) -> None:
    with make_client(tmp_path, live_games=2) as c:
        hub = c.app.state.hub
        done = _finished(c)
        a = new_game(c)
        c.get(f"/api/games/{done['id']}", params={"t": done["spec"]})  # the finished game was used last...
        b = new_game(c)
        assert set(hub.live) == {a["id"], b["id"]}  # ...but goes first
        before = c.get(f"/api/games/{a['id']}", params={"t": a["token"]}).json()
        with c.websocket_connect(f"/ws/{b['id']}?t={b['spec']}") as ws:
            ws.receive_json()
            x = new_game(c)  # b has a browser on it: a, the idle one, goes
            assert set(hub.live) == {b["id"], x["id"]}
            after = c.get(f"/api/games/{a['id']}", params={"t": a["token"]}).json()  # reloads from the database
            assert set(hub.live) == {a["id"], b["id"]}
        assert after == before
        r = c.post(f"/api/games/{a['id']}/actions", json={"token": a["token"], "seq": after["seq"],
                                                         "action": after["options"][0]["action"]})
        assert r.status_code == 200 and r.json()["seq"] == after["seq"] + 1
        assert c.get(f"/api/games/{done['id']}", params={"t": done["spec"]}).json()["over"]


def test_the_game_list_is_paged_with_the_total(client: TestClient) -> None:
    client.cookies.set("gravehold_browser", "browser-a")
    ids = [new_game(client)["id"] for _ in range(5)]
    page = client.get("/api/games", params={"limit": 2}).json()
    assert page["total"] == 5 and page["offset"] == 0 and page["limit"] == 2
    assert [g["id"] for g in page["games"]] == ids[::-1][:2]  # newest first
    page = client.get("/api/games", params={"offset": 4, "limit": 2}).json()
    assert [g["id"] for g in page["games"]] == [ids[0]] and page["total"] == 5
    assert client.get("/api/games").json()["limit"] == 50
    for params, field in (({"limit": "x"}, "limit"), ({"limit": 0}, "limit"), ({"limit": 201}, "limit"),
                          ({"offset": -1}, "offset"), ({"offset": "1.5"}, "offset")):
        r = client.get("/api/games", params=params)
        assert r.status_code == 422 and field in r.json()["error"], r.text
    client.cookies.clear()
    assert client.get("/api/games").json() == {"games": [], "total": 0, "offset": 0, "limit": 50}


def test_serve_takes_every_limit_as_an_option(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import uvicorn

    from gravehold.cli import app

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda asgi, **kw: seen.update(app=asgi, **kw))
    args = ["serve", "--db", f"sqlite:///{tmp_path / 'cli.db'}", "--max-body", "2048", "--sockets-per-game", "5",
            "--sockets-per-client", "6", "--games-per-minute", "7", "--live-games", "8", "--send-queue", "9",
            "--forwarded-allow-ips", "10.0.0.1"]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    assert seen["app"].state.hub.limits == Limits(max_body=2048, sockets_per_game=5, sockets_per_client=6,
                                                  games_per_minute=7, live_games=8, send_queue=9)
    assert seen["ws_max_size"] == 2048 and seen["proxy_headers"] and seen["forwarded_allow_ips"] == "10.0.0.1"
    r = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'cli.db'}", "--live-games", "0"])
    assert r.exit_code != 0


def test_the_readme_documents_every_limit_and_its_default() -> None:
    text = README.read_text()
    for f in fields(Limits):
        flag = "--" + f.name.replace("_", "-")
        line = next((ln for ln in text.splitlines() if f"`{flag}" in ln), "")
        assert line and str(f.default) in line.replace(",", "").replace("_", ""), flag
