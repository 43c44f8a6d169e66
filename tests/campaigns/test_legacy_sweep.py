"""`gravehold campaign simulate`: whole Legacy campaigns by bots, their rows and summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from click.testing import CliRunner

from gravehold.campaigns.legacy.script import load
from gravehold.campaigns.legacy.sweep import Variant, summarize
from gravehold.campaigns.sweep import jobs_for, run_local
from gravehold.cli import app

TINY = str(Path(__file__).parent.parent / "fixtures" / "campaigns" / "tiny.toml")
COMMAND = typer.main.get_command(app)
runner = CliRunner()


def test_the_same_seed_gives_the_same_rows_with_one_and_two_workers() -> None:
    jobs = jobs_for(Variant(load(TINY), "tiny", 2, "Azer"), 2, 7)
    one, two = run_local(jobs, 1), run_local(jobs, 2)
    assert one == two
    assert all(r["completed"] and not r["stuck"] for r in one)
    s = summarize(one)
    assert s["campaigns"] == 2 and s["games"] == sum(r["games"] for r in one)
    assert sum(p["tries"] for p in s["per_nemesis"]) == s["games"]
    for r in one:
        assert r["experience_earned"] - r["experience_spent"] == r["experience_left"]


def test_simulate_prints_the_summary_and_writes_its_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["campaign", "simulate", "--script", TINY, "--players", "1", "--city", "Gravehold", "--games", "2",
            "--workers", "1"]
    r = runner.invoke(COMMAND, [*args, "--out", str(out)], env={"COLUMNS": "120"})
    assert r.exit_code == 0, r.output
    for words in ("completed", "experience earned", "mages severed", "Battles won and lost per nemesis",
                  "Bishop of Scrolls"):
        assert words in r.stdout, r.stdout
    for name in ("rows.csv", "rows.jsonl", "summary.json", "win_rate_per_nemesis.png"):
        assert (out / name).is_file()
    rows = [json.loads(line) for line in (out / "rows.jsonl").read_text().splitlines()]
    r2 = runner.invoke(COMMAND, [*args[:-1], "2", "--json"])
    assert r2.exit_code == 0, r2.output
    assert json.loads(r2.stdout)["summary"] == summarize(rows)


def test_bad_options_are_refused_in_one_line() -> None:
    for args, message in ((["--city", "Atlantis"], "--city: 'Atlantis' is not a city"),
                          (["--players", "3"], "--players: this script is for 1 to 2 players"),
                          (["--agent", "nobody"], "--agent:")):
        r = runner.invoke(COMMAND, ["campaign", "simulate", "--script", TINY, "--games", "1", *args])
        assert r.exit_code == 2, r.output
        assert message in " ".join(r.output.split()) and "Traceback" not in r.output


def test_a_battle_that_cannot_be_set_up_ends_its_campaign_as_stuck(monkeypatch: pytest.MonkeyPatch) -> None:
    from gravehold.campaigns import sweep
    from gravehold.campaigns.legacy import LEGACY, LegacyError

    def refuse(doc: object, choices: object) -> None:
        raise LegacyError("battle 1: marked[0][0]: no such copy")

    monkeypatch.setattr(LEGACY, "begin", refuse)
    v = Variant(load(TINY), "tiny", 1, "Azer")
    doc, stuck = sweep.play_campaign(LEGACY, v.new(5), "heuristic")
    assert stuck == "battle 1, try 1: setup LegacyError: battle 1: marked[0][0]: no such copy"
    row = v.row(doc, 0, stuck)
    assert not row["completed"] and summarize([row])["stuck"][0]["at"] == stuck


def test_the_planner_plays_whole_campaigns_the_same_for_a_seed() -> None:
    jobs = jobs_for(Variant(load(TINY), "tiny", 1, "Gravehold", agent="planner"), 1, 7)
    one = run_local(jobs, 1)
    assert one == run_local(jobs, 1)  # seeded: the same campaign again
    assert one[0]["completed"] and not one[0]["stuck"] and one[0]["games"] >= 1
