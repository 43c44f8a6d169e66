"""Cards on the browser board: every zone shows each card's name, cost and whole text without
hovering, a clamped card opens in full on one click, a phone's first tap shows a card and its
second acts, closed breaches show their costs, and the devoured pile lies face up.

The games are exact states (tests/support.py) written straight into the server's database;
one server and one browser serve the whole module. The expected card text is read from
``/api/content``, the same rendering the board shows, never written out here.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from browsers import launched
from gravehold import Game
from gravehold.storage.saves import Store
from webserver import Server

from support import OPEN, at_main, base_state, closed, minion, player, power

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}

pytestmark = pytest.mark.browser


def queen_state() -> Game:
    """Seat 1 (Brama) in its main phase with no aether, against Carapace Queen with a minion,
    a power, husks and a discarded attack; a spell prepped, a gem played, one in the discard."""
    d = base_state([
        player("Brama", hand=["Crystal", "Spark", "Jagged Lightning"], charges=2, played=["Jade"],
               discard=["Spark"], deck=["Crystal", "Crystal"],
               breaches=[{"state": "open", "spells": ["Conjure the Lost"]}, closed(1), closed(0), closed(2)]),
        player("Kadir", hand=["Crystal"] * 5, breaches=[{"state": "open", "spells": ["Spark"]}, OPEN, closed(1),
                                                        closed(2)]),
    ])
    d["config"]["nemesis"] = "Carapace Queen"
    d["nemesis"].update(id="Carapace Queen", life=52, max_life=60, tokens={"husk": 5}, decks={},
                        in_play=[minion("Broodwomb"), power("Agony Field", 2)], discard=["Hatch"])
    return at_main(d)


def glutton_state() -> Game:
    """Seat 1 with 6 aether against Prince of Gluttons, three cards on the devoured pile."""
    d = base_state([player("Brama", aether=6, hand=["Crystal"]), player("Kadir")])
    d["config"]["nemesis"] = "Prince of Gluttons"
    d["nemesis"].update(id="Prince of Gluttons", tokens={}, decks={"devoured": ["Jade", "Bloodstone Jewel",
                                                                                 "Amethyst Shard"]})
    return at_main(d)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Store]]:
    db = tmp_path_factory.mktemp("cards") / "cards.db"
    store = Store(f"sqlite:///{db}")
    srv = Server(db).start()
    yield srv, store
    srv.stop()


@pytest.fixture(scope="module")
def browser(site: tuple[Server, Store]) -> Iterator[Any]:
    with launched() as b:
        yield b


@pytest.fixture(scope="module")
def content(site: tuple[Server, Store]) -> dict[str, Any]:
    return dict(httpx.get(site[0].url + "/api/content", timeout=10).json())


def board(site: tuple[Server, Store], browser: Any, game: Game, **ctx: Any) -> Any:
    """A fresh page on seat 1 of a new game holding ``game`` (both seats human: nobody moves)."""
    srv, store = site
    gid, tok = secrets.token_hex(6), secrets.token_urlsafe(9)
    seats = [{"kind": "human", "token": tok}, {"kind": "human", "token": secrets.token_urlsafe(9)}]
    store.create(gid, "", "cards", game.state.config, seats, secrets.token_urlsafe(9), game)
    page = browser.new_context(**(ctx or DESKTOP)).new_page()
    page.goto(f"{srv.url}/g/{gid}?t={tok}")
    page.wait_for_function("() => S && S.your_turn && document.querySelector('#hand .card')")
    return page


def face(card: Any) -> dict[str, Any]:
    """What a card on the board shows, and whether its text is on screen (not behind a hover)."""
    return dict(card.evaluate("""c => { const t = c.querySelector('.c-text'), cost = c.querySelector('.cost');
      const r = t ? t.getBoundingClientRect() : null;
      return { name: c.querySelector('.c-name').textContent, cost: cost ? cost.textContent : null,
               meta: c.querySelector('.c-meta').textContent, text: t ? t.textContent : null,
               shown: !!r && r.height > 10 && getComputedStyle(t).visibility === 'visible',
               clamped: !!t && t.scrollHeight > t.clientHeight + 1 }; }"""))


def card_face(content: dict[str, Any], name: str) -> dict[str, Any]:
    c = content["cards"].get(name) or content["nemesis_cards"][name]
    return {"name": name, "cost": str(c["cost"]) if "cost" in c else None, "text": c["text"]}


def no_overflow(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_every_zone_shows_name_cost_and_text_without_hovering(site: Any, browser: Any, content: Any) -> None:
    page = board(site, browser, queen_state())
    zones = {
        "hand": page.locator("#hand .card[data-name='Crystal']"),
        "prepped": page.locator("#breach-0-0 .card[data-name='Conjure the Lost']"),
        "ally prepped": page.locator("#breach-1-0 .card[data-name='Spark']"),
        "played": page.locator("#played-0 .card[data-name='Jade']"),
        "discard": page.locator("#player-0 details.discard .card[data-name='Spark']"),
        "supply": page.locator("#supply .card[data-name='Jagged Lightning']"),
        "minion": page.locator("#nemesis .card.in-play[data-name='Broodwomb']"),
        "power": page.locator("#nemesis .card.in-play[data-name='Agony Field']"),
        "nemesis discard top": page.locator("#nemesis .card[data-name='Hatch']"),
    }
    page.locator("#player-0 details.discard summary").click()  # the discard, like a pile, opens
    for zone, loc in zones.items():
        assert loc.count() == 1, zone
        f = face(loc)
        want = card_face(content, loc.get_attribute("data-name"))
        assert {k: f[k] for k in want} == want, zone
        assert f["shown"], zone
    assert "×5" in page.locator("#supply .card[data-name='Jagged Lightning'] .count").inner_text()
    assert "life 5" in face(zones["minion"])["meta"] and "minion" in face(zones["minion"])["meta"]
    assert "power 2" in face(zones["power"])["meta"]
    assert "discard top" in face(zones["nemesis discard top"])["meta"]
    # the mats: the mage's ability with its charges, the nemesis' rules with its tokens
    brama = next(m for m in content["mages"] if m["id"] == "Brama")
    mat = face(page.locator("#mat-0"))
    assert (mat["name"], mat["text"], mat["shown"]) == (brama["ability"], brama["text"], True)
    assert "charges 2/5" in mat["meta"]
    rules = face(page.locator("#mat-rules"))
    assert (rules["name"], rules["text"]) == ("Carapace Queen", content["nemesis_rules"]["Carapace Queen"]["text"])
    assert "husk 5" in rules["meta"]
    # the piles with their counts; the nemesis deck lists the nemesis' own cards not seen yet
    assert page.locator("#nemesis-deck .count").inner_text() == "×3"
    assert page.locator("#nemesis-discard .count").inner_text() == "×1"
    assert page.locator("#deck-0 .count").inner_text() == "×2"
    page.locator("#nemesis-deck").click()
    unseen = page.locator("#detail .cards .card").evaluate_all("es => es.map(e => e.dataset.name)")
    queen = next(n for n in content["nemeses"] if n["id"] == "Carapace Queen")
    assert sorted(unseen) == sorted(c for c in queen["cards"] if c not in ("Hatch", "Broodwomb"))  # seen: out
    page.context.close()


def test_a_clamped_card_opens_in_full_on_one_click_and_i_shows_an_actionable_one(
        site: Any, browser: Any, content: Any) -> None:
    page = board(site, browser, queen_state())
    pile = page.locator("#supply .card[data-name='Jagged Lightning']")  # 4 Æ: not affordable, so a click reads it
    assert face(pile)["clamped"] and "clamped" in (pile.get_attribute("class") or "")
    pile.click()
    sheet = page.locator("#detail")
    assert sheet.is_visible()
    full = face(sheet.locator(".card.big"))
    assert full["text"] == content["cards"]["Jagged Lightning"]["text"] and not full["clamped"] and full["shown"]
    assert sheet.locator(".d-acts button").all_inner_texts() == ["Close"]  # nothing to do with it now
    page.keyboard.press("Escape")
    assert not sheet.is_visible()
    # an actionable card: the "i" (or a right click) shows it with its actions, a click acts
    seq = page.evaluate("S.seq")
    page.locator("#hand .card[data-name='Crystal'] .info").click()
    assert sheet.is_visible() and face(sheet.locator(".card.big"))["name"] == "Crystal"
    play = "play Crystal — " + content["cards"]["Crystal"]["text"]
    assert sheet.locator(".d-acts button").all_inner_texts() == [play, "Close"]
    page.locator("#breach-0-0 .card").click(button="right")
    assert face(sheet.locator(".card.big"))["name"] == "Conjure the Lost" and page.evaluate("S.seq") == seq
    page.locator("#hand .card[data-name='Crystal']").click()
    page.wait_for_function("n => S.seq > n && document.querySelector('#played-0 .card[data-name=Crystal]')", arg=seq)
    assert not sheet.is_visible() and "aether 1" in page.locator("#player-0").inner_text()
    page.context.close()


def test_closed_breaches_show_their_costs_when_not_affordable(site: Any, browser: Any) -> None:
    page = board(site, browser, queen_state())  # no aether: every cost is shown, none is a button
    for k, want in ((1, ["focus 2 Æ", "open 4 Æ"]), (2, ["focus 3 Æ", "open 9 Æ"]), (3, ["focus 4 Æ", "open 7 Æ"])):
        assert page.locator(f"#breach-0-{k} .cost-tag").all_inner_texts() == want
        assert page.locator(f"#breach-0-{k} button").count() == 0
    assert page.locator("#breach-1-2 .cost-tag").all_inner_texts() == ["focus 3 Æ", "open 7 Æ"]  # the ally's too
    assert page.locator("#breach-0-0 .cost-tag").count() == 0  # an open breach has none
    page.context.close()
    page = board(site, browser, glutton_state())  # 6 aether: what can be paid is a button, the rest still shown
    assert page.locator("#breach-0-1 button").all_inner_texts() == ["focus 2 Æ", "open 4 Æ"]
    assert page.locator("#breach-0-2 button").all_inner_texts() == ["focus 3 Æ"]
    assert page.locator("#breach-0-2 .cost-tag").all_inner_texts() == ["open 9 Æ"]
    page.context.close()


def test_the_devoured_pile_lies_face_up_and_its_top_card_is_gained_from_the_pile(
        site: Any, browser: Any, content: Any) -> None:
    page = board(site, browser, glutton_state())
    pile = page.locator("#pile-devoured .card")
    assert pile.evaluate_all("es => es.map(e => e.dataset.name)") == ["Jade", "Bloodstone Jewel", "Amethyst Shard"]
    for k in range(3):
        f = face(pile.nth(k))
        assert {x: f[x] for x in ("name", "cost", "text")} == card_face(content, f["name"])
    assert [pile.nth(k).evaluate("e => e.classList.contains('legal')") for k in range(3)] == [True, False, False]
    assert page.locator("#more").is_hidden()  # the gain is on the pile, not among other choices
    pile.first.locator(".info").click()
    assert page.locator("#detail .d-acts button").first.inner_text() == "gain Jade from the devoured pile (2 Æ)"
    page.keyboard.press("Escape")
    pile.first.click()
    page.wait_for_function("() => document.querySelectorAll('#pile-devoured .card').length === 2")
    assert pile.evaluate_all("es => es.map(e => e.dataset.name)") == ["Bloodstone Jewel", "Amethyst Shard"]
    assert "aether 4" in page.locator("#player-0").inner_text()
    assert page.evaluate("S.view.players[0].discard") == ["Jade"]
    page.context.close()


def test_on_a_phone_the_first_tap_shows_a_card_and_the_second_acts(site: Any, browser: Any, content: Any) -> None:
    page = board(site, browser, glutton_state(), **PHONE)
    no_overflow(page)
    seq = page.evaluate("S.seq")
    crystal = page.locator("#hand .card[data-name='Crystal']")
    crystal.tap()
    sheet = page.locator("#detail")
    assert sheet.is_visible()
    shown = face(sheet.locator(".card.big"))
    assert {k: shown[k] for k in ("name", "cost", "text")} == card_face(content, "Crystal")
    assert sheet.locator(".d-acts button[data-action]").all_inner_texts() == ["play Crystal — " + shown["text"]]
    assert page.evaluate("S.seq") == seq and page.evaluate("S.view.players[0].aether") == 6  # nothing done yet
    no_overflow(page)
    crystal.tap()  # the second tap acts
    page.wait_for_function("n => S.seq > n && S.view.players[0].aether === 7", arg=seq)
    assert not sheet.is_visible()
    # a supply pile: first tap shows it, its button gains it
    seq = page.evaluate("S.seq")
    page.locator("#supply .card[data-name='Jagged Lightning']").tap()
    assert face(sheet.locator(".card.big"))["name"] == "Jagged Lightning" and page.evaluate("S.seq") == seq
    sheet.locator(".d-acts button[data-action]").tap()
    page.wait_for_function("n => S.seq > n && S.view.players[0].discard.includes('Jagged Lightning')", arg=seq)
    # a tap on a card that cannot act just shows it
    page.locator("#pile-devoured .card").nth(2).tap()
    assert face(sheet.locator(".card.big"))["name"] == "Amethyst Shard"
    no_overflow(page)
    page.context.close()
    page = board(site, browser, queen_state(), **PHONE)  # a busy board fits the phone too
    no_overflow(page)
    page.locator("#mat-rules").tap()
    rules = content["nemesis_rules"]["Carapace Queen"]["text"]
    assert face(page.locator("#detail .card.big"))["text"] == rules
    no_overflow(page)
    page.context.close()


def test_the_last_nemesis_card_drawn_is_shown_and_log_names_open_their_card(
        site: Any, browser: Any, content: Any) -> None:
    srv = site[0]
    c = httpx.Client(base_url=srv.url, timeout=10)
    links = c.post("/api/games", json={"seats": [{"mage": "Brama"}, {"mage": "Kadir"}], "nemesis": "Carapace Queen",
                                       "market": "Deck Destruction", "seed": 5}).json()
    gid, toks = links["id"], [u["url"].split("t=")[1] for u in links["seats"]]
    drawn = None
    for _ in range(60):  # both seats human: whoever decides takes the first option, until the nemesis draws
        states = [c.get(f"/api/games/{gid}", params={"t": t}).json() for t in toks]
        drawn = next((ln for ln in states[0]["log"] if ln.startswith("the nemesis draws ")), None)
        if drawn:
            break
        t, s = next((t, s) for t, s in zip(toks, states, strict=True) if s["your_turn"])
        c.post(f"/api/games/{gid}/actions", json={"token": t, "seq": s["seq"], "action": s["options"][0]["action"]})
    assert drawn, "the nemesis never drew"
    page = browser.new_context(**DESKTOP).new_page()
    page.goto(srv.url + links["seats"][0]["url"])
    page.wait_for_selector("#nemesis .card.drawn")
    name = page.locator("#nemesis .card.drawn").get_attribute("data-name")
    assert drawn.startswith(f"the nemesis draws {name} (")
    f = face(page.locator("#nemesis .card.drawn"))
    assert (f["text"], f["shown"]) == (content["nemesis_cards"][name]["text"], True)
    ref = page.locator("#log .ref", has_text=name).first
    ref.click()
    assert face(page.locator("#detail .card.big"))["text"] == content["nemesis_cards"][name]["text"]
    page.context.close()


def test_the_view_names_the_special_decks_that_lie_face_up() -> None:
    v = glutton_state().view_for(1)  # any seat: the devoured pile is public, in its order
    assert v["nemesis"]["face_up_decks"] == ["devoured"]
    assert v["nemesis"]["decks"]["devoured"] == ["Jade", "Bloodstone Jewel", "Amethyst Shard"]
    d = base_state()  # Rageborne's strike deck lies face down: its contents are known, not its order
    g = at_main(d)
    v = g.view_for(0)
    assert v["nemesis"]["face_up_decks"] == []
    assert v["nemesis"]["decks"]["strike"] == sorted(d["nemesis"]["decks"]["strike"])


def test_every_mage_and_nemesis_draws_without_a_script_error(site: Any, browser: Any) -> None:
    """Random-bot games of every nemesis, every mage seated once, each watched over a few redraws."""
    from gravehold import catalog

    srv = site[0]
    mages, nemeses = [m["id"] for m in catalog.mages()], [n["id"] for n in catalog.nemeses()]
    c = httpx.Client(base_url=srv.url, timeout=10)
    watch = []
    for k, nem in enumerate(nemeses):  # all start at once, so they are mid-game when watched
        seats = [{"mage": mages[(2 * k + j) % len(mages)], "bot": "random"} for j in range(2)]
        watch.append((nem, c.post("/api/games", json={"seats": seats, "nemesis": nem, "seed": k}).json()["spectator"]))
    errors: list[str] = []
    page = browser.new_context(**DESKTOP).new_page()
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    for nem, url in watch:
        page.goto(srv.url + url)
        page.wait_for_function("() => S !== null && !!document.querySelector('#mat-rules')")
        page.wait_for_function("n => S.over || S.seq >= n + 3", arg=page.evaluate("S.seq"))
        assert page.locator("#mat-rules .c-name").inner_text() == nem
    assert not errors, errors
    page.context.close()
