"""A game survives a server restart mid-game and goes on where it was."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from gravehold.storage.saves import Store
from gravehold.web.app import create_app
from gravehold.web.forms import game_form
from gravehold.web.hub import Hub
from webplay import QUICK, quick_decisions
from webserver import Server


def test_game_survives_server_restart(tmp_path: Path) -> None:
    srv = Server(tmp_path / "restart.db").start()
    try:
        c = httpx.Client(base_url=srv.url, timeout=10)
        links = c.post("/api/games", json={"seats": [{"mage": "Brama"}, {"mage": "Mist"}], "nemesis": "Rageborne",
                                           "market": "Deck Destruction", "seed": 4}).json()
        gid = links["id"]
        toks = [u["url"].split("t=")[1] for u in links["seats"]]
        for _ in range(5):  # both seats are human: whoever must decide picks the first option
            for t in toks:
                s = c.get(f"/api/games/{gid}", params={"t": t}).json()
                if s["your_turn"]:
                    r = c.post(f"/api/games/{gid}/actions",
                               json={"token": t, "seq": s["seq"], "action": s["options"][0]["action"]})
                    assert r.status_code == 200, r.text
        before = {t: c.get(f"/api/games/{gid}", params={"t": t}).json() for t in toks}
        assert before[toks[0]]["seq"] >= 5
    finally:
        srv.stop()
    srv2 = Server(tmp_path / "restart.db", port=srv.port).start()
    try:
        c = httpx.Client(base_url=srv2.url, timeout=10)
        for t in toks:
            after = c.get(f"/api/games/{gid}", params={"t": t}).json()
            assert after["seq"] == before[t]["seq"]
            assert after["view"] == before[t]["view"]
            assert after["options"] == before[t]["options"]
        mover = next(t for t in toks if before[t]["your_turn"])
        s = before[mover]
        r = c.post(f"/api/games/{gid}/actions", json={"token": mover, "seq": s["seq"],
                                                     "action": s["options"][0]["action"]})
        assert r.status_code == 200 and r.json()["seq"] == s["seq"] + 1
    finally:
        srv2.stop()


def test_after_a_restart_bot_games_go_on_with_no_browser_open(tmp_path: Path) -> None:
    """A game waiting on a bot when the server stopped goes on by itself once it is back."""
    srv = Server(tmp_path / "bots.db", bot_delay=0.2).start()
    try:
        c = httpx.Client(base_url=srv.url, timeout=10, cookies={"gravehold_browser": "restart-test"})
        r = c.post("/api/games", json={"seats": [{"mage": "Brama", "bot": "random"}, {"mage": "Mist", "bot": "random"}],
                                       **QUICK})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        row = wait_for(c, gid, lambda g: g["decisions"] >= 3)
    finally:
        srv.stop()
    assert row["status"] == "running"
    srv2 = Server(tmp_path / "bots.db", port=srv.port, bot_delay=0.01).start()
    try:
        c = httpx.Client(base_url=srv2.url, timeout=10, cookies={"gravehold_browser": "restart-test"})
        # only the list is read (it loads no game): nobody opens the game, yet it is played out
        before = row["decisions"]
        row = wait_for(c, gid, lambda g: g["status"] == "finished")
        assert row["decisions"] > before and row["result"] in ("win", "loss")
    finally:
        srv2.stop()


def wait_for(c: httpx.Client, gid: str, ok: Callable[[dict[str, Any]], bool], timeout: float = 30) -> dict[str, Any]:
    end = time.time() + timeout
    while time.time() < end:
        row: dict[str, Any] = next(g for g in c.get("/api/games").json()["games"] if g["id"] == gid)
        if ok(row):
            return row
        time.sleep(0.05)
    raise AssertionError(f"game {gid} never got there: {row}")


def test_on_startup_only_games_waiting_on_a_bot_are_woken(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'wake.db'}"
    hub = Hub(Store(db), 0.0)  # games made and never kicked: as a server leaves them when it stops
    bots, _ = hub.create(game_form({"seats": [{"mage": "Brama", "bot": "random"}, {"mage": "Mist", "bot": "random"}],
                                    **QUICK}), "me")
    human, _ = hub.create(game_form({"seats": [{"mage": "Brama"}, {"mage": "Mist", "bot": "random"}], **QUICK}), "me")
    assert bots.game.state.seq == human.game.state.seq == 0
    with TestClient(create_app(db, bot_delay=0.0)) as client:
        app = client.app

        async def resumed() -> list[str]:
            woken: list[str] = await app.state.resumed  # type: ignore[attr-defined]
            return woken

        assert client.portal.call(resumed) == [bots.id]  # type: ignore[union-attr]
        assert human.id not in app.state.hub.live  # type: ignore[attr-defined]
        end = time.time() + 20
        while app.state.hub.store.get(bots.id).status != "finished" and time.time() < end:  # type: ignore[attr-defined]
            time.sleep(0.05)
        assert app.state.hub.store.get(bots.id).seq == quick_decisions()  # type: ignore[attr-defined]
        assert app.state.hub.store.get(human.id).seq == 0  # type: ignore[attr-defined]
