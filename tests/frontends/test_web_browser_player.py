"""Real-browser tests of what a player meets around the board: the new-game form's refusals
in words, ruleset presets by name, the seat links brought into view, no "Ctrl-click" on a
touch screen, the phone's one-line header, a board that moves (and stays still under
reduced motion), and a seat's own replay showing its hand."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from browsers import CSP_WATCH, PHONE
from gravehold.engine.ruleset import DEFAULT
from webplay import drive, quick_game, token
from webserver import Server

pytestmark = pytest.mark.browser


def page_of(browser: Any, url: str, viewport: dict[str, int] | None = None, **ctx: Any) -> Any:
    context = browser.new_context(viewport=viewport or {"width": 1200, "height": 900}, **ctx)
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    page.goto(url)
    return page


def home(browser: Any, server: Server, viewport: dict[str, int] | None = None, **ctx: Any) -> Any:
    page = page_of(browser, server.url + "/", viewport, **ctx)
    page.wait_for_function("() => document.querySelectorAll('#ruleset option').length > 0"
                           " && document.querySelectorAll('.seat-row').length > 0")
    return page


def board(browser: Any, url: str, viewport: dict[str, int] | None = None, **ctx: Any) -> Any:
    page = page_of(browser, url, viewport, **ctx)
    page.wait_for_function("() => window.gravehold && typeof S !== 'undefined' && S !== null")
    return page


def test_an_empty_supply_is_refused_in_words_beside_the_form(server: Server, browser: Any, api: httpx.Client) -> None:
    page = home(browser, server)
    page.select_option("#market", "__pick")
    page.locator("#create").click()
    page.wait_for_function("() => document.querySelector('#setup-error').textContent !== ''")
    assert page.locator("#setup-error").inner_text() == "Choose at least 9 supply cards (you chose 0)"
    assert page.evaluate("() => document.activeElement.id") == "market"  # the field to fix has the keyboard
    assert page.locator("#created").is_hidden() and api.get("/api/games").json()["total"] == 0


def test_rulesets_are_offered_by_name_and_sent_by_id(server: Server, browser: Any) -> None:
    page = home(browser, server)
    shown = page.evaluate("() => [...document.querySelectorAll('#ruleset option')].map(o => [o.value, o.textContent])")
    assert shown == [["we", "War Eternal (default)"], ["ae", "Aeon's End"], ["log", "Legacy of Gravehold"],
                     ["na", "The New Age"], ["oc", "Outcasts"]]
    assert page.locator("#ruleset").input_value() == DEFAULT
    page.select_option("#ruleset", label="Legacy of Gravehold")
    with page.expect_request("**/api/games") as sent:
        page.locator("#create").click()
    assert sent.value.post_data_json["ruleset"] == "log"


def test_after_create_the_seat_links_are_in_view_and_the_first_has_the_keyboard(server: Server, browser: Any) -> None:
    page = home(browser, server, PHONE)
    page.locator("#create").click()
    page.wait_for_selector("#created:not([hidden]) a.seat-link")
    page.wait_for_function("() => { const r = document.querySelector('#created').getBoundingClientRect();"
                           " return r.top >= 0 && r.top < innerHeight / 2; }")
    assert page.evaluate("() => document.activeElement.matches('#links a.seat-link')"
                         " && document.activeElement === document.querySelector('#links a')")


def test_choosing_several_says_ctrl_click_with_a_mouse_and_tap_on_a_touch_screen(server: Server, browser: Any) -> None:
    desk = home(browser, server)
    assert desk.locator("label[for=upgraded]").inner_text().endswith("(several: Ctrl-click)")
    phone = home(browser, server, PHONE, has_touch=True, is_mobile=True)
    label = phone.locator("label[for=upgraded]").inner_text()
    assert label.endswith("(several: tap each one)") and "Ctrl" not in label


def test_the_phone_header_is_one_line_with_a_menu_for_the_rest(server: Server, browser: Any, api: httpx.Client) -> None:
    links = quick_game(api)
    page = board(browser, server.url + links["seats"][0]["url"], PHONE)
    page.wait_for_function("() => document.querySelector('#brief').textContent !== ''")
    height = page.evaluate("() => document.querySelector('header').getBoundingClientRect().height")
    assert height <= 0.08 * PHONE["height"], height
    assert page.locator("#brief").inner_text().split() == ["main", "phase", "Gravehold", "30", "Rageborne", "70"]
    folded = ["#title", "#status", "#words-toggle", "#sound-toggle", "#notify-toggle"]
    assert all(page.locator(f).is_hidden() for f in folded)
    assert page.locator("#endbtn").is_visible()  # the decision's button stays on the line
    page.locator("#menu-btn").click()
    assert page.locator("#menu-btn").get_attribute("aria-expanded") == "true"
    assert all(page.locator(f).is_visible() for f in folded)
    assert page.locator("#status").inner_text().startswith("Your decision")
    page.keyboard.press("Escape")
    assert page.locator("#status").is_hidden() and page.locator("#menu-btn").get_attribute("aria-expanded") == "false"
    desk = board(browser, server.url + links["seats"][0]["url"])
    assert desk.locator("#menu-btn").is_hidden() and desk.locator("#brief").is_hidden()
    assert all(desk.locator(f).is_visible() for f in folded)


def test_the_phone_header_line_is_drawn_when_the_first_state_comes_before_its_script(
        server: Server, browser: Any, api: httpx.Client) -> None:
    """A busy machine can let the socket's first state in before the header's script has run:
    the line is drawn from the state already there, not left empty until the next one."""
    import time

    links = quick_game(api)
    ctx = browser.new_context(viewport=PHONE)
    ctx.add_init_script(CSP_WATCH)

    def late(route: Any) -> None:  # the header's script arrives after the board's first state
        time.sleep(1.5)
        route.continue_()

    ctx.route("**/static/fold.js", late)
    page = ctx.new_page()
    page.goto(server.url + links["seats"][0]["url"])
    page.wait_for_function("() => typeof S !== 'undefined' && S !== null")
    page.wait_for_function("() => document.querySelector('#brief').textContent !== ''", timeout=5000)
    assert page.locator("#brief").inner_text().split() == ["main", "phase", "Gravehold", "30", "Rageborne", "70"]


def play_a_crystal(page: Any) -> Any:
    """Play a Crystal from seat 1's opening hand; the card as it lies in play."""
    page.wait_for_selector("#hand .card.legal[data-name=Crystal]")
    page.locator("#hand .card.legal[data-name=Crystal]").first.click()
    page.wait_for_selector("#played-0 .card[data-name=Crystal]")
    return page.locator("#played-0 .card[data-name=Crystal]")


def test_a_played_card_moves_in_and_stays_still_under_reduced_motion(server: Server, browser: Any,
                                                                     api: httpx.Client) -> None:
    page = board(browser, server.url + quick_game(api)["seats"][0]["url"])
    card = play_a_crystal(page)
    assert "m-play" in card.get_attribute("class").split()
    assert card.evaluate("c => getComputedStyle(c).animationName") == "m-in"
    assert card.evaluate("c => parseFloat(getComputedStyle(c).animationDuration)") <= 0.4
    still = board(browser, server.url + quick_game(api)["seats"][0]["url"], reduced_motion="reduce")
    card = play_a_crystal(still)
    assert "m-play" not in card.get_attribute("class").split()
    assert card.evaluate("c => getComputedStyle(c).animationName") == "none"


def test_a_seat_replays_its_own_game_with_its_hand_shown(server: Server, browser: Any, api: httpx.Client) -> None:
    links = quick_game(api)
    gid, tok = links["id"], token(links["seats"][0]["url"])
    drive(api, gid, {0: tok})
    first = api.get(f"/api/replays/{gid}/steps/0", params={"t": tok}).json()["view"]["players"][0]["hand"]
    page = page_of(browser, server.url + f"/replay/{gid}?t={tok}")
    page.wait_for_selector("#player-0 #hand .card")
    assert page.locator("#player-0 #hand .card").evaluate_all("cs => cs.map(c => c.dataset.name)") == first
    assert "not yours to see" not in page.locator("#player-0").inner_text()
    assert "not yours to see" in page.locator("#player-1").inner_text()  # the other seat's hand stays hidden
    watcher = page_of(browser, server.url + f"/replay/{gid}")
    watcher.wait_for_selector("#player-1 .card")
    assert watcher.locator("#hand").count() == 0 and "not yours to see" in watcher.locator("#player-0").inner_text()
