"""The Legacy campaign API (``/api/campaigns``): starting from the shipped script or a
script's text, a battle played by the server's bots and finished into the campaign,
spending, a story choice, a vestige, giving a battle up, export and import, and the
refusals (each a clear 4xx naming its field, nothing changed); on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient

from databases import BACKENDS, database_url
from gravehold.campaigns.legacy import script as scripts
from gravehold.campaigns.legacy import steps
from gravehold.campaigns.legacy.state import Legacy
from gravehold.campaigns.store import CampaignStore
from gravehold.content.text import render_step
from gravehold.web.app import create_app

#: the text the engine renders for a sticker whose rule gives 1 aether at the start of a turn
TURN_AETHER = render_step(("on_turn_start", (("aether", 1),)))

BROWSER = "legacy-tests"
TINY = Path(__file__).parent.parent / "fixtures" / "campaigns" / "tiny.toml"


def yield_once(gen: Iterator[str], request: pytest.FixtureRequest) -> str:
    url = next(gen)
    request.addfinalizer(lambda: next(gen, None))
    return url


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return yield_once(database_url(request.param, tmp_path), request)


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0.0)) as c:
        c.cookies.set("gravehold_browser", BROWSER)
        yield c


def token(url: str) -> str:
    return url.split("t=", 1)[1]


def begin(client: TestClient, **form: Any) -> tuple[str, str]:
    """A new campaign from the tiny script: its id and its token."""
    body = {"players": 1, "city": "Azer", "text": TINY.read_text(), "seed": 5, **form}
    r = client.post("/api/campaigns", json=body)
    assert r.status_code == 201, r.text
    got = r.json()
    assert got["view"] == f"/c/{got['id']}" and got["url"] == f"/c/{got['id']}?t={token(got['url'])}"
    return got["id"], token(got["url"])


def look(client: TestClient, cid: str, tok: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/campaigns/{cid}", params={"t": tok} if tok else {})
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def stored(client: TestClient, cid: str) -> Legacy:
    store: CampaignStore[Legacy] = client.app.state.hub.legacy  # type: ignore[attr-defined]
    return store.get(cid).doc


def wait_phase(client: TestClient, cid: str, away_from: str = "battle", timeout: float = 60) -> dict[str, Any]:
    end = time.time() + timeout
    while time.time() < end:
        s = look(client, cid)
        if s["phase"] != away_from:
            return s
        time.sleep(0.03)
    raise AssertionError(f"campaign {cid} stayed at {away_from}")


def bot_battle(client: TestClient, cid: str, tok: str) -> dict[str, Any]:
    """One battle with every seat a bot and the bots' supply; the state after it."""
    s = look(client, cid, tok)
    seats = [{"mage": m["mage"], "player": "heuristic", "starters": m["starters"]}
             for m in s["next"]["default"]["seats"]]
    r = client.post(f"/api/campaigns/{cid}/battle", json={"token": tok, "version": s["version"], "seats": seats})
    assert r.status_code == 201, r.text
    got = r.json()
    assert got["seats"][0]["kind"] == "bot" and got["seats"][0]["url"] is None and len(got["supply"]) == 9
    board = client.get(f"/api/games/{got['game']}", params={"t": token(got["spectator"])}).json()
    assert board["expedition"] == {"id": cid, "url": f"/c/{cid}", "kind": "legacy", "store": "gravehold-campaigns"}
    return wait_phase(client, cid)


def to_spend(client: TestClient, cid: str, tok: str) -> dict[str, Any]:
    """Battles until the story moves on from its first battle (two tries at most)."""
    s = look(client, cid, tok)
    while s["phase"] == "choose" and s["step"]["id"] == "b1":
        s = bot_battle(client, cid, tok)
    if s["phase"] == "vestige":
        v = s["next"]["vestiges"][0]
        body = {"token": tok, "version": s["version"], "vestige": v["id"], "mage": s["next"]["mages"][0]["name"]}
        r = client.post(f"/api/campaigns/{cid}/place", json=body)
        assert r.status_code == 200, r.text
        s = r.json()
    return s


# ------------------------------------------------------------------ a whole round
def test_a_campaign_from_a_script_text_plays_a_bot_battle_spends_and_chooses(client: TestClient) -> None:
    cid, tok = begin(client)
    s = look(client, cid, tok)
    assert s["can_choose"] and s["version"] == 0 and s["phase"] == "choose" and s["battle"] == 1
    assert s["script"]["id"] == "tiny" and s["script"]["label"] == "A fixture of the test suite."
    assert s["options"] == {"players": 1, "city": "Azer"} and s["nemesis"] == "Bishop of Scrolls"
    assert [m["name"] for m in s["barracks"]["mages"]] == ["Arachnos (LOG)", "Dezmodia (LOG)"]
    assert all(m["city"] == "Azer" for m in s["barracks"]["mages"])
    assert [c["name"] for c in s["cities"]] == ["Azer", "Gravehold"] and s["cities"][0]["ours"]
    assert len(s["next"]["supply"]) == 9 and s["next"]["shape"] == {"gem": 3, "relic": 2, "spell": 4}
    assert s["current"] is None and s["history"] == [] and s["map"] == [] and s["experience"] == 0
    assert look(client, cid)["can_choose"] is False

    s = to_spend(client, cid, tok)
    doc = stored(client, cid)
    assert s["phase"] == "spend" and doc.phase == "spend" and s["experience"] == doc.experience > 0
    assert len(s["history"]) == len(doc.history) >= 1 and s["history"][0]["game"]
    assert s["map"][0]["battle"] == 1 and s["map"][0]["fire"] == [f.fire for f in doc.fire]
    assert s["map"][0]["tries"] == len(doc.history)
    cards = {c["value"]: c["count"] for c in s["experience_cards"]}
    assert sum(v * n for v, n in cards.items()) == doc.experience
    buyable = {e["id"]: e for e in s["next"]["buyable"]}
    assert buyable["focus"]["text"] == TURN_AETHER
    assert buyable["focus"]["price"] == 2 and buyable["focus"]["kind"] == "personal"
    assert "sealed-general" not in buyable

    r = client.post(f"/api/campaigns/{cid}/buy", json={"token": tok, "version": s["version"], "enhancement": "focus",
                                                        "mage": "Dezmodia (LOG)"})
    assert r.status_code == 200, r.text
    s = r.json()
    want = steps.buy(doc, "focus", mage="Dezmodia (LOG)")
    assert stored(client, cid) == want and s["experience"] == want.experience
    dez = next(m for m in s["barracks"]["mages"] if m["name"] == "Dezmodia (LOG)")
    assert [(x["ref"], x["covered"], x["text"]) for x in dez["stickers"]] == [
        ("focus", False, TURN_AETHER)]

    r = client.post(f"/api/campaigns/{cid}/done", json={"token": tok, "version": s["version"]})
    assert r.status_code == 200, r.text
    s = r.json()
    assert s["phase"] == "choice" and [o["label"] for o in s["next"]["options"]] == ["Open the sealed pack", "Rest"]
    r = client.post(f"/api/campaigns/{cid}/pick", json={"token": tok, "version": s["version"], "option": 0})
    assert r.status_code == 200, r.text
    s = r.json()
    assert s["phase"] in ("choose", "vestige") and s["step"]["id"] == "b2" and "more" in s["unlocks"]
    assert "Ilya (LOG)" in [m["name"] for m in s["barracks"]["mages"]]
    assert [p["id"] for p in s["read"]] == ["c1"]


def test_the_shipped_script_is_the_projects_own_and_its_scripts_are_listed(client: TestClient) -> None:
    r = client.post("/api/campaigns", json={"players": 2, "city": "Azer", "seed": 1})
    assert r.status_code == 201, r.text
    s = look(client, r.json()["id"])
    project = scripts.shipped("project")
    assert s["script"]["shipped"] == "project" and s["script"]["label"] == project.label
    assert s["title"] == project.title
    listed = client.get("/api/campaigns/scripts").json()["scripts"]
    assert [x["id"] for x in listed] == ["project"] and listed[0]["label"] == project.label
    assert {c["name"] for c in listed[0]["cities"]} == set(project.cities)
    checked = client.post("/api/campaigns/scripts", json={"text": TINY.read_text()})
    assert checked.status_code == 200 and checked.json()["players"] == {"min": 1, "max": 2}
    mine = client.get("/api/campaigns").json()
    assert mine["total"] == 1 and mine["campaigns"][0]["url"].startswith(f"/c/{s['id']}?t=")


def test_a_battle_with_a_person_gives_seat_links_only_to_the_token_and_may_be_given_up(client: TestClient) -> None:
    cid, tok = begin(client)
    r = client.post(f"/api/campaigns/{cid}/battle", json={"token": tok, "version": 0,
                                                          "seats": [{"mage": "Arachnos (LOG)"}]})
    assert r.status_code == 201, r.text
    seat = r.json()["seats"][0]
    assert seat["kind"] == "human" and seat["url"].startswith(f"/g/{r.json()['game']}?t=")
    assert look(client, cid, tok)["current"]["seats"][0]["url"] == seat["url"]
    assert look(client, cid)["current"]["seats"][0]["url"] is None
    assert client.get(f"/c/{cid}").status_code == 200
    r = client.post(f"/api/campaigns/{cid}/concede", json={"token": tok, "version": 1})
    assert r.status_code == 200, r.text
    s = r.json()
    assert s["history"][0]["reason"] == "conceded" and s["phase"] == "choose" and s["attempt"] == 2


# ------------------------------------------------------------------ refusals
def test_a_bad_new_campaign_is_refused_naming_its_field_and_stores_nothing(client: TestClient) -> None:
    text = TINY.read_text()
    cases = [
        ({"players": 1, "city": "Azer", "text": text.replace("Bishop of Scrolls", "Nobody")},
         "script.steps[0].nemesis"),
        ({"players": 1, "city": "Azer", "text": "format = 1\nid = 'x'"}, "script.title"),
        ({"players": 1, "city": "Azer", "text": "{not json"}, "script"),
        ({"players": 1, "city": "Azer", "text": text.replace("format = 1", "format = 7")}, "script.format"),
        ({"players": 1, "city": "Azer", "script": "nosuch"}, "script"),
        ({"players": 1, "city": "Azer", "script": "project", "text": text}, "text"),
        ({"players": 3, "city": "Azer", "text": text}, "players"),
        ({"players": 1, "city": "Atlantis", "text": text}, "city"),
        ({"players": 9, "city": "Azer"}, "players"),
        ({"city": "Azer"}, "players"),
        ({"players": 1, "city": "Azer", "extra": 1}, "extra"),
    ]
    for body, field in cases:
        r = client.post("/api/campaigns", json=body)
        assert 400 <= r.status_code < 500, (body, r.text)
        got = r.json()
        said = got.get("field") or got["error"].split(":", 1)[0]
        assert said == field or field in got["error"], (field, got)
    assert client.get("/api/campaigns").json()["total"] == 0
    bad = client.post("/api/campaigns/scripts", json={"text": text.replace('kind = "spend"', 'kind = "spent"')})
    assert bad.status_code == 422 and bad.json()["field"].startswith("script.steps[1].kind")


def test_bad_step_requests_are_refused_naming_the_field_and_change_nothing(client: TestClient) -> None:
    cid, tok = begin(client)
    before = stored(client, cid)
    seats = [{"mage": "Arachnos (LOG)", "player": "heuristic"}]
    cases: list[tuple[str, dict[str, Any], int, str]] = [
        ("battle", {"token": "nope", "version": 0, "seats": seats}, 403, "token"),
        ("battle", {"version": 0, "seats": seats}, 403, "token"),
        ("battle", {"token": tok, "version": 3, "seats": seats}, 409, "version"),
        ("battle", {"token": tok, "version": 0, "seats": [{"mage": "Ilya (LOG)"}]}, 422, "seats[0].mage"),
        ("battle", {"token": tok, "version": 0, "seats": [{"mage": "Arachnos (LOG)", "player": "x"}]}, 422,
         "seats[0].player"),
        ("battle", {"token": tok, "version": 0, "seats": seats * 2}, 422, "seats"),
        ("battle", {"token": tok, "version": 0, "seats": seats, "supply": ["Douse"]}, 422, "supply"),
        ("battle", {"token": tok, "version": 0, "seats": "x"}, 422, "seats"),
        ("battle", {"token": tok, "seats": seats}, 422, "version"),
        ("buy", {"token": tok, "version": 0, "enhancement": "focus", "mage": "Arachnos (LOG)"}, 409, "experience"),
        ("done", {"token": tok, "version": 0}, 409, "the campaign is not spending"),
        ("pick", {"token": tok, "version": 0, "option": 0}, 409, "the story offers no choice"),
        ("pick", {"token": tok, "version": 0, "option": -1}, 422, "option"),
        ("place", {"token": tok, "version": 0, "vestige": "echo", "mage": "Arachnos (LOG)"}, 409, "no vestige"),
        ("concede", {"token": tok, "version": 0}, 409, "no battle"),
        ("buy", {"token": tok, "version": 0, "enhancement": 3}, 422, "enhancement"),
    ]
    for path, body, status, field in cases:
        r = client.post(f"/api/campaigns/{cid}/{path}", json=body)
        assert r.status_code == status, (path, body, r.text)
        got = r.json()
        assert got.get("field", "").startswith(field) or got["error"].startswith(field) or field in got["error"], \
            (path, body, got)
    r = client.post(f"/api/campaigns/{cid}/battle", content=b"{not json", headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500
    assert stored(client, cid) == before and look(client, cid)["version"] == 0

    s = to_spend(client, cid, tok)
    doc = stored(client, cid)
    v = s["version"]
    for body, status, field in [
        ({"token": tok, "version": v, "enhancement": "nosuch"}, 422, "enhancement"),
        ({"token": tok, "version": v, "enhancement": "sealed-general"}, 422, "enhancement"),
        ({"token": tok, "version": v, "enhancement": "focus"}, 422, "mage"),
        ({"token": tok, "version": v, "enhancement": "focus", "mage": "Ilya (LOG)"}, 422, "mage"),
        ({"token": tok, "version": v, "enhancement": "focus", "mage": "Arachnos (LOG)", "cover": 0}, 422, "cover"),
        ({"token": tok, "version": v + 1, "enhancement": "focus", "mage": "Arachnos (LOG)"}, 409, "version"),
    ]:
        r = client.post(f"/api/campaigns/{cid}/buy", json=body)
        assert r.status_code == status, (body, r.text)
        got = r.json()
        assert got.get("field", "").startswith(field) or got["error"].startswith(field) or field in got["error"], got
    r = client.post(f"/api/campaigns/{cid}/battle", json={"token": tok, "version": v, "seats": seats})
    assert r.status_code == 409 and "not choosing" in r.json()["error"]
    assert stored(client, cid) == doc


def test_an_unknown_campaign_is_a_404_everywhere(client: TestClient) -> None:
    body = {"token": "t", "version": 0}
    for method, path in [("get", "/api/campaigns/nosuch"), ("get", "/api/campaigns/nosuch/export"),
                         ("post", "/api/campaigns/nosuch/battle"), ("post", "/api/campaigns/nosuch/buy"),
                         ("post", "/api/campaigns/nosuch/done"), ("post", "/api/campaigns/nosuch/pick"),
                         ("post", "/api/campaigns/nosuch/place"), ("post", "/api/campaigns/nosuch/concede"),
                         ("get", "/api/campaigns/" + "x" * 40), ("get", "/c/nosuch")]:
        extra = {"seats": [{"mage": "Brama"}]} if path.endswith("battle") else \
            {"enhancement": "x"} if path.endswith("buy") else {"option": 0} if path.endswith("pick") else \
            {"vestige": "x", "mage": "Brama"} if path.endswith("place") else {}
        r = client.post(path, json={**body, **extra}) if method == "post" else client.get(path)
        assert r.status_code == 404, (path, r.text)
        assert "no campaign" in r.text
    # an expedition is no campaign of this kind, and the other way round
    x = client.post("/api/expeditions", json={"players": 1, "seed": 3}).json()["id"]
    assert client.get(f"/api/campaigns/{x}").status_code == 404
    cid, _ = begin(client)
    assert client.get(f"/api/expeditions/{cid}").status_code == 404


# ------------------------------------------------------------------ files
def test_export_and_import_round_trip_and_a_bad_file_is_refused(client: TestClient) -> None:
    cid, tok = begin(client)
    r = client.post(f"/api/campaigns/{cid}/battle", json={"token": tok, "version": 0,
                                                          "seats": [{"mage": "Arachnos (LOG)"}]})
    assert r.status_code == 201
    assert client.get(f"/api/campaigns/{cid}/export").status_code == 403
    assert client.get(f"/api/campaigns/{cid}/export", params={"t": "wrong"}).status_code == 403
    raw = client.get(f"/api/campaigns/{cid}/export", params={"t": tok})
    assert raw.status_code == 200 and 'filename="campaign-' in raw.headers["content-disposition"]
    file = json.loads(raw.content)
    assert file["kind"] == "gravehold legacy campaign" and file["id"] == cid
    again = client.post("/api/campaigns/import", content=raw.content)
    assert again.status_code == 409 and again.json()["error"].startswith("id:")
    fresh = client.post("/api/campaigns/import", content=json.dumps({**file, "id": None}).encode())
    assert fresh.status_code == 201, fresh.text
    new = fresh.json()
    s = look(client, new["id"], token(new["url"]))
    assert s["phase"] == "battle" and s["current"]["seats"][0]["url"] and s["current"]["game"] != r.json()["game"]
    assert msgspec.structs.replace(stored(client, new["id"]), current=None) == \
        msgspec.structs.replace(stored(client, cid), current=None)
    for bad, field in [(b"{}", "kind"), (b"not json", ""), (json.dumps({**file, "id": "bad id!"}).encode(), "id"),
                       (json.dumps({**file, "kind": "gravehold expedition"}).encode(), "kind")]:
        r = client.post("/api/campaigns/import", content=bad)
        assert 400 <= r.status_code < 500, (bad[:40], r.text)
        assert field in r.json()["error"]
    tampered = json.loads(raw.content)
    tampered["id"] = None
    tampered["legacy"]["experience"] = 99
    r = client.post("/api/campaigns/import", content=json.dumps(tampered).encode())
    assert r.status_code == 422 and "legacy.experience" in r.json()["error"]
    assert client.get("/api/campaigns").json()["total"] == 2
