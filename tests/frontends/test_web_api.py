"""The web API: creating games, seat links, refusals (403/409/4xx), saves and undo."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from databases import BACKENDS, database_url
from gravehold.web.app import create_app


def yield_once(gen: Iterator[str], request: pytest.FixtureRequest) -> str:
    """The URL a database generator yields, its cleanup run when the test ends."""
    url = next(gen)
    request.addfinalizer(lambda: next(gen, None))
    return url


@pytest.fixture(params=BACKENDS)
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """A server on SQLite, and again on PostgreSQL when one is given (``databases.py``)."""
    url = yield_once(database_url(request.param, tmp_path), request)
    app = create_app(url, bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def new_game(client: TestClient, bots: tuple[str | None, ...] = (None, None), seed: int = 5) -> dict[str, Any]:
    seats = [{"mage": m, "bot": b} for m, b in zip(("Brama", "Mist", "Xaxos", "Jian"), bots, strict=False)]
    r = client.post("/api/games", json={"seats": seats, "nemesis": "Rageborne", "market": "Deck Destruction",
                                        "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()


def token(url: str) -> str:
    return url.split("t=", 1)[1]


def state(client: TestClient, gid: str, tok: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}", params={"t": tok})
    assert r.status_code == 200, r.text
    return r.json()


def test_create_gives_one_private_link_per_human_seat_and_a_spectator_link(client: TestClient) -> None:
    links = new_game(client, (None, "heuristic"))
    assert links["seats"][0]["kind"] == "human" and links["seats"][0]["url"].startswith(f"/g/{links['id']}?t=")
    assert links["seats"][1] == {"seat": 1, "mage": "Mist", "kind": "bot", "url": None}
    spec = state(client, links["id"], token(links["spectator"]))
    assert spec["seat"] is None and spec["options"] == [] and "hand" not in spec["view"]["players"][0]
    me = state(client, links["id"], token(links["seats"][0]["url"]))
    assert me["seat"] == 0 and me["view"]["players"][0]["hand"]
    assert "hand" not in me["view"]["players"][1]
    assert client.get(f"/g/{links['id']}").status_code == 200
    assert client.get("/g/nosuchgame").status_code == 404


def _until_my_turn(client: TestClient, gid: str, tok: str, timeout: float = 20.0) -> dict[str, Any]:
    end = time.time() + timeout
    while time.time() < end:
        s = state(client, gid, tok)
        if s["your_turn"] or s["over"]:
            return s
        time.sleep(0.05)
    raise AssertionError("the bots never handed the decision back")


def test_only_the_seat_holder_may_act_and_stale_or_repeated_actions_are_refused(client: TestClient) -> None:
    links = new_game(client)
    gid = links["id"]
    t0, t1 = token(links["seats"][0]["url"]), token(links["seats"][1]["url"])
    s = state(client, gid, t0)
    who = 0 if s["your_turn"] else 1
    mine, other = (t0, t1) if who == 0 else (t1, t0)
    s = state(client, gid, mine)
    action, seq = s["options"][0]["action"], s["seq"]
    before = state(client, gid, mine)["view"]
    for bad in (other, token(links["spectator"]), "not-a-token", None):
        r = client.post(f"/api/games/{gid}/actions", json={"token": bad, "seq": seq, "action": action})
        assert r.status_code == 403, r.text
    assert state(client, gid, mine)["view"] == before
    r = client.post(f"/api/games/{gid}/actions", json={"token": mine, "seq": seq, "action": action})
    assert r.status_code == 200 and r.json()["seq"] == seq + 1
    again = client.post(f"/api/games/{gid}/actions", json={"token": mine, "seq": seq, "action": action})
    assert again.status_code == 409 and "stale" in again.json()["error"]
    assert state(client, gid, mine)["seq"] == seq + 1


@pytest.mark.parametrize(
    ("payload", "status", "words"),
    [
        ({"seq": "zero", "action": ["end_main"]}, 422, "seq"),
        ({"action": ["end_main"]}, 422, "seq"),
        ({"seq": 0, "action": "end_main"}, 422, "action"),
        ({"seq": 0, "action": ["gain", "Nonexistent"]}, 422, "illegal action"),
        ({"seq": 0, "action": ["focus", 9]}, 422, "illegal action"),
    ],
)
def test_malformed_actions_get_a_clear_4xx(client: TestClient, payload: dict[str, Any], status: int,
                                            words: str) -> None:
    links = new_game(client, (None,))
    gid = links["id"]
    tok = token(links["seats"][0]["url"])
    s = _until_my_turn(client, gid, tok)
    payload = {**payload, "token": tok}
    if payload.get("seq") == 0:
        payload["seq"] = s["seq"]
    r = client.post(f"/api/games/{gid}/actions", json=payload)
    assert r.status_code == status, r.text
    assert words in r.json()["error"]
    assert state(client, gid, tok)["view"] == s["view"]


def test_bad_requests_to_create_and_bodies_that_are_not_json(client: TestClient) -> None:
    r = client.post("/api/games", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    r = client.post("/api/games", json={"seats": []})
    assert r.status_code == 422 and r.json()["field"] == "seats"
    r = client.post("/api/games", json={"seats": [{"mage": "Bramma"}]})
    assert r.status_code == 422 and "Brama" in r.json()["error"]
    r = client.post("/api/games", json={"seats": [{"mage": "Brama", "bot": "genius"}]})
    assert r.status_code == 422 and "heuristic" in r.json()["error"]
    r = client.post("/api/games", json={"seats": [{"mage": "Brama"}], "market": ["Kindle"]})
    assert r.status_code == 422 and "9" in r.json()["error"]
    r = client.get("/api/games/nosuchgame", params={"t": "x"})
    assert r.status_code == 404
    r = client.post("/api/games", json={"seats": [{"mage": "Brama"}], "city": "Nowhere"})
    assert r.status_code == 422 and r.json()["field"] == "city" and "Azer, Gravehold" in r.json()["error"]


def test_a_new_game_may_draw_its_random_mages_and_market_for_a_city(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": [{"bot": "heuristic"}, {"bot": "heuristic"}], "market": "random",
                                        "city": "gravehold", "seed": 3})
    assert r.status_code == 201, r.text
    from gravehold.content import registry

    assert all(registry.mage(s["mage"]).city in (None, "Gravehold") for s in r.json()["seats"])
    content = client.get("/api/content").json()
    assert content["cities"] == ["Azer", "Gravehold"]
    assert all("city" in m for m in content["mages"])  # the seat picker shows a Legacy mage's city


def _play_a_few(client: TestClient, gid: str, tok: str, n: int) -> None:
    """``n`` of our decisions (the last option each time); the bots play in between."""
    for _ in range(n):
        s = _until_my_turn(client, gid, tok)
        if s["over"]:
            break
        r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": s["seq"],
                                                          "action": s["options"][-1]["action"]})
        assert r.status_code == 200


def test_bots_play_their_turns_and_every_action_is_saved(client: TestClient, tmp_path: Path) -> None:
    links = new_game(client, (None, "heuristic"), seed=9)
    gid = links["id"]
    tok = token(links["seats"][0]["url"])
    _play_a_few(client, gid, tok, 6)
    s = state(client, gid, tok)
    hub = client.app.state.hub
    acts = hub.store.actions(gid)
    assert len(acts) == s["seq"] and [a.seq for a in acts] == list(range(s["seq"]))
    assert {a.by for a in acts} >= {"human"}
    rebuilt = hub.store.rebuild(gid)
    assert rebuilt.to_json() == hub.store.get(gid).snapshot


def test_a_planner_bot_seat_plays_its_turns_in_the_browser_game(client: TestClient) -> None:
    links = new_game(client, (None, "planner"), seed=9)
    assert links["seats"][1] == {"seat": 1, "mage": "Mist", "kind": "bot", "url": None}
    gid = links["id"]
    _play_a_few(client, gid, token(links["seats"][0]["url"]), 4)
    acts = client.app.state.hub.store.actions(gid)
    assert {a.by for a in acts} == {"human", "planner"}  # each action saved with who took it
    assert "planner" in client.get("/api/content").json()["agents"]


def test_undo_until_hidden_information_is_revealed(client: TestClient) -> None:
    links = new_game(client, (None,), seed=3)
    gid = links["id"]
    tok = token(links["seats"][0]["url"])
    s = _until_my_turn(client, gid, tok)
    plays = [o["action"] for o in s["options"] if o["action"][0] == "play"]
    assert plays, s["options"]
    r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": s["seq"], "action": plays[0]})
    assert r.status_code == 200
    after = state(client, gid, tok)
    assert after["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", json={"token": tok, "seq": after["seq"]})
    assert r.status_code == 200
    back = state(client, gid, tok)
    assert back["seq"] == s["seq"] and back["view"] == s["view"]
    # ending the main phase draws cards: no undo after that
    end = [o["action"] for o in back["options"] if o["action"][0] == "end_main"][0]
    client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": back["seq"], "action": end})
    later = state(client, gid, tok)
    assert not later["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", json={"token": tok, "seq": later["seq"]})
    assert r.status_code == 409 and "revealed" in r.json()["error"]


def test_a_persons_turn_waits_for_end_main_and_the_last_action_can_be_undone(client: TestClient) -> None:
    """Spending the last aether leaves the turn open (P-6): the human ends it, and until then the
    action that spent it, which revealed nothing, can still be taken back."""
    links = new_game(client, (None, "heuristic"), seed=3)
    gid = links["id"]
    tok = token(links["seats"][0]["url"])
    s = _until_my_turn(client, gid, tok)
    assert client.app.state.hub.live[gid].game.state.config["human_seats"] == [0]
    last = None
    while [o["action"] for o in s["options"]] != [["end_main"]]:
        assert s["your_turn"] and not s["over"], s
        last = next(o["action"] for o in s["options"] if o["action"] != ["end_main"])
        r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": s["seq"], "action": last})
        assert r.status_code == 200, r.text
        s = state(client, gid, tok)
    assert last is not None
    assert s["your_turn"] and s["view"]["active"] == 0 and s["view"]["phase"] == "main"
    assert s["options"] == [{"action": ["end_main"], "label": "End the main phase"}]
    assert s["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", json={"token": tok, "seq": s["seq"]})
    assert r.status_code == 200, r.text
    back = state(client, gid, tok)
    assert back["seq"] == s["seq"] - 1 and last in [o["action"] for o in back["options"]]
    r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": back["seq"], "action": last})
    assert r.status_code == 200, r.text
    again = state(client, gid, tok)
    assert again["options"] == s["options"] and again["view"] == s["view"]
    r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": again["seq"], "action": ["end_main"]})
    assert r.status_code == 200, r.text
    later = state(client, gid, tok)
    if later["your_turn"] and later["options"][0]["action"] == ["keep_order"]:  # the draw phase's one question
        r = client.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": later["seq"],
                                                          "action": ["keep_order"]})
        assert r.status_code == 200, r.text
        later = state(client, gid, tok)
    assert later["seq"] > again["seq"] and later["view"]["players"][0]["played"] == []
    assert not later["can_undo"]  # the draw phase drew cards


def test_list_shows_this_browsers_games_with_resume_links(client: TestClient) -> None:
    client.cookies.set("gravehold_browser", "browser-a")
    a = new_game(client, (None,))
    client.cookies.set("gravehold_browser", "browser-b")
    new_game(client, (None,))
    client.cookies.set("gravehold_browser", "browser-a")
    games = client.get("/api/games").json()["games"]
    assert [g["id"] for g in games] == [a["id"]]
    assert games[0]["links"] == [a["seats"][0]["url"]] and games[0]["status"] == "running"


def test_the_vocabulary_tells_the_board_what_it_places(client: TestClient) -> None:
    """The board reads the placed heads and board kinds from engine/decisions.py, not a copy."""
    from gravehold.engine.decisions import ACTION_HEADS, DECISION_KINDS

    v = client.get("/api/vocabulary").json()
    assert [k["name"] for k in v["kinds"]] == list(DECISION_KINDS)
    assert [h["name"] for h in v["heads"]] == list(ACTION_HEADS)
    assert {k["name"] for k in v["kinds"] if k["board"]} == {"main", "casting"}
    placed = {h["name"] for h in v["heads"] if h["board"]}
    assert {"play", "gain", "prep", "cast", "end_main", "end_casting"} <= placed and "target" not in placed
    assert next(h for h in v["heads"] if h["name"] == "prep")["args"] == [["card", "breach"],
                                                                          ["player", "card", "breach"]]
    links = new_game(client)
    s = state(client, links["id"], token(links["seats"][0]["url"]))
    assert s["options"] and all(o["action"][0] in ACTION_HEADS and o["label"] for o in s["options"])
    js = (Path(__file__).parents[2] / "src" / "gravehold" / "web" / "static" / "board.js").read_text()
    assert '"/api/vocabulary"' in js and 'new Set(["play"' not in js


def test_N_13_a_game_against_myth_and_bone_shows_both_nemeses_with_their_dials(client: TestClient) -> None:
    """The board's payload carries Myth's and Bone's panels, each with its dial and play area."""
    r = client.post("/api/games", json={"seats": [{"mage": "Brama"}, {"mage": "Mist"}],
                                        "nemesis": "Paradox of Myth and Bone", "market": "Deck Destruction",
                                        "seed": 4})
    assert r.status_code == 201, r.text
    links = r.json()
    s = state(client, links["id"], token(links["seats"][0]["url"]))
    shown = {p["title"]: p["text"] for p in s["panels"]}
    assert shown["Myth"].startswith("life 50 · deck 12 · discard 0 · nothing in play")
    assert shown["Bone"].startswith("life 50 (the nemesis dial) · deck 12 · discard 0")
    assert {"Myth life", "Myth deck", "Myth discard"} >= set(s["in_panels"]) >= {"Myth life"}
    assert s["areas"] == {}  # nothing in play yet; a card in play is named with its nemesis' area
