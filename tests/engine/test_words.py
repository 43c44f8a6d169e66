"""Wordings (content/words.py): every rendered text in the classic terms or The New Age's.

The swaps are checked on exact sentences; then each surface that offers the choice: the
catalogue commands, ``play``, the terminal board's ``w`` key, and the web (the socket's
``w`` and ``/api/content?words=``).
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from textual.widgets import Static
from typer.testing import CliRunner

from gravehold import Game
from gravehold.agents import make_agent
from gravehold.cli import app as cli
from gravehold.content import registry, words
from gravehold.content.model import Box
from gravehold.errors import GraveholdError
from gravehold.terminal.app import GameApp
from gravehold.terminal.panes import LogPane, Pane
from gravehold.terminal.render import entries
from gravehold.terminal.session import Session
from gravehold.web.app import create_app
from gravehold.web.live import LiveGame, sit
from gravehold.web.payload import payload
from gravehold.web.summary import end_summary
from gravehold.web.texts import content_texts, game_title

from support import base_state, player, run_steps

runner = CliRunner()


@pytest.mark.parametrize(("classic", "new_age"), [
    ("TO DISCARD: Spend 7 Æ.\nPOWER 2: Unleash twice.", "PREVENT: Spend 7 Æ.\nTIME 2: SPECIAL 2."),
    ("PERSISTENT: Any player suffers 1 damage.", "RUSH: Any player suffers 1 damage."),
    ("While prepped: once per turn, gain 1 charge.", "BOUND: once per turn, gain 1 energy."),
    ("gain a charge (2 Æ); P1 gains a charge", "gain 1 energy (2 Æ); P1 gains 1 energy"),
    ("Focus your closed breach; prep a spell to an opened breach.",
     "Bundle your dark breach; bind a spell to an active breach."),
    ("Gain 1 Æ usable only to gain a gem. Relics cost 1 less.",
     "Gain 1 Æ usable only to gain a crystal. Artifacts cost 1 less."),
    ("Gain 2 Æ usable only to gain a relic. A relic costs 1 less.",
     "Gain 2 Æ usable only to gain an artifact. An artifact costs 1 less."),
    ("Each minion and power with tier 2 or more; Gravehold gains 2 life.",
     "Each monster and plot with level 2 or more; Gravehold gains 2 health."),
    ("The nemesis Unleashes three times? No: Unleash three times.",
     "The nemesis resolves SPECIAL three times? No: SPECIAL 3."),
])
def test_new_age_words_swap_each_term_keeping_case(classic: str, new_age: str) -> None:
    assert words.say(classic, "new_age") == new_age
    assert words.say(classic, "classic") == classic


def test_new_age_words_keep_every_catalogue_name_whole_but_the_starter_gem() -> None:
    # names hold the very words that are swapped elsewhere: they stay as printed
    text = "Play Aether Conduit and a gem; discard Crystal, then Spark. Blind Enigma is a minion."
    assert words.say(text, "new_age") == (
        "Play Aether Conduit and a crystal; discard Splinter, then Spark. Blind Enigma is a monster.")
    assert words.say("Mage's Totem", "new_age") == "Mage's Totem"
    assert words.shown_name("Crystal", "new_age") == "Splinter" and words.shown_name("Crystal", "classic") == "Crystal"


def test_auto_words_are_each_boxs_own_and_a_game_speaks_its_nemesis_box() -> None:
    assert words.resolve("auto", "NA") == "new_age"
    assert words.resolve("auto", "AE") == "classic" and words.resolve("auto", None) == "classic"
    assert words.resolve("classic", "NA") == "classic" and words.resolve("new_age", "WE") == "new_age"
    assert words.game_words("auto", "Rageborne") == "classic"
    assert registry.BOXES["NA"].words == "new_age" and Box("X", "X", 1, "we").words == "classic"


def test_an_unknown_wording_is_refused_naming_the_choices() -> None:
    assert words.check("new-age") == "new_age" and words.check("Classic") == "classic"
    with pytest.raises(GraveholdError, match="unknown wording 'old'; use one of auto, classic, new-age, outcasts"):
        words.check("old")


def test_cards_and_nemeses_commands_take_words() -> None:
    r = runner.invoke(cli, ["cards", "--box", "WE", "--words", "new-age", "--json"])
    assert r.exit_code == 0, r.output
    rows = {row["id"]: row for row in json.loads(r.output)}
    dread = rows["Dread Diamond"]
    assert dread["type"] == "gem" and dread["shown_type"] == "crystal"  # the id and type stay the engine's
    assert "bound spells" in dread["text"] and "prepped" not in dread["text"]
    classic = {row["id"]: row for row in json.loads(runner.invoke(cli, ["cards", "--box", "WE", "--json"]).output)}
    assert "prepped spells" in classic["Dread Diamond"]["text"]  # auto: War Eternal's own, classic, words
    r = runner.invoke(cli, ["nemeses", "--cards", "basic", "--box", "AE", "--words", "new-age", "--json"])
    assert r.exit_code == 0 and all("POWER" not in row["text"] and "Unleash" not in row["text"]
                                    for row in json.loads(r.output))
    r = runner.invoke(cli, ["mages", "--words", "new-age", "--json"])
    assert r.exit_code == 0 and all("Crystal" not in row["hand"] for row in json.loads(r.output))


def test_a_bad_words_option_is_a_usage_error_naming_the_choices() -> None:
    for args in (["cards", "--words", "olde"], ["play", "--words", "olde"]):
        r = runner.invoke(cli, args)
        assert r.exit_code == 2 and "unknown wording 'olde'" in " ".join(r.output.split())


def test_play_prints_the_log_in_the_chosen_words() -> None:
    args = ["play", "--mages", "Brama,Mist", "--nemesis", "Rageborne", "--seed", "3", "--bots", "random"]
    new_age = runner.invoke(cli, [*args, "--words", "new-age"])
    classic = runner.invoke(cli, args)
    assert new_age.exit_code == 0 and classic.exit_code == 0
    assert "Unleash" in classic.output and "Unleash" not in new_age.output and "SPECIAL" in new_age.output
    # the same game: only the words differ, line for line
    assert len(new_age.output.splitlines()) == len(classic.output.splitlines())


def test_the_terminal_board_swaps_words_with_the_w_key() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Carapace Queen", market="Deck Destruction", seed=1)
    session = Session(g, frozenset({0}), {1: make_agent("random", 11)})

    async def main() -> tuple[str, str, str, str, list[str]]:
        app = GameApp(session, bot_delay=0.0)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            before = app.query_one("#players").plain + app.query_one("#nemesis").plain
            labels_before = " ".join(str(o.prompt) for o in app.actions_pane.query_one("OptionList")._options)
            await pilot.press("w")
            await pilot.pause()
            after = app.query_one("#players").plain + app.query_one("#nemesis").plain
            labels_after = " ".join(str(o.prompt) for o in app.actions_pane.query_one("OptionList")._options)
            turned = []
            for _ in range(2):  # then Outcasts' words, then back to the classic ones
                await pilot.press("w")
                await pilot.pause()
                turned.append(session.words)
            return before, after, labels_before, labels_after, turned

    before, after, labels_before, labels_after, turned = asyncio.run(main())
    assert turned == ["outcasts", "classic"]
    assert "life" in before and "life" not in after and "health" in after
    assert "Crystal" in labels_before and "Splinter" in labels_after and "Crystal" not in labels_after


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)) as c:
        yield c


def test_web_content_and_socket_speak_the_asked_words(client: TestClient) -> None:
    r = client.get("/api/content", params={"words": "new-age"})
    assert r.status_code == 200
    body = r.json()
    assert body["words"] == "new_age" and body["labels"]["life"] == "health"
    assert body["names"] == {"Crystal": "Splinter"} and "RUSH:" in body["nemesis_cards"]["Bane Sire"]["text"]
    auto = client.get("/api/content").json()
    assert auto["labels"]["life"] == "life" and "PERSISTENT:" in auto["nemesis_cards"]["Bane Sire"]["text"]
    bad = client.get("/api/content", params={"words": "olde"})
    assert bad.status_code == 422 and "unknown wording 'olde'" in bad.text

    seats = [{"mage": "Brama", "bot": None}, {"mage": "Mist", "bot": None}]
    made = client.post("/api/games", json={"seats": seats, "nemesis": "Rageborne", "market": "Deck Destruction",
                                           "seed": 5}).json()
    gid, tok = made["id"], made["seats"][0]["url"].split("t=", 1)[1]
    with client.websocket_connect(f"/ws/{gid}?t={tok}&w=new_age") as ws:
        msg = ws.receive_json()
    assert msg["words"] == "new_age"
    labels = [o["label"] for o in msg["options"]]
    assert any("Splinter" in a for a in labels) and not any("Crystal" in a for a in labels)
    assert msg["view"]["players"][0]["hand"].count("Crystal") >= 1  # names in the view stay the catalogue's
    with client.websocket_connect(f"/ws/{gid}?t={tok}") as ws:
        assert ws.receive_json()["words"] == "classic"  # auto: Rageborne's box speaks the classic words
    with client.websocket_connect(f"/ws/{gid}?t={tok}&w=olde") as ws, pytest.raises(Exception) as closed:
        ws.receive_json()
    assert getattr(closed.value, "code", None) == 4400


# ------------------------------------------------------------------ auto: one game, one wording

#: The New Age's own terms, to find one in a text meant to be classic (names taken out first)
NEW_AGE_TERMS = re.compile(r"\b(crystals?|artifacts?|energy|monsters?|plots?|binds?|bound|binding|bundl\w*|"
                           r"activat\w*|health|levels?|SPECIAL|PREVENT|RUSH|Splinter|time markers?)\b", re.IGNORECASE)


def _names() -> list[str]:
    names = [*registry.CARDS, *registry.NEMESIS_CARDS, *(n.name for n in registry.NEMESES.values())]
    names += [n for m in registry.MAGES.values() for n in (m.name, m.ability.name)]
    return sorted(names, key=len, reverse=True)


def in_words(text: str, wording: str) -> bool:
    """``text`` says only ``wording``'s terms: New Age text is unchanged by saying it in New
    Age words; classic text holds no New Age term outside a catalogue name."""
    if wording == "new_age":
        return words.say(text, "new_age") == text
    for name in _names():
        text = text.replace(name, "")
    return NEW_AGE_TERMS.search(text) is None


def a_relic_asks(nemesis: str, relic: str) -> Game:
    """Brama has played a Crystal and then ``relic``, whose either/or now asks her, against
    ``nemesis``; her hand keeps Buried Light, a Spark tops her discard."""
    d = base_state([player("Brama", hand=[relic, "Crystal", "Buried Light"], deck=["Spark"] * 5, discard=["Spark"]),
                    player("Mist")])
    if nemesis != "Rageborne":
        d["config"]["nemesis"] = nemesis
        d["nemesis"].update(id=nemesis, deck=[], decks={}, tokens={})
    g = run_steps(d, [])
    g.apply(("play", "Crystal"))
    g.apply(("play", relic))
    assert g.decision is not None and g.decision.kind == "or" and g.decision.source == relic
    return g


def terminal_texts(g: Game) -> list[str]:
    """Every text the terminal board shows for seat 1 (``--words auto``), and what its
    inspect key would show."""
    wording = words.game_words("auto", g.state.nemesis.id)
    session = Session(g, frozenset({0}), {1: make_agent("random", 1)}, words=wording)

    async def main() -> list[str]:
        app = GameApp(session, bot_delay=60)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            pane = app.actions_pane
            texts = [w.plain for w in app.query(Pane)] + app.query_one(LogPane).said
            texts += [str(app.query_one("#status", Static).content), str(pane.border_title),
                      str(pane.prompt.content), str(pane.detail.content)]
            texts += [str(pane.options.get_option_at_index(k).prompt) for k in range(pane.options.option_count)]
            await pilot.press("1")  # a choice with two options: the first is taken
            await pilot.pause()
            texts += [w.plain for w in app.query(Pane)] + app.query_one(LogPane).said
            return texts + [f"{e.title}\n{e.text}" for e in entries(session.view(), session.words)]

    return asyncio.run(main())


def web_texts(g: Game) -> list[str]:
    """Every text of seat 1's payload on the web board (``w=auto``), and the card texts its
    board then reads (``/api/content`` in the payload's words)."""
    seats = [{"kind": "human", "token": "a"}, {"kind": "human", "token": "b"}]
    live = LiveGame("g1", sit(g, seats), seats, "s", game_title(g))
    msg = payload(live, 0, words.game_words("auto", g.state.nemesis.id), end_summary)
    texts = [msg["phase"], msg["view"]["decision"]["prompt"], *msg["log"], *(o["label"] for o in msg["options"])]
    texts += list(msg["source"].values())
    shown = content_texts(msg["words"])
    hand = msg["view"]["players"][0]["hand"]
    texts += [shown["cards"][c]["text"] for c in hand] + list(shown["labels"].values())
    return texts + [shown["nemesis_rules"][g.state.nemesis.id]["text"]]


@pytest.mark.parametrize(("nemesis", "relic", "wording"), [
    ("Maggoth", "Mage's Totem", "new_age"),  # a New Age nemesis, a classic (Aeon's End) card
    ("Rageborne", "Caged Fire", "classic"),  # an Aeon's End nemesis, a New Age card
])
def test_auto_words_are_the_nemesis_boxs_on_every_text_of_a_game(nemesis: str, relic: str, wording: str) -> None:
    g = a_relic_asks(nemesis, relic)
    assert words.game_words("auto", nemesis) == wording
    assert words.resolve("auto", registry.CARDS[relic].box) != wording  # the card's own box says the other
    for surface, texts in (("terminal", terminal_texts(g.clone())), ("web", web_texts(g))):
        wrong = [t for t in texts if not in_words(t, wording)]
        assert wrong == [], surface
        assert any(relic in t for t in texts), surface  # the asking card is among them


@pytest.mark.parametrize(("classic", "outcasts"), [
    ("Each mage gains 1 life.", "Each hero gains 1 life."),
    ("Mages on the nemesis mat", "Heroes on the nemesis board"),
    ("Shuffle the turn order deck.", "Shuffle the TOD."),
    ("Place a glyph token; glyphs stay.", "Place a sigil token; sigils stay."),
    ("The stop decks of battle 2", "The stacks of battle 2"),
    ("Maggoth's Nest Mat", "Maggoth's Hive board"),
    ("Prep a gem, then focus.", "Prep a gem, then focus."),  # its card terms are the classic ones
])
def test_outcasts_words_rename_the_pieces_of_the_table_and_keep_the_card_terms(classic: str, outcasts: str) -> None:
    assert words.say(classic, "outcasts") == outcasts


def test_outcasts_words_are_its_box_s_own_and_keep_names_whole() -> None:
    assert words.resolve("auto", "O") == "outcasts" and words.check("Outcasts") == "outcasts"
    assert words.say("Ilya (OC) plays Mage's Totem.", "outcasts") == "Ilya (OC) plays Mage's Totem."
    with pytest.raises(GraveholdError, match="use one of auto, classic, new-age, outcasts"):
        words.check("olde")
