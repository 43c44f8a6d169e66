"""The rules guide: every keyword has its entry, in either words; ``gravehold rules``; the
``--plain`` prompt's ``?``; and tutorial mode from ``gravehold play --tutorial``."""

from __future__ import annotations

import io
import json
import pkgutil
import re
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from gravehold import Game, guide
from gravehold.cli import app
from gravehold.cli.prompts import prompt_action
from gravehold.content import registry
from gravehold.content.text import card_text, mat_text, nemesis_card_text, nemesis_text, treasure_text
from gravehold.content.words import say
from gravehold.engine import keywords

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()
#: a label a card's text starts a line with, in capitals: "PERSISTENT:", "POWER 3:"
LABEL = re.compile(r"^([A-Z]{2,}(?: [A-Z]{2,})*(?: \d+)?:)", re.MULTILINE)


def every_text() -> list[str]:
    """The rendered text of everything the boards show a text for."""
    out = [card_text(c) for c in registry.CARDS.values()]
    out += [nemesis_card_text(c) for c in registry.NEMESIS_CARDS.values()]
    out += [nemesis_text(n) for n in registry.NEMESES.values()]
    out += [mat_text(m) for m in registry.MAGES.values()]
    out += [treasure_text(t) for t in registry.TREASURES.values()]
    return out


def linked(text: str, words: str) -> set[str]:
    """The sections a board links from ``text`` (already in ``words``)."""
    return {sid for pattern, sid in guide.links(words) if re.search(pattern, text)}


def test_every_keyword_module_of_the_engine_has_its_section_and_each_named_one_exists() -> None:
    modules = {m.name for m in pkgutil.iter_modules(keywords.__path__)}
    named = {s.keyword for s in guide.SECTIONS if s.keyword is not None}
    assert modules - named == set(), "keyword modules without a guide section"
    assert named - modules == set(), "guide sections naming no keyword module"


def test_every_capitalised_label_on_a_card_links_to_its_section_in_either_words() -> None:
    labels: dict[str, set[str]] = {}
    for text in every_text():
        for words in ("classic", "new_age"):
            said = say(text, words)
            for label in LABEL.findall(said):
                labels.setdefault(label, set()).update(linked(label, words) or {"?"})
    assert labels, "no label found: the pattern no longer reads the texts"
    missing = sorted(label for label, ids in labels.items() if "?" in ids)
    assert missing == [], "labels on cards without a guide section"
    assert {"PERSISTENT:", "RUSH:", "TO DISCARD:", "PREVENT:", "BLOOD MAGIC:"} <= set(labels)
    assert labels["PERSISTENT:"] == {"persistent"}
    # RUSH: The New Age's word for PERSISTENT, and in classic words Mother of Rust's rustborn effect
    assert labels["RUSH:"] == {"persistent", "rush-effect"}
    assert linked("RUSH:", "classic") == {"rush-effect"} and linked("RUSH:", "new_age") == {"persistent"}
    assert labels["TO DISCARD:"] == labels["PREVENT:"] == {"to-discard"}


def test_keywords_in_card_text_link_to_their_sections_as_each_wording_says_them() -> None:
    power = next(c for c in registry.NEMESIS_CARDS.values() if c.power and c.power_tokens)
    text = nemesis_card_text(power)
    assert "power-n" in linked(text, "classic")
    new_age = say(text, "new_age")
    assert f"TIME {power.power_tokens}:" in new_age and "power-n" in linked(new_age, "new_age")
    assert "power-n" not in linked(new_age, "classic")  # the classic mark is not in New Age text
    echo = next(c for c in registry.CARDS.values() if c.echo)
    assert {"echo", "cast"} <= linked(card_text(echo), "classic")
    assert "unleash" in linked(say("Unleash twice.", "new_age"), "new_age")
    assert linked("The gem's cost", "classic") == set()  # plain words link nothing


def test_sections_name_real_rule_ids_and_say_the_chosen_words() -> None:
    index = set(re.findall(r"^\| ([A-Z]{1,2}-\d+) \|", (ROOT / "docs" / "rules.md").read_text(), re.MULTILINE))
    for s in guide.SECTIONS:
        assert set(s.rules) <= index, s.id
        assert 1 <= s.body.count(". ") + 1 <= 5 and s.body.endswith("."), s.id  # 1-4 short sentences
    assert len({s.id for s in guide.SECTIONS}) == len(guide.SECTIONS)
    na = {s.id: s for s in guide.sections("new_age")}
    assert na["tiers"].title == "Levels" and "level 1 on top" in na["tiers"].body
    assert na["power-n"].title == "TIME N" and na["power-n"].body.startswith("TIME N:")
    assert na["to-discard"].title == "PREVENT" and na["persistent"].title == "RUSH"
    assert "crystal" in na["main"].body and "gem" not in na["main"].body
    assert [s.id for s in guide.sections()] == [s.id for s in guide.sections("new_age")]


def test_find_takes_an_id_a_title_or_a_mark_in_either_words_and_refuses_an_unknown_topic() -> None:
    assert guide.find("echo").id == "echo"
    assert guide.find("To  Discard").id == guide.find("prevent").id == "to-discard"
    assert guide.find("POWER N").id == guide.find("time n").id == "power-n"
    assert guide.find("Exhausted players").id == "exhausted"
    assert guide.find("nemesis turn").id == "nemesis-turn"
    assert guide.find("tiers", "new_age").title == "Levels"
    try:
        guide.find("ecko")
    except Exception as e:  # noqa: BLE001 - the message is what a user reads
        assert "unknown rules topic 'ecko'" in str(e) and "Did you mean: echo?" in str(e)
    else:
        raise AssertionError("an unknown topic was found")


def test_gravehold_rules_lists_the_topics_prints_one_and_refuses_an_unknown_one() -> None:
    r = runner.invoke(app, ["rules"], env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    for s in guide.SECTIONS:
        assert re.search(rf"^{re.escape(s.id)} +{re.escape(s.title)}", r.output, re.MULTILINE), s.id
    for heading in guide.GROUPS.values():
        assert heading in r.output
    r = runner.invoke(app, ["rules", "echo"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and r.output == f"Echo\n{guide.BY_ID['echo'].body}\n"
    r = runner.invoke(app, ["rules", "power n", "--words", "new-age"], env={"COLUMNS": "200"})
    assert r.exit_code == 0 and r.output.startswith("TIME N\nTIME N: the plot enters play with N time markers")
    r = runner.invoke(app, ["rules", "ecko"])
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unknown rules topic 'ecko'. Did you mean: echo?")
    assert "Traceback" not in r.output


def test_a_question_mark_at_a_plain_prompt_shows_the_guide_and_asks_again() -> None:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=3)
    d = g.decision
    assert d is not None
    out = io.StringIO()
    console = Console(file=out, width=1000, force_terminal=False)
    typed = iter(["?", "? echo", "?ecko", "? tiers", "2"])
    console.input = lambda prompt="": next(typed)  # type: ignore[method-assign]
    assert prompt_action(console, g, d.seat, "new_age") == d.options[1]
    text = out.getvalue()
    assert "Rules topics: " + ", ".join(s.id for s in guide.SECTIONS) in text
    assert f"Echo\n{guide.BY_ID['echo'].body}\n" in text
    assert "unknown rules topic 'ecko'. Did you mean: echo?" in text
    assert f"Levels\n{guide.find('tiers', 'new_age').body}\n" in text  # in the game's words
    assert "Please type a number" not in text  # a question is no wrong answer


def test_play_tutorial_offers_the_tutorial_discard_at_the_plain_prompts(tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    # seed 4: Brama's main phase comes first; 3 ends it with the hand kept, then 1 after 1
    args = ["play", "--human", "1", "--plain", "--seed", "4", "--quiet", "--record", str(rec)]
    r = runner.invoke(app, [*args, "--tutorial"], input="3\n" + "1\n" * 3000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Draw phase: discard an unplayed gem or relic?" in r.output
    data = json.loads(rec.read_text())
    assert data["config"]["ruleset"]["tutorial_discard"] is True
    assert data["config"]["ruleset"]["empty_deck_unleashes"] == 2  # the preset's other options kept
    assert data["steps"][1]["action"] == ["discard_card", "Crystal"]
    assert runner.invoke(app, ["replay", str(rec)]).exit_code == 0
    r = runner.invoke(app, [*args, "--json"], input="3\n" + "1\n" * 3000)
    assert r.exit_code == 0 and "discard an unplayed" not in r.output  # not without --tutorial


def test_api_rules_serves_the_guide_in_the_words_asked_and_refuses_unknown_words(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from gravehold.web.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}", bot_delay=0.0)) as client:
        r = client.get("/api/rules", params={"words": "new-age"})
        assert r.status_code == 200
        body = r.json()
        assert body["words"] == "new_age"
        assert [g["id"] for g in body["groups"]] == list(guide.GROUPS)
        assert body["sections"] == [{"id": s.id, "title": s.title, "body": s.body, "group": s.group}
                                    for s in guide.sections("new_age")]
        assert {"pattern": guide.term_pattern("POWER #:", "new_age"), "id": "power-n"} in body["links"]
        assert client.get("/api/rules").json()["sections"][0]["body"] == guide.SECTIONS[0].body  # classic
        r = client.get("/api/rules", params={"words": "elvish"})
        assert r.status_code == 422 and "unknown wording 'elvish'" in r.json()["error"]
