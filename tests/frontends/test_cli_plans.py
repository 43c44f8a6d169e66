"""``gravehold plans``: the planner's library and its ranking for a seeded setup."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gravehold.agents.plan_model import features_of, shipped
from gravehold.cli import app
from gravehold.engine.game import Game

runner = CliRunner()


def test_plans_lists_the_shipped_library_in_order() -> None:
    r = runner.invoke(app, ["plans", "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)
    m = shipped()
    assert [row["plan"] for row in rows] == list(m.names)
    assert rows[0]["what it does"] == "the heuristic as it is"
    assert all(row["advantage"] == f"{m.doc.prior.get(row['plan'], 0.0):+.3f}" for row in rows)


def test_plans_ranks_the_library_for_a_seeded_setup_as_the_model_does() -> None:
    r = runner.invoke(app, ["plans", "--nemesis", "Rageborne", "--mages", "Brama,Mist", "--market",
                            "Deck Destruction", "--seed", "4", "--json"])
    assert r.exit_code == 0, r.output
    rows = json.loads(r.stdout)
    st = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=4).state
    feats = features_of("Rageborne", ["Brama", "Mist"], st.supply_names)
    assert [row["plan"] for row in rows] == [p.name for p in shipped().ranking(feats)]


def test_plans_schema_is_the_plan_format() -> None:
    r = runner.invoke(app, ["plans", "--schema"])
    assert r.exit_code == 0
    assert json.loads(r.stdout)["title"] == "PlanDoc"


def test_plans_with_a_bad_model_or_nemesis_is_one_error_line(tmp_path: Path) -> None:
    bad = tmp_path / "m.json"
    bad.write_text(json.dumps({"format": "gravehold-plan-model", "format_version": 1, "plans": []}))
    r = runner.invoke(app, ["plans", "--model", str(bad)])
    assert r.exit_code == 2 and r.output.startswith(f"error: {bad}.plans: Tuple should have at least 1 item")
    r = runner.invoke(app, ["plans", "--nemesis", "Ragebornx"])
    assert r.exit_code == 2 and r.output.startswith("error: unknown nemesis 'Ragebornx'. Did you mean: Rageborne?")
    assert "Traceback" not in r.output
