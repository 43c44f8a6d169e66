"""Security headers, a CSP the pages satisfy, the browser cookie's flags (Secure over HTTPS,
also behind a named proxy), proxy headers believed from a named proxy only, future decision
numbers, and the reverse-proxy notes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from gravehold.web.app import create_app
from webserver import Server

STATIC = Path(__file__).parents[2] / "src" / "gravehold" / "web" / "static"
README = Path(__file__).parents[2] / "README.md"
FORM = {"seats": [{"mage": "Brama"}], "nemesis": "Rageborne", "market": "Deck Destruction", "seed": 5}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)) as c:
        yield c


def csp(headers: Any) -> dict[str, list[str]]:
    out = {}
    for part in headers["content-security-policy"].split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    links = client.post("/api/games", json=FORM).json()
    for url in ("/", links["seats"][0]["url"], "/static/board.js", "/static/style.css", "/api/content",
                "/api/games/nosuchgame?t=x", "/no/such/page"):
        r = client.get(url)
        assert r.headers["x-content-type-options"] == "nosniff", url
        assert r.headers["x-frame-options"] == "DENY", url
        assert r.headers["referrer-policy"] == "no-referrer", url  # a board URL holds its seat token
        policy = csp(r.headers)
        assert policy["default-src"] == ["'self'"] and policy["script-src"] == ["'self'"], url
        assert policy["frame-ancestors"] == ["'none'"] and policy["object-src"] == ["'none'"], url
        assert not any("unsafe" in v for vs in policy.values() for v in vs), url


def test_the_pages_satisfy_the_policy() -> None:
    """No inline script, no inline style or event attribute, no style set as an attribute."""
    for page in STATIC.glob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page.name
        assert not re.search(r"\s(style|on\w+)\s*=", html), page.name
        assert "<style" not in html, page.name
    for js in STATIC.glob("*.js"):
        code = js.read_text()
        assert not re.search(r"\bstyle:\s*[`'\"]", code), js.name  # el(..., {style: "..."}) is setAttribute
        assert "setAttribute(\"style\"" not in code and "eval(" not in code and "new Function" not in code


def cookie_of(r: httpx.Response) -> str:
    return next(v for k, v in r.headers.multi_items() if k == "set-cookie" and v.startswith("gravehold_browser="))


def test_the_browser_cookie_is_httponly_and_samesite(client: TestClient) -> None:
    """Set by the pages, and by creating a game for a browser id the form names."""
    for r in (client.get("/"), TestClient(client.app).post("/api/games", json={**FORM, "browser": "abc-123"})):
        c = cookie_of(r).lower()
        assert "httponly" in c and "samesite=lax" in c and "secure" not in c


def test_the_browser_cookie_is_secure_over_https(client: TestClient) -> None:
    for r in (TestClient(client.app, base_url="https://testserver").get("/"),
              TestClient(client.app, base_url="https://testserver").post("/api/games",
                                                                          json={**FORM, "browser": "abc-123"})):
        c = cookie_of(r).lower()
        assert "httponly" in c and "samesite=lax" in c and "secure" in c


def test_with_no_proxy_named_a_local_process_cannot_choose_its_address_or_scheme(tmp_path: Path) -> None:
    """The server as `gravehold serve` starts it: X-Forwarded-For from 127.0.0.1 is not
    believed, so two requests that claim two addresses share the one budget of 127.0.0.1."""
    srv = Server(tmp_path / "direct.db", args=("--games-per-minute", "1")).start()
    try:
        c = httpx.Client(base_url=srv.url, timeout=10)
        fwd = {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7"}
        assert "secure" not in cookie_of(c.get("/", headers=fwd)).lower()
        assert c.post("/api/games", json=FORM, headers=fwd).status_code == 201
        other = {"x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.2"}
        r = c.post("/api/games", json=FORM, headers=other)
        assert r.status_code == 429 and "a minute from one address" in r.json()["error"], r.text
    finally:
        srv.stop()
    assert "Traceback" not in srv.log, srv.log


def test_behind_a_proxy_the_cookie_is_secure_and_limits_go_by_the_real_client(tmp_path: Path) -> None:
    srv = Server(tmp_path / "proxy.db", args=("--games-per-minute", "1", "--trusted-proxy", "127.0.0.1")).start()
    try:
        c = httpx.Client(base_url=srv.url, timeout=10)
        fwd = {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7"}
        r = c.get("/", headers=fwd)
        assert "secure" in cookie_of(r).lower()
        assert c.post("/api/games", json=FORM, headers=fwd).status_code == 201
        assert c.post("/api/games", json=FORM, headers=fwd).status_code == 429
        other = {"x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.2"}
        assert c.post("/api/games", json=FORM, headers=other).status_code == 201
    finally:
        srv.stop()
    assert "Traceback" not in srv.log, srv.log


def test_a_future_decision_number_is_reported_as_future(client: TestClient) -> None:
    links = client.post("/api/games", json=FORM).json()
    gid, tok = links["id"], links["seats"][0]["url"].split("t=")[1]
    s = client.get(f"/api/games/{gid}", params={"t": tok}).json()
    for path, extra in (("actions", {"action": s["options"][0]["action"]}), ("undo", {})):
        r = client.post(f"/api/games/{gid}/{path}", json={"token": tok, "seq": s["seq"] + 3, **extra})
        err = r.json()["error"]
        assert r.status_code == 409 and "already" not in err and "not come yet" in err, err
        assert f"decision {s['seq'] + 3}" in err and f"decision {s['seq']}" in err
    r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": s["seq"],
                                                      "action": s["options"][0]["action"]})
    r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": s["seq"],
                                                      "action": s["options"][0]["action"]})
    assert r.status_code == 409 and "already answered" in r.json()["error"]


def test_the_readme_says_how_to_serve_behind_a_tls_proxy() -> None:
    text = README.read_text()
    section = text[text.index("### Behind a reverse proxy"):]
    for words in ("nginx", "proxy_pass", "Upgrade", "X-Forwarded-Proto", "X-Forwarded-For",
                  "--trusted-proxy 127.0.0.1", "GRAVEHOLD_TRUSTED_PROXY", "right-most", "Secure"):
        assert words in section, words
