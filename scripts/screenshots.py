"""Make the README screenshots: a mid-game board, the end screen and the replay viewer, at
desktop and phone width, and the setup page; and a Legacy campaign's page after its first
battle (``docs/campaign-web.md``).

    .venv/bin/python scripts/screenshots.py            (needs Debian's chromium)
    .venv/bin/python scripts/screenshots.py campaign   (the campaign's page alone)
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from gravehold.agents import make_agent  # noqa: E402
from gravehold.engine.state import Decision  # noqa: E402
from webserver import Server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
IMG = ROOT / "docs" / "img"
SIZES = (("", 1280, 900), ("-phone", 390, 844))


def _tupled(x: Any) -> Any:
    return tuple(_tupled(i) for i in x) if isinstance(x, list) else x


def play_until(c: httpx.Client, gid: str, tok: str, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Play our seat with the heuristic (the bot plays its own) until ``done(state)``."""
    bot = make_agent("heuristic", 5)
    for _ in range(4000):
        s: dict[str, Any] = c.get(f"/api/games/{gid}", params={"t": tok}).json()
        if s["over"] or done(s):
            return s
        if not s["your_turn"]:
            time.sleep(0.05)
            continue
        d = s["view"]["decision"]
        dec = Decision(d["kind"], d["player"], d["source"], d["prompt"],
                       [_tupled(o["action"]) for o in s["options"]], tuple(d.get("resume") or ()), d["seq"])
        a = bot.choose(dec, lambda s=s: s["view"])
        c.post(f"/api/games/{gid}/actions", json={"token": tok, "seq": s["seq"], "action": list(a)})
    raise RuntimeError("the game did not get there")


def campaign_shots(b: Any, srv: Any, c: httpx.Client) -> None:
    """The project's own campaign after its first battle (fought by bots), at spending."""
    made = c.post("/api/campaigns", json={"players": 1, "city": "Azer", "seed": 5}).json()
    cid, tok = made["id"], made["url"].split("t=")[1]
    for _ in range(6):
        s = c.get(f"/api/campaigns/{cid}", params={"t": tok}).json()
        if s["phase"] != "choose":
            break
        seats = [{**x, "player": "heuristic"} for x in s["next"]["default"]["seats"]]
        c.post(f"/api/campaigns/{cid}/battle", json={"token": tok, "version": s["version"], "seats": seats})
        while c.get(f"/api/campaigns/{cid}").json()["phase"] == "battle":
            time.sleep(0.2)
    for suffix, w, h in SIZES:
        page = b.new_page(viewport={"width": w, "height": h})
        page.goto(srv.url + made["url"])
        page.wait_for_selector("#step-body > *")
        page.wait_for_timeout(600)
        page.screenshot(path=str(IMG / f"campaign{suffix}.png"), full_page=suffix == "")
        page.close()


def campaign_only() -> None:
    srv = Server(Path(tempfile.mkdtemp()) / "shots.db", bot_delay=0.0).start()
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            campaign_shots(b, srv, httpx.Client(base_url=srv.url, timeout=30))
            b.close()
    finally:
        srv.stop()


def main() -> None:
    srv = Server(Path(tempfile.mkdtemp()) / "shots.db", bot_delay=0.0).start()
    try:
        c = httpx.Client(base_url=srv.url, timeout=30)
        links = c.post("/api/games", json={"seats": [{"mage": "Brama"}, {"mage": "Kadir", "bot": "heuristic"}],
                                           "nemesis": "Carapace Queen", "market": "Market Setup 2", "seed": 31}).json()
        gid, seat_url = links["id"], links["seats"][0]["url"]
        tok = seat_url.split("t=")[1]
        # a busy mid-game board: minions in play, our main phase
        play_until(c, gid, tok, lambda s: s["view"]["turn"] >= 10 and s["your_turn"]
                   and s["view"]["decision"]["kind"] == "main"
                   and any("life" in m for m in s["view"]["nemesis"]["in_play"]))
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)

            def shoot(url: str, name: str, ready: str, whole: bool = True,
                      setup: Callable[[Any], None] | None = None) -> None:
                """``url`` at each width, once ``ready`` shows; at phone width the ``whole`` page."""
                for suffix, w, h in SIZES:
                    page = b.new_page(viewport={"width": w, "height": h})
                    page.on("pageerror", lambda e: print(f"{name}{suffix}: {e}", file=sys.stderr))
                    page.goto(srv.url + url)
                    page.wait_for_selector(ready)
                    page.wait_for_timeout(800)
                    if setup is not None:
                        setup(page)
                    page.screenshot(path=str(IMG / f"{name}{suffix}.png"), full_page=whole)
                    page.close()

            shoot(seat_url, "board", "#hand")

            def open_rules(page: Any) -> None:
                """The Rules panel at its Unleash section (from the header's menu on a phone)."""
                if page.locator("#menu-btn").is_visible():
                    page.click("#menu-btn")
                page.click("#rules-btn")
                page.locator("#rules-list .topic[data-rule='unleash']").click()
                page.wait_for_timeout(300)

            shoot(seat_url, "rules", "#hand", whole=False, setup=open_rules)
            play_until(c, gid, tok, lambda s: False)  # to the end
            shoot(seat_url, "end", "#end[open]", whole=False)  # a dialog: what the screen shows
            steps = c.get(f"/api/replays/{gid}").json()["steps"]
            shoot(f"/replay/{gid}?step={steps * 2 // 3}", "replay", "#players .panel")
            page = b.new_page(viewport={"width": 1100, "height": 900})
            page.goto(srv.url + "/")
            page.wait_for_timeout(1000)
            page.screenshot(path=str(IMG / "setup.png"))
            campaign_shots(b, srv, c)
            b.close()
    finally:
        srv.stop()


if __name__ == "__main__":
    campaign_only() if sys.argv[1:] == ["campaign"] else main()
