"""The browser's Rules panel and keyword links, and the home page's tutorial mode, in a
real Chromium (they skip without one: see tests/browsers.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from browsers import CSP_WATCH, PHONE
from gravehold import guide
from webserver import Server

pytestmark = pytest.mark.browser
SEATS = [{"mage": "Brama", "bot": None}, {"mage": "Mist", "bot": "random"}]
GAME = {"seats": SEATS, "nemesis": "Rageborne", "market": "Deck Destruction", "seed": 4}


def seat_page(server: Server, browser: Any, viewport: dict[str, int]) -> Any:
    """Seat 1's board of a new game, once it is that seat's main phase."""
    import httpx

    r = httpx.post(server.url + "/api/games", json=GAME)
    assert r.status_code == 201, r.text
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(CSP_WATCH)
    page = ctx.new_page()
    page.goto(server.url + r.json()["seats"][0]["url"])
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your decision: Main')")
    return page


@pytest.mark.parametrize("viewport", [{"width": 1200, "height": 900}, PHONE], ids=["desktop", "phone"])
def test_the_rules_button_opens_the_guide_and_a_keyword_on_a_card_opens_its_section(
        server: Server, browser: Any, viewport: dict[str, int]) -> None:
    page = seat_page(server, browser, viewport)
    if viewport == PHONE:  # the phone's one-line header keeps Rules in its menu
        assert page.locator("#rules-btn").is_hidden()
        page.click("#menu-btn")
    page.click("#rules-btn")
    panel = page.locator("dialog#rules")
    panel.wait_for(state="visible")
    topics = page.locator("#rules-list .topic").all_inner_texts()
    assert topics == [s.title for s in guide.sections()]
    first = guide.sections()[0]
    assert page.locator("#rules-text").inner_text() == f"{first.title}\n\n{first.body}"
    page.locator("#rules-list .topic[data-rule='breaches']").click()
    assert page.locator("#rules-text h4").inner_text() == "Breaches"
    box = panel.bounding_box()
    assert box is not None
    if viewport is PHONE:  # the whole screen, and closable
        assert box["width"] == PHONE["width"] and box["height"] == PHONE["height"]
    page.click("#rules-close")
    panel.wait_for(state="hidden")

    # a spell of the supply says "Cast:": the mark opens its rule and gains nothing
    seq = page.evaluate("() => S.seq")
    mark = page.locator("#supply .card .kw[data-rule='cast']").first
    mark.scroll_into_view_if_needed()
    mark.click()
    panel.wait_for(state="visible")
    cast = guide.BY_ID["cast"]
    assert page.locator("#rules-text").inner_text() == f"{cast.title}\n\n{cast.body}"
    assert page.locator("#rules-list .topic.current").inner_text() == cast.title
    page.keyboard.press("Escape")
    panel.wait_for(state="hidden")
    page.wait_for_timeout(300)
    assert page.evaluate("() => S.seq") == seq and page.locator("#detail:not([hidden])").count() == 0
    assert page.evaluate("() => window.__refused || []") == []


def test_the_rules_panel_and_the_marks_follow_the_new_age_words(server: Server, browser: Any) -> None:
    page = seat_page(server, browser, {"width": 1200, "height": 900})
    page.click("#words-toggle")  # auto -> classic
    page.click("#words-toggle")  # classic -> New Age
    page.wait_for_function("() => S && S.words === 'new_age'")
    page.wait_for_function("() => document.querySelector('#supply .card .kw')")
    page.click("#rules-btn")
    page.locator("#rules-list .topic[data-rule='tiers']").click()
    tiers = guide.find("tiers", "new_age")
    assert page.locator("#rules-text").inner_text() == f"Levels\n\n{tiers.body}"


def test_the_home_pages_tutorial_box_creates_a_game_in_tutorial_mode(server: Server, browser: Any) -> None:
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(server.url + "/")
    page.wait_for_selector(".seat-row")
    rows = page.locator(".seat-row")
    rows.nth(0).locator(".mage").select_option("Brama")
    rows.nth(0).locator(".who").select_option("")
    rows.nth(1).locator(".mage").select_option("Mist")
    rows.nth(1).locator(".who").select_option("random")
    page.select_option("#nemesis", "Rageborne")
    page.select_option("#market", "Deck Destruction")
    page.fill("#seed", "4")
    page.check("#tutorial")
    with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") as sent:
        page.click("#create")
    assert json.loads(sent.value.post_data or "{}")["ruleset"] == {"preset": "we", "tutorial_discard": True}
    page.wait_for_selector(".seat-link")
    page.goto(server.url + (page.locator(".seat-link").first.get_attribute("href") or ""))
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your decision: Main')")
    page.click("#endbtn")  # keep the hand: the draw phase then offers to discard its gems
    page.wait_for_function("() => document.querySelector('#dlg').open")
    assert page.locator("#dlg-title").inner_text() == "Draw phase: discard an unplayed gem or relic?"
    assert page.locator("#dlg-opts button").all_inner_texts()[-1].lower().startswith("draw")
