"""Real-browser test of the seeded challenge page: the set's setups and the bots' results,
a name and a setup's play button opening the game's board, the game played to its end, and
the person's result shown on the page beside the bots'; at desktop and phone width, with
nothing wider than a phone and no refusal of the page's security policy. Playwright drives
Debian's Chromium against `gravehold serve`."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from browsers import CSP_WATCH, PHONE
from gravehold.challenge import bots, setup_of
from webplay import drive, token
from webserver import Server

pytestmark = pytest.mark.browser
BOT_DELAY = 0.0
DESKTOP = {"width": 1200, "height": 900}
CID = "seed-3"


def overflow(page: Any) -> int:
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


@pytest.mark.parametrize(("viewport", "number", "give_up"), [(DESKTOP, 2, False), (PHONE, 5, True)],
                         ids=["desktop-played", "phone-given-up"])
def test_a_setup_played_from_the_challenge_page_shows_its_result_beside_the_bots(
        server: Server, browser: Any, api: httpx.Client, viewport: dict[str, int], number: int,
        give_up: bool) -> None:
    """Played to its end (the seats answered through the API as the server's random bot
    would), or given up from the challenge page (its resume link and give-up button)."""
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(CSP_WATCH)
    page = ctx.new_page()
    page.goto(server.url + "/")
    with page.expect_navigation():
        page.click("#challenge-link")  # the home page's link: this week's set
    assert page.url == server.url + "/challenge"
    page.wait_for_selector("body[data-loaded='1']")
    page.goto(server.url + f"/challenge/{CID}")
    page.wait_for_selector("body[data-loaded='1']")
    assert page.locator("#challenge-id").inner_text() == CID
    assert page.locator("#setups .setup-card").count() == 5
    setup = setup_of(CID, number)
    card = page.locator(f"#setup-{number}").inner_text()
    assert f"{number}. {setup.nemesis_name} vs {' + '.join(setup.mage_names)}" in card
    assert f"seed {setup.seed}" in card and ", ".join(setup.supply) in card
    for b in bots():
        assert page.locator(f"#bot-{b}-{number}").inner_text() != "—"  # the bots' result is there
    assert page.locator(f"#people-{number}").inner_text() == "—"
    assert overflow(page) == 0

    page.click(f"#play-{number}")  # no name yet: the page asks for one and starts nothing
    assert page.locator("#error").inner_text() == "Give your name first (1 to 40 characters)."
    page.fill("#name", "  Ann ")
    with page.expect_navigation():
        page.click(f"#play-{number}")
    assert "/g/" in page.url and "?t=" in page.url
    gid = page.url.split("/g/")[1].split("?")[0]
    page.wait_for_selector("#players")
    cookie = {c["name"]: c["value"] for c in ctx.cookies()}["gravehold_browser"]
    with httpx.Client(base_url=server.url, cookies={"gravehold_browser": cookie}, timeout=15) as own:
        mine = own.get("/api/games").json()["games"]
    links = next(g["links"] for g in mine if g["id"] == gid)
    assert token(links[0]) == token(page.url) and len(links) == 2  # every seat this browser's
    if give_up:
        page.goto(server.url + f"/challenge/{CID}")
        page.wait_for_selector("body[data-loaded='1']")
        assert page.locator(f"#people-{number}").inner_text().startswith("Ann: still being played")
        assert page.locator(f"#resume-{gid}").get_attribute("href") == links[0]
        page.click(f"#give-up-{gid}")
        assert page.locator(f"#give-up-{gid}").inner_text() == "give up: sure? (counts as lost)"
        page.click(f"#give-up-{gid}")
        page.wait_for_function(f"() => document.querySelector('#people-{number}').textContent.startsWith('Ann: lost')")
        want = ("loss", "conceded")
    else:
        end = drive(api, gid, {k: token(u) for k, u in enumerate(links)}, seed=3)
        page.wait_for_selector("#end[open]", timeout=60000)  # the board shows the end
        want = (end["view"]["result"], end["view"]["reason"])
        page.goto(server.url + f"/challenge/{CID}")
        page.wait_for_selector("body[data-loaded='1']")
        page.wait_for_function(f"() => !document.querySelector('#people-{number}').textContent.includes('still')")
    got = api.get(f"/api/challenge/{CID}").json()
    ann = [r for r in got["setups"][number - 1]["results"] if r["kind"] == "human"][-1]
    assert (ann["who"], ann["game"], ann["result"], ann["reason"]) == ("Ann", gid, *want)
    shown = page.locator(f"#people-{number}").inner_text()
    assert shown.startswith(f"Ann: {'won' if ann['result'] == 'win' else 'lost'}") and f"{ann['turns']} turn" in shown
    assert page.locator(f"#row-{number} td").count() == 2 + len(bots())  # the setup, each bot, people
    assert page.locator("#rate-people").inner_text().startswith("people: ")
    assert page.locator("#name").input_value() == "Ann"  # remembered for the next setup
    assert overflow(page) == 0
    assert page.evaluate("() => window.__refused || []") == []
    ctx.close()
