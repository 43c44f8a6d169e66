"""The expedition API: setting out, a battle played by the server's bots, the support, the
refusals (each naming its field, nothing stored), export and import, and the board's link
back; on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient

from databases import BACKENDS, database_url
from gravehold.agents import make_agent
from gravehold.campaigns import battle as driver
from gravehold.campaigns.expedition import policy, steps, transfer
from gravehold.campaigns.expedition.state import Choices, Expedition, SeatChoice
from gravehold.campaigns.expedition.store import ExpeditionStore
from gravehold.content import registry as content
from gravehold.engine.game import Game
from gravehold.events_text import reason_text
from gravehold.storage.saves import Store
from gravehold.undo import LastAction
from gravehold.web.app import create_app
from gravehold.web.limits import Limits

BROWSER = "expedition-tests"


def yield_once(gen: Iterator[str], request: pytest.FixtureRequest) -> str:
    url = next(gen)
    request.addfinalizer(lambda: next(gen, None))
    return url


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database on SQLite, and on PostgreSQL when one is given (``databases.py``)."""
    return yield_once(database_url(request.param, tmp_path), request)


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0.0)) as c:
        c.cookies.set("gravehold_browser", BROWSER)
        yield c


def at_fault(body: dict[str, Any]) -> str:
    """The field a refusal names: its ``field`` when the words are a player's sentence,
    else the ``field:`` its message starts with (a program's field, such as ``version``)."""
    return str(body["field"]) if "field" in body else str(body["error"]).split(":", 1)[0]


def token(url: str) -> str:
    return url.split("t=", 1)[1]


def set_out(client: TestClient, **form: Any) -> tuple[str, str]:
    """A new expedition: its id and its token."""
    r = client.post("/api/expeditions", json={"players": 1, "seed": 3, **form})
    assert r.status_code == 201, r.text
    got = r.json()
    assert got["view"] == f"/x/{got['id']}" and got["url"] == f"/x/{got['id']}?t={token(got['url'])}"
    return got["id"], token(got["url"])


def look(client: TestClient, eid: str, tok: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/expeditions/{eid}", params={"t": tok} if tok else {})
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def stored(client: TestClient, eid: str) -> Expedition:
    store: ExpeditionStore = client.app.state.hub.expeditions  # type: ignore[attr-defined]
    return store.get(eid).exp


def policy_choices(client: TestClient, eid: str, player: str) -> Choices:
    """The bots' policy's choices for the battle, every seat played by ``player``."""
    ch = policy.choose(stored(client, eid))
    return Choices(seats=[SeatChoice(mage=s.mage, tier1=s.tier1, slot=s.slot, tier3=s.tier3, player=player)
                          for s in ch.seats], supply=ch.supply, group=ch.group, pile=ch.pile)


def battle(client: TestClient, eid: str, tok: str, ch: Choices, version: int) -> dict[str, Any]:
    body = {"token": tok, "version": version, **msgspec.to_builtins(ch)}
    r = client.post(f"/api/expeditions/{eid}/battle", json=body)
    assert r.status_code == 201, r.text
    got: dict[str, Any] = r.json()
    return got


def wait_phase(client: TestClient, eid: str, away_from: str = "battle", timeout: float = 30) -> dict[str, Any]:
    end = time.time() + timeout
    while time.time() < end:
        s = look(client, eid)
        if s["phase"] != away_from:
            return s
        time.sleep(0.03)
    raise AssertionError(f"expedition {eid} stayed at {away_from}")


def played_by_the_hub(config: dict[str, Any], agent: str) -> tuple[Game, list[list[Any]]]:
    """The battle as the server's bots play it (``Hub._run_bots``: seat k's agent is seeded
    with the game's seed * 10 + k), here, offline."""
    g = Game.from_config(config)
    agents: dict[int, Any] = {}
    actions = []
    while not g.over:
        d = g.decision
        assert d is not None
        seat = d.seat
        if seat not in agents:
            agents[seat] = make_agent(agent, int(g.state.config["seed"]) * 10 + seat)
        a = agents[seat].choose(d, partial(g.view_for, seat))
        g.apply(a)
        actions.append(list(a))
    return g, actions


# ------------------------------------------------------------------ a whole step round
def test_X_8_an_all_bot_battle_ends_the_expedition_moves_on_and_takes_its_support(client: TestClient) -> None:
    eid, tok = set_out(client)
    s = look(client, eid, tok)
    assert s["can_choose"] and s["version"] == 0 and s["phase"] == "choose" and s["current"] is None
    assert s["battle"] == 1 and s["attempt"] == 1 and s["history"] == [] and s["score"] == 0
    assert s["allowed"]["seat_tiers"] == [] and s["allowed"]["players"] == 1
    assert len(s["barracks"]["mages"]) == 4 and len(s["barracks"]["supply"]) == 9
    assert look(client, eid)["can_choose"] is False

    before = stored(client, eid)
    ch = policy_choices(client, eid, "random")
    got = battle(client, eid, tok, ch, 0)
    gid = got["game"]
    assert got["version"] == 1 and got["battle"] == 1 and got["seats"] == [
        {"seat": 0, "mage": ch.seats[0].mage, "shown": content.MAGES[ch.seats[0].mage].name, "kind": "bot",
         "url": None}]
    board = client.get(f"/api/games/{gid}", params={"t": token(got["spectator"])}).json()
    assert board["expedition"] == {"id": eid, "url": f"/x/{eid}"} and board["seat"] is None

    after = wait_phase(client, eid)
    # the very expedition the steps give for this battle, played as the hub's bots play it
    began, _ = steps.begin(before, ch)
    assert began.current is not None
    began.current.game = gid
    game, actions = played_by_the_hub(began.current.config, "random")
    want = steps.finish(began, game, game_id=gid, actions=actions)
    assert want.phase == "support" and game.result == "loss"
    assert stored(client, eid) == want
    assert after["version"] == 2 and after["phase"] == "support" and after["current"] is None
    assert after["history"] == [{"battle": 1, "attempt": 1, "nemesis": want.nemesis, "mages": [ch.seats[0].mage],
                                 "result": "loss", "reason": game.reason,
                                 "reason_text": reason_text("loss", game.reason, content.NEMESES[want.nemesis].name),
                                 "score": 0, "game": gid,
                                 "replay": f"/replay/{gid}"}]
    assert after["supports"] == steps.supports(want) == ["gem", "relic", "spell", "mage"]
    row = client.app.state.hub.store.get(gid)  # type: ignore[attr-defined]
    assert row.status == "finished" and row.seq == len(actions)

    r = client.post(f"/api/expeditions/{eid}/support", json={"token": tok, "version": 2, "choice": "spell"})
    assert r.status_code == 200, r.text
    now = r.json()
    supported = steps.support(want, "spell")
    assert stored(client, eid) == supported
    assert now["version"] == 3 and now["phase"] == "choose" and now["attempt"] == 2 and now["can_choose"]
    assert [p["name"] for p in now["barracks"]["supply"]] == supported.barracks.supply
    assert now["events"][-1] == {"kind": "support", "battle": 1, "mages": [], "supply": supported.events[-1].supply,
                                 "treasures": [], "upgraded": []}
    assert steps.barracks_counter(supported) == steps.barracks_from_events(supported)


def test_a_battle_with_a_person_gives_seat_links_only_to_the_token(client: TestClient) -> None:
    eid, tok = set_out(client, players=2, seed=6)
    ch = policy_choices(client, eid, "human")
    ch.seats[1].player = "heuristic"
    got = battle(client, eid, tok, ch, 0)
    gid = got["game"]
    seat_url = got["seats"][0]["url"]
    assert got["seats"][0]["kind"] == "human" and seat_url.startswith(f"/g/{gid}?t=")
    assert got["seats"][1]["kind"] == "bot" and got["seats"][1]["url"] is None
    me = client.get(f"/api/games/{gid}", params={"t": token(seat_url)}).json()
    assert me["seat"] == 0 and me["expedition"] == {"id": eid, "url": f"/x/{eid}"}
    assert me["view"]["players"][0]["mage"] == ch.seats[0].mage

    mine, theirs = look(client, eid, tok)["current"], look(client, eid)["current"]
    assert mine["game"] == theirs["game"] == gid and mine["board"] == theirs["board"] == got["spectator"]
    assert [s["url"] for s in mine["seats"]] == [seat_url, None]
    assert [s["url"] for s in theirs["seats"]] == [None, None]
    assert [s["kind"] for s in theirs["seats"]] == ["human", "bot"] and theirs["status"] == "running"
    assert look(client, eid)["phase"] == "battle" and look(client, eid)["allowed"] is None
    assert client.get("/api/games/" + gid, params={"t": "nope"}).status_code == 403


def test_the_list_shows_this_browsers_expeditions_with_their_links_a_page_at_a_time(client: TestClient) -> None:
    a, ta = set_out(client, title="First  one")
    b, tb = set_out(client, players=2, length="short")
    client.cookies.set("gravehold_browser", "someone-else")
    set_out(client)
    client.cookies.set("gravehold_browser", BROWSER)
    got = client.get("/api/expeditions").json()
    assert got["total"] == 2 and [e["id"] for e in got["expeditions"]] == [b, a]
    first = got["expeditions"][1]
    assert first == {"id": a, "title": "First one", "players": 1, "length": "standard", "story": None, "battle": 1,
                     "attempt": 1, "phase": "choose", "score": 0, "abandoned": False,
                     "updated": first["updated"], "url": f"/x/{a}?t={ta}", "view": f"/x/{a}"}
    assert got["expeditions"][0]["battle"] == 2 and got["expeditions"][0]["url"] == f"/x/{b}?t={tb}"
    page = client.get("/api/expeditions", params={"offset": 1, "limit": 1}).json()
    assert [e["id"] for e in page["expeditions"]] == [a] and page["total"] == 2
    client.cookies.clear()
    assert client.get("/api/expeditions").json() == {"expeditions": [], "total": 0, "offset": 0, "limit": 50}


def test_XS_2_the_new_age_story_sets_out_with_its_own_barracks_and_first_nemesis(client: TestClient) -> None:
    eid, _ = set_out(client, players=2, story="new_age")
    s = look(client, eid)
    want = steps.new(2, story="new_age", seed=3)
    assert s["options"]["story"] == "new_age" and s["title"] == want.title and s["nemesis"] == want.nemesis
    assert [m["name"] for m in s["barracks"]["mages"]] == want.barracks.mages
    assert [c["name"] for c in s["barracks"]["supply"]] == want.barracks.supply
    assert s["battles"] == {"first": 1, "last": 4, "count": 4}
    assert s["story"] == steps.story(want)  # the guided run (XS-4, XS-5)


# ------------------------------------------------------------------ refusals
BAD_NEW = [
    ({"players": 0}, "players"), ({"players": 5}, "players"), ({"players": "two"}, "players"), ({}, "players"),
    ({"players": 2, "length": "endless"}, "length"), ({"players": 2, "boxes": ["AE", "Nope"]}, "boxes[1]"),
    ({"players": 2, "story": "Gravehold Falls"}, "story"), ({"players": 2, "seed": 2**70}, "seed"),
    ({"players": 2, "title": "x" * 500}, "title"), ({"players": 2, "colour": "red"}, "colour"),
    ({"players": 2, "story": "new_age", "length": "long"}, "length"), ({"players": 2, "endless": "yes"}, "endless"),
    ({"players": 2, "boxes": ["AE"]}, "boxes"),
]


def test_a_bad_new_expedition_is_refused_naming_its_field_and_stores_nothing(client: TestClient) -> None:
    for form, field in BAD_NEW:
        r = client.post("/api/expeditions", json=form)
        assert r.status_code == 422, (form, r.text)
        assert at_fault(r.json()) == field, (form, r.json())
    r = client.post("/api/expeditions", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    client.cookies.clear()  # a client without the cookie may name its browser, as for games
    r = client.post("/api/expeditions", json={"players": 2, "browser": "not a browser id"})
    assert r.status_code == 422 and r.json()["error"].startswith("browser:")
    assert client.app.state.hub.expeditions.count() == 0  # type: ignore[attr-defined]
    r = client.post("/api/expeditions", json={"players": 2, "browser": "a-script"})
    assert r.status_code == 201 and r.cookies["gravehold_browser"] == "a-script"
    assert [e["id"] for e in client.get("/api/expeditions").json()["expeditions"]] == [r.json()["id"]]


def test_bad_battle_and_support_requests_are_refused_naming_the_field_and_change_nothing(
        client: TestClient) -> None:
    eid, tok = set_out(client, players=2)
    exp = stored(client, eid)
    ch = msgspec.to_builtins(policy_choices(client, eid, "random"))
    outside = next(m for m in content.MAGES if m not in exp.barracks.mages)
    elsewhere = next(c.name for c in content.supply_cards() if c.name not in exp.barracks.supply)

    def seats(**change: Any) -> list[dict[str, Any]]:
        return [{**ch["seats"][0], **change}, ch["seats"][1]]

    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"seats": seats(mage=outside)}, 422, "seats[0].mage"),
        ({"seats": [ch["seats"][0], {**ch["seats"][1], "mage": ch["seats"][0]["mage"]}]}, 422, "seats[1].mage"),
        ({"seats": seats(player="genius")}, 422, "seats[0].player"),
        ({"seats": seats(tier1="Nothing")}, 422, "seats[0].tier1"),
        ({"seats": seats(slot=9)}, 422, "seats[0].slot"),
        ({"seats": ch["seats"][:1]}, 422, "seats"),
        ({"seats": []}, 422, "seats"),
        ({"supply": ch["supply"][:8]}, 422, "supply"),
        ({"supply": [*ch["supply"][:8], elsewhere]}, 422, "supply[8]"),
        ({"supply": [*ch["supply"][:8], ch["supply"][0]]}, 422, "supply[8]"),
        ({"group": exp.barracks.supply[0]}, 422, "group"),
        ({"version": "0"}, 422, "version"),
        ({"version": None}, 422, "version"),
        ({"version": 1}, 409, "version"),
        ({"token": "not-the-token"}, 403, "token"),
        ({"token": None}, 403, "token"),
        ({"token": 5}, 422, "token"),
        ({"extra": 1}, 422, "extra"),
    ]
    for change, status, field in cases:
        body = {"token": tok, "version": 0, **ch, **change}
        r = client.post(f"/api/expeditions/{eid}/battle", json=body)
        assert r.status_code == status, (change, r.text)
        assert at_fault(r.json()) == field, (change, r.json())
    r = client.post(f"/api/expeditions/{eid}/battle", content=b"[1, 2]", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON object" in r.json()["error"]
    r = client.post(f"/api/expeditions/{eid}/support", json={"token": tok, "version": 0, "choice": "gem"})
    assert r.status_code == 409 and "support" in r.json()["error"]
    r = client.post(f"/api/expeditions/{eid}/support", json={"token": tok, "version": 0})
    assert r.status_code == 422 and r.json()["error"].startswith("choice:")
    assert stored(client, eid) == exp and look(client, eid)["version"] == 0
    assert client.app.state.hub.store.count() == 0  # type: ignore[attr-defined]  # no battle's game either


def test_X_8_a_support_that_is_not_on_offer_is_refused_and_a_stale_one_is_a_409(client: TestClient) -> None:
    eid, tok = set_out(client)
    battle(client, eid, tok, policy_choices(client, eid, "random"), 0)
    s = wait_phase(client, eid)
    assert s["phase"] == "support" and s["version"] == 2
    exp = stored(client, eid)
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"choice": "treasure1"}, 422, "support"), ({"choice": "gold"}, 422, "support"), ({"choice": 3}, 422, "choice"),
        ({"version": 1, "choice": "gem"}, 409, "version"), ({"token": "x", "choice": "gem"}, 403, "token")]
    for body, status, field in cases:
        r = client.post(f"/api/expeditions/{eid}/support", json={"token": tok, "version": 2, **body})
        assert r.status_code == status, (body, r.text)
        assert at_fault(r.json()) == field, (body, r.json())
    assert stored(client, eid) == exp
    ok = client.post(f"/api/expeditions/{eid}/support", json={"token": tok, "version": 2, "choice": None})
    assert ok.status_code == 200 and ok.json()["phase"] == "choose"
    assert ok.json()["events"] == look(client, eid)["events"]
    assert stored(client, eid) == steps.support(exp, None)
    again = client.post(f"/api/expeditions/{eid}/support", json={"token": tok, "version": 2, "choice": None})
    assert again.status_code == 409 and again.json()["error"].startswith("version:")


def test_an_unknown_expedition_is_a_404_everywhere(client: TestClient) -> None:
    for method, path in [("get", "/api/expeditions/nosuch"), ("get", "/api/expeditions/nosuch/export"),
                         ("post", "/api/expeditions/nosuch/battle"), ("post", "/api/expeditions/nosuch/support"),
                         ("post", "/api/expeditions/nosuch/concede"), ("get", "/api/expeditions/" + "x" * 40)]:
        body = {"json": {"token": "t", "version": 0, "seats": [{"mage": "Brama"}], "supply": ["a"] * 9}} \
            if method == "post" else {}
        if path.endswith("support"):
            body = {"json": {"token": "t", "version": 0, "choice": None}}
        if path.endswith("concede"):
            body = {"json": {"token": "t", "version": 0}}
        r = getattr(client, method)(path, **body)
        assert r.status_code == 404, (path, r.text)
        assert "no expedition" in r.json()["error"]


# ------------------------------------------------------------------ files
def test_export_and_import_round_trip_a_battle_in_the_middle(client: TestClient) -> None:
    eid, tok = set_out(client, seed=11, boxes=["AE", "WE", "NA"])  # named: a first hand with a Crystal
    got = battle(client, eid, tok, policy_choices(client, eid, "human"), 0)
    gid, seat = got["game"], token(got["seats"][0]["url"])
    # the battle is an ordinary game: playing a card that reveals nothing can be taken back
    s = client.get(f"/api/games/{gid}", params={"t": seat}).json()
    play = next(o["action"] for o in s["options"] if o["action"][:2] == ["play", "Crystal"])  # draws nothing
    r = client.post(f"/api/games/{gid}/actions", json={"token": seat, "seq": s["seq"], "action": play})
    assert r.status_code == 200 and client.get(f"/api/games/{gid}", params={"t": seat}).json()["can_undo"]
    r = client.post(f"/api/games/{gid}/undo", json={"token": seat, "seq": s["seq"] + 1})
    assert r.status_code == 200 and client.get(f"/api/games/{gid}", params={"t": seat}).json()["view"] == s["view"]
    for _ in range(4):  # a few of the person's decisions: the export carries them
        s = client.get(f"/api/games/{gid}", params={"t": seat}).json()
        r = client.post(f"/api/games/{gid}/actions", json={"token": seat, "seq": s["seq"],
                                                          "action": s["options"][0]["action"]})
        assert r.status_code == 200, r.text
    r = client.get(f"/api/expeditions/{eid}/export", params={"t": tok})
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    assert r.headers["content-disposition"] == f'attachment; filename="expedition-{eid}.json"'
    doc = json.loads(r.content)
    assert doc["id"] == eid and len(doc["actions"]) == 4
    del doc["id"]  # the same server holds the original: import it as a new one

    r = client.post("/api/expeditions/import", content=json.dumps(doc).encode())
    assert r.status_code == 201, r.text
    new = r.json()
    copy, orig = stored(client, new["id"]), stored(client, eid)
    assert copy.current is not None and orig.current is not None and copy.current.game != orig.current.game
    copy.current.game = orig.current.game
    assert copy == orig
    theirs = look(client, new["id"], token(new["url"]))
    assert theirs["can_choose"] and theirs["phase"] == "battle" and theirs["version"] == 0
    link = theirs["current"]["seats"][0]["url"]
    mine = client.get(f"/api/games/{theirs['current']['game']}", params={"t": token(link)}).json()
    before = client.get(f"/api/games/{gid}", params={"t": seat}).json()
    assert mine["seq"] == before["seq"] == 4 and mine["view"] == before["view"] and mine["options"] == before["options"]
    assert mine["expedition"] == {"id": new["id"], "url": f"/x/{new['id']}"}
    again = client.post("/api/expeditions/import", content=json.dumps({**doc, "id": eid}).encode())
    assert again.status_code == 409 and again.json()["error"].startswith("id:")


def test_a_corrupt_or_inconsistent_import_is_refused_naming_the_field_and_stores_nothing(
        client: TestClient) -> None:
    eid, tok = set_out(client)
    battle(client, eid, tok, policy_choices(client, eid, "random"), 0)
    wait_phase(client, eid)
    doc = json.loads(client.get(f"/api/expeditions/{eid}/export", params={"t": tok}).content)
    del doc["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    counts = (hub.expeditions.count(), hub.store.count())

    def edited(path: list[Any], value: Any) -> bytes:
        d = json.loads(json.dumps(doc))
        at = d
        for k in path[:-1]:
            at = at[k]
        at[path[-1]] = value
        return json.dumps(d).encode()

    cases = [
        (b"{not json", "is not valid JSON"),
        (b"[]", "must be"),
        (edited(["kind"], "a record"), "kind:"),
        (edited(["expedition", "score"], 6), "expedition.score:"),
        (edited(["expedition", "history", 0, "result"], "win"), "expedition.history"),
        (edited(["expedition", "history", 0, "actions"], [["end_main"]]), "expedition.history[0].actions"),
        (edited(["expedition", "barracks", "mages"], ["Brama"]), "expedition.barracks.mages"),
        (edited(["expedition", "phase"], "lost"), "expedition.phase:"),
        (edited(["expedition", "nope"], 1), "expedition.nope:"),
        (edited(["id"], "has space"), "id:"),
        (edited(["id"], "x" * 33), "id:"),
        (b'{"format": "gravehold-record/1", "config": {"mages": ["Brama"]}, "steps": []}',
         "document: is a game record (what `gravehold play --record` writes), not an export of a campaign; "
         "replay it with `gravehold replay FILE`"),
    ]
    for raw, words in cases:
        r = client.post("/api/expeditions/import", content=raw)
        assert r.status_code == 422, (words, r.text)
        assert words in r.json()["error"], (words, r.json())
    assert (hub.expeditions.count(), hub.store.count()) == counts


@pytest.mark.parametrize(("limit", "words"), [
    ("MAX_BYTES", "document: is {value:,} bytes; an import takes at most {limit:,} (MAX_BYTES)"),
    ("MAX_RECORDS", "expedition.history: holds {value:,} battle records; an import takes at most {limit:,} "
                    "(MAX_RECORDS)"),
    ("MAX_ACTIONS", "actions: the file records {value:,} actions in all (its battles' and the running one's); "
                    "an import takes at most {limit:,} (MAX_ACTIONS)"),
])
def test_an_import_past_a_limit_is_a_413_naming_the_limit_and_the_files_value(
        client: TestClient, monkeypatch: pytest.MonkeyPatch, limit: str, words: str) -> None:
    eid, tok = set_out(client)
    battle(client, eid, tok, policy_choices(client, eid, "random"), 0)
    wait_phase(client, eid)
    raw = client.get(f"/api/expeditions/{eid}/export", params={"t": tok}).content
    raw = raw.replace(f'"{eid}"'.encode(), b'"copy"')
    exp = stored(client, eid)
    value = {"MAX_BYTES": len(raw), "MAX_RECORDS": len(exp.history),
             "MAX_ACTIONS": sum(len(r.actions) for r in exp.history)}[limit]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    counts = (hub.expeditions.count(), hub.store.count())
    monkeypatch.setattr(transfer, limit, value - 1)
    r = client.post("/api/expeditions/import", content=raw)
    assert (r.status_code, r.json()["error"]) == (413, words.format(value=value, limit=value - 1))
    assert (hub.expeditions.count(), hub.store.count()) == counts
    monkeypatch.setattr(transfer, limit, value)
    r = client.post("/api/expeditions/import", content=raw)
    assert r.status_code == 201 and r.json()["id"] == "copy"


# ------------------------------------------------------------------ the hub
def test_a_battle_that_ended_while_no_server_saw_it_moves_its_expedition_on_when_loaded(db: str) -> None:
    """The after-battle step runs when a finished battle's game is loaded, and at startup
    (``recover``): here its game is played to its end behind the server's back."""
    with TestClient(create_app(db, bot_delay=0.0)) as client:
        eid, tok = set_out(client)
        ch = policy_choices(client, eid, "human")
        got = battle(client, eid, tok, ch, 0)
        gid, seat = got["game"], token(got["seats"][0]["url"])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.live.pop(gid)  # as an evicted game: the next request loads it again
        other = Store(db)  # another process playing the stored game to its end
        g = other.load(gid).game
        while not g.over:
            seq = g.state.seq
            d = g.decision
            assert d is not None
            a = d.options[-1]
            g.apply(a)
            other.append(gid, seq, 0, "human", list(a), False, g)
        assert look(client, eid)["phase"] == "battle"
        board = client.get(f"/api/games/{gid}", params={"t": "x"})
        assert board.status_code == 403  # the load itself is what counts
        s = wait_phase(client, eid)
        assert s["version"] == 2 and len(s["history"]) == 1 and s["history"][0]["game"] == gid
        assert s["history"][0]["result"] == g.result
        other.engine.dispose()
        # the result is the expedition's now: even an action that revealed nothing stays
        live = hub.live[gid]
        live.last = LastAction(0, "human", False)
        r = client.post(f"/api/games/{gid}/undo", json={"token": seat, "seq": live.game.state.seq})
        assert r.status_code == 409 and "expedition" in r.json()["error"]
        assert hub.store.get(gid).seq == live.game.state.seq and stored(client, eid).phase == "support"


def test_setting_out_is_capped_per_client_per_minute_and_an_import_may_be_as_large_as_a_record(
        tmp_path: Path) -> None:
    limits = Limits(games_per_minute=2, max_body=1024)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'cap.db'}", bot_delay=0.0, limits=limits)) as client:
        eid, tok = set_out(client)
        raw = client.get(f"/api/expeditions/{eid}/export", params={"t": tok}).content
        assert len(raw) > limits.max_body
        r = client.post("/api/expeditions", json={"players": 1, "title": "x" * 1100})
        assert r.status_code == 413
        r = client.post("/api/expeditions/import", content=raw.replace(f'"{eid}"'.encode(), b'"copy"'))
        assert r.status_code == 201 and r.json()["id"] == "copy"
        r = client.post("/api/expeditions", json={"players": 1})
        assert r.status_code == 429 and "expeditions a minute" in r.json()["error"] and r.headers["retry-after"]
        assert client.app.state.hub.expeditions.count() == 2  # type: ignore[attr-defined]
        assert client.post("/api/games", json={"seats": [{"mage": "Brama"}]}).status_code == 201  # its own count


# ------------------------------------------------------------------ giving a battle up
GIVEN_UP = "the group gave the battle up"


def concede(client: TestClient, eid: str, **body: Any) -> Any:
    return client.post(f"/api/expeditions/{eid}/concede", json=body)


def conceded_as_the_steps_give(before: Expedition, ch: Choices, gid: str,
                               actions: list[list[Any]]) -> tuple[Expedition, Game]:
    """The expedition the steps give for a battle given up after ``actions``, here, offline."""
    began, _ = steps.begin(before, ch)
    assert began.current is not None
    began.current.game = gid
    g = Game.from_config(began.current.config)
    for a in actions:
        g.apply(a)
    driver.concede(g)
    return steps.finish(began, g, game_id=gid, actions=actions), g


def test_X_8_a_bot_battle_given_up_is_lost_conceded_its_bots_stop_its_boards_end_and_the_support_follows(
        db: str) -> None:
    with TestClient(create_app(db, bot_delay=0.05)) as client:  # random bots, a move each 50 ms: many seconds
        client.cookies.set("gravehold_browser", BROWSER)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        eid, tok = set_out(client, seed=5, boxes=["AE", "WE", "NA"])  # the boxes it was written with
        before = stored(client, eid)
        ch = policy_choices(client, eid, "random")
        got = battle(client, eid, tok, ch, 0)
        gid = got["game"]
        with client.websocket_connect(f"/ws/{gid}?t={token(got['spectator'])}") as ws:
            assert ws.receive_json()["over"] is False
            end = time.time() + 20
            while hub.store.get(gid).seq < 3 and time.time() < end:
                time.sleep(0.02)
            r = concede(client, eid, token=tok, version=1)
            assert r.status_code == 200, r.text
            last = ws.receive_json()
            for _ in range(500):  # the bots' moves come first, then the end
                if last["over"]:
                    break
                last = ws.receive_json()
        actions = [json.loads(a.action) for a in hub.store.actions(gid)]
        assert len(actions) >= 3
        want, game = conceded_as_the_steps_give(before, ch, gid, actions)
        assert stored(client, eid) == want and want.phase == "support"
        now = r.json()
        assert {**now, "updated": None} == {**look(client, eid, tok), "updated": None}  # the written row's time
        assert now["version"] == 2 and now["phase"] == "support" and now["current"] is None and now["can_choose"]
        assert now["history"] == [{"battle": 1, "attempt": 1, "nemesis": want.nemesis, "mages": [ch.seats[0].mage],
                                   "result": "loss", "reason": "conceded", "reason_text": GIVEN_UP, "score": 0,
                                   "game": gid, "replay": f"/replay/{gid}"}]
        assert now["supports"] == steps.supports(want) == ["gem", "relic", "spell", "mage"]
        # the open board was told: the game is over, lost, and why in words
        assert last["result"] == "loss" and last["reason"] == "conceded" and last["seq"] == game.state.seq
        assert last["summary"]["reason_text"] == GIVEN_UP and last["log"][-1] == f"GAME OVER: defeat, {GIVEN_UP}"
        listed = next(g for g in client.get("/api/games").json()["games"] if g["id"] == gid)
        assert (listed["status"], listed["result"], listed["decisions"]) == ("finished", "loss", game.state.seq)
        assert listed["replay"] == f"/replay/{gid}"
        row = hub.store.get(gid)
        assert (row.status, row.result, row.reason, row.snapshot) == ("finished", "loss", "conceded", game.to_json())
        # the bots stopped: no action is stored after, and no bot task runs
        time.sleep(0.3)
        assert len(hub.store.actions(gid)) == len(actions) and hub.store.get(gid).seq == game.state.seq
        task = hub.live[gid].bot_task
        assert task is None or task.done()
        # the after-battle step is not applied again: by the store, nor when the game is loaded anew
        assert hub.expeditions.finish(eid).row.version == 2
        hub.live.pop(gid)
        again = client.get(f"/api/games/{gid}", params={"t": token(got["spectator"])}).json()
        assert again["over"] and again["summary"] == last["summary"] and again["log"] == last["log"]
        end = time.time() + 5
        while hub.finishing and time.time() < end:
            time.sleep(0.02)
        assert not hub.finishing and stored(client, eid) == want and look(client, eid)["version"] == 2
        # a second concede: there is no battle to give up
        r = concede(client, eid, token=tok, version=2)
        assert r.status_code == 409 and r.json()["error"].startswith("no battle is being fought now")
        assert stored(client, eid) == want


def test_X_8_giving_up_is_refused_without_the_token_at_a_stale_version_or_with_no_battle_and_changes_nothing(
        client: TestClient) -> None:
    eid, tok = set_out(client, seed=7)
    r = concede(client, eid, token=tok, version=0)
    assert r.status_code == 409 and r.json()["error"] == ("no battle is being fought now (the expedition is at "
                                                          "choose); there is nothing to give up")
    before = stored(client, eid)
    ch = policy_choices(client, eid, "human")
    got = battle(client, eid, tok, ch, 0)
    gid, seat = got["game"], token(got["seats"][0]["url"])
    for _ in range(2):  # the person plays a little first
        s = client.get(f"/api/games/{gid}", params={"t": seat}).json()
        r = client.post(f"/api/games/{gid}/actions", json={"token": seat, "seq": s["seq"],
                                                          "action": s["options"][0]["action"]})
        assert r.status_code == 200, r.text
    exp = stored(client, eid)
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"token": "not-the-token", "version": 1}, 403, "token:"), ({"version": 1}, 403, "token:"),
        ({"token": seat, "version": 1}, 403, "token:"),  # a seat's link is not the expedition's
        ({"token": tok, "version": 0}, 409, "version:"), ({"token": tok, "version": 2}, 409, "version:"),
        ({"token": tok, "version": "1"}, 422, "version:"), ({"token": tok}, 422, "version:"),
        ({"token": tok, "version": 1, "choice": None}, 422, "choice:"), ({"token": 3, "version": 1}, 422, "token:"),
    ]
    for body, status, start in cases:
        r = concede(client, eid, **body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["error"].startswith(start), (body, r.json())
    assert stored(client, eid) == exp and client.app.state.hub.store.get(gid).status == "running"  # type: ignore[attr-defined]

    r = concede(client, eid, token=tok, version=1)
    assert r.status_code == 200, r.text
    actions = [json.loads(a.action) for a in client.app.state.hub.store.actions(gid)]  # type: ignore[attr-defined]
    want, game = conceded_as_the_steps_give(before, ch, gid, actions)
    assert len(actions) == 2 and stored(client, eid) == want and r.json()["history"][0]["reason"] == "conceded"
    # the person's board shows the end, and takes no more actions, nor an undo
    s = client.get(f"/api/games/{gid}", params={"t": seat}).json()
    assert s["over"] and s["reason"] == "conceded" and s["options"] == [] and not s["can_undo"]
    assert s["summary"]["reason_text"] == GIVEN_UP and s["seq"] == game.state.seq
    r = client.post(f"/api/games/{gid}/actions", json={"token": seat, "seq": s["seq"], "action": ["end_main"]})
    assert r.status_code == 409 and r.json()["error"] == "the game is over"
    r = client.post(f"/api/games/{gid}/undo", json={"token": seat, "seq": s["seq"]})
    assert r.status_code == 409 and "expedition" in r.json()["error"]
    r = concede(client, eid, token=tok, version=1)
    assert r.status_code == 409 and r.json()["error"].startswith("version:")
    assert stored(client, eid) == want and len(client.app.state.hub.store.actions(gid)) == 2  # type: ignore[attr-defined]
    # its replay ends as the battle did: lost, given up, after its two actions
    index = client.get(f"/api/replays/{gid}").json()
    assert index["steps"] == 2 and index["summary"] == s["summary"]
    last = client.get(f"/api/replays/{gid}/steps/2").json()
    assert last["over"] and last["reason"] == "conceded" and last["log"][-1] == f"GAME OVER: defeat, {GIVEN_UP}"
    watched = client.get(f"/api/games/{gid}", params={"t": token(got["spectator"])}).json()
    assert last["view"] == watched["view"] and last["next"] is None and last["log"] == watched["log"]
    before = client.get(f"/api/replays/{gid}/steps/1").json()
    assert not before["over"] and before["summary"] is None
