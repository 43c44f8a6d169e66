"""Real-browser tests of the Legacy campaign pages: beginning a campaign from a script file
on the home page, a battle set up with bot seats that the bots finish (the page moves on by
itself), spending experience on a sticker, the story's choice; at desktop and phone width,
with nothing wider than a phone. Playwright drives Debian's Chromium against `gravehold serve`."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from browsers import CSP_WATCH, PHONE
from gravehold.content.text import render_step
from webserver import Server

#: the text the engine renders for a sticker whose rule gives 1 aether at the start of a turn
TURN_AETHER = render_step(("on_turn_start", (("aether", 1),)))

pytestmark = pytest.mark.browser
BOT_DELAY = 0.0  # the bots play both battles' tries at once
TINY = Path(__file__).parent.parent / "fixtures" / "campaigns" / "tiny.toml"
DESKTOP = {"width": 1200, "height": 900}


def page_of(browser: Any, url: str, viewport: dict[str, int]) -> Any:
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(CSP_WATCH)
    page = ctx.new_page()
    page.goto(url)
    return page


def token(url: str) -> str:
    return url.split("t=", 1)[1]


def state(api: httpx.Client, cid: str, tok: str | None = None) -> dict[str, Any]:
    r = api.get(f"/api/campaigns/{cid}", params={"t": tok} if tok else None)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def overflow(page: Any) -> int:
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


def settle(page: Any, api: httpx.Client, cid: str, after: int) -> dict[str, Any]:
    """Wait until the campaign is past step ``after`` and out of any battle (the bots play
    it), and the page shows that step."""
    end = time.time() + 120
    while True:
        s = state(api, cid)
        if s["version"] > after and s["phase"] != "battle":
            break
        assert time.time() < end, f"campaign {cid} stayed at {s['phase']}"
        time.sleep(0.1)
    page.wait_for_function("v => document.body.dataset.version === String(v)", arg=s["version"], timeout=30_000)
    return s


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_campaign_from_a_script_file_a_bot_battle_spending_and_the_choice(
        server: Server, browser: Any, api: httpx.Client, viewport: dict[str, int]) -> None:
    page = page_of(browser, server.url + "/", viewport)
    page.wait_for_selector("#c-script option[value=project]", state="attached")
    assert "The project's own campaign" in page.locator("#c-label").inner_text()
    page.select_option("#c-script", "__file")
    page.set_input_files("#c-file", str(TINY))
    page.wait_for_function("() => document.querySelector('#c-label').textContent.startsWith('Tiny test campaign')")
    assert page.locator("#c-city option").evaluate_all("es => es.map(e => e.value)") == ["Azer", "Gravehold"]
    page.select_option("#c-players", "1")
    page.select_option("#c-city", "Azer")
    page.fill("#c-seed", "5")
    with page.expect_navigation():
        page.click("#c-create")
    assert "/c/" in page.url and "?t=" in page.url
    cid, tok = page.url.split("/c/")[1].split("?")[0], token(page.url)
    page.wait_for_selector("#choose")
    assert page.locator("#script-label").inner_text() == "Tiny test campaign — A fixture of the test suite."
    assert page.locator("#status").inner_text() == "Choose the setup of battle 1"
    assert page.locator("#barracks .mage-card").count() == 2
    assert page.evaluate("() => [...document.querySelectorAll('#choose select, #choose input')]"
                         ".filter(e => !e.labels.length).map(e => e.id)") == []
    assert overflow(page) == 0

    # the bots' choice fills the form; the one seat is a bot's, and the bots fight the battle
    while True:
        page.wait_for_selector("#choose")
        page.click("#fill")
        assert page.locator("#supply-choice .count").all_inner_texts() == ["3 of 3 gems", "2 of 2 relics",
                                                                          "4 of 4 spells"]
        page.select_option("#seat-0-player", "heuristic")
        before = state(api, cid)["version"]
        page.click("#begin")
        s = settle(page, api, cid, before)
        if s["phase"] != "choose":
            break
        assert s["attempt"] == 2  # a lost first try is fought again (tries = 2)
    if s["phase"] == "vestige":
        page.click("#place")
        page.wait_for_selector("#spend")
        s = state(api, cid)
    assert s["phase"] == "spend", s["phase"]
    page.wait_for_selector("#spend")
    assert page.locator("#status").inner_text() == "Spend experience"
    assert page.locator("#map-panel tr[data-battle='1']").count() == 1
    assert "fire token" in page.locator("#map-panel tr[data-battle='1']").inner_text()
    assert page.locator("#history tbody tr").count() == len(s["history"])
    xp = s["experience"]
    assert page.locator("#fact-experience").inner_text() == str(xp)
    assert page.locator("#xp-cards .xp-card").count() == len(s["experience_cards"])
    focus = page.locator("#spend li[data-enhancement=focus]")
    assert TURN_AETHER in focus.inner_text()
    assert overflow(page) == 0

    # buy Steady Focus for Dezmodia: it shows on her mat, and the experience goes down by 2
    page.select_option("#buy-focus-mage", "Dezmodia (LOG)")
    page.click("#spend button[data-buy=focus]")
    page.wait_for_selector("#barracks .mage-card[data-mage='Dezmodia (LOG)'] .sticker[data-ref=focus]")
    page.wait_for_function("x => document.querySelector('#fact-experience').textContent === String(x)", arg=xp - 2)
    assert state(api, cid)["experience"] == xp - 2
    page.click("#done")
    page.wait_for_selector("#choice button[data-option='0']")
    assert page.locator("#status").inner_text() == "The story offers a choice"
    assert page.locator("#choice button").all_inner_texts() == ["Open the sealed pack", "Rest"]
    page.click("#choice button[data-option='0']")
    page.wait_for_function("() => /battle 2/.test(document.querySelector('#status').textContent) || "
                           "document.querySelector('#status').textContent === 'Place a vestige'")
    s = state(api, cid, tok)
    assert s["step"]["id"] == "b2" and s["battle"] == 2 and "more" in s["unlocks"]
    assert page.locator("#read .passage[data-step=c1]").count() == 1
    assert page.locator("#barracks .mage-card[data-mage='Ilya (LOG)']").count() == 1
    assert overflow(page) == 0
    assert page.evaluate("() => window.__refused || []") == []

    # the view link is read-only
    view = page_of(browser, server.url + f"/c/{cid}", viewport)
    view.wait_for_selector("#step-body p.sub")
    assert view.locator("#choose, #spend, #choice").count() == 0
    assert overflow(view) == 0
    view.context.close()
    page.context.close()
