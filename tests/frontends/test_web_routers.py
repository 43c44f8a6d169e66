"""The web app's layout: one router per resource, the app only assembling them, the API's
paths as they were, and one 429 reply for every cap on creating things."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.routing import APIRoute, APIWebSocketRoute
from fastapi.testclient import TestClient

from gravehold.web.app import create_app
from gravehold.web.limits import Limits
from gravehold.web.routers import challenge, expeditions, games, legacy, pages, replays, rules, ws

FORM = {"seats": [{"mage": "Brama"}], "nemesis": "Rageborne", "market": "Deck Destruction", "seed": 5}
#: Every path of the JSON API, as clients (and the OpenAPI schema) know them.
API_PATHS = {
    "/api/content", "/api/vocabulary", "/api/games", "/api/games/{gid}", "/api/games/{gid}/actions",
    "/api/games/{gid}/undo", "/api/games/{gid}/rematch", "/api/expeditions", "/api/expeditions/import",
    "/api/expeditions/{eid}", "/api/expeditions/{eid}/battle", "/api/expeditions/{eid}/support",
    "/api/expeditions/{eid}/concede", "/api/expeditions/{eid}/export", "/api/replays", "/api/replays/{ref}",
    "/api/replays/{ref}/steps/{step}", "/api/rules", "/api/campaigns", "/api/campaigns/scripts",
    "/api/campaigns/import", "/api/campaigns/{cid}", "/api/campaigns/{cid}/battle", "/api/campaigns/{cid}/buy",
    "/api/campaigns/{cid}/done", "/api/campaigns/{cid}/pick", "/api/campaigns/{cid}/place",
    "/api/campaigns/{cid}/concede", "/api/campaigns/{cid}/export",
    "/api/challenge", "/api/challenge/{cid}", "/api/challenge/{cid}/{number}/start",
    "/api/challenge/games/{gid}/give-up",
}


def routes_of(module: object) -> set[tuple[str, str]]:
    """(method, path) of each route of a router module; the WebSocket's method is ``WS``."""
    out = set()
    for r in module.router.routes:  # type: ignore[attr-defined]
        if isinstance(r, APIWebSocketRoute):
            out.add(("WS", r.path))
        else:
            assert isinstance(r, APIRoute)
            out |= {(m, r.path) for m in r.methods}
    return out


def test_each_resource_has_a_router_of_its_own_and_the_app_routes_nothing_itself(tmp_path: Path) -> None:
    assert routes_of(pages) == {("GET", "/"), ("GET", "/g/{gid}"), ("GET", "/x/{eid}"), ("GET", "/c/{cid}"),
                                ("GET", "/replay/{ref}"), ("GET", "/favicon.ico")}
    assert routes_of(games) == {("GET", "/api/content"), ("GET", "/api/vocabulary"), ("POST", "/api/games"),
                                ("GET", "/api/games"), ("GET", "/api/games/{gid}"),
                                ("POST", "/api/games/{gid}/actions"), ("POST", "/api/games/{gid}/undo"),
                                ("POST", "/api/games/{gid}/rematch")}
    assert routes_of(expeditions) == {("POST", "/api/expeditions"), ("GET", "/api/expeditions"),
                                      ("POST", "/api/expeditions/import"), ("GET", "/api/expeditions/{eid}"),
                                      ("POST", "/api/expeditions/{eid}/battle"),
                                      ("POST", "/api/expeditions/{eid}/support"),
                                      ("POST", "/api/expeditions/{eid}/concede"),
                                      ("GET", "/api/expeditions/{eid}/export")}
    assert routes_of(replays) == {("POST", "/api/replays"), ("GET", "/api/replays/{ref}"),
                                  ("GET", "/api/replays/{ref}/steps/{step}")}
    assert routes_of(legacy) == {("POST", "/api/campaigns"), ("GET", "/api/campaigns"),
                                 ("GET", "/api/campaigns/scripts"), ("POST", "/api/campaigns/scripts"),
                                 ("POST", "/api/campaigns/import"), ("GET", "/api/campaigns/{cid}"),
                                 *{("POST", f"/api/campaigns/{{cid}}/{s}")
                                   for s in ("battle", "buy", "done", "pick", "place", "concede")},
                                 ("GET", "/api/campaigns/{cid}/export")}
    assert routes_of(ws) == {("WS", "/ws/{gid}")}
    assert routes_of(rules) == {("GET", "/api/rules")}
    assert routes_of(challenge) == {("GET", "/challenge"), ("GET", "/challenge/{cid}"), ("GET", "/api/challenge"),
                                    ("GET", "/api/challenge/{cid}"), ("POST", "/api/challenge/{cid}/{number}/start"),
                                    ("POST", "/api/challenge/games/{gid}/give-up")}
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)
    own = {r.path for r in app.router.routes if isinstance(r, APIRoute | APIWebSocketRoute)}
    assert own == set()  # the app only includes the routers
    assert set(app.openapi()["paths"]) == API_PATHS  # the pages and the socket are not in it


def test_every_cap_on_creating_refuses_with_the_same_429(tmp_path: Path) -> None:
    """New games and rematches share one cap, new and imported expeditions another, Legacy
    campaigns a third; over
    either, the reply names the cap and the seconds to wait, in its body and ``retry-after``."""
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0, limits=Limits(games_per_minute=1))
    with TestClient(app) as c:
        game = c.post("/api/games", json=FORM)
        assert game.status_code == 201, game.text
        token = game.json()["seats"][0]["url"].split("t=")[1]
        assert c.post("/api/expeditions/import", content=b"{}").status_code == 422  # counted all the same
        assert c.post("/api/campaigns", json={"players": 1, "city": "Azer"}).status_code == 201
        refused = {
            "games": c.post("/api/games", json=FORM),
            "rematch": c.post(f"/api/games/{game.json()['id']}/rematch", json={"token": token}),
            "expeditions": c.post("/api/expeditions", json={"players": 1}),
            "import": c.post("/api/expeditions/import", content=b"{}"),
            "campaigns": c.post("/api/campaigns", json={"players": 1, "city": "Azer"}),
        }
    for name, r in refused.items():
        what = "expeditions" if name in ("expeditions", "import") else name if name == "campaigns" else "games"
        assert r.status_code == 429, (name, r.text)
        wait = r.headers["retry-after"]
        assert re.fullmatch(r"[1-9][0-9]?", wait) and int(wait) <= 60, (name, wait)
        assert r.json() == {"error": f"at most 1 {what} a minute from one address; try again in {wait} s"}, name
