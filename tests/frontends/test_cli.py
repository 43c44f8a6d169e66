"""The command line: play, replay, bench, and clear errors for user mistakes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gravehold.cli import app

runner = CliRunner()
KEYS = {"result", "reason", "turns", "seed", "gravehold_life", "nemesis_life"}


def play_recorded(tmp_path: Path, seed: int = 11) -> tuple[dict, Path]:
    rec = tmp_path / "game.json"
    r = runner.invoke(app, ["play", "--mages", "Brama,Mist", "--nemesis", "Rageborne",
                            "--seed", str(seed), "--record", str(rec), "--json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.stdout), rec


def test_play_json_prints_one_outcome_object(tmp_path: Path) -> None:
    out, rec = play_recorded(tmp_path)
    assert set(out) >= KEYS
    assert out["result"] in ("win", "loss") and out["seed"] == 11
    assert out["turns"] > 0
    data = json.loads(rec.read_text())
    assert data["summary"] == out and len(data["steps"]) > 10


def test_play_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    a, _ = play_recorded(tmp_path, 5)
    b, _ = play_recorded(tmp_path, 5)
    assert a == b


def test_replay_prints_the_same_object_and_exits_0(tmp_path: Path) -> None:
    out, rec = play_recorded(tmp_path)
    r = runner.invoke(app, ["replay", str(rec), "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == out


def test_replay_names_first_differing_step_and_exits_1(tmp_path: Path) -> None:
    _, rec = play_recorded(tmp_path)
    data = json.loads(rec.read_text())
    data["steps"][3]["digest"] = "0" * 16
    rec.write_text(json.dumps(data))
    r = runner.invoke(app, ["replay", str(rec)])
    assert r.exit_code == 1
    assert "step 4" in r.output


def test_replay_with_changed_outcome_exits_1(tmp_path: Path) -> None:
    _, rec = play_recorded(tmp_path)
    data = json.loads(rec.read_text())
    data["summary"]["turns"] += 1
    rec.write_text(json.dumps(data))
    r = runner.invoke(app, ["replay", str(rec)])
    assert r.exit_code == 1
    assert "turns" in r.output


def test_replay_of_unparsable_file_exits_2_without_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{this is not json")
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 2
    assert "not valid JSON" in r.output and "Traceback" not in r.output
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "cannot be read" in missing.output


def test_unknown_names_list_close_valid_names() -> None:
    r = runner.invoke(app, ["play", "--mages", "Bramma,Mist", "--json"])
    assert r.exit_code == 2
    assert "Did you mean: Brama" in r.output and "Traceback" not in r.output
    r = runner.invoke(app, ["play", "--nemesis", "Rageborn", "--json"])
    assert r.exit_code == 2 and "Rageborne" in r.output
    r = runner.invoke(app, ["play", "--market", "Reuse Spells", "--json"])
    assert r.exit_code == 2 and "Reuse Spells!" in r.output
    r = runner.invoke(app, ["play", "--bots", "randum", "--json"])
    assert r.exit_code == 2 and "random" in r.output


def test_human_seat_sees_numbered_actions_and_retries_bad_input() -> None:
    answers = "zzz\n99\n" + "1\n" * 3000
    r = runner.invoke(app, ["play", "--human", "1", "--seed", "4", "--quiet"], input=answers)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Choose a number" in r.output
    assert "Please type a number from 1 to" in r.output
    assert "Player 1: Brama" in r.output and "Supply" in r.output
    assert "Victory" in r.output or "Defeat" in r.output


def test_bench_reports_its_figures() -> None:
    r = runner.invoke(app, ["bench", "--games", "4", "--repeat", "1", "--json"])
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)
    assert res["games"] == 4 and res["decisions"] > 0
    assert res["decisions_per_s"] > 0 and res["games_per_s"] > 0 and res["clone_us"] > 0
    assert res["heuristic_games"] == 4 and res["heuristic_decisions"] > 0
    assert res["heuristic_games_per_s"] > 0 and res["heuristic_decisions_per_s"] > 0
    assert res["planner_games"] == 2 and res["planner_games_per_s"] > 0 and res["planner_cost_x"] > 0
    assert res["ismcts_states"] > 0 and res["ismcts_iterations"] > 0 and res["ismcts_iterations_per_s"] > 0
    assert res["workers1_games_per_s"] > 0 and res["workers2_games_per_s"] > 0 and res["workers2_speedup"] > 0
    assert res["scaling_same_results"] is True
    assert res["rl_env_steps"] > 0 and res["rl_env_steps_per_s"] > 0  # the dev extra has gymnasium


def test_bench_reports_the_best_of_its_repeats_and_their_spread() -> None:
    r = runner.invoke(app, ["bench", "--games", "3", "--ismcts-states", "1", "--scaling-games", "4",
                            "--repeat", "2", "--json"])
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)
    assert res["repeat"] == 2
    for key, best in (("decisions_per_s", max), ("clone_us", min), ("heuristic_games_per_s", max),
                      ("ismcts_iterations_per_s", max),
                      ("workers1_games_per_s", max), ("workers2_games_per_s", max)):
        spread = res[f"{key}_spread"]
        assert len(spread) == 2 and res[key] == best(spread)
    assert res["workers2_speedup"] == res["workers2_games_per_s"] / res["workers1_games_per_s"]
    bad = runner.invoke(app, ["bench", "--repeat", "0"])
    assert bad.exit_code == 2 and "--repeat" in bad.output


def test_bench_parts_can_be_skipped_and_sized() -> None:
    r = runner.invoke(app, ["bench", "--games", "2", "--no-ismcts", "--no-scaling", "--no-rl", "--no-heuristic",
                            "--no-planner", "--json"])
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)
    assert res["games"] == 2 and "ismcts_iterations_per_s" not in res and "workers2_speedup" not in res
    assert "rl_env_steps_per_s" not in res and "heuristic_games_per_s" not in res and "planner_cost_x" not in res
    r = runner.invoke(app, ["bench", "--games", "2", "--ismcts-states", "2", "--scaling-games", "4",
                            "--heuristic-games", "3", "--json"])
    assert r.exit_code == 0, r.output
    res = json.loads(r.stdout)
    assert res["ismcts_states"] == 2 and res["scaling_games"] == 4 and res["heuristic_games"] == 3


def test_play_ends_with_its_result_in_words() -> None:
    """The closing line names how the game ended, not the engine's reason ("nemesis_defeated")."""
    r = runner.invoke(app, ["play", "--mages", "Brama,Mist", "--nemesis", "Rageborne", "--bots", "heuristic",
                            "--seed", "1"])
    assert r.exit_code == 0, r.output
    last = r.stdout.strip().splitlines()[-1]
    assert last.startswith("Victory: Rageborne was defeated, after "), last
    assert "_" not in last
