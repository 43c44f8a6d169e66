"""Limits: body size, what a refusal echoes, the browser id, game creation per client,
sockets per game and per client, live games in memory, and a paged game list."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from dataclasses import fields
from ipaddress import ip_network
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from gravehold.web.app import create_app
from gravehold.web.limits import Limits

README = Path(__file__).parents[2] / "README.md"
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
    from gravehold.cli import serve as serving

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda asgi, **kw: seen.update(app=asgi, **kw))
    monkeypatch.setattr(serving, "check_port", lambda host, port: None)  # no server binds: the port may be busy
    args = ["serve", "--db", f"sqlite:///{tmp_path / 'cli.db'}", "--max-body", "2048", "--sockets-per-game", "5",
            "--sockets-per-client", "6", "--games-per-minute", "7", "--live-games", "8", "--send-queue", "9",
            "--trusted-proxy", "10.0.0.1", "--trusted-proxy", "fd00::/8,192.168.0.0/16"]
    r = CliRunner().invoke(app, args)
    assert r.exit_code == 0, r.output
    assert seen["app"].state.hub.limits == Limits(max_body=2048, sockets_per_game=5, sockets_per_client=6,
                                                  games_per_minute=7, live_games=8, send_queue=9)
    assert seen["ws_max_size"] == 2048 and seen["proxy_headers"] is False  # the app reads the headers itself
    assert seen["app"].state.trusted_proxies == (ip_network("10.0.0.1"), ip_network("fd00::/8"),
                                                 ip_network("192.168.0.0/16"))
    r = CliRunner().invoke(app, ["serve", "--db", f"sqlite:///{tmp_path / 'cli.db'}", "--live-games", "0"])
    assert r.exit_code != 0


def test_the_readme_documents_every_limit_and_its_default() -> None:
    text = README.read_text()
    for f in fields(Limits):
        flag = "--" + f.name.replace("_", "-")
        line = next((ln for ln in text.splitlines() if f"`{flag}" in ln), "")
        assert line and str(f.default) in line.replace(",", "").replace("_", ""), flag


# ------------------------------------------------------------------ who the client is

def test_serve_takes_its_trusted_proxies_from_the_variable_and_refuses_a_name(monkeypatch: pytest.MonkeyPatch,
                                                                              tmp_path: Path) -> None:
    import uvicorn

    from gravehold.cli import app

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda asgi, **kw: seen.update(app=asgi, **kw))
    from webserver import free_port

    db = ["--db", f"sqlite:///{tmp_path / 'cli.db'}", "--port", str(free_port())]
    r = CliRunner().invoke(app, ["serve", *db], env={"GRAVEHOLD_TRUSTED_PROXY": "10.0.0.1, 10.1.0.0/16"})
    assert r.exit_code == 0, r.output
    assert seen["app"].state.trusted_proxies == (ip_network("10.0.0.1"), ip_network("10.1.0.0/16"))
    seen.clear()
    for given in ("localhost", "*", "10.0.0.1/8"):
        r = CliRunner().invoke(app, ["serve", *db, "--trusted-proxy", given], env={"COLUMNS": "300"})
        assert r.exit_code == 2 and seen == {}, r.output
        assert (f"error: --trusted-proxy: {given!r} is not an IP address or network"
                in " ".join(r.output.split())), r.output


def _client_of(proxies: list[str], peer: str, headers: list[tuple[bytes, bytes]],
               kind: str = "http") -> tuple[str, str]:
    """The client address and scheme the app sees behind ``ClientAddress``."""
    from gravehold.web.limits import ClientAddress

    seen: dict[str, Any] = {}

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        seen.update(scope)

    async def nothing(*_: Any) -> Any:
        raise AssertionError("no message is read or sent")

    scope = {"type": kind, "client": (peer, 5000), "scheme": "http" if kind == "http" else "ws", "headers": headers}
    asyncio.run(ClientAddress(inner, proxies)(scope, nothing, nothing))
    return seen["client"][0], seen["scheme"]


@pytest.mark.parametrize(("proxies", "peer", "forwarded", "client"), [
    ([], "127.0.0.1", ["203.0.113.7"], "127.0.0.1"),  # no proxy named: the header is anyone's to write
    (["10.0.0.1"], "127.0.0.1", ["203.0.113.7"], "127.0.0.1"),  # not from the named proxy
    (["127.0.0.1"], "127.0.0.1", ["203.0.113.7"], "203.0.113.7"),
    (["127.0.0.1"], "127.0.0.1", ["198.51.100.1, 203.0.113.7"], "203.0.113.7"),  # the client wrote the left part
    (["127.0.0.1"], "127.0.0.1", ["198.51.100.1", "203.0.113.7"], "203.0.113.7"),  # two header lines
    (["127.0.0.1", "10.0.0.0/8"], "127.0.0.1", ["198.51.100.1, 203.0.113.7, 10.2.3.4"], "203.0.113.7"),
    (["127.0.0.1"], "127.0.0.1", ["198.51.100.1, not-an-address"], "127.0.0.1"),  # the hop is unreadable
    (["127.0.0.1"], "127.0.0.1", [" "], "127.0.0.1"),
    (["127.0.0.1"], "::ffff:127.0.0.1", ["[2001:db8::5]:4711"], "2001:db8::5"),  # dual stack; a port dropped
    (["::1"], "::1", ["203.0.113.7:80"], "203.0.113.7"),
    (["127.0.0.1"], "127.0.0.1", ["127.0.0.1"], "127.0.0.1"),
])
def test_the_client_is_the_hop_the_named_proxy_appended(proxies: list[str], peer: str, forwarded: list[str],
                                                        client: str) -> None:
    headers = [(b"x-forwarded-for", f.encode()) for f in forwarded]
    assert _client_of(proxies, peer, headers)[0] == client


def test_the_scheme_comes_from_the_named_proxy_only() -> None:
    https = [(b"x-forwarded-proto", b"https")]
    assert _client_of([], "127.0.0.1", https) == ("127.0.0.1", "http")
    assert _client_of(["127.0.0.1"], "127.0.0.1", https) == ("127.0.0.1", "https")
    assert _client_of(["127.0.0.1"], "127.0.0.1", https, "websocket") == ("127.0.0.1", "wss")
    assert _client_of(["127.0.0.1"], "127.0.0.1", [(b"x-forwarded-proto", b"gopher")]) == ("127.0.0.1", "http")


@pytest.mark.parametrize(("proxies", "apart"), [([], False), (["127.0.0.1"], True)])
def test_game_creation_and_sockets_count_by_the_address_the_app_believes(tmp_path: Path, proxies: list[str],
                                                                          apart: bool) -> None:
    """From 127.0.0.1, two X-Forwarded-For: one budget without a named proxy, two with it."""
    web = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0,
                     limits=Limits(games_per_minute=1, sockets_per_client=1), trusted_proxies=proxies)
    with TestClient(web, client=("127.0.0.1", 5000)) as c:
        one, two = {"x-forwarded-for": "203.0.113.7"}, {"x-forwarded-for": "198.51.100.2"}
        made = c.post("/api/games", json=FORM, headers=one)
        assert made.status_code == 201, made.text
        assert c.post("/api/games", json=FORM, headers=one).status_code == 429
        r = c.post("/api/games", json=FORM, headers=two)
        assert r.status_code == (201 if apart else 429), r.text
        watch = "/ws/{id}?t={t}".format(id=made.json()["id"], t=made.json()["spectator"].split("t=")[1])
        with c.websocket_connect(watch, headers=one) as w1:
            w1.receive_json()
            with c.websocket_connect(watch, headers=two) as w2:
                if apart:
                    assert w2.receive_json()["type"] == "state"
                else:
                    with pytest.raises(WebSocketDisconnect) as e:
                        w2.receive_json()
                    assert e.value.code == 4429 and "address" in e.value.reason
