"""`gravehold cards / mages / nemeses / markets`: tables and JSON of the content."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from gravehold.cli import app
from gravehold.content import registry
from gravehold.content.text import card_text

runner = CliRunner()


def _json(*args: str) -> list[dict]:
    r = runner.invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    rows: list[dict] = json.loads(r.stdout)
    return rows


def test_cards_filters_by_box_type_and_word() -> None:
    rows = _json("cards", "--box", "WE", "--type", "relic")
    assert rows and all(r["box"] == "WE" and r["type"] == "relic" for r in rows)
    assert {r["name"] for r in rows} == {c.name for c in registry.CARDS.values()
                                        if c.box == "WE" and c.type == "relic" and not c.starter}
    kindle = [r for r in _json("cards", "--search", "kindle") if r["name"] == "Kindle"][0]
    assert kindle["cost"] == 4 and kindle["text"] == card_text(registry.CARDS["Kindle"])
    assert all(not r["starter"] for r in _json("cards"))
    assert any(r["name"] == "Crystal" for r in _json("cards", "--starters"))


def test_mages_and_nemeses_list_rendered_text() -> None:
    mages = _json("mages", "--box", "AE")
    brama = [m for m in mages if m["id"] == "Brama"][0]
    assert brama["charges"] == 5 and brama["breaches"][0] == "open" and "4 life" in brama["text"]
    nem = [n for n in _json("nemeses") if n["name"] == "Rageborne"][0]
    assert nem["life"] == 70 and "fury" in nem["text"] and len(nem["cards"]) == 9
    cards = _json("nemeses", "--cards", "rageborne")
    assert {c["name"] for c in cards} >= {"Cleave", "Convoke"}
    basics = _json("nemeses", "--cards", "basic", "--box", "AE")
    assert len(basics) == 22


def test_nemesis_cards_show_life_for_minions_and_power_for_powers_only() -> None:
    rows = {r["name"]: r for r in _json("nemeses", "--cards", "rageborne")}
    assert (rows["Avatar of Wrath"]["type"], rows["Avatar of Wrath"]["power"]) == ("minion", None)
    assert rows["Avatar of Wrath"]["life"] == registry.nemesis_card("Avatar of Wrath").life > 0
    assert (rows["Blood Cry"]["type"], rows["Blood Cry"]["life"], rows["Blood Cry"]["power"]) == ("power", None, 2)
    assert (rows["Cleave"]["type"], rows["Cleave"]["life"], rows["Cleave"]["power"]) == ("attack", None, None)
    for row in _json("nemeses", "--cards", "basic"):
        assert (row["life"] is not None) == (row["type"] == "minion"), row["name"]
        assert (row["power"] is not None) == (row["type"] == "power"), row["name"]
    r = runner.invoke(app, ["nemeses", "--cards", "basic", "--box", "AE"], env={"COLUMNS": "200"})
    assert r.exit_code == 0
    rows_out = [line.replace("┃", "│").split("│")[1:-1] for line in r.output.splitlines()]
    lines = {cells[0].strip(): [c.strip() for c in cells] for cells in rows_out if len(cells) == 7 and cells[0].strip()}
    header = lines["name"]
    life, power = header.index("life"), header.index("power")
    assert (lines["Slaughter"][life], lines["Slaughter"][power]) == ("", "")  # an attack
    assert (lines["Needlemaw"][life], lines["Needlemaw"][power]) == ("11", "")  # a minion
    assert (lines["Eye of Nothing"][life], lines["Eye of Nothing"][power]) == ("", "2")  # a power
    assert "0" not in {row[life] for name, row in lines.items() if name != "name"}


def test_tables_render_and_bad_filters_are_refused() -> None:
    r = runner.invoke(app, ["cards", "--box", "WE"])
    assert r.exit_code == 0 and "Kindle" in r.output and "shown" in r.output
    r = runner.invoke(app, ["markets"])
    assert r.exit_code == 0 and "Deck Destruction" in r.output and "Market Setup 2" in r.output
    r = runner.invoke(app, ["cards", "--type", "potion"])
    assert r.exit_code == 2 and "gem, relic or spell" in r.output
    r = runner.invoke(app, ["nemeses", "--cards", "Ragebourne"])
    assert r.exit_code == 2 and "Rageborne" in r.output


def test_boxes_lists_each_box_as_it_declares_itself() -> None:
    rows = _json("boxes")
    assert [r["id"] for r in rows] == ["AE", "WE", "NA", "O", "LOG"]
    assert rows[0] | {"name": "Aeon's End", "wave": 1, "preset": "ae", "mages": 8, "nemeses": 4} == rows[0]


def test_box_option_takes_an_id_or_a_name_and_names_an_unknown_box() -> None:
    assert {m["box"] for m in _json("mages", "--box", "war eternal")} == {"WE"}
    r = runner.invoke(app, ["mages", "--box", "XX"])
    assert r.exit_code == 2 and "unknown box 'XX'" in r.output and "AE, LOG, NA, O, WE" in r.output


def test_cards_show_the_city_of_a_legacy_supply_card_beside_its_box_and_none_elsewhere() -> None:
    rows = _json("cards", "--box", "LOG")
    of_city = [r for r in rows if r["type"] in ("gem", "relic", "spell")]  # a nemesis' parasites have none
    assert of_city and all(r["city"] in ("Gravehold", "Azer") for r in of_city)
    assert {r["city"] for r in rows if r["type"] == "parasite"} == {None}
    assert next(r for r in rows if r["name"] == "Cascade")["city"] == "Gravehold"
    assert all(r["city"] is None for r in _json("cards", "--box", "WE"))
    wide = {"COLUMNS": "200"}
    assert "LOG (Gravehold)" in runner.invoke(app, ["cards", "--box", "LOG"], env=wide).output
    assert "WE (" not in runner.invoke(app, ["cards", "--box", "WE"], env=wide).output


def test_mages_show_a_legacy_mages_city_beside_its_box_and_its_title() -> None:
    rows = {r["id"]: r for r in _json("mages", "--box", "LOG")}
    assert len(rows) == 21 and {r["city"] for r in rows.values()} == {"Azer", "Gravehold"}
    assert (rows["Kadir (LOG)"]["title"], rows["Kadir (LOG)"]["city"]) == ("Gemcrafter", "Gravehold")
    out = runner.invoke(app, ["mages", "--search", "Kadir"], env={"COLUMNS": "200"}).output
    assert "Kadir (LOG)" in out and "LOG (Gravehold)" in out and "Gemcrafter" in out and "NA (" not in out
