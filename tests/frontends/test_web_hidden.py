"""What the server shows may not deal a game again: no seat, spectator, socket frame or
watcher of an expedition gets a seed, a generator state or a stand-in for one.

Each check makes the rebuild attack (``gravehold.testing.rebuild``) from what a client was
sent, not only a search for masked fields: an earlier version's views carried the seed,
and a spectator that dealt the game again from its own view knew every hidden card.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient

from gravehold.campaigns.expedition import policy
from gravehold.engine import rng
from gravehold.engine.game import Game
from gravehold.testing.rebuild import rebuilds
from gravehold.web.app import create_app

SEED = 7_123_456_789  # large, so a leak of it is a value the attack tries


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hidden.db'}", bot_delay=0.0)) as c:
        c.cookies.set("gravehold_browser", "hidden-tests")
        yield c


def token(url: str) -> str:
    return url.split("t=", 1)[1]


def keys(x: Any) -> set[str]:
    if isinstance(x, dict):
        return set(x).union(*(keys(v) for v in x.values()))
    if isinstance(x, list):
        return set().union(*(keys(v) for v in x))
    return set()


def attack(sent: dict[str, Any], game: Game) -> str | None:
    """The rebuild attack on everything one client was sent (the whole payload, with the
    view's setup as the setup to deal again)."""
    dealt = Game.from_config(game.state.config, events=False).to_dict()
    return rebuilds({**sent, "config": sent["view"]["config"]}, dealt, game.state.rng)


def new_game(client: TestClient, seed: int | None = SEED) -> dict[str, Any]:
    seats = [{"mage": "Brama"}, {"mage": "Mist"}, {"mage": "Xaxos", "bot": "heuristic"}]
    body: dict[str, Any] = {"seats": seats, "nemesis": "Rageborne", "market": "Deck Destruction"}
    if seed is not None:
        body["seed"] = seed
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    got: dict[str, Any] = r.json()
    return got


def test_no_seat_spectator_or_socket_frame_carries_what_deals_the_game_again(client: TestClient) -> None:
    links = new_game(client)
    gid = links["id"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    tokens = [token(s["url"]) for s in links["seats"] if s["url"]] + [token(links["spectator"])]
    game = hub.live[gid].game
    assert game.state.config["seed"] == SEED  # the server keeps it: saves and rematches need it
    for moves in range(3):
        for t in tokens:
            sent = client.get(f"/api/games/{gid}", params={"t": t}).json()
            assert "seed" not in keys(sent) and "rng" not in keys(sent), (moves, t)
            assert attack(sent, game) is None, (moves, t)
            with client.websocket_connect(f"/ws/{gid}?t={t}") as ws:
                frame = ws.receive_json()
            assert "seed" not in keys(frame) and attack(frame, game) is None, (moves, t)
        me = next(t for t in tokens[:2] if client.get(f"/api/games/{gid}", params={"t": t}).json()["your_turn"])
        s = client.get(f"/api/games/{gid}", params={"t": me}).json()
        r = client.post(f"/api/games/{gid}/actions", json={"token": me, "seq": s["seq"],
                                                          "action": s["options"][0]["action"]})
        assert r.status_code == 200, r.text
        game = hub.live[gid].game


def test_the_attack_deals_the_game_again_from_a_view_that_carries_the_seed(client: TestClient) -> None:
    """The attack is real: the spectators' payload with the seed put back (as it once was)
    deals the very game."""
    links = new_game(client)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    game = hub.live[links["id"]].game
    sent = client.get(f"/api/games/{links['id']}", params={"t": token(links["spectator"])}).json()
    sent["view"]["config"]["seed"] = SEED
    assert attack(sent, game) == f"the view's setup with {SEED} as its seed deals the game's hidden cards again"


def test_a_game_nobody_seeded_gets_a_seed_from_the_whole_range(client: TestClient,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat could otherwise try every seed of a small range until one deals what it sees."""
    asked: list[int] = []

    def randbelow(n: int) -> int:
        asked.append(n)
        return n - 12345

    monkeypatch.setattr(rng.secrets, "randbelow", randbelow)
    links = new_game(client, seed=None)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert asked == [2**63] and hub.live[links["id"]].game.state.config["seed"] == 2**63 - 12345
    r = client.post("/api/expeditions", json={"players": 1})
    assert r.status_code == 201 and asked == [2**63, 2**63]
    assert hub.expeditions.get(r.json()["id"]).exp.seed == 2**63 - 12345


def test_only_the_expeditions_own_token_downloads_its_file(client: TestClient) -> None:
    """The export holds the expedition's seed and the running battle's: a watcher (the view
    link, a seat's link, no link) gets a 403 naming the token, and no download link."""
    r = client.post("/api/expeditions", json={"players": 1, "seed": 4})
    assert r.status_code == 201, r.text
    eid, tok = r.json()["id"], token(r.json()["url"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    ch = policy.choose(hub.expeditions.get(eid).exp)
    body = {"token": tok, "version": 0, **msgspec.to_builtins(ch)}
    body["seats"][0]["player"] = "human"
    got = client.post(f"/api/expeditions/{eid}/battle", json=body)
    assert got.status_code == 201, got.text
    seat = token(got.json()["seats"][0]["url"])
    for t in (None, "", seat, token(got.json()["spectator"]), tok[:-1] + "x"):
        r = client.get(f"/api/expeditions/{eid}/export", params={} if t is None else {"t": t})
        assert r.status_code == 403, (t, r.text)
        assert r.json()["error"].startswith("t: only the expedition's own link may download its file")
    watcher = client.get(f"/api/expeditions/{eid}").json()
    assert watcher["export"] is None and "seed" not in keys(watcher)
    mine = client.get(f"/api/expeditions/{eid}", params={"t": tok}).json()
    assert mine["export"] == f"/api/expeditions/{eid}/export" and "seed" not in keys(mine)
    r = client.get(f"/api/expeditions/{eid}/export", params={"t": tok})
    assert r.status_code == 200 and r.json()["expedition"]["seed"] == 4
