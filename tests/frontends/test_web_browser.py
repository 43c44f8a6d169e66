"""Real-browser tests: Playwright driving a Chromium against `gravehold serve`.

Without a Chromium they skip, saying how to get one (see tests/browsers.py).
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from browsers import CSP_WATCH
from webserver import Server

pytestmark = pytest.mark.browser


def act_on(page: Any, action: list[Any]) -> None:
    page.locator(f"[data-action='{json.dumps(action, separators=(',', ':'))}']").first.click()


def wait_my_decision(page: Any, text: str = "Your decision", timeout: int = 30000) -> None:
    page.wait_for_function(
        "t => document.querySelector('#status').textContent.includes(t) && !document.querySelector('#status')"
        ".textContent.includes('connecting')", arg=text, timeout=timeout)




def refused(page: Any) -> list[str]:
    """What the page's Content-Security-Policy refused since it loaded (see CSP_WATCH)."""
    return list(page.evaluate("() => window.__refused || []"))


def hand(page: Any) -> list[str]:
    return list(page.locator("#hand .card").evaluate_all("es => es.map(e => e.dataset.name)"))


def test_play_a_game_by_clicking_with_a_bot_reload_and_spectate(server: Server, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    ctx.add_init_script(CSP_WATCH)
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".seat-row")
    rows = page.locator(".seat-row")
    rows.nth(0).locator(".mage").select_option("Brama")
    rows.nth(0).locator(".who").select_option("")
    rows.nth(1).locator(".mage").select_option("Adelheim")
    rows.nth(1).locator(".who").select_option("heuristic")
    page.select_option("#nemesis", "Rageborne")
    page.select_option("#market", "Deck Destruction")
    page.fill("#seed", "12")
    page.click("#create")
    page.wait_for_selector(".seat-link")
    seat_url = page.locator(".seat-link").first.get_attribute("href")
    spectator_url = page.locator(".spectator-link").get_attribute("href")
    assert seat_url and spectator_url
    page.goto(server.url + seat_url)
    # a second browser watches the same game live
    watcher = browser.new_context(viewport={"width": 390, "height": 800}).new_page()  # phone width
    watcher.goto(server.url + spectator_url)

    wait_my_decision(page)
    assert page.locator("#status").inner_text().startswith("Your decision: Main phase")
    assert sorted(hand(page)) == ["Buried Light", "Crystal", "Crystal", "Crystal", "Crystal"]
    for k in range(4):  # play the four Crystals
        page.locator("#hand .card[data-name='Crystal']").first.click()
        page.wait_for_function("n => document.querySelectorAll(\"#hand .card[data-name='Crystal']\").length === n",
                               arg=3 - k)
    assert "aether 4" in page.locator("#player-0").inner_text()
    act_on(page, ["focus", 1])  # focus breach II for 2
    page.wait_for_function("() => document.querySelector('#breach-0-1').textContent.includes('focused')")
    page.locator("#hand .card[data-name='Buried Light']").click()  # pick the spell...
    page.locator("#breach-0-0").click()  # ...and prep it to breach I
    page.wait_for_function("() => document.querySelector('#breach-0-0').textContent.includes('Buried Light')")
    page.locator("#supply .card[data-name=\"Mage's Totem\"]").click()  # buy a card
    # with no aether and no card left, ending the main phase is the only option: the turn still
    # waits for us (and the purchase, which revealed nothing, may be undone) until we end it; then
    # the played Crystals and the new card go to the discard and five cards are drawn
    wait_my_decision(page, "nothing else to do")
    assert page.locator("#endbtn").is_visible() and page.locator("#undo").is_visible()
    page.locator("#endbtn").click()
    page.wait_for_function("() => document.querySelector('#player-0 details').textContent.includes(\"Mage's Totem\")")
    watcher.wait_for_function("() => document.querySelector('#breach-0-0').textContent.includes('Buried Light')")
    # the bot's turn plays out on our screen; decisions it puts to us open as dialogs listing the
    # legal options; then our casting phase offers the prepped spell
    page.wait_for_function("() => document.querySelector('#log').textContent.includes('player 2 (Adelheim)')",
                           timeout=30000)
    for _ in range(20):
        wait_my_decision(page)
        if "Casting phase" in page.locator("#status").inner_text():
            break
        dialog = page.locator("#dlg[open] #dlg-opts button")
        assert dialog.count() >= 1, page.locator("#status").inner_text()
        seq = page.evaluate("() => S.seq")
        dialog.first.click()
        page.wait_for_function("n => S.seq > n", arg=seq)
    assert "Casting phase" in page.locator("#status").inner_text()
    act_on(page, ["cast", 0, 0])
    page.wait_for_function("() => !document.querySelector('#breach-0-0').textContent.includes('Buried Light')")
    assert re.search(r"P1 casts Buried Light", page.locator("#log").inner_text())
    # reload: the same state comes back from the server
    before = (page.locator("#player-0").inner_text(), page.locator("#nemesis").inner_text())
    page.reload()
    wait_my_decision(page)
    assert (page.locator("#player-0").inner_text(), page.locator("#nemesis").inner_text()) == before
    watcher.wait_for_function("() => document.querySelector('#log').textContent.includes('P1 casts Buried Light')")
    assert watcher.locator("#hand").count() == 0  # a spectator sees no hand
    assert "fury" in page.locator("#mat-rules").text_content()  # the nemesis mat's rules, rendered
    # the pages work under the CSP (no inline script or style): nothing was refused
    assert page.locator("#mat-rules .pre").evaluate("e => getComputedStyle(e).whiteSpace") == "pre-line"
    assert page.locator("#nemesis .bar > div").first.evaluate("e => e.style.width").endswith("%")
    assert not refused(page), refused(page)
    page.goto(server.url + "/")
    page.select_option("#market", "__pick")
    assert page.locator("#pick label").first.evaluate("e => getComputedStyle(e).display") == "inline"
    assert not refused(page), refused(page)
    ctx.close()


def test_second_seat_sees_moves_live_and_a_wrong_link_cannot_act(server: Server, browser: Any) -> None:
    c = httpx.Client(base_url=server.url, timeout=10)
    links = c.post("/api/games", json={"seats": [{"mage": "Xaxos"}, {"mage": "Adelheim"}],
                                       "nemesis": "Rageborne", "market": "Reuse Spells!", "seed": 8}).json()
    gid = links["id"]
    pages = []
    for s in links["seats"]:
        pages.append(browser.new_context().new_page())
        pages[-1].goto(server.url + s["url"])
    for p in pages:
        p.wait_for_function("() => !document.querySelector('#status').textContent.includes('connecting')")
    mover = next(i for i, p in enumerate(pages) if "Your decision" in p.locator("#status").inner_text())
    other = pages[1 - mover]
    pages[mover].locator("#hand .card[data-name='Crystal']").first.click()
    other.wait_for_function(f"() => document.querySelector('#player-{mover}').textContent.includes('aether 1')")
    assert "Crystal" in other.locator(f"#player-{mover}").inner_text()
    # a made-up link is refused by the board and by the API, and changes nothing
    bad = browser.new_context().new_page()
    bad.goto(server.url + f"/g/{gid}?t=not-a-seat")
    bad.wait_for_function("() => document.querySelector('#status').textContent.includes('does not belong')")
    seq = c.get(f"/api/games/{gid}", params={"t": links["seats"][mover]["url"].split("t=")[1]}).json()["seq"]
    r = c.post(f"/api/games/{gid}/actions", json={"token": "not-a-seat", "seq": seq, "action": ["end_main"]})
    assert r.status_code == 403
    assert c.get(f"/api/games/{gid}", params={"t": links["seats"][mover]["url"].split("t=")[1]}).json()["seq"] == seq
