"""Real-browser tests of the expedition pages: setting out from the home page, the pre-battle
form (X-4) with its fill button and live counts, a battle's seat link into the board, a
refusal shown as the server worded it, the page moving on by itself after a battle, the
support (X-8), giving a battle up, and the read-only page. Playwright drives Debian's Chromium against
`gravehold serve`."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from browsers import CSP_WATCH, PHONE
from webplay import drive
from webserver import Server

pytestmark = pytest.mark.browser
BOT_DELAY = 0.02  # the shared `server` fixture's bots: quick, for a whole expedition battle


def page_of(browser: Any, url: str, viewport: dict[str, int] | None = None) -> Any:
    ctx = browser.new_context(viewport=viewport or {"width": 1200, "height": 900})
    ctx.add_init_script(CSP_WATCH)
    page = ctx.new_page()
    page.goto(url)
    return page


def token(url: str) -> str:
    return url.split("t=", 1)[1]


def state(api: httpx.Client, eid: str, tok: str | None = None) -> dict[str, Any]:
    r = api.get(f"/api/expeditions/{eid}", params={"t": tok} if tok else None)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def policy_supply(supply: list[dict[str, Any]], shape: dict[str, int]) -> list[str]:
    """What "Fill in for me" picks: of each type the most expensive piles, ties by name."""
    out = []
    for kind, n in shape.items():
        cards = sorted((c for c in supply if c["type"] == kind), key=lambda c: (-c["cost"], c["name"]))
        out += [c["name"] for c in cards[:n]]
    return out


def checked(page: Any) -> list[str]:
    return list(page.locator("#supply-choice input:checked").evaluate_all("es => es.map(e => e.value)"))


def counts(page: Any) -> list[str]:
    return list(page.locator("#supply-choice .count").all_inner_texts())


def overflow(page: Any) -> int:
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


def test_XS_4_the_home_page_offers_every_story_and_sets_out_on_the_one_chosen(
        server: Server, browser: Any, api: httpx.Client) -> None:
    page = page_of(browser, server.url + "/")
    page.wait_for_selector(".seat-row")
    stories = api.get("/api/content").json()["stories"]
    assert {"id": "new_age", "name": "The New Age: the first expedition", "box": "NA", "battles": 4} in stories
    offered = page.locator("#x-story option").evaluate_all("es => es.map(e => e.value)")
    assert offered == ["", *(s["id"] for s in stories)]
    page.select_option("#x-story", "new_age")
    assert page.locator("#x-length").is_disabled()  # a story has its own battles
    page.select_option("#x-players", "2")
    with page.expect_navigation():
        page.click("#x-create")
    eid, tok = page.url.split("/x/")[1].split("?")[0], token(page.url)
    s = state(api, eid, tok)
    assert s["options"]["story"] == "new_age" and s["nemesis"] == "Maggoth"
    page.go_back()
    page.wait_for_selector(".seat-row")
    page.select_option("#x-story", "")
    assert not page.locator("#x-length").is_disabled()


def test_set_out_from_the_home_page_choose_in_the_form_and_play_the_first_battle(
        server: Server, browser: Any, api: httpx.Client) -> None:
    page = page_of(browser, server.url + "/")
    page.wait_for_selector(".seat-row")
    page.select_option("#x-players", "2")
    page.select_option("#x-length", "short")  # starts at battle 2: twelve piles and tier-1 treasures
    page.fill("#x-seed", "11")
    with page.expect_navigation():
        page.click("#x-create")
    assert "/x/" in page.url and "?t=" in page.url
    eid, tok = page.url.split("/x/")[1].split("?")[0], token(page.url)
    page.wait_for_selector("#choose")
    s = state(api, eid, tok)
    assert s["can_choose"] and s["phase"] == "choose" and s["battle"] == 2
    assert page.locator("#status").inner_text() == "Choose the setup of battle 2"
    assert page.locator("#fact-battle").inner_text() == "2 of 4 (from battle 2)"
    bar = s["barracks"]
    assert len(bar["supply"]) == 12 and s["allowed"]["seat_tiers"] == [1]
    # the Barracks' supply is listed by type, with each pile's cost
    for kind in ("gem", "relic", "spell"):
        listed = page.locator(f"#barracks ul.piles[data-type={kind}] li").all_text_contents()
        want = sorted((c for c in bar["supply"] if c["type"] == kind), key=lambda c: (c["cost"], c["name"]))
        assert listed == [f"{c['cost']} {c['name']}" for c in want]
    assert counts(page) == ["0 of 3 gems", "0 of 2 relics", "0 of 4 spells"]
    # every control of the form has its label
    assert page.evaluate("() => [...document.querySelectorAll('#choose select, #choose input')]"
                         ".filter(e => !e.labels.length).map(e => e.id)") == []

    page.focus("#fill")  # by the keyboard
    page.keyboard.press("Enter")
    mages = [m["name"] for m in bar["mages"]]
    tier1 = [t["name"] for t in bar["treasures"] if t["tier"] == 1]
    assert page.locator("select.mage").evaluate_all("es => es.map(e => e.value)") == mages[:2]
    assert page.locator("select.tier1").evaluate_all("es => es.map(e => e.value)") == tier1[:2]
    nine = policy_supply(bar["supply"], s["allowed"]["supply"])
    assert sorted(checked(page)) == sorted(nine)
    assert counts(page) == ["3 of 3 gems", "2 of 2 relics", "4 of 4 spells"]
    # seat 1's mage is greyed out in seat 2's list: a mage is one item
    assert page.locator(f"#seat-1-mage option[value='{mages[0]}']").is_disabled()
    # change one choice: swap the dearest spell for the spell left out
    spells = [c["name"] for c in bar["supply"] if c["type"] == "spell"]
    out = next(n for n in nine if n in spells)
    spare = next(n for n in spells if n not in nine)
    page.locator(f"#supply-choice input[value=\"{out}\"]").uncheck()
    assert counts(page)[2] == "3 of 4 spells"
    page.locator(f"#supply-choice input[value=\"{spare}\"]").check()
    assert counts(page)[2] == "4 of 4 spells"
    page.select_option("#seat-0-player", "human")
    page.select_option("#seat-1-player", "heuristic")
    page.click("#start")
    page.wait_for_selector(".seat-link")
    links = page.locator(".seat-link")
    assert links.count() == 1 and links.inner_text() == f"Play seat 1 as {mages[0]}"
    assert "played by a bot (heuristic)" in page.locator("#battle").inner_text()
    assert page.locator(".spectator-link").count() == 1
    s = state(api, eid, tok)
    assert s["phase"] == "battle" and s["version"] == 1
    gid = s["current"]["game"]
    frame = api.get(f"/api/games/{gid}", params={"t": token(s["current"]["board"])}).json()
    supply = sorted(nine[:nine.index(out)] + nine[nine.index(out) + 1:] + [spare])
    assert sorted(n for n, _ in frame["view"]["supply"]) == supply
    assert [p["mage"] for p in frame["view"]["players"]] == mages[:2]
    assert [p["tier1"] for p in frame["view"]["config"]["treasures"]["players"]] == tier1[:2]
    # the seat link opens the board at the battle's first decision of seat 1
    with page.expect_navigation():
        links.click()
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your decision:')",
                           timeout=30000)
    assert page.evaluate("() => S.seat === 0 && S.your_turn && S.view.decision.player <= 0")
    back = page.locator("#expedition-link")
    assert back.is_visible() and back.get_attribute("href") == f"/x/{eid}?t={tok}"  # this browser set it out
    assert not page.evaluate("() => window.__refused || []")
    page.goto(server.url + "/")  # the home page lists it, by its choosing link
    page.wait_for_selector("#expeditions .expedition-link")
    assert page.locator("#expeditions .expedition-link").first.get_attribute("href") == f"/x/{eid}?t={tok}"
    page.context.close()


def test_a_refused_choice_shows_the_servers_message_and_changes_nothing(
        server: Server, browser: Any, api: httpx.Client) -> None:
    made = api.post("/api/expeditions", json={"players": 2, "seed": 3}).json()
    eid, tok = made["id"], token(made["url"])
    page = page_of(browser, server.url + made["url"], PHONE)
    page.wait_for_selector("#choose")
    page.click("#fill")
    assert overflow(page) == 0  # the form fits a phone
    first = state(api, eid, tok)["barracks"]["mages"][0]["name"]
    # seat 1's mage is greyed out in seat 2's list, yet a page could send it: the server refuses
    page.evaluate("m => { const s = document.querySelector('#seat-1-mage'); "
                  "for (const o of s.options) o.disabled = false; s.value = m; }", first)
    body = page.evaluate("() => formChoices(document.querySelector('#choose'))")
    page.click("#start")
    page.wait_for_function("() => document.querySelector('#form-error').textContent !== ''")
    again = api.post(f"/api/expeditions/{eid}/battle", json=body)  # the same request: the same refusal
    assert again.status_code == 422
    alert = page.locator("#form-error[role=alert]")
    assert alert.inner_text() == again.json()["error"]
    assert alert.inner_text().startswith(f"Seat 2's mage: {first} is already seat 1's mage")
    s = state(api, eid, tok)
    assert s["phase"] == "choose" and s["version"] == 0 and s["current"] is None
    # meanwhile another holder of the link starts the battle: this page's choice is stale (409),
    # and the page says so over the battle it now shows
    mages = [m["name"] for m in s["barracks"]["mages"]]
    fixed = {**body, "seats": [{**body["seats"][0], "player": "random"}, {**body["seats"][1], "mage": mages[1]}]}
    assert api.post(f"/api/expeditions/{eid}/battle", json=fixed).status_code == 201
    page.click("#start")
    page.wait_for_selector("#battle")
    alert = page.locator("#step-body .error[role=alert]")
    assert alert.inner_text().startswith("version: the expedition changed meanwhile (it is at step 1")
    assert state(api, eid, tok)["version"] == 1
    page.context.close()


def test_after_a_lost_battle_the_board_links_back_and_the_page_takes_the_support(
        server: Server, browser: Any, api: httpx.Client) -> None:
    made = api.post("/api/expeditions", json={"players": 1, "seed": 2}).json()
    eid, tok = made["id"], token(made["url"])
    page = page_of(browser, server.url + made["url"])
    page.wait_for_selector("#choose")
    page.click("#fill")
    page.click("#start")
    page.wait_for_selector(".seat-link")
    seat_url = page.locator(".seat-link").get_attribute("href")
    gid = state(api, eid, tok)["current"]["game"]
    drive(api, gid, {0: token(seat_url)})  # the person's seat plays randomly, and loses
    page.wait_for_selector("#history-table tbody tr", timeout=30000)  # the page moved on by itself
    s = state(api, eid, tok)
    row = s["history"][0]
    assert row["result"] == "loss" and row["game"] == gid and s["phase"] == "support"
    cells = page.locator("#history-table tbody tr").first.locator("td").all_inner_texts()
    assert cells == ["1", "1", row["nemesis"], row["mages"][0], f"lost: {row['reason_text']}", "0", "replay"]
    assert page.locator("#history-table a.replay-link").get_attribute("href") == f"/replay/{gid}"
    assert page.locator("#support p").first.inner_text().startswith(
        f"Try 1 against {row['nemesis']} was lost: {row['reason_text']}.")
    # the battle's board: its end screen leads back to the expedition, and offers no rematch
    board = page.context.new_page()
    board.goto(server.url + seat_url)
    board.wait_for_selector("#end[open]", timeout=60000)  # a loaded CI machine can be slow here
    back = board.locator("#end-expedition")
    assert back.is_visible() and back.get_attribute("href") == f"/x/{eid}?t={tok}"
    assert board.locator("#rematch-same").is_hidden() and board.locator("#rematch-new").is_hidden()
    board.close()
    buttons = page.locator(".support-choices button")
    assert buttons.evaluate_all("bs => bs.map(b => b.dataset.support)") == [*s["supports"], ""]
    page.locator(f".support-choices button[data-support='{s['supports'][0]}']").click()
    page.wait_for_selector("#choose")
    after = state(api, eid, tok)
    assert after["phase"] == "choose" and after["attempt"] == 2 and after["version"] == s["version"] + 1
    assert after["events"][-1]["kind"] == "support"
    assert page.locator("#step-title").inner_text() == "Battle 1, try 2: the setup"
    assert not page.evaluate("() => window.__refused || []")
    page.context.close()


def test_X_8_give_up_a_battle_with_a_confirm_step_its_board_ends_and_the_support_follows(
        server: Server, browser: Any, api: httpx.Client) -> None:
    made = api.post("/api/expeditions", json={"players": 1, "seed": 4}).json()
    eid, tok = made["id"], token(made["url"])
    page = page_of(browser, server.url + made["url"])
    page.wait_for_selector("#choose")
    page.click("#fill")
    page.click("#start")  # seat 1 is a person's: the battle waits for them, it never ends by itself
    page.wait_for_selector(".seat-link")
    seat_url = page.locator(".seat-link").get_attribute("href")
    board = page.context.new_page()
    board.goto(server.url + seat_url)
    board.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your decision:')")
    # the first click only asks; "Keep fighting" takes it back
    page.click("#concede")
    focused = "() => document.activeElement.id"
    assert page.locator("#concede-ask").is_visible() and page.evaluate(focused) == "concede-yes"
    page.click("#concede-no")
    assert page.locator("#concede-ask").count() == 0 and page.evaluate(focused) == "concede"
    assert state(api, eid, tok)["phase"] == "battle"
    page.click("#concede")
    page.click("#concede-yes")
    page.wait_for_selector("#support")
    s = state(api, eid, tok)
    row = s["history"][0]
    assert s["phase"] == "support" and s["version"] == 2 and row["reason"] == "conceded"
    assert row["reason_text"] == "the group gave the battle up"
    assert page.locator("#status").inner_text() == "Battle 1 was lost: choose a support"
    assert page.locator("#support p").first.inner_text().startswith(
        f"Try 1 against {row['nemesis']} was lost: the group gave the battle up.")
    assert page.locator(".support-choices button").evaluate_all("bs => bs.map(b => b.dataset.support)") == \
        [*s["supports"], ""]
    cells = page.locator("#history-table tbody tr").first.locator("td").all_inner_texts()
    assert cells[4] == "lost: the group gave the battle up"
    # the open board was told: its end screen says why, and leads back to the expedition
    board.wait_for_selector("#end[open]", timeout=60000)  # a loaded CI machine can be slow here
    assert board.locator("#end-title").inner_text() == "Defeat"
    assert board.locator("#end-reason").inner_text().startswith("the group gave the battle up, after ")
    assert board.locator("#status").inner_text() == "Defeat: the group gave the battle up"
    assert board.locator("#end-expedition").get_attribute("href") == f"/x/{eid}?t={tok}"
    board.close()
    assert not page.evaluate("() => window.__refused || []")
    page.context.close()


def test_giving_up_is_offered_only_to_the_choosing_link_and_a_refusal_shows_in_the_alert(
        server: Server, browser: Any, api: httpx.Client) -> None:
    made = api.post("/api/expeditions", json={"players": 1, "seed": 8}).json()
    eid, tok = made["id"], token(made["url"])
    page = page_of(browser, server.url + made["url"], PHONE)
    page.wait_for_selector("#choose")
    page.click("#fill")
    page.click("#start")
    page.wait_for_selector("#concede")
    assert overflow(page) == 0
    watcher = page_of(browser, server.url + made["view"])
    watcher.wait_for_selector("#battle")
    assert watcher.locator("#concede").count() == 0 and watcher.locator("#give-up").count() == 0
    watcher.context.close()
    page.click("#concede")
    # meanwhile the battle is given up elsewhere: this page's answer is refused (409) and it shows the support
    assert api.post(f"/api/expeditions/{eid}/concede", json={"token": tok, "version": 1}).status_code == 200
    page.click("#concede-yes")
    page.wait_for_selector("#support")
    alert = page.locator("#step-body > .error[role=alert]")
    assert alert.inner_text().startswith("version: the expedition changed meanwhile (it is at step 2")
    assert state(api, eid, tok)["version"] == 2
    page.context.close()


def test_the_view_link_is_read_only_and_an_unknown_expedition_is_a_404_page(
        server: Server, browser: Any, api: httpx.Client) -> None:
    made = api.post("/api/expeditions", json={"players": 2, "story": "new_age"}).json()
    page = page_of(browser, server.url + made["view"], PHONE)
    page.wait_for_selector("#facts dd")
    assert page.locator("#choose").count() == 0
    assert page.locator("#status").inner_text() == "The group is choosing battle 1's setup"
    assert page.locator("#fact-nemesis").inner_text() == "Maggoth"  # the story's first nemesis
    assert page.locator("#fact-expedition").inner_text() == "The New Age's first expedition"
    story = page.locator("#story").inner_text()  # XS-4, XS-5: the guided run's scene and reward
    assert story.startswith("Battle 1 of 4 of the story: ") and "the mage Rhia, 4 supply piles, 5 treasures" in story
    assert overflow(page) == 0
    wrong = page_of(browser, server.url + made["view"] + "?t=not-the-token")
    wrong.wait_for_selector("#facts dd")
    assert wrong.locator("#choose").count() == 0 and "read-only" in wrong.locator("#step-body").inner_text()
    response = page.goto(server.url + "/x/nosuchexpedition")
    assert response.status == 404 and page.title() == "gravehold — not found"
    assert page.locator("#error-message").inner_text().startswith("There is no expedition nosuchexpedition")
    page.context.close()
    wrong.context.close()
