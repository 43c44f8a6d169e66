"""The game's flow over the API: error pages, the favicon, the market picker's cards, the
card a decision names, the final state's summary, rematches and the game list's replays."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gravehold.content import registry
from gravehold.engine.game import Game
from gravehold.web.app import create_app
from gravehold.web.summary import end_summary, source_card
from webplay import QUICK, drive, quick_game, token

HTML = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}  # what a browser sends


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'flow.db'}", bot_delay=0.0)) as c:
        yield c


def finished(client: TestClient, humans: tuple[int, ...] = (0, 1)) -> dict[str, Any]:
    """A QUICK game played to its end; its links."""
    links = quick_game(client, humans)
    drive(client, links["id"], {i: token(links["seats"][i]["url"]) for i in humans})
    return links


def test_a_bad_link_in_a_browser_is_a_page_and_the_api_stays_json(client: TestClient) -> None:
    r = client.get("/g/nosuchgame", headers=HTML)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "There is no game nosuchgame: the link may be cut short or mistyped" in r.text
    assert '<a href="/">' in r.text and "/static/style.css" in r.text and "<script" not in r.text
    assert "default-src 'self'" in r.headers["content-security-policy"]
    r = client.get("/g/nosuchgame")  # no Accept: a script
    assert r.status_code == 404 and r.json() == {"error": "There is no game nosuchgame: the link may be cut short "
                                                 "or mistyped, or the game is in another server's database."}
    r = client.get("/api/games/nosuchgame", params={"t": "x"}, headers=HTML)  # the API: JSON whatever is asked
    assert r.status_code == 404 and r.json() == {"error": "no game 'nosuchgame'"}
    r = client.get("/no/such/page", headers=HTML)
    assert r.status_code == 404 and "there is no page /no/such/page" in r.text
    assert client.get("/no/such/page").json() == {"error": "there is no page /no/such/page", "detail": "Not Found"}
    r = client.get("/g/<b>x</b>", headers=HTML)  # what a link holds is shown, never run
    assert "&lt;b&gt;x&lt;/b&gt;" in r.text and "<b>x</b>" not in r.text
    r = client.delete("/", headers=HTML)
    assert r.status_code == 405 and "DELETE is not taken here" in r.text


def test_the_favicon_is_served_and_every_page_links_it(client: TestClient) -> None:
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml" and r.text.startswith("<svg")
    assert client.get("/static/favicon.svg").status_code == 200
    links = quick_game(client)
    for url in ("/", links["seats"][0]["url"], "/static/replay.html", "/g/nosuchgame"):
        assert '<link rel="icon" href="/static/favicon.svg"' in client.get(url, headers=HTML).text, url


def test_the_market_picker_is_offered_supply_cards_only(client: TestClient) -> None:
    supply = client.get("/api/content").json()["supply"]
    assert sorted(c["name"] for c in supply) == sorted(c.name for c in registry.supply_cards())
    assert {c["type"] for c in supply} == {"gem", "relic", "spell"}
    assert not {"Crystal", "Spark", "Contagion", "Nothingness"} & {c["name"] for c in supply}


def test_a_decision_names_the_card_that_asks_with_its_text(client: TestClient) -> None:
    links = quick_game(client)
    me = token(links["seats"][0]["url"])
    s = client.get(f"/api/games/{links['id']}", params={"t": me}).json()
    assert s["view"]["decision"]["kind"] == "main" and s["source"] == source_card("Brama", "Rageborne")
    s = drive(client, links["id"], {0: me},
              until=lambda s: s["your_turn"] and s["view"]["decision"]["kind"] not in ("main", "casting"))
    src = s["view"]["decision"]["source"]
    assert s["source"] == source_card(src, "Rageborne") and s["source"]["text"]
    spectator = client.get(f"/api/games/{links['id']}", params={"t": token(links["spectator"])}).json()
    assert spectator["source"] == s["source"]  # a spectator sees who asks too


def test_the_final_state_carries_the_summary_of_the_whole_game(client: TestClient) -> None:
    links = finished(client)
    gid = links["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    want = end_summary(hub.store.rebuild(gid))
    for url in (links["seats"][0]["url"], links["spectator"]):
        s = client.get(f"/api/games/{gid}", params={"t": token(url)}).json()
        assert s["over"] and s["summary"] == want and s["source"] is None
    assert want["result"] == "loss" and want["reason_text"] == "Gravehold fell" and want["gravehold_life"] == 0
    # a game loaded from its snapshot alone has lost its early events: the summary is rebuilt
    live = hub.live[gid]
    live.game, live.summary = Game.from_json(live.game.to_json()), None
    assert hub.summary(live) == want
    running = quick_game(client)
    s = client.get(f"/api/games/{running['id']}", params={"t": token(running["spectator"])}).json()
    assert s["summary"] is None and not s["over"]


def test_a_rematch_replays_the_setup_with_the_same_or_a_new_seed(client: TestClient) -> None:
    links = quick_game(client, (0, 1))
    gid, toks = links["id"], [token(s["url"]) for s in links["seats"]]
    ask = lambda tok, seed: client.post(f"/api/games/{gid}/rematch", json={"token": tok, "seed": seed})  # noqa: E731
    assert ask(toks[0], "same").status_code == 409
    assert "not over" in ask(toks[0], "same").json()["error"]
    drive(client, gid, dict(enumerate(toks)))
    assert ask(token(links["spectator"]), "same").status_code == 403  # spectators watch, seats play
    r = ask(toks[0], "again")
    assert r.status_code == 422 and r.json()["error"] == "seed: must be 'same' or 'new', not a string"
    r = client.post(f"/api/games/{gid}/rematch", json={"token": toks[0], "colour": "red"})
    assert r.status_code == 422 and r.json()["error"].startswith("colour: not a field of a rematch")
    r = ask(toks[1], "same")
    assert r.status_code == 201, r.text
    same = r.json()
    assert same["you"] == same["seats"][1]["url"] and same["title"] == links["title"]
    assert [s["kind"] for s in same["seats"]] == ["human", "human"]
    assert ask(toks[0], "same").json()["id"] == same["id"]  # the table lands in one game
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    g_old = json.loads(store.get(gid).config)
    again = client.get(f"/api/games/{same['id']}", params={"t": token(same["seats"][0]["url"])}).json()
    assert again["seq"] == 0 and again["view"] == Game.from_config(g_old).view_for(0)  # the very same deal
    new = ask(toks[0], "new").json()
    g_new = json.loads(store.get(new["id"]).config)
    assert (g_new["mages"], g_new["nemesis"], g_new["difficulty"]) == (["Brama", "Mist"], "Rageborne", "normal")
    assert g_new["seed"] != g_old["seed"] == QUICK["seed"]
    supply = client.get(f"/api/replays/{gid}/steps/0").json()["view"]["supply"]
    assert g_new["market"] == [name for name, _ in supply]
    # each open board of the old game is offered its own way into each rematch
    old = client.get(f"/api/games/{gid}", params={"t": toks[1]}).json()
    assert old["rematch"] == {"same": same["seats"][1]["url"], "new": new["seats"][1]["url"]}
    spec = client.get(f"/api/games/{gid}", params={"t": token(links["spectator"])}).json()
    assert spec["rematch"] == {"same": same["spectator"], "new": new["spectator"]}


def test_the_game_list_offers_the_replay_of_finished_games(client: TestClient) -> None:
    client.get("/")  # the home page gives this browser its cookie: its games are listed
    done = finished(client)
    running = quick_game(client)
    games = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert games[done["id"]]["replay"] == f"/replay/{done['id']}" and games[done["id"]]["status"] == "finished"
    assert games[running["id"]]["replay"] is None
