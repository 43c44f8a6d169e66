"""A game survives a server restart mid-game and goes on where it was."""

from __future__ import annotations

from pathlib import Path

import httpx

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
