"""The seeded challenge's web API (``/api/challenge``) and pages: the set with every result,
a person's game of a setup (the bots' deal, every seat theirs) whose result is recorded when
it ends, also across a restart, and the refusals (a 4xx naming the field, nothing stored);
on SQLite and on PostgreSQL."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from databases import BACKENDS, database_url
from gravehold.agents import make_agent
from gravehold.challenge import ChallengeStore, setup_of, this_week
from gravehold.storage.saves import Store
from gravehold.undo import reveals
from gravehold.web.app import create_app
from webplay import drive, token

CID = "seed-3"


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from database_url(request.param, tmp_path)


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0.0)) as c:
        c.cookies.set("gravehold_browser", "challenge-tests")
        yield c


def challenge(client: TestClient, cid: str = CID) -> dict[str, Any]:
    r = client.get(f"/api/challenge/{cid}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def start(client: TestClient, number: int, name: str = "Ann") -> dict[str, Any]:
    r = client.post(f"/api/challenge/{CID}/{number}/start", json={"name": name})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def test_web_challenge_the_set_holds_its_setups_and_the_bots_results(client: TestClient, db: str) -> None:
    got = challenge(client, "seed-03")
    store = ChallengeStore.open(db)
    assert got == store.table(CID)  # the bots' results were played once and kept
    assert got["id"] == CID and [s["number"] for s in got["setups"]] == [1, 2, 3, 4, 5]
    assert [s["seed"] for s in got["setups"]] == [setup_of(CID, n).seed for n in range(1, 6)]
    assert all(len(s["results"]) == len(got["bots"]) for s in got["setups"])
    assert client.get("/api/challenge").json()["id"] == this_week()
    store.store.engine.dispose()


def test_web_challenge_a_persons_game_is_the_setup_and_its_result_is_recorded_when_it_ends(
        client: TestClient, db: str) -> None:
    links = start(client, 2, "  Ann ")
    gid = links["id"]
    assert (links["challenge"], links["setup"], links["you"]) == (CID, 2, links["seats"][0]["url"])
    assert [s["kind"] for s in links["seats"]] == ["human", "human"]
    tokens = {s["seat"]: token(s["url"]) for s in links["seats"]}
    pending = [r for s in challenge(client)["setups"] for r in s["results"] if r["kind"] == "human"]
    assert pending == [{"setup": 2, "seed": setup_of(CID, 2).seed, "who": "Ann", "kind": "human", "result": None,
                        "reason": None, "turns": None, "nemesis_life": None, "gravehold_life": None, "game": gid}]
    store = Store(db)
    dealt = store.load(gid).game.to_dict()
    assert dealt == setup_of(CID, 2).human_game(events=False).to_dict()  # the bots' deal, people's seats
    end = drive(client, gid, tokens, seed=3)
    assert end["over"]
    deadline = time.time() + 30
    while True:
        mine = [r for r in challenge(client)["setups"][1]["results"] if r["kind"] == "human"]
        if mine[0]["result"] is not None or time.time() > deadline:
            break
        time.sleep(0.05)
    g = store.load(gid).game
    assert mine == [{**pending[0], "result": g.result, "reason": g.reason, "turns": g.state.turn,
                     "nemesis_life": g.state.nemesis.life, "gravehold_life": g.state.gravehold}]
    back = client.post(f"/api/games/{gid}/undo", json={"token": tokens[0], "seq": end["seq"]})
    assert back.status_code == 409 and back.json()["error"] == (
        "this challenge game is over and its result is recorded; the challenge's page starts the setup again")
    rates = challenge(client)["win_rates"]["people"]
    assert rates == {"rate": 1.0 if g.result == "win" else 0.0, "played": 1}
    store.engine.dispose()


def test_web_challenge_a_game_that_ended_while_no_server_ran_is_recorded_at_the_next_start(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0.0)) as c:
        links = start(c, 1, "Cy")
    gid = links["id"]
    store = Store(db)
    g = store.load(gid).game
    agents = [make_agent("random", k) for k in range(2)]
    while not g.over:  # played on, as another server would, with nobody recording the result
        d = g.decision
        assert d is not None
        seq, n = g.state.seq, len(g.events)
        a = agents[d.seat].choose(d, lambda: {})
        g.apply(a)
        store.append(gid, seq, d.seat, "human", list(a), reveals(g.events[n:]), g)
    cs = ChallengeStore(store)
    assert cs.waiting() == [gid]
    with TestClient(create_app(db, bot_delay=0.0)) as c:
        got = [r for r in challenge(c)["setups"][0]["results"] if r["kind"] == "human"]
    assert [(r["who"], r["result"], r["reason"], r["turns"], r["game"]) for r in got] == [
        ("Cy", g.result, g.reason, g.state.turn, gid)]
    assert cs.waiting() == []
    store.engine.dispose()


@pytest.mark.parametrize(("path", "body", "field", "message"), [
    ("/api/challenge/2026-W99/1/start", {"name": "Ann"}, "id",
     "challenge id '2026-W99': 2026 has no week 99 (its weeks are 1 to 53)"),
    ("/api/challenge/banana/1/start", {"name": "Ann"}, "id", "challenge id 'banana': not a challenge id"),
    ("/api/challenge/seed-3/0/start", {"name": "Ann"}, "setup", "setup 0: a challenge's setups are numbered 1 to 5"),
    ("/api/challenge/seed-3/six/start", {"name": "Ann"}, "setup", "setup six: a challenge's setups are numbered"),
    ("/api/challenge/seed-3/1/start", {"name": "   "}, "name", "name: is empty"),
    ("/api/challenge/seed-3/1/start", {"name": "x" * 41}, "name", "name: is 41 characters long; at most 40"),
    ("/api/challenge/seed-3/1/start", {"name": 5}, "name", "name: must be text"),
    ("/api/challenge/seed-3/1/start", {}, "name", "name: must be text"),
    ("/api/challenge/seed-3/1/start", {"name": "Ann", "seed": 4}, "seed", "seed: not a field of a challenge game"),
])
def test_web_challenge_a_bad_id_number_or_name_is_a_422_naming_the_field(
        client: TestClient, path: str, body: dict[str, Any], field: str, message: str) -> None:
    r = client.post(path, json=body)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field and r.json()["error"].startswith(message)
    assert client.get("/api/games").json()["total"] == 0  # no game made


def test_web_challenge_malformed_requests_are_4xx_json(client: TestClient) -> None:
    bad_id = client.get("/api/challenge/seed--3")
    assert bad_id.status_code == 422 and bad_id.json()["field"] == "id"
    assert "seed must be a whole number" in bad_id.json()["error"]
    for raw in (b"{not json", b"[1, 2]", b"\xff\xfe", b'"name"'):
        r = client.post(f"/api/challenge/{CID}/1/start", content=raw, headers={"content-type": "application/json"})
        assert 400 <= r.status_code < 500 and "error" in r.json(), (raw, r.text)
    assert client.get(f"/api/challenge/{CID}/1/start").status_code == 405
    assert client.get("/api/games").json()["total"] == 0


def test_web_challenge_the_pages_and_the_home_page_link(client: TestClient) -> None:
    for path in ("/challenge", f"/challenge/{CID}"):
        r = client.get(path)
        assert r.status_code == 200 and 'src="/static/challenge.js"' in r.text
    bad = client.get("/challenge/2026-W99", headers={"accept": "text/html"})
    assert bad.status_code == 404 and "There is no challenge 2026-W99" in bad.text
    assert 'href="/challenge"' in client.get("/").text


def test_web_challenge_a_seat_gives_its_game_up_and_it_counts_as_lost(client: TestClient, db: str) -> None:
    links = start(client, 4, "Di")
    gid, tok = links["id"], token(links["you"])
    wrong = client.post(f"/api/challenge/games/{gid}/give-up", json={"token": token(links["spectator"])})
    assert wrong.status_code == 403 and wrong.json()["error"] == "token: this link may not act in this game"
    extra = client.post(f"/api/challenge/games/{gid}/give-up", json={"token": tok, "why": "bored"})
    assert extra.status_code == 422 and extra.json()["field"] == "why"
    typed = client.post(f"/api/challenge/games/{gid}/give-up", json={"token": 5})
    assert typed.status_code == 422 and typed.json()["error"].startswith("token: must be a string")
    r = client.post(f"/api/challenge/games/{gid}/give-up", json={"token": tok})
    assert r.status_code == 200 and r.json() == {"id": gid, "result": "loss", "reason": "conceded"}
    seen = client.get(f"/api/games/{gid}", params={"t": tok}).json()
    assert seen["over"] and seen["view"]["result"] == "loss"
    again = client.post(f"/api/challenge/games/{gid}/give-up", json={"token": tok})
    assert again.status_code == 409 and again.json()["error"] == "the game is already over; there is nothing to give up"
    g = setup_of(CID, 4).human_game()
    got = [r for r in challenge(client)["setups"][3]["results"] if r["kind"] == "human"]
    assert [(r["who"], r["result"], r["reason"], r["turns"], r["nemesis_life"], r["gravehold_life"], r["game"])
            for r in got] == [("Di", "loss", "conceded", g.state.turn, g.state.nemesis.life, g.state.gravehold, gid)]
    store = Store(db)
    row = store.get(gid)
    assert (row.status, row.result, row.reason) == ("finished", "loss", "conceded")
    store.engine.dispose()
    plain = client.post("/api/games", json={"seats": [{"mage": "Brama"}], "nemesis": "Rageborne",
                                            "market": "Deck Destruction", "seed": 5}).json()
    other = client.post(f"/api/challenge/games/{plain['id']}/give-up", json={"token": token(plain["seats"][0]["url"])})
    assert other.status_code == 409 and other.json()["error"] == (
        "this is no challenge game; only a challenge game is given up here")
    assert not client.get(plain["seats"][0]["url"].replace("/g/", "/api/games/")).json()["over"]
    missing = client.post("/api/challenge/games/nope/give-up", json={"token": tok})
    assert missing.status_code == 404


def test_web_challenge_a_game_given_up_loads_over_after_a_restart(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0.0)) as c:
        links = start(c, 3, "Ed")
        tok = token(links["you"])
        assert c.post(f"/api/challenge/games/{links['id']}/give-up", json={"token": tok}).status_code == 200
    with TestClient(create_app(db, bot_delay=0.0)) as c:
        seen = c.get(f"/api/games/{links['id']}", params={"t": tok}).json()
        assert seen["over"] and seen["view"]["result"] == "loss"
        got = [r for r in challenge(c)["setups"][2]["results"] if r["kind"] == "human"]
        assert [(r["who"], r["result"], r["reason"]) for r in got] == [("Ed", "loss", "conceded")]
