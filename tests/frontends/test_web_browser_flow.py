"""Real-browser tests of the game's flow: prep targets, reopening a decision, the market
picker, phone width, error pages, the end screen and rematch, turn announcements, and the
replay viewer. Playwright drives Debian's Chromium against `gravehold serve`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from browsers import CSP_WATCH, PHONE
from gravehold.agents import make_agent
from gravehold.engine.game import Game
from gravehold.record import make_record, play, setup_config
from webplay import QUICK, drive, quick_game, token
from webserver import Server

pytestmark = pytest.mark.browser


def page_of(browser: Any, url: str, viewport: dict[str, int] | None = None, script: str = "") -> Any:
    ctx = browser.new_context(viewport=viewport or {"width": 1200, "height": 900})
    ctx.add_init_script(CSP_WATCH + script)
    page = ctx.new_page()
    page.goto(url)
    return page


def loaded(page: Any) -> None:
    page.wait_for_function("() => window.gravehold && document.querySelector('#status').textContent"
                           " && !document.querySelector('#status').textContent.includes('connecting')")


def legal_breaches(page: Any) -> list[str]:
    return sorted(page.evaluate("() => [...document.querySelectorAll('.breach.legal')].map(e => e.id)"))


def overflow(page: Any) -> int:
    """How far the page is wider than the window (0: no horizontal scrolling)."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


def test_a_picked_spell_lights_only_its_legal_breaches_and_preps_on_the_one_clicked(
        server: Server, browser: Any, api: httpx.Client) -> None:
    links = api.post("/api/games", json={"seats": [{"mage": "Brama"}, {"mage": "Adelheim", "bot": "heuristic"}],
                                         "nemesis": "Rageborne", "market": "Deck Destruction", "seed": 12}).json()
    page = page_of(browser, server.url + links["seats"][0]["url"])
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your decision: Main')")
    page.locator("#hand .card[data-name='Buried Light']").click()
    want = page.evaluate("""() => S.options.filter(o => o.action[0] === 'prep' && o.action[1] === 'Buried Light')
                            .map(o => 'breach-0-' + o.action[2]).sort()""")
    assert want == ["breach-0-0"]  # only Brama's open breach I takes it; the ally's breaches never light up
    assert legal_breaches(page) == want
    seq = page.evaluate("() => S.seq")
    page.locator("#breach-1-0").click()  # the ally's breach I is no target: nothing is sent
    page.wait_for_timeout(400)
    assert page.evaluate("() => S.seq") == seq and "Buried Light" not in page.locator("#breach-1-0").inner_text()
    page.locator("#breach-0-0").click()
    page.wait_for_function("() => document.querySelector('#breach-0-0').textContent.includes('Buried Light')")
    assert "Buried Light" not in page.locator("#breach-1-0").inner_text()
    assert page.evaluate("() => S.view.players[0].breaches[0].spells") == ["Buried Light"]
    page.context.close()


def test_a_closed_decision_dialog_stays_reachable_and_names_the_card_that_asks(
        server: Server, browser: Any, api: httpx.Client) -> None:
    links = quick_game(api)
    gid, me = links["id"], token(links["seats"][0]["url"])
    s = drive(api, gid, {0: me}, until=lambda s: s["your_turn"] and s["view"]["decision"]["kind"] == "player")
    page = page_of(browser, server.url + links["seats"][0]["url"])
    page.wait_for_selector("#dlg[open] #dlg-opts button")
    assert page.locator("#reopen").is_hidden()
    page.keyboard.press("Escape")  # closed by Esc: the header offers it again
    page.wait_for_selector("#dlg:not([open])", state="attached")
    assert page.locator("#status").inner_text().startswith("Your decision")
    page.locator("#reopen").click()
    page.wait_for_selector("#dlg[open] #dlg-opts button")
    page.locator("#dlg-close").click()  # closed by its button: the same
    page.locator("#reopen").click()
    options = page.locator("#dlg[open] #dlg-opts button")
    assert options.all_inner_texts() == [o["label"] for o in s["options"]]
    src = page.locator("#dlg-source-card")  # the nemesis card that asks, with its text
    assert src.locator("strong").inner_text() == s["source"]["name"] == "Convoke"
    assert src.inner_text() == f"Convoke — {s['source']['kind']}\n{s['source']['text']}"
    options.first.click()
    page.wait_for_function("n => S.seq > n", arg=s["seq"])
    assert page.locator("#reopen").is_hidden()
    page.context.close()


def test_the_market_picker_lists_supply_cards_with_a_running_count(server: Server, browser: Any) -> None:
    page = page_of(browser, server.url + "/")
    page.wait_for_selector(".seat-row")
    page.select_option("#market", "__pick")
    names = page.locator("#pick input[type=checkbox]").evaluate_all("es => es.map(e => e.value)")
    supply = httpx.get(server.url + "/api/content").json()["supply"]
    assert sorted(names) == sorted(c["name"] for c in supply) and len(names) == 149  # AE 27, WE 27, NA 22, O 31, LOG 42
    assert not {"Crystal", "Spark", "Buried Light", "Contagion", "Nothingness"} & set(names)
    assert page.locator("#pick legend").all_inner_texts() == ["AE", "LOG", "NA", "O", "WE"]
    assert page.locator("label[for=pick-Douse]").inner_text().strip() == "Douse (4, Azer)"  # a city is named
    count = page.locator("#pick-count")
    assert count.inner_text() == "0/9 — gems 0/3 · relics 0/2 · spells 0/4"
    nine = ["Jade", "Searing Ruby", "Burning Opal", "Bottled Vortex", "Focusing Orb", "Ignite", "Dark Fire",
            "Kindle", "Aurora"]
    for n in nine[:4]:
        page.locator(f"#pick input[value=\"{n}\"]").check()
    assert count.inner_text() == "4/9 — gems 3/3 · relics 1/2 · spells 0/4"
    for n in nine[4:]:
        page.locator(f"#pick input[value=\"{n}\"]").check()
    assert count.inner_text() == "9/9 — gems 3/3 · relics 2/2 · spells 4/4" and count.get_attribute("class") == "ok"
    page.locator("#pick input[value='Jagged Lightning']").check()
    assert count.inner_text().startswith("10/9") and count.get_attribute("class") == "over"
    page.click("#create")
    page.wait_for_function("() => document.querySelector('#setup-error').textContent !== ''")
    assert page.locator("#setup-error").inner_text() == "Choose at most 9 supply cards (you chose 10)"
    assert page.locator("#created").is_hidden()
    page.locator("#pick input[value='Jagged Lightning']").uncheck()
    page.click("#create")
    page.wait_for_selector(".spectator-link")
    gid = page.locator(".spectator-link").get_attribute("href").split("/")[2].split("?")[0]
    frame = httpx.get(server.url + page.locator(".spectator-link").get_attribute("href").replace(
        f"/g/{gid}?t=", f"/api/games/{gid}?t=")).json()
    assert sorted(n for n, _ in frame["view"]["supply"]) == sorted(nine)
    page.context.close()


def finished_game(api: httpx.Client) -> dict[str, Any]:
    """A QUICK game with a human seat 0, played to its end through the API; its links."""
    links = quick_game(api)
    drive(api, links["id"], {0: token(links["seats"][0]["url"])})
    return links


def test_no_page_is_wider_than_a_phone(server: Server, browser: Any, api: httpx.Client) -> None:
    done = finished_game(api)
    running = quick_game(api)
    pages = {"home": "/", "board": running["seats"][0]["url"], "end screen": done["seats"][0]["url"],
             "replay": f"/replay/{done['id']}", "error": "/g/nosuchgame"}
    for name, url in pages.items():
        page = page_of(browser, server.url + url, PHONE)
        page.wait_for_timeout(800)
        if name == "home":
            page.select_option("#market", "__pick")  # the widest part of it
        if name == "end screen":
            page.wait_for_selector("#end[open]")
        assert overflow(page) == 0, name
        page.context.close()


def test_a_bad_link_shows_a_page_and_nothing_the_page_loads_fails(server: Server, browser: Any) -> None:
    ctx = browser.new_context()
    ctx.add_init_script(CSP_WATCH)
    page = ctx.new_page()
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    response = page.goto(server.url + "/g/nosuchgame")
    assert response.status == 404 and response.headers["content-type"].startswith("text/html")
    assert page.title() == "gravehold — not found"
    assert page.locator("#error-message").inner_text().startswith("There is no game nosuchgame")
    assert page.locator("#error a[href='/']").count() == 1
    assert failed == [f"404 {server.url}/g/nosuchgame"]  # the page's styles and icon all load
    for href in page.locator("link[rel=icon]").evaluate_all("ls => ls.map(l => l.href)"):
        assert page.request.get(href).status == 200
    assert page.request.get(server.url + "/favicon.ico").status == 200
    assert not page.evaluate("() => window.__refused || []")
    ctx.close()


SHOWN_THOUGH_HIDDEN = """() => [...document.querySelectorAll('[hidden]')]
    .filter(e => getComputedStyle(e).display !== 'none').map(e => e.id || e.className || e.tagName)"""


def test_no_element_marked_hidden_is_drawn_on_any_page(server: Server, browser: Any, api: httpx.Client) -> None:
    """The ``hidden`` attribute wins over every page's own display rules (an ``a.act`` once
    showed "Back to the expedition" on every ordinary game)."""
    links = finished_game(api)
    for url in ("/", links["seats"][0]["url"], links["spectator"], f"/replay/{links['id']}"):
        page = page_of(browser, server.url + url)
        page.wait_for_load_state("networkidle")
        assert page.evaluate(SHOWN_THOUGH_HIDDEN) == [], url
        page.context.close()


def test_the_end_screen_sums_up_the_game_and_starts_a_rematch(server: Server, browser: Any, api: httpx.Client) -> None:
    links = finished_game(api)
    gid = links["id"]
    summary = api.get(f"/api/games/{gid}", params={"t": token(links["spectator"])}).json()["summary"]
    watcher = page_of(browser, server.url + links["spectator"])
    watcher.wait_for_selector("#end[open]")
    assert watcher.locator("#rematch-same").is_hidden()  # a spectator may not start one
    page = page_of(browser, server.url + links["seats"][0]["url"])
    page.wait_for_selector("#end[open]")
    # an ordinary game is no expedition's battle: no way back to one, in the header or the end screen
    assert page.locator("#end-expedition").is_hidden() and page.locator("#expedition-link").is_hidden()
    assert page.locator("#end-title").inner_text() == "Defeat"
    assert page.locator("#end-reason").inner_text() == f"Gravehold fell, after {summary['turns']} turns."
    rows = page.locator("#summary-table tbody tr")
    assert rows.count() == 2
    for p in summary["players"]:
        cells = rows.nth(p["seat"]).locator("td").all_inner_texts()
        assert cells[:3] == [str(p["damage"]), str(p["nemesis_damage"]), str(p["minion_damage"])]
        assert cells[3].startswith(str(p["gained_count"])) and cells[4] == f"{p['life']}/{p['max_life']}"
    assert page.locator("#end .totals").inner_text() == (
        f"Turns: {summary['turns']} · Gravehold life: 0/30 · Rageborne life: {summary['nemesis_life']}/70")
    # the seat replays its own game, its hand shown: the replay link carries its token
    assert page.locator("#end-replay").get_attribute("href") == f"/replay/{gid}?t={token(links['seats'][0]['url'])}"
    page.locator("#end-close").click()  # look at the board; the header opens the summary again
    assert page.locator("#end[open]").count() == 0
    page.locator("#summary-btn").click()
    page.wait_for_selector("#end[open]")
    with page.expect_navigation():
        page.locator("#rematch-same").click()
    assert page.url.startswith(server.url + "/g/") and f"/g/{gid}" not in page.url
    page.wait_for_function("() => S && S.seq === 0 && S.seat === 0")
    first = api.get(f"/api/replays/{gid}/steps/0").json()["view"]
    assert page.evaluate("() => S.view.supply") == first["supply"]
    assert page.evaluate("() => S.view.players[1].pool") == first["players"][1]["pool"]
    # the spectator of the old game is offered the rematch's spectator link
    watcher.wait_for_selector("#end-rematch a.join")
    assert watcher.locator("#end-rematch a.join").inner_text() == "Join the rematch (same seed)"
    page.context.close()
    watcher.context.close()


STUBS = """
window.__tones = 0; window.__notes = [];
const RealCtx = window.AudioContext;
window.AudioContext = class extends RealCtx {
  createOscillator() { window.__tones += 1; return super.createOscillator(); } };
window.Notification = class { constructor(title, opts) { window.__notes.push([title, opts.body]); }
  close() {} static get permission() { return sessionStorage.getItem("perm") || "default"; }
  static requestPermission() { sessionStorage.setItem("perm", "granted"); window.__asked = (window.__asked || 0) + 1;
                               return Promise.resolve("granted"); } };  // the browser remembers the answer
document.hasFocus = () => false;  // the player is looking at another window
"""


def test_your_turn_is_announced_in_the_title_and_by_a_tone_and_notification_when_on(
        server: Server, browser: Any, api: httpx.Client) -> None:
    links = quick_game(api)
    gid, me = links["id"], token(links["seats"][0]["url"])
    page = page_of(browser, server.url + links["seats"][0]["url"], script=STUBS)
    loaded(page)
    page.wait_for_function("() => document.title === '● Your turn — gravehold'")
    sound, notify = page.locator("#sound-toggle"), page.locator("#notify-toggle")
    assert (sound.inner_text(), sound.get_attribute("aria-pressed")) == ("Sound: off", "false")  # off by default
    assert notify.inner_text() == "Notify: off" and page.evaluate("() => window.__asked || 0") == 0
    sound.click()  # a sample of the tone: two notes
    assert (sound.inner_text(), sound.get_attribute("aria-pressed")) == ("Sound: on", "true")
    assert page.evaluate("() => window.__tones") == 2
    notify.click()  # permission is asked now, and only now
    page.wait_for_function("() => document.querySelector('#notify-toggle').textContent === 'Notify: on'")
    assert page.evaluate("() => window.__asked") == 1
    page.reload()  # remembered by this browser
    loaded(page)
    assert page.locator("#sound-toggle").inner_text() == "Sound: on"
    assert page.locator("#notify-toggle").inner_text() == "Notify: on"
    assert page.evaluate("() => [window.__tones, window.__notes.length]") == [0, 0]  # nothing yet: still my turn
    # end the turn: the bot plays, and when the decision comes back to me it is announced once
    drive(api, gid, {0: me}, until=lambda s: not s["your_turn"])
    page.wait_for_function("() => window.__notes.length === 1", timeout=30000)
    page.wait_for_function("() => document.title === '● Your turn — gravehold'")
    title, body = page.evaluate("() => window.__notes[0]")
    assert title == "Your turn — gravehold" and body.startswith(links["title"] + ": ")
    assert page.evaluate("() => window.__tones") == 2
    page.context.close()


def recorded() -> dict[str, Any]:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=QUICK["seed"])
    cfg = setup_config(g)
    steps = play(g, [make_agent("random", 70), make_agent("random", 71)], record=True)
    return make_record(cfg, steps, g)


def test_the_replay_viewer_steps_through_a_finished_game_as_a_spectator_saw_it(
        server: Server, browser: Any, api: httpx.Client) -> None:
    links = finished_game(api)
    gid = links["id"]
    index = api.get(f"/api/replays/{gid}").json()
    n = index["steps"]
    page = page_of(browser, server.url + f"/replay/{gid}")
    page.wait_for_function("n => document.querySelector('#where').textContent === '0/' + n", arg=n)
    assert page.locator("#hand").count() == 0 and page.locator("#players > .panel").count() == 2
    assert page.locator("#back").is_disabled()
    step1 = api.get(f"/api/replays/{gid}/steps/1").json()
    page.locator("#fwd").click()
    page.wait_for_function("n => document.querySelector('#where').textContent === '1/' + n", arg=n)
    assert f"seat 1 (Brama) — {step1['last']['label']}" in page.locator("#step-info").inner_text()
    assert page.locator("#log .fresh").count() == step1["fresh"]
    page.keyboard.press("ArrowRight")
    page.wait_for_function("n => document.querySelector('#where').textContent === '2/' + n", arg=n)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("n => document.querySelector('#where').textContent === '1/' + n", arg=n)
    turn = index["turns"][3]
    page.select_option("#turn", str(turn["turn"]))
    page.wait_for_function("a => document.querySelector('#where').textContent === a[0] + '/' + a[1]",
                           arg=[turn["step"], n])
    assert page.locator("#status").inner_text().startswith(f"Turn {turn['turn']},")
    page.locator("#last").click()
    page.wait_for_function("n => document.querySelector('#where').textContent === n + '/' + n", arg=n)
    assert page.locator("#outcome").is_visible() and page.locator("#outcome #summary-table tbody tr").count() == 2
    # the last step is drawn as the live board draws it for a spectator
    live = page_of(browser, server.url + links["spectator"])
    loaded(live)
    for part in ("#player-0", "#player-1", "#nemesis", "#supply", "#table"):
        assert page.locator(part).inner_text() == live.locator(part).inner_text(), part
    assert not page.evaluate("() => window.__refused || []")
    live.context.close()
    page.context.close()


def test_a_record_file_opens_in_the_viewer_from_the_home_page(server: Server, browser: Any, tmp_path: Path) -> None:
    rec = recorded()
    good, bad = tmp_path / "game.json", tmp_path / "bad.json"
    good.write_text(json.dumps(rec))
    bad.write_text(json.dumps({**rec, "steps": [{"action": ["fly"]}]}))
    page = page_of(browser, server.url + "/")
    page.wait_for_selector(".seat-row")
    page.set_input_files("#record-file", str(bad))
    page.wait_for_function("() => document.querySelector('#upload-result').textContent.includes('illegal')")
    assert page.locator("#upload-result").inner_text().startswith("bad.json: record: steps[0].action: [\"fly\"]")
    with page.expect_navigation():
        page.set_input_files("#record-file", str(good))
    assert "/replay/f-" in page.url
    page.wait_for_function("n => document.querySelector('#where').textContent === '0/' + n", arg=len(rec["steps"]))
    assert page.locator("#title").inner_text() == "Brama + Mist vs Rageborne — replay of a record file"
    page.context.close()


def test_the_words_toggle_redraws_the_board_in_the_new_age_words_and_is_remembered(
        server: Server, browser: Any, api: httpx.Client) -> None:
    links = api.post("/api/games", json={"seats": [{"mage": "Brama"}, {"mage": "Mist"}],
                                         "nemesis": "Rageborne", "market": "Deck Destruction", "seed": 4}).json()
    page = page_of(browser, server.url + links["seats"][0]["url"])
    page.wait_for_function("() => document.querySelector('#status').textContent.startsWith('Your decision: Main')")
    assert page.locator("#words-toggle").inner_text() == "Words: auto"  # Rageborne's box: classic words
    assert page.locator("#table .life").inner_text().startswith("life ")
    page.locator("#words-toggle").click()  # auto -> classic
    page.locator("#words-toggle").click()  # classic -> New Age
    page.wait_for_function("() => S && S.words === 'new_age' && TEXT.words === 'new_age'")
    page.wait_for_function("() => document.querySelector('#table .life').textContent.startsWith('health ')")
    assert page.locator("#hand .card[data-name='Crystal'] .c-name").first.inner_text() == "Splinter"
    assert page.locator("#hand .card[data-name='Crystal'] .c-meta").first.inner_text().startswith("crystal")
    assert not any("Crystal" in o for o in page.evaluate("() => S.options.map(o => o.label)"))
    page.reload()  # the choice is kept in this browser
    page.wait_for_function("() => S && S.words === 'new_age'")
    assert page.locator("#words-toggle").inner_text() == "Words: New Age"
    page.locator("#words-toggle").click()  # New Age -> Outcasts: classic card terms again
    page.wait_for_function("() => S && S.words === 'outcasts' && TEXT.words === 'outcasts'")
    assert page.locator("#words-toggle").inner_text() == "Words: Outcasts"
    assert page.locator("#hand .card[data-name='Crystal'] .c-name").first.inner_text() == "Crystal"


def test_a_new_age_game_in_the_browser_moves_a_position_token_onto_a_claw_in_its_own_words(
        server: Server, browser: Any, api: httpx.Client) -> None:
    # expert Fenrix starts with a claw in play (its increased difficulty); Gygar is a New Age mage
    made = api.post("/api/games", json={"seats": [{"mage": "Gygar"}, {"mage": "Soskel", "bot": "heuristic"}],
                                        "nemesis": "Fenrix", "market": "random", "difficulty": "expert",
                                        "seed": 8})
    assert made.status_code == 201, made.text
    page = page_of(browser, server.url + made.json()["seats"][0]["url"])
    # the claw's IMMEDIATELY asks first who puts a token on it (N-12): nobody, from the dialog;
    # then every question before the main phase is answered from the dialog too
    page.wait_for_function("() => S && S.your_turn && S.view.decision.kind === 'player'", timeout=20000)
    seq = page.evaluate("() => S.seq")
    page.locator("#dlg-opts button", has_text="skip").click()
    for _ in range(20):
        page.wait_for_function("(seq) => S.seq > seq && S.your_turn", arg=seq, timeout=20000)
        seq = page.evaluate("() => S.seq")
        if page.evaluate("() => S.view.decision.kind") == "main":
            break
        page.locator("#dlg-opts button").first.click()
    assert page.locator("#words-toggle").inner_text() == "Words: auto"
    assert page.locator("#table .life").inner_text().startswith("health ")  # the nemesis' box speaks its words
    assert "Ancient Breach" in page.locator("#breach-0-0").inner_text()  # Gygar's unique breach (K-13)
    labels = page.evaluate("() => S.options.filter(o => o.action[0] === 'position').map(o => o.label)")
    assert labels, "a claw is in play: the Position token may go onto it"
    page.locator("#more").click()
    page.locator("#dlg-opts button", has_text=labels[0]).first.click()
    page.wait_for_function("() => S.view.players[0].tokens && S.view.players[0].tokens.position_on_card")
    assert page.evaluate("() => S.view.players[0].tokens.position_on_card") >= 1


def test_K_13_a_legacy_game_shows_each_mages_own_decks_and_tokens_with_their_readings(
        server: Server, browser: Any, api: httpx.Client) -> None:
    # every seat a person's, so no bot moves a token before the page is read
    made = api.post("/api/games", json={"seats": [{"mage": "Mazra (LOG)"}, {"mage": "Qu (LOG)"},
                                                  {"mage": "Razra (LOG)"}],
                                        "nemesis": "Rageborne", "market": "random", "seed": 5})
    assert made.status_code == 201, made.text
    page = page_of(browser, server.url + made.json()["seats"][0]["url"])
    loaded(page)
    page.wait_for_selector("#own-deck-0-0")
    mazra = page.locator("#own-deck-0-0").inner_text()
    assert "Upgrade deck" in mazra and "14" in mazra  # face up, in order: its owner and the table see it
    assert "Rip deck" in page.locator("#own-deck-2-0").inner_text()
    qu = page.locator("#mat-1").inner_text()
    assert "builder 1" in qu and "destroyer 1" in qu and "this project's reading" in qu
    names = page.evaluate("() => S.view.players.map(p => p.mage)")
    assert names == ["Mazra (LOG)", "Qu (LOG)", "Razra (LOG)"]
    page.context.close()
