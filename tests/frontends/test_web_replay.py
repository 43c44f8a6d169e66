"""The replay viewer's API: a finished game of the database or an uploaded record, step by
step as a spectator sees it; bad uploads refused naming the field; ``replay --web``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from gravehold.agents import make_agent
from gravehold.cli import app as cli
from gravehold.engine.game import Game
from gravehold.record import make_record, play, setup_config
from gravehold.web.app import create_app
from gravehold.web.limits import Limits
from gravehold.web.summary import end_summary
from webplay import drive, quick_game, token
from webserver import free_port

HTML = {"accept": "text/html"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'replay.db'}", bot_delay=0.0,
                               limits=Limits(max_body=1024, max_record=64 * 1024))) as c:
        yield c


def recorded(seed: int = 7) -> tuple[dict[str, Any], Game]:
    """A record of a two-bot game, as ``gravehold play --record`` writes it, and its end."""
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=seed)
    cfg = setup_config(g)
    steps = play(g, [make_agent("random", seed * 10), make_agent("random", seed * 10 + 1)], record=True)
    return make_record(cfg, steps, g), g


def test_a_finished_game_steps_from_its_first_decision_to_its_end(client: TestClient) -> None:
    links = quick_game(client, (0, 1))
    gid, spec = links["id"], token(links["spectator"])
    toks = {i: token(s["url"]) for i, s in enumerate(links["seats"])}
    drive(client, gid, toks, until=lambda s: s["seq"] == 3)
    r = client.get(f"/api/replays/{gid}")
    assert r.status_code == 409 and r.json() == {"error": "this game is not over yet: a replay opens once it has ended"}
    r = client.get(f"/replay/{gid}", headers=HTML)
    assert r.status_code == 409 and "not over yet" in r.text and r.headers["content-type"].startswith("text/html")
    end = drive(client, gid, toks)
    final = client.get(f"/api/games/{gid}", params={"t": spec}).json()
    index = client.get(f"/api/replays/{gid}").json()
    g = client.app.state.hub.store.rebuild(gid)  # type: ignore[attr-defined]
    assert index == {"id": gid, "title": "Brama + Mist vs Rageborne", "steps": end["seq"], "turns": index["turns"],
                     "seats": [{"kind": "human", "agent": None}] * 2, "summary": end_summary(g), "file": False}
    # every turn that asks a decision, from its first step (a nemesis turn may ask none)
    turns = index["turns"]
    assert turns[0] == {"turn": 1, "step": 0} and turns[-1]["turn"] == g.state.turn
    assert all(a["turn"] < b["turn"] and a["step"] < b["step"] for a, b in zip(turns, turns[1:], strict=False))
    for t in turns[1:4]:
        here = client.get(f"/api/replays/{gid}/steps/{t['step']}").json()
        before = client.get(f"/api/replays/{gid}/steps/{t['step'] - 1}").json()
        assert here["turn"] == here["view"]["turn"] == t["turn"] > before["turn"]
    last = client.get(f"/api/replays/{gid}/steps/{end['seq']}").json()
    for k in ("view", "log", "tier", "over", "result", "reason", "summary", "title", "seq"):
        assert last[k] == final[k], k  # the end is what a spectator saw live
    assert (last["seat"], last["options"], last["your_turn"], last["next"]) == (None, [], False, None)
    first = client.get(f"/api/replays/{gid}/steps/0").json()
    setup = Game.from_config(json.loads(client.app.state.hub.store.get(gid).config))  # type: ignore[attr-defined]
    assert first["view"] == setup.view_for(None) and first["last"] is None and first["fresh"] == 0
    assert first["next"]["seat"] == 0 and first["next"]["label"]
    one = client.get(f"/api/replays/{gid}/steps/1").json()
    assert one["last"] == first["next"] and one["step"] == 1 and one["steps"] == end["seq"]
    assert one["fresh"] == len(one["log"]) - len(first["log"])
    assert one["source"] is not None and "text" in one["source"]


def test_a_seat_replays_its_own_game_with_its_own_hand_shown_and_the_others_hidden(client: TestClient) -> None:
    links = quick_game(client, (0, 1))
    gid, spec = links["id"], token(links["spectator"])
    toks = {i: token(s["url"]) for i, s in enumerate(links["seats"])}
    end = drive(client, gid, toks)
    setup = Game.from_config(json.loads(client.app.state.hub.store.get(gid).config))  # type: ignore[attr-defined]
    for seat, tok in toks.items():
        first = client.get(f"/api/replays/{gid}/steps/0", params={"t": tok}).json()
        assert (first["seat"], first["view"]) == (seat, setup.view_for(seat))
        assert first["view"]["players"][seat]["hand"] == setup.state.players[seat].hand
        assert "hand" not in first["view"]["players"][1 - seat]  # the other seat's stays hidden
        last = client.get(f"/api/replays/{gid}/steps/{end['seq']}", params={"t": tok}).json()
        assert last["view"] == client.get(f"/api/games/{gid}", params={"t": tok}).json()["view"]
    as_spectator = client.get(f"/api/replays/{gid}/steps/0", params={"t": spec}).json()
    assert (as_spectator["seat"], as_spectator["view"]) == (None, setup.view_for(None))
    r = client.get(f"/api/replays/{gid}/steps/0", params={"t": "not-a-seat"})
    assert r.status_code == 403 and r.json()["error"].startswith("t: this link does not belong to this game")


def test_steps_outside_a_replay_and_unknown_replays_are_refused(client: TestClient) -> None:
    links = quick_game(client, (0, 1))
    gid = links["id"]
    end = drive(client, gid, {i: token(s["url"]) for i, s in enumerate(links["seats"])})
    n = end["seq"]
    for step in (str(n + 1), "-1", "x", "1.5"):
        r = client.get(f"/api/replays/{gid}/steps/{step}")
        assert r.status_code == 422 and r.json() == {"error": f"step: must be a whole number from 0 to {n}"}, step
    assert client.get("/api/replays/nosuchgame").json() == {"error": "no game 'nosuchgame'"}
    r = client.get("/replay/nosuchgame", headers=HTML)
    assert r.status_code == 404 and "no game" in r.text
    r = client.get("/api/replays/f-gone")
    assert r.status_code == 404 and r.json()["error"].endswith("upload the record again")
    assert client.get(f"/replay/{gid}", headers=HTML).text.count('data-mode="replay"') == 1


def test_an_uploaded_record_is_replayed_as_recorded(client: TestClient) -> None:
    rec, g = recorded()
    r = client.post("/api/replays", content=json.dumps(rec))
    assert r.status_code == 201, r.text
    up = r.json()
    assert up["url"] == f"/replay/{up['id']}" and up["id"].startswith("f-") and up["steps"] == len(rec["steps"])
    index = client.get(f"/api/replays/{up['id']}").json()
    assert index["summary"] == end_summary(g) and index["file"] is True
    assert index["seats"] == [{"kind": "bot", "agent": "recorded"}] * 2
    last = client.get(f"/api/replays/{up['id']}/steps/{up['steps']}").json()
    assert last["view"] == g.view_for(None) and last["over"] and last["result"] == g.result
    assert client.get(up["url"], headers=HTML).status_code == 200


def _bad(rec: dict[str, Any], **change: Any) -> bytes:
    return json.dumps({**rec, **change}).encode()


def test_a_bad_upload_is_refused_naming_the_field(client: TestClient) -> None:
    rec, _ = recorded()
    steps = rec["steps"]
    illegal = [*steps[:2], {"action": ["gain", "Nothing Such"]}, *steps[3:]]
    forged = [*steps[:5], {**steps[5], "digest": "0" * 16}, *steps[6:]]
    cases = [
        (b"not json", "record: is not valid JSON"),
        (b"\xff\xfe", "record: is not UTF-8 text"),
        (b"[1, 2]", "record: must be an object, got a list"),
        (_bad(rec, format="gravehold-record/0"), "record: format: is not one of the allowed values:"),
        (_bad(rec, steps={}), "record: steps: must be a list, got an object"),
        (_bad(rec, steps=[*steps[:3], "play"]), "record: steps[3]: must be an object, got a string"),
        (_bad(rec, config={**rec["config"], "mages": []}), "record: config.mages: must be a list of at least 1"),
        (_bad(rec, config={k: v for k, v in rec["config"].items() if k != "mages"}),
         "record: config.mages: is missing"),
        (_bad(rec, config={**rec["config"], "nemesis": "Nobody"}), "record: config: unknown nemesis 'Nobody'."),
        (_bad(rec, steps=illegal), "record: steps[2].action: [\"gain\", \"Nothing Such\"] is illegal here: "),
        (_bad(rec, steps=forged), "record: steps[5].digest: the state after this step is not the recorded one"),
        (_bad(rec, steps=[*steps, steps[-1]]),
         f"record: steps[{len(steps)}]: the game is already over here, but the record goes on"),
    ]
    for body, message in cases:
        r = client.post("/api/replays", content=body)
        assert r.status_code == 422 and r.json()["error"].startswith(message), (message, r.text)


def test_uploads_have_their_own_size_limit(client: TestClient) -> None:
    rec, _ = recorded()
    body = json.dumps(rec).encode()
    assert 1024 < len(body) < 64 * 1024  # over the body limit, under the record limit
    assert client.post("/api/replays", content=body).status_code == 201
    assert client.post("/api/games", content=body).status_code == 413  # every other path keeps max_body
    big = json.dumps({**rec, "padding": "x" * 64 * 1024}).encode()
    r = client.post("/api/replays", content=big)
    assert r.status_code == 413 and r.json() == {"error": "the request body is over the limit of 65536 bytes"}


def test_replay_web_serves_the_record_and_opens_the_browser(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    import threading
    import webbrowser

    import uvicorn

    seen: dict[str, Any] = {}
    opened: list[str] = []
    monkeypatch.setattr(uvicorn, "run", lambda asgi, **kw: seen.update(app=asgi, **kw))
    monkeypatch.setattr(webbrowser, "open", opened.append)
    monkeypatch.setattr(threading, "Timer", lambda _t, f, args: type("T", (), {"start": lambda self: f(*args)})())
    rec, g = recorded()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    port = free_port()  # the port is tried before its address is printed
    r = CliRunner().invoke(cli, ["replay", str(path), "--web", "--port", str(port), "--db", db])
    assert r.exit_code == 0, r.output
    (ref,) = seen["app"].state.replays.files
    url = f"http://127.0.0.1:{port}/replay/{ref}"
    assert opened == [url] and url in "".join(r.output.split()) and seen["port"] == port
    assert seen["app"].state.replays.get(ref).steps == len(rec["steps"])
    opened.clear()
    r = CliRunner().invoke(cli, ["replay", str(path), "--web", "--no-open", "--db", db, "--port", str(free_port())])
    assert r.exit_code == 0 and opened == []
    path.write_text(json.dumps({**rec, "steps": [{"action": ["fly"]}]}))
    r = CliRunner().invoke(cli, ["replay", str(path), "--web", "--db", db])
    squeezed = "".join(r.output.split())  # the terminal wraps long paths anywhere
    assert r.exit_code == 2 and f"{path}:steps[0].action:[\"fly\"]isillegalhere" in squeezed, r.output
