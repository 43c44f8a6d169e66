"""Make the README picture of the terminal board: a mid-game board at 80x24.

    .venv/bin/python scripts/terminal_screenshot.py   (needs Debian's chromium)

Seat 1 is played by the heuristic through the board's own code path until a busy main
phase; Textual saves the screen as SVG and Chromium turns it into docs/img/terminal.png.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.terminal.app import GameApp
from gravehold.terminal.session import Session

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "img" / "terminal.png"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


async def board(svg: Path) -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Carapace Queen", market="Deck Destruction", seed=7)
    app = GameApp(Session(g, frozenset({0}), {1: make_agent("heuristic", 71)}), bot_delay=0)
    me = make_agent("heuristic", 70)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(2000):
            await pilot.pause(0.01)
            s = app.session
            if app.thinking or s.human_to_move() is None:
                continue
            d = s.game.decision
            assert d is not None
            if s.game.state.turn >= 12 and d.kind == "main" and s.game.state.players[0].aether >= 3:
                break
            app.take(app.choices.index(me.choose(d, s.view)))
        await pilot.pause(0.2)
        app.save_screenshot(str(svg))


def main() -> None:
    svg = Path(tempfile.mkdtemp()) / "terminal.svg"
    asyncio.run(board(svg))
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=ARGS)
        page = b.new_page(viewport={"width": 1000, "height": 620})
        page.goto(svg.as_uri())
        page.screenshot(path=str(OUT))
        b.close()
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
