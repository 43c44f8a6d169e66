"""`gravehold campaign`: each step of a Legacy campaign from the command line, stored, and
refused by name when wrong (nothing stored changes on a refusal); on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
import typer
from click.testing import CliRunner

from databases import BACKENDS, database_url
from gravehold.campaigns.legacy import LEGACY, Legacy
from gravehold.campaigns.store import CampaignStore
from gravehold.cli import app
from gravehold.storage.saves import Store

COMMAND = typer.main.get_command(app)
runner = CliRunner()
TINY = str(Path(__file__).parent.parent / "fixtures" / "campaigns" / "tiny.toml")


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each command runs against SQLite and PostgreSQL (``databases.py``)."""
    yield from database_url(request.param, tmp_path)


def cli(db: str, *args: str, ok: bool = True) -> Any:
    r = runner.invoke(COMMAND, ["campaign", *args, "--db", db], env={"COLUMNS": "200"})
    if ok:
        assert r.exit_code == 0, r.output
    return r


def refused(r: Any, message: str) -> None:
    """Exit 2, one `error:` line holding the message, no traceback."""
    assert r.exit_code == 2, r.output
    assert message in " ".join(r.output.split()), r.output
    assert "Traceback" not in r.output and (r.exception is None or isinstance(r.exception, SystemExit))


def new(db: str, *args: str) -> str:
    cid: str = json.loads(cli(db, "new", "--script", TINY, "--players", "2", "--city", "Azer", "--seed", "3",
                              *args, "--json").stdout)["id"]
    return cid


def stored(db: str, cid: str) -> Legacy:
    return CampaignStore(Store(db), LEGACY).get(cid).doc


def row_state(db: str, cid: str) -> tuple[str, int]:
    row = CampaignStore(Store(db), LEGACY).get(cid).row
    return row.state, row.version


def to_spend(db: str) -> str:
    """A tiny campaign whose first battle was fought twice by bots: it waits for spending."""
    cid = new(db)
    for _ in range(2):
        cli(db, "play", cid, "--auto")
    assert stored(db, cid).phase == "spend"
    return cid


def test_new_list_and_show(db: str) -> None:
    r = cli(db, "new", "--script", TINY, "--players", "2", "--city", "Azer", "--seed", "3", "--title", "Ours")
    assert "Campaign " in r.stdout and "choose its setup" in r.stdout and "gravehold campaign battle" in r.stdout
    cid = json.loads(cli(db, "list", "--json").stdout)[0]["id"]
    assert cid in cli(db, "list").stdout
    out = cli(db, "show", cid).stdout
    for words in ("Ours", "Arachnos (LOG)", "Experience: 0", "Stickers: none yet", "No game fought yet",
                  "choose its setup"):
        assert words in out, out
    doc = json.loads(cli(db, "show", cid, "--json").stdout)
    assert doc["options"] == {"players": 2, "city": "Azer"} and doc["seed"] == 3 and doc["script"]["id"] == "tiny"


def test_the_shipped_script_starts_a_campaign(db: str) -> None:
    r = cli(db, "new", "--players", "2", "--city", "Gravehold", "--json")
    cid = json.loads(r.stdout)["id"]
    assert stored(db, cid).script.id == "project"
    assert "choose its setup" in cli(db, "show", cid).stdout or stored(db, cid).phase != "choose"


def test_battle_with_chosen_mages_then_play_by_bots(db: str) -> None:
    cid = new(db)
    r = cli(db, "battle", cid, "--mage", "1:Dezmodia", "--mage", "2:Arachnos (LOG)")
    assert "seat 1: Dezmodia (LOG), heuristic bot" in r.stdout
    doc = stored(db, cid)
    assert doc.phase == "battle" and [s.mage for s in doc.current.choices.seats] == ["Dezmodia (LOG)",
                                                                                        "Arachnos (LOG)"]
    assert len(doc.current.choices.supply) == 9  # the policy's supply by default
    out = json.loads(cli(db, "play", cid, "--json").stdout)
    assert out["steps"][0]["step"] == "battle" and stored(db, cid).history[0].battle == 1


def test_battle_refuses_a_mage_outside_the_barracks_and_a_bad_supply(db: str) -> None:
    cid = new(db)
    before = row_state(db, cid)
    refused(cli(db, "battle", cid, "--mages", "Kadir (LOG),Arachnos (LOG)", ok=False), "is not a mage this battle")
    refused(cli(db, "battle", cid, "--mage", "1:Arachnos", ok=False), "seat(s) 2 have no mage")
    refused(cli(db, "battle", cid, "--auto", "--supply", "Spark", ok=False), "supply")
    assert row_state(db, cid) == before


def test_spend_choose_and_the_whole_campaign(db: str) -> None:
    cid = to_spend(db)
    out = cli(db, "show", cid).stdout
    assert "Spend experience" in out and "focus" in out and "--done" in out
    r = cli(db, "spend", cid, "--buy", "focus", "--mage", "Arachnos")
    assert "Bought focus" in r.stdout
    doc = stored(db, cid)
    assert [(p.ref, p.mage) for p in doc.stickers] == [("focus", "Arachnos (LOG)")] and doc.experience == 2
    cli(db, "spend", cid, "--done")
    assert stored(db, cid).phase == "choice"
    assert "Open the sealed pack" in cli(db, "show", cid).stdout
    cli(db, "choose", cid, "--option", "0")
    doc = stored(db, cid)
    assert doc.phase == "choose" and [u.name for u in doc.unlocks] == ["more"]
    out = cli(db, "play", cid, "--all").stdout
    assert "Complete" in out and stored(db, cid).phase == "complete"
    shown = cli(db, "show", cid).stdout
    for words in ("Steady Focus", "Unlocked packs: more", "Games", "Bishop: Returned", "Complete"):
        assert words in shown, shown
    refused(cli(db, "play", cid, ok=False), "is complete")


def test_play_all_takes_every_step_by_the_bots(db: str) -> None:
    cid = new(db)
    out = json.loads(cli(db, "play", cid, "--all", "--json").stdout)
    assert out["phase"] == "complete"
    kinds = [s["step"] for s in out["steps"]]
    assert "spend" in kinds and "choice" in kinds and kinds.count("battle") >= 2


def test_bad_input_is_refused_by_name_and_changes_nothing(db: str, tmp_path: Path) -> None:
    refused(cli(db, "show", "nosuch", ok=False), "no campaign 'nosuch'")
    refused(cli(db, "spend", "nosuch", "--done", ok=False), "no campaign 'nosuch'")
    refused(cli(db, "new", "--script", TINY, "--players", "2", "--city", "Atlantis", ok=False),
            "--city: 'Atlantis' is not a city of this script")
    refused(cli(db, "new", "--script", TINY, "--players", "3", "--city", "Azer", ok=False),
            "--players: this script is for 1 to 2 players, not 3")
    bad = tmp_path / "bad.toml"
    bad.write_text(Path(TINY).read_text().replace('nemesis = "Bishop of Scrolls"', 'nemesis = "Nobody"'))
    refused(cli(db, "new", "--script", str(bad), "--players", "2", "--city", "Azer", ok=False),
            "script.steps[0].nemesis: unknown nemesis 'Nobody'")
    refused(cli(db, "new", "--script", str(tmp_path / "none.toml"), "--players", "2", "--city", "Azer", ok=False),
            "cannot be read")
    assert json.loads(cli(db, "list", "--json").stdout) == []
    cid = new(db)
    before = row_state(db, cid)
    refused(cli(db, "spend", cid, "--buy", "focus", ok=False), "experience is spent only when the story allows")
    refused(cli(db, "choose", cid, "--option", "0", ok=False), "the story offers no choice now")
    refused(cli(db, "place", cid, "--vestige", "echo", "--mage", "Arachnos", ok=False), "is not waiting")
    refused(cli(db, "play", cid, ok=False), "has not begun")
    assert row_state(db, cid) == before
    cid = to_spend(db)
    before = row_state(db, cid)
    refused(cli(db, "spend", cid, "--buy", "nope", ok=False), "--buy: 'nope' cannot be bought now")
    refused(cli(db, "spend", cid, "--buy", "focus", "--mage", "Kadir", ok=False), "--mage:")
    refused(cli(db, "spend", cid, ok=False), "give one of --buy ENH or --done")
    refused(cli(db, "spend", cid, "--buy", "focus", "--done", ok=False), "give one of --buy ENH or --done")
    assert row_state(db, cid) == before


def test_export_import_round_trip_and_a_tampered_file(db: str, tmp_path: Path) -> None:
    cid = to_spend(db)
    cli(db, "battle", cid, ok=False)
    out = tmp_path / "c.json"
    assert "wrote" in cli(db, "export", cid, "-o", str(out)).stdout
    other = f"sqlite:///{tmp_path / 'y.db'}"
    r = cli(other, "import", str(out))
    assert f"imported {cid}" in r.stdout
    here = stored(db, cid)  # the games of finished battles stay in the store they were played in
    assert stored(other, cid) == msgspec.structs.replace(
        here, history=[msgspec.structs.replace(r, game=None) for r in here.history])
    refused(cli(other, "import", str(out), ok=False), "is already stored")
    assert json.loads(cli(other, "import", str(out), "--new-id", "--json").stdout)["id"] != cid
    doc = json.loads(out.read_text())
    doc["legacy"]["experience"] += 5
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    refused(cli(f"sqlite:///{tmp_path / 'z.db'}", "import", str(bad), ok=False), "legacy.experience")
    assert json.loads(cli(f"sqlite:///{tmp_path / 'z.db'}", "list", "--json").stdout) == []


def test_a_running_battle_exports_and_imports_with_its_actions(db: str, tmp_path: Path) -> None:
    cid = new(db)
    cli(db, "battle", cid, "--auto")
    raw = cli(db, "export", cid).stdout
    path = tmp_path / "c.json"
    path.write_text(raw)
    other = f"sqlite:///{tmp_path / 'y.db'}"
    cli(other, "import", str(path))
    assert stored(other, cid).phase == "battle"
    cli(other, "play", cid)
    assert len(stored(other, cid).history) == 1


def test_the_help_lists_every_command() -> None:
    r = runner.invoke(COMMAND, ["campaign", "--help"], env={"COLUMNS": "100"})
    assert r.exit_code == 0
    for name in ("new", "list", "show", "battle", "play", "spend", "choose", "place", "export", "import",
                 "simulate"):
        assert name in r.output


def test_place_a_vestige_the_story_gave(db: str) -> None:
    from gravehold.campaigns.legacy import steps
    from gravehold.campaigns.legacy.script import load

    doc = steps.new(load(TINY), 2, "Azer", seed=3)
    doc.vestiges, doc.phase = ["echo"], "vestige"  # as C-9 leaves it after a severed mage retires
    cid = CampaignStore(Store(db), LEGACY).create(doc).row.id
    assert "Echo of the Fallen (ability space)" in cli(db, "show", cid).stdout
    before = row_state(db, cid)
    refused(cli(db, "place", cid, "--vestige", "nope", "--mage", "Arachnos", ok=False), "'nope' is not waiting")
    refused(cli(db, "place", cid, "--vestige", "echo", "--mage", "Kadir (LOG)", ok=False), "--mage:")
    assert row_state(db, cid) == before
    r = cli(db, "place", cid, "--vestige", "echo", "--mage", "Arachnos")
    assert "Placed echo on Arachnos (LOG)'s mat" in r.stdout and "choose its setup" in r.stdout
    after = stored(db, cid)
    assert after.phase == "choose" and [(p.ref, p.mage, p.space) for p in after.stickers] == [
        ("echo", "Arachnos (LOG)", "ability")]
