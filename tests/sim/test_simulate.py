"""`gravehold simulate`: deterministic across workers, Ray backend, files written."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gravehold.cli import app
from gravehold.sim.run import Setup, jobs_for, nemeses_of, run_local
from gravehold.sim.stats import summarize, wilson

runner = CliRunner()


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    lo0, hi0 = wilson(0, 10)
    assert lo0 == 0.0 and abs(hi0 - 0.2775) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)


def test_results_are_identical_for_one_and_two_workers() -> None:
    jobs = jobs_for([Setup("Rageborne", ("Brama", "Mist"), "Deck Destruction")], 12, 5, "heuristic")
    one = run_local(jobs, 1)
    two = run_local(jobs, 2, chunk=3)
    assert one == two
    assert [r["game"] for r in one] == list(range(12))
    s = summarize(one)
    assert s["games"] == 12 and 0 <= s["ci_low"] <= s["win_rate"] <= s["ci_high"] <= 1


def test_simulate_writes_csv_json_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    r = runner.invoke(app, ["simulate", "--games", "6", "--agent", "heuristic", "--workers", "2", "--seed", "3",
                            "--market", "Deck Destruction", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["setups"][0]["games"] == 6 and summary["meta"]["workers"] == 2
    rows = list(csv.DictReader((out / "games.csv").open()))
    assert len(rows) == 6 and {"seed", "result", "reason", "turns"} <= set(rows[0])
    on_disk = json.loads((out / "summary.json").read_text())
    assert on_disk["setups"] == summary["setups"]
    for png in ("win_rates.png", "game_length.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_sweep_gives_one_row_per_setup() -> None:
    r = runner.invoke(app, ["simulate", "--sweep", "--nemesis", "Rageborne", "--mages", "Brama,Mist;Xaxos,Adelheim",
                            "--market", "Deck Destruction;Reuse Spells!", "--games", "2", "--agent", "random",
                            "--json"])
    assert r.exit_code == 0, r.output
    setups = json.loads(r.stdout)["setups"]
    assert len(setups) == 4 and all(s["games"] == 2 for s in setups)


def test_simulate_refuses_bad_names_and_options() -> None:
    r = runner.invoke(app, ["simulate", "--nemesis", "Ragebone", "--games", "1"])
    assert r.exit_code == 2 and "Rageborne" in r.output
    r = runner.invoke(app, ["simulate", "--backend", "mpi", "--games", "1"])
    assert r.exit_code == 2 and "local or ray" in r.output
    r = runner.invoke(app, ["simulate", "--agent-option", "oops", "--games", "1"])
    assert r.exit_code == 2 and "KEY=VALUE" in r.output


class FakeRay:
    """Just enough of Ray's API for the backend's life cycle: tasks run at once, in order."""

    def __init__(self, running: bool) -> None:
        self.running, self.calls = running, []

    def is_initialized(self) -> bool:
        return self.running

    def init(self, **kw: object) -> None:
        self.calls.append(("init", kw))
        self.running = True

    def shutdown(self) -> None:
        self.calls.append(("shutdown", {}))
        self.running = False

    def remote(self, fn):  # noqa: ANN001, ANN201 - a stand-in for ray.remote
        return type("Remote", (), {"remote": staticmethod(lambda part: fn(part))})

    def get(self, ref):  # noqa: ANN001, ANN201
        return ref


@pytest.mark.parametrize("running", [False, True])
def test_the_ray_backend_starts_a_ray_only_when_none_runs_and_stops_only_that_one(
        running: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """No Ray running: a local one is started with the CPUs asked and stopped after, even
    when a task fails. A Ray already running (a cluster joined, or a caller's) is used and
    left up."""
    from gravehold.sim.ray_backend import run_ray

    fake = FakeRay(running)
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    rows = run_ray([1, 2, 3], num_cpus=2, chunk=2, work=lambda part: [{"x": j} for j in part])
    assert rows == [{"x": 1}, {"x": 2}, {"x": 3}]
    started = [("init", {"num_cpus": 2, "include_dashboard": False, "log_to_driver": False}), ("shutdown", {})]
    assert fake.calls == ([] if running else started) and fake.running is running

    def fail(part: list[int]) -> list[dict[str, int]]:
        raise ValueError("a task failed")

    fake.calls.clear()
    with pytest.raises(ValueError, match="a task failed"):
        run_ray([1], num_cpus=2, work=fail)
    assert fake.calls == ([] if running else started) and fake.running is running


def test_results_do_not_depend_on_the_interpreters_hash_seed() -> None:
    """Ray workers and other machines use other PYTHONHASHSEEDs: no set order may leak into play."""
    import os
    import subprocess
    import sys

    code = ("import hashlib, json\n"
            "from gravehold.sim.run import Setup, jobs_for, nemeses_of, run_local\n"
            "out = []\n"
            "for agent in ('random', 'heuristic'):\n"
            "    jobs = jobs_for([Setup('random', ('random', 'random'), 'official')], 6, 11, agent)\n"
            "    out.append(hashlib.sha1(json.dumps(run_local(jobs, 1)).encode()).hexdigest())\n"
            "print(out)\n")
    digests = set()
    for h in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": h}
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr
        digests.add(r.stdout)
    assert len(digests) == 1


def test_games_csv_names_the_mages_a_random_team_drew(tmp_path: Path) -> None:
    from gravehold.content import registry as content

    out = tmp_path / "sim"
    r = runner.invoke(app, ["simulate", "--games", "3", "--mages", "random,random", "--market", "official",
                            "--seed", "5", "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader((out / "games.csv").open()))
    assert [row["mages"] for row in rows] == ["random+random"] * 3
    for row in rows:
        team = row["team"].split("+")
        assert len(team) == 2 and all(m in content.MAGES for m in team)


def _script(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run one of the project's scripts/ (analysis aids) with this interpreter."""
    root = Path(__file__).resolve().parents[2]
    return subprocess.run([sys.executable, str(root / "scripts" / name), *args],
                          capture_output=True, text=True, timeout=600)


def test_tune_plan_script_tries_each_weight_and_prints_the_plan() -> None:
    r = _script("tune_plan.py", "--games", "1", "--rounds", "1", "--only", "charge", "--workers", "1")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[0].startswith("start ") and lines[1].startswith("  charge=") and lines[2].startswith("  charge=")
    plan = json.loads(lines[-1])
    from gravehold.agents.spending import Plan

    assert set(plan) == set(Plan.__dataclass_fields__)


def test_sweep_over_all_nemeses() -> None:
    from gravehold.content import registry

    r = runner.invoke(app, ["simulate", "--sweep", "--nemesis", "all", "--mages", "Brama,Mist",
                            "--market", "Deck Destruction", "--games", "1", "--agent", "random", "--json"])
    assert r.exit_code == 0, r.output
    setups = json.loads(r.stdout)["setups"]
    assert sorted(s["nemesis"] for s in setups) == sorted(registry.NEMESES) and len(setups) == len(registry.NEMESES)


def test_what_if_plain_row_is_simulate_on_the_same_seeds_and_open_breaches_win_more() -> None:
    r = _script("what_if.py", "--games", "2", "--workers", "1", "--seed", "4", "--boon", "life=6",
                "--boon", "open=II+III")
    assert r.returncode == 0, r.stderr
    head, none, life, opened = r.stdout.strip().splitlines()
    assert head.split()[0] == "boon" and life.startswith("life=6") and opened.startswith("open=II+III")
    jobs = jobs_for([Setup(n, ("random", "random"), "official") for n in nemeses_of()], 2, 4,
                    "heuristic")
    rows = run_local(jobs, 1)
    per = [sum(r["result"] == "win" for r in rows[i:i + 2]) * 50.0 for i in range(0, 16, 2)]
    assert [float(x.rstrip("%")) for x in none.split()[1:9]] == per
    assert none.split()[-1] == "+0.0"
    # two breaches opened from the start are worth a great deal (docs/bots.md): visible in 16 games
    assert float(opened.split()[-1]) > 10 and float(life.split()[-2].rstrip("%")) >= float(none.split()[-2].rstrip("%"))


def test_what_if_names_a_boon_it_cannot_read() -> None:
    r = _script("what_if.py", "--games", "1", "--workers", "1", "--boon", "open=V")
    assert r.returncode != 0 and "open= takes breaches like II+III, not 'V'" in r.stderr
    r = _script("what_if.py", "--games", "1", "--workers", "1", "--boon", "card=Gold Coin")
    assert r.returncode != 0 and "card= takes a player card name, not 'Gold Coin'" in r.stderr


def test_rollout_check_compares_the_heuristic_with_every_option() -> None:
    r = _script("rollout_check.py", "--games", "1", "--rollouts", "2", "--to-turn", "1", "--workers", "1",
                "--max-options", "20")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    checked = int(lines[0].split(":")[1].split(";")[0])
    assert 1 <= checked <= 2 * len(nemeses_of())  # one per player turn: two players, their first turn
    assert lines[1].startswith("gain of the rollouts' best") and lines[1].endswith("points")
    assert sum(int(x.split()[-1]) for x in lines[3:]) == checked
    bad = _script("rollout_check.py", "--rollouts", "3")
    assert bad.returncode == 2 and "--rollouts must be an even number" in bad.stderr


def test_rollout_check_looks_at_any_decision_kind_one_per_game_turn() -> None:
    r = _script("rollout_check.py", "--games", "2", "--rollouts", "2", "--from-turn", "1", "--to-turn", "3",
                "--workers", "1", "--what", "target", "--points", "2", "--nemesis", "Rageborne, Umbra Titan")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    checked = int(lines[0].split(":")[1].split(";")[0])
    assert 1 <= checked <= 8  # at most two per game, two games against each of two nemeses
    pairs = lines[3:]
    assert pairs and all(x.split()[0] == "target" and x.split("->")[1].split()[0] == "target" for x in pairs)
    assert sum(int(x.split()[-1]) for x in pairs) == checked
    bad = _script("rollout_check.py", "--nemesis", "Ragebone")
    assert bad.returncode == 2 and "Ragebone" in bad.stderr and "Rageborne" in bad.stderr


def test_simulate_draws_random_mages_and_markets_from_the_named_boxes(tmp_path: Path) -> None:
    from gravehold.content import registry

    r = CliRunner().invoke(app, ["simulate", "--nemesis", "Rageborne", "--mages", "random,random", "--boxes", "NA",
                                 "--basics", "NA", "--games", "3", "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader((tmp_path / "games.csv").open()))
    assert len(rows) == 3 and all(row["setup"].endswith("from NA (normal, we, NA basics)") for row in rows)
    for row in rows:
        assert all(registry.MAGES[m].box == "NA" for m in row["team"].split("+")), row["team"]
        assert all(registry.CARDS[c].box == "NA" for c in row["supply"].split("|")), row["supply"]
    bad = CliRunner().invoke(app, ["simulate", "--boxes", "XX", "--games", "1"])
    assert bad.exit_code == 2 and "unknown box 'XX'" in bad.output
