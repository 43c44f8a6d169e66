"""A real server killed in the middle of an after-battle step, and one stopped while a
person's battle runs: what was committed stays, what was not leaves no trace, and the
step is applied exactly once when the server is back; on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import httpx
import msgspec
import pytest

from databases import BACKENDS, database_url
from gravehold.campaigns.expedition import policy, steps
from gravehold.campaigns.expedition.store import ExpeditionStore
from gravehold.campaigns.store import STEP_DELAY
from gravehold.storage.saves import Store
from webplay import drive
from webserver import free_port

#: what the after-battle step prints before it waits (``ExpeditionStore.finish``)
WAITING = "after-battle step"


class Serving:
    """``gravehold serve`` on ``db`` (any URL) as a process of its own, its stdout kept in a
    file so a test can wait for a line the server printed."""

    def __init__(self, db: str, env: dict[str, str] | None = None, port: int | None = None) -> None:
        self.db, self.port = db, port or free_port()
        self.env = {k: v for k, v in os.environ.items() if k != STEP_DELAY} | (env or {})
        self.out: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gravehold.cli", "serve", "--port", str(self.port), "--db", db,
             "--bot-delay", "0"], stdout=self.out, stderr=subprocess.STDOUT, env=self.env)
        end = time.time() + 30
        while time.time() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.printed()}")
            try:
                urllib.request.urlopen(self.url + "/api/content", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def printed(self) -> str:
        self.out.seek(0)
        return self.out.read().decode(errors="replace")

    def wait_for(self, text: str, timeout: float = 30) -> None:
        end = time.time() + timeout
        while time.time() < end:
            if text in self.printed():
                return
            time.sleep(0.05)
        raise AssertionError(f"the server never printed {text!r}: {self.printed()}")

    def kill(self) -> None:
        """``kill -9``: nothing of the server's own shutdown runs."""
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.out.close()


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    gen = database_url(request.param, tmp_path)
    yield next(gen)
    next(gen, None)


def begin_bot_battle(c: httpx.Client, seed: int) -> tuple[str, str, str]:
    """A one-player expedition whose first battle the random bot plays: (id, token, game)."""
    r = c.post("/api/expeditions", json={"players": 1, "seed": seed})
    assert r.status_code == 201, r.text
    eid, tok = r.json()["id"], r.json()["url"].split("t=")[1]
    s = c.get(f"/api/expeditions/{eid}").json()
    supply = policy.supply_for([p["name"] for p in s["barracks"]["supply"]])
    r = c.post(f"/api/expeditions/{eid}/battle", json={
        "token": tok, "version": s["version"], "supply": supply,
        "seats": [{"mage": s["barracks"]["mages"][0]["name"], "player": "random"}]})
    assert r.status_code == 201, r.text
    return eid, tok, r.json()["game"]


def test_X_15_a_server_killed_in_the_after_battle_step_applies_it_exactly_once_when_back(db: str) -> None:
    srv = Serving(db, env={STEP_DELAY: "30"})
    try:
        c = httpx.Client(base_url=srv.url, timeout=10)
        eid, _, gid = begin_bot_battle(c, seed=3)
        srv.wait_for(WAITING)  # the step is written, not committed: the server dies here
        srv.kill()
    finally:
        srv.stop()
    store = Store(db)
    expeditions = ExpeditionStore(store)
    before = expeditions.get(eid)
    # nothing of the step stayed: the expedition still waits for its battle, at the step begin left it
    assert before.row.version == 1 and before.exp.phase == "battle" and before.exp.history == []
    assert [(b.battle, b.attempt, b.game_id, b.result) for b in expeditions.battles(eid)] == [(1, 1, gid, None)]
    game = store.load(gid)
    assert game.game.over and game.row.status == "finished"  # the battle's last action had committed
    actions = [json.loads(a.action) for a in store.actions(gid)]
    want = steps.finish(before.exp, game.game, game_id=gid, actions=actions)

    back = Serving(db, port=srv.port)  # no delay: its startup applies the step
    try:
        c = httpx.Client(base_url=back.url, timeout=10)
        s = c.get(f"/api/expeditions/{eid}").json()
        assert s["version"] == 2 and s["phase"] == want.phase == "support"
        assert [h["game"] for h in s["history"]] == [gid] and s["history"][0]["result"] == game.game.result
        board = c.get(f"/api/games/{gid}", params={"t": game.row.spectator}).json()
        assert board["over"] and board["seq"] == len(actions) and board["expedition"] == {"id": eid,
                                                                                           "url": f"/x/{eid}"}
    finally:
        back.stop()
    after = expeditions.get(eid)
    assert after.row.version == 2 and after.exp == want and len(after.exp.history) == 1
    assert steps.barracks_counter(after.exp) == steps.barracks_from_events(after.exp)
    assert steps.census(after.exp) == steps.census(before.exp)
    assert [(b.battle, b.attempt, b.game_id, b.result) for b in expeditions.battles(eid)] == [
        (1, 1, gid, game.game.result)]
    # the game is intact: its actions rebuild the very snapshot stored
    assert store.rebuild(gid).to_json() == store.get(gid).snapshot
    assert [a.seq for a in store.actions(gid)] == list(range(len(actions)))
    assert msgspec.to_builtins(after.exp.history[0].actions) == actions
    store.engine.dispose()


def test_an_expedition_whose_persons_battle_runs_survives_a_restart_and_the_battle_goes_on(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    srv = Serving(db)
    try:
        c = httpx.Client(base_url=srv.url, timeout=10)
        r = c.post("/api/expeditions", json={"players": 1, "seed": 5})
        eid, tok = r.json()["id"], r.json()["url"].split("t=")[1]
        s = c.get(f"/api/expeditions/{eid}").json()
        supply = policy.supply_for([p["name"] for p in s["barracks"]["supply"]])
        got = c.post(f"/api/expeditions/{eid}/battle", json={
            "token": tok, "version": 0, "supply": supply, "seats": [{"mage": s["barracks"]["mages"][0]["name"]}]})
        assert got.status_code == 201, got.text
        gid, seat = got.json()["game"], got.json()["seats"][0]["url"].split("t=")[1]
        mid = drive(c, gid, {0: seat}, until=lambda st: st["seq"] >= 6)
        before = c.get(f"/api/expeditions/{eid}", params={"t": tok}).json()
    finally:
        srv.stop()
    back = Serving(db, port=srv.port)
    try:
        c = httpx.Client(base_url=back.url, timeout=10)
        again = c.get(f"/api/expeditions/{eid}", params={"t": tok}).json()
        assert again == before and again["phase"] == "battle" and again["current"]["game"] == gid
        assert again["current"]["seats"][0]["url"] == f"/g/{gid}?t={seat}"
        now = c.get(f"/api/games/{gid}", params={"t": seat}).json()
        assert (now["seq"], now["view"], now["options"]) == (mid["seq"], mid["view"], mid["options"])
        end = drive(c, gid, {0: seat})  # the battle goes on to its end, then the expedition moves on
        deadline = time.time() + 20
        while (s := c.get(f"/api/expeditions/{eid}").json())["phase"] == "battle" and time.time() < deadline:
            time.sleep(0.05)
        assert s["version"] == 2 and [h["game"] for h in s["history"]] == [gid]
        assert s["history"][0]["result"] == end["result"] and s["current"] is None
    finally:
        back.stop()
