"""Load check for `gravehold serve` (a measurement, not a test).

Starts the server on loopback with a fresh SQLite file, creates GAMES two-seat games
(both seats human, so the clients make every decision), and lets CLIENTS concurrent
clients play them for at most SECONDS. Every action is sent with its decision number;
one action in twenty is sent a second time on purpose and must be refused (409).
At the end the database is compared with what the clients were told: every
acknowledged action is stored exactly once, and nothing else is.

    python benchmarks/web_load.py --games 200 --clients 50 --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from webserver import Server  # noqa: E402


async def play(client: httpx.AsyncClient, games: list[dict], deadline: float, lat: list[float],
               acked: dict[str, int], dup: dict[str, int], rng: random.Random) -> None:
    while time.monotonic() < deadline:
        progressed = False
        for g in games:
            if time.monotonic() >= deadline:
                return
            for tok in g["tokens"]:
                r = await client.get(f"/api/games/{g['id']}", params={"t": tok})
                s = r.json()
                if s["over"] or not s["your_turn"]:
                    continue
                action = rng.choice(s["options"])["action"]
                body = {"token": tok, "seq": s["seq"], "action": action}
                t0 = time.perf_counter()
                r = await client.post(f"/api/games/{g['id']}/actions", json=body)
                lat.append(time.perf_counter() - t0)
                if r.status_code == 200:
                    acked[g["id"]] += 1
                    progressed = True
                    if rng.random() < 0.05:  # a repeated click: must be refused, never applied twice
                        again = await client.post(f"/api/games/{g['id']}/actions", json=body)
                        if again.status_code == 409:
                            dup[g["id"]] += 1
                        else:
                            raise AssertionError(f"repeated action was not refused: {again.status_code}")
                elif r.status_code != 409:
                    raise AssertionError(f"unexpected {r.status_code}: {r.text}")
                break
        if not progressed:
            await asyncio.sleep(0.01)


async def main(n_games: int, n_clients: int, seconds: float) -> int:
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "load.db"
    srv = Server(db, bot_delay=0.0).start()
    try:
        async with httpx.AsyncClient(base_url=srv.url, timeout=60,
                                     limits=httpx.Limits(max_connections=n_clients + 10)) as c:
            games = []
            for k in range(n_games):
                r = await c.post("/api/games", json={"seats": [{"mage": "random"}, {"mage": "random"}],
                                                     "nemesis": "random", "market": "official", "seed": k})
                d = r.json()
                games.append({"id": d["id"], "tokens": [s["url"].split("t=")[1] for s in d["seats"]]})
            acked = {g["id"]: 0 for g in games}
            dup = {g["id"]: 0 for g in games}
            lat: list[float] = []
            deadline = time.monotonic() + seconds
            shares = [games[i::n_clients] for i in range(n_clients)]
            t0 = time.monotonic()
            await asyncio.gather(*(play(c, share, deadline, lat, acked, dup, random.Random(i))
                                   for i, share in enumerate(shares)))
            elapsed = time.monotonic() - t0
    finally:
        srv.stop()
    con = sqlite3.connect(db)
    stored = dict(con.execute("SELECT game_id, COUNT(*) FROM actions GROUP BY game_id").fetchall())
    seqs_ok = all(n == m for n, m in con.execute(
        "SELECT COUNT(DISTINCT seq), COUNT(*) FROM actions GROUP BY game_id").fetchall())
    lost = sum(max(0, acked[g] - stored.get(g, 0)) for g in acked)
    extra = sum(max(0, stored.get(g, 0) - acked[g]) for g in acked)
    lat.sort()
    p50 = statistics.median(lat) * 1000
    p99 = lat[int(0.99 * (len(lat) - 1))] * 1000
    print(f"games {n_games}, clients {n_clients}, {elapsed:.1f} s: {len(lat)} actions "
          f"({len(lat) / elapsed:.0f}/s); latency p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(f"acknowledged {sum(acked.values())}, stored {sum(stored.values())}, lost {lost}, "
          f"applied twice {extra}, repeated clicks refused {sum(dup.values())}, unique seqs {seqs_ok}")
    return 0 if lost == 0 and extra == 0 and seqs_ok else 1


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60)
    a = ap.parse_args()
    sys.exit(asyncio.run(main(a.games, a.clients, a.seconds)))
