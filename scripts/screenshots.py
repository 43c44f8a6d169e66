"""Make the README screenshots: a mid-game board at desktop and phone width.

    .venv/bin/python scripts/screenshots.py   (needs Debian's chromium)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from webserver import Server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def main() -> None:
    srv = Server(Path(tempfile.mkdtemp()) / "shots.db", bot_delay=0.0).start()
    try:
        c = httpx.Client(base_url=srv.url, timeout=30)
        links = c.post("/api/games", json={"seats": [{"mage": "Brama"}, {"mage": "Kadir", "bot": "heuristic"}],
                                           "nemesis": "Carapace Queen", "market": "Market Setup 2", "seed": 31}).json()
        gid, tok = links["id"], links["seats"][0]["url"].split("t=")[1]
        import time

        from gravehold.agents import make_agent
        from gravehold.web.hub import Hub  # noqa: F401  (same code path as the server)

        bot = make_agent("heuristic", 5)
        for _ in range(400):  # play our seat with the heuristic until a busy mid-game board
            s = c.get(f"/api/games/{gid}", params={"t": tok}).json()
            minions = [c for c in s["view"]["nemesis"]["in_play"] if "life" in c]
            if s["over"] or (s["view"]["turn"] >= 10 and minions and s["your_turn"]
                             and s["view"]["decision"]["kind"] == "main"):
                break
            if not s["your_turn"]:
                time.sleep(0.05)
                continue
            from gravehold.engine.state import Decision

            d = s["view"]["decision"]
            dec = Decision(d["kind"], d["player"], d["source"], d["prompt"],
                           [tuple(o["action"]) for o in s["options"]], tuple(d.get("resume") or ()), d["seq"])
            a = bot.choose(dec, lambda s=s: s["view"])
            c.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": s["seq"], "action": list(a)})
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for name, w, h in (("board.png", 1280, 900), ("board-phone.png", 390, 844)):
                page = b.new_page(viewport={"width": w, "height": h})
                page.goto(srv.url + links["seats"][0]["url"])
                page.wait_for_timeout(1500)
                page.screenshot(path=str(ROOT / "docs" / "img" / name), full_page=True)
            page = b.new_page(viewport={"width": 1100, "height": 900})
            page.goto(srv.url + "/")
            page.wait_for_timeout(1000)
            page.screenshot(path=str(ROOT / "docs" / "img" / "setup.png"))
            b.close()
    finally:
        srv.stop()


if __name__ == "__main__":
    main()
