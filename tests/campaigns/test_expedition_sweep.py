"""`gravehold expedition simulate`: whole expeditions by bots, their summary, files and plots.

The summary is checked two ways: exactly, on rows built by hand, and against figures this
file recomputes on its own from the rows of a real sweep.
"""

from __future__ import annotations

import csv
import json
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.patches import Rectangle
from typer.testing import CliRunner

from gravehold.campaigns import battle as driver
from gravehold.campaigns import sweep
from gravehold.campaigns.expedition import EXPEDITION, rules
from gravehold.campaigns.expedition.state import Expedition
from gravehold.campaigns.expedition.sweep import Variant, row_of, summarize
from gravehold.campaigns.sweep import Job, jobs_for, play_one, run_local
from gravehold.cli import app
from gravehold.content import registry as content
from gravehold.engine.game import Game
from gravehold.sim import expedition_plots as plots
from gravehold.sim.run import game_seed
from gravehold.sim.stats import wilson
from gravehold.table import Table

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"

VARIANTS = {
    "standard": {}, "short": {"length": "short"}, "long": {"length": "long"}, "endless": {"endless": True},
    "no-score": {"score": False}, "story new_age": {"story": "new_age"},
}


@contextmanager
def watchdog(seconds: int) -> Iterator[None]:
    """Fail the test, rather than hang the suite, if a game never ends."""
    def boom(signum: int, frame: Any) -> None:
        raise AssertionError(f"still playing after {seconds} s")

    old = signal.signal(signal.SIGALRM, boom)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@cache
def played(variant: Variant, seed: int) -> tuple[Expedition, dict[str, Any]]:
    """The expedition as the core's own runner plays it, and the sweep's row of the same seed."""
    with watchdog(120):
        exp = driver.play_campaign(EXPEDITION, variant.new(seed), variant.agent)
    return exp, play_one(Job(0, seed, variant))


def battles_of(variant: Variant) -> list[int]:
    if variant.story:
        return list(range(1, len(content.expedition_script(variant.story).battles) + 1))
    return list(range(rules.first_battle(variant.length), rules.last_battle(variant.length) + 1))


# ------------------------------------------------------------------ whole expeditions
@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("name", list(VARIANTS))
def test_bots_finish_whole_expeditions_under_every_variant(name: str, players: int) -> None:
    variant = Variant(players=players, max_tries=3, **VARIANTS[name])
    for seed in (game_seed(4, 0), game_seed(4, 1)):
        exp, row = played(variant, seed)
        assert exp.phase == "complete" and row == row_of(exp)  # the sweep plays as the core's runner does
        fought = row["battles"]
        numbers = [b["battle"] for b in fought]
        assert numbers == battles_of(variant)[:len(numbers)]  # consecutive from the first battle
        assert all(b["won"] for b in fought[:-1]) and all(1 <= b["tries"] <= 3 for b in fought)
        last = fought[-1]
        if row["completed"]:
            assert not row["abandoned"] and last["won"] and numbers == battles_of(variant)
        else:
            assert row["abandoned"] and not last["won"] and last["tries"] == 3
        assert row["stuck"] == "" and row["last_battle"] == last["battle"] and row["battles_reached"] == len(fought)
        assert row["games"] == len(exp.history) == sum(b["tries"] for b in fought)
        assert row["first_try_wins"] == sum(b["won"] and b["tries"] == 1 for b in fought)
        assert [b["won_first_try"] for b in fought] == [b["won"] and b["tries"] == 1 for b in fought]
        assert [b["nemesis"] for b in fought] == [next(r.nemesis for r in exp.history if r.battle == n)
                                                  for n in numbers]
        if variant.story:
            script = content.expedition_script(variant.story)
            assert [b["nemesis"] for b in fought] == [script.battles[n - 1].nemesis for n in numbers]


def test_X_8_a_sweep_caps_the_retries_and_a_capped_expedition_is_not_completed() -> None:
    variant = Variant(players=1, length="short", max_tries=1)
    exp, row = played(variant, game_seed(2, 0))
    lost = [r for r in exp.history if r.result == "loss"]
    assert exp.abandoned and len(lost) == 1 and lost[0].battle == exp.battle == row["last_battle"]
    assert row["abandoned"] and not row["completed"] and row["battles"][-1]["tries"] == 1


def test_X_9_the_score_is_6_4_2_by_try_and_nothing_without_a_score() -> None:
    seeds = [game_seed(4, k) for k in range(10)]
    scored = [played(Variant(players=2, max_tries=3), seed) for seed in seeds]
    for exp, row in scored:
        assert row["score"] == exp.score == sum(rules.try_score(b["tries"]) for b in row["battles"] if b["won"])
    won = [seed for seed, (_, row) in zip(seeds, scored, strict=True) if any(b["won"] for b in row["battles"])]
    assert won  # some expedition won a battle, so a score of 0 below is the option's doing
    exp, row = played(Variant(players=2, max_tries=3, score=False), won[0])
    assert any(b["won"] for b in row["battles"]) and row["score"] == exp.score == 0


def test_X_16_a_short_sweep_fights_from_battle_2() -> None:
    _, row = played(Variant(players=2, length="short", max_tries=3), game_seed(4, 0))
    assert row["battles"][0]["battle"] == 2


def test_X_18_an_endless_sweep_banishes_no_supply() -> None:
    exp, _ = played(Variant(players=2, endless=True, max_tries=3), game_seed(4, 0))
    plain, _ = played(Variant(players=2, max_tries=3), game_seed(4, 0))
    assert exp.banished.supply == [] and plain.banished.supply != []


# ------------------------------------------------------------------ a stuck game
class Looping:
    """A game whose next step never returns (as an engine loop no decision ends)."""

    def __init__(self, game: Game) -> None:
        self.game, self.over, self.state = game, False, game.state

    @property
    def decision(self) -> Any:
        return self.game.decision

    def apply(self, action: Any) -> None:
        while True:
            pass


def test_a_step_that_never_returns_is_stopped_by_the_alarm(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sweep, "APPLY_SECONDS", 0.2)
    game = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=1)
    t0 = time.perf_counter()
    with sweep.step_alarm() as guarded, pytest.raises(sweep.Stuck, match="^one engine step ran past 0.2 s$"):
        assert guarded
        sweep.play_game(Table.of_bots(Looping(game), "heuristic", 1), guarded)  # type: ignore[arg-type]
    assert time.perf_counter() - t0 < 5
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL  # the handler is put back


def test_X_8_a_game_past_the_turn_cap_is_given_up_by_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(driver, "CONCEDE_TURNS", 3)
    game = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=1)
    actions = sweep.play_game(Table.of_bots(game, "heuristic", 1), False)
    assert game.over and (game.result, game.reason) == ("loss", "conceded")
    assert game.state.turn > 3 and actions  # given up after the step that went past turn 3


@pytest.mark.parametrize(("failure", "why"), [(sweep.Stuck("past 1000 turns"), "past 1000 turns"),
                                               (RuntimeError("boom"), "error RuntimeError: boom")])
def test_a_stuck_or_failed_game_ends_its_expedition_there_and_is_counted(
        failure: BaseException, why: str, monkeypatch: pytest.MonkeyPatch) -> None:
    variant, seed = Variant(players=2, max_tries=3), game_seed(4, 0)
    whole, _ = played(variant, seed)
    first, second = whole.history[0], whole.history[1]  # the game that will not end: the second
    real = sweep.play_game
    calls: list[int] = []

    def fails_second(table: Table, guarded: bool) -> list[list[Any]]:
        calls.append(table.game.state.seq)
        if len(calls) == 2:
            raise failure
        return real(table, guarded)

    monkeypatch.setattr(sweep, "play_game", fails_second)
    row = play_one(Job(0, seed, variant))
    at = f"battle {second.battle}, try {second.attempt}: {why}"
    assert row["stuck"] == at and not row["completed"] and not row["abandoned"]
    assert row["games"] == 1 and row["last_battle"] == second.battle and row["score"] == first.score
    assert row["battles"] == [{"battle": first.battle, "nemesis": first.nemesis, "tries": 1,
                               "won": first.result == "win", "won_first_try": first.result == "win"}]
    s = summarize([row])
    assert s["stuck"] == [{"expedition": 0, "seed": seed, "at": at}]
    assert s["completed"]["k"] == 0 and s["stopped_at"] == [[second.battle, 1]]


# ------------------------------------------------------------------ the summary
def hand_row(k: int, completed: bool, score: int, battles: list[tuple[int, str, int, bool]]) -> dict[str, Any]:
    fought = [{"battle": b, "nemesis": n, "tries": t, "won": w, "won_first_try": w and t == 1}
              for b, n, t, w in battles]
    return {"expedition": k, "seed": k, "completed": completed, "abandoned": not completed, "stuck": "",
            "score": score, "battles_reached": len(fought), "last_battle": battles[-1][0],
            "games": sum(t for _, _, t, _ in battles), "first_try_wins": sum(b["won_first_try"] for b in fought),
            "battles": fought}


HAND = [
    hand_row(0, True, 18, [(1, "A", 1, True), (2, "B", 1, True), (3, "C", 2, True), (4, "D", 3, True)]),
    hand_row(1, False, 6, [(1, "A", 1, True), (2, "C", 2, False)]),
    hand_row(2, False, 0, [(1, "B", 2, False)]),
    hand_row(3, False, 10, [(1, "B", 2, True), (2, "A", 1, True), (3, "C", 2, False)]),
]


def test_the_summary_of_rows_built_by_hand() -> None:
    s = summarize(HAND)
    assert s["expeditions"] == 4 and s["abandoned"] == 3 and s["games"] == 17 and s["stuck"] == []
    assert s["completed"] == {"n": 4, "k": 1, "rate": 0.25, "ci_low": wilson(1, 4)[0], "ci_high": wilson(1, 4)[1]}
    # battles fought: 4 + 2 + 1 + 3 = 10; won at the first try: 2 + 1 + 0 + 1 = 4
    assert (s["first_try"]["k"], s["first_try"]["n"], s["first_try"]["rate"]) == (4, 10, 0.4)
    assert s["first_try_per_expedition"] == {"n": 4, "mean": 1.0, "median": 1.0, "q1": 0.75, "q3": 1.25,
                                             "min": 0, "max": 2, "histogram": [[0, 1], [1, 2], [2, 1]]}
    assert s["score"] == {"n": 4, "mean": 8.5, "median": 8.0, "q1": 4.5, "q3": 12.0, "min": 0, "max": 18,
                          "histogram": [[0, 1], [6, 1], [10, 1], [18, 1]]}
    assert s["score_completed"] == {"n": 1, "mean": 18.0, "median": 18, "q1": 18, "q3": 18, "min": 18,
                                    "max": 18, "histogram": [[18, 1]]}
    assert s["stopped_at"] == [[1, 1], [2, 1], [3, 1]]
    got = [(b["battle"], b["reached"], b["tries"], b["wins"], b["first_try_wins"]) for b in s["per_battle"]]
    assert got == [(1, 4, 6, 3, 2), (2, 3, 4, 2, 2), (3, 2, 4, 1, 0), (4, 1, 3, 1, 0)]
    assert s["per_battle"][0]["win_rate"] == 0.5 and (s["per_battle"][0]["ci_low"],
                                                       s["per_battle"][0]["ci_high"]) == wilson(3, 6)
    got = [(p["nemesis"], p["first_battle"], p["battles"], p["tries"], p["wins"]) for p in s["per_nemesis"]]
    assert got == [("A", 1, 3, 3, 3), ("B", 1, 3, 5, 2), ("C", 2, 3, 6, 1), ("D", 4, 1, 3, 1)]


def test_the_summary_agrees_with_the_rows_of_a_real_sweep() -> None:
    rows = run_local(jobs_for(Variant(players=2, length="short", max_tries=3), 6, 3), 1)
    s = summarize(rows)
    n = len(rows)
    done = sum(r["completed"] for r in rows)
    assert (s["expeditions"], s["completed"]["k"], s["abandoned"]) == (n, done, n - done)
    assert (s["completed"]["ci_low"], s["completed"]["ci_high"]) == wilson(done, n)
    fought = [b for r in rows for b in r["battles"]]
    first = sum(1 for b in fought if b["won"] and b["tries"] == 1)
    assert (s["first_try"]["k"], s["first_try"]["n"]) == (first, len(fought))
    assert s["games"] == sum(b["tries"] for b in fought)
    scores = np.array([r["score"] for r in rows])
    for key, want in (("mean", scores.mean()), ("median", np.median(scores)),
                      ("q1", np.percentile(scores, 25)), ("q3", np.percentile(scores, 75))):
        assert s["score"][key] == pytest.approx(float(want))
    values, counts = np.unique(scores, return_counts=True)
    assert s["score"]["histogram"] == [[int(v), int(c)] for v, c in zip(values, counts, strict=True)]
    per = np.array([r["first_try_wins"] for r in rows])
    assert s["first_try_per_expedition"]["mean"] == pytest.approx(float(per.mean()))
    for b in s["per_battle"]:
        at = [x for x in fought if x["battle"] == b["battle"]]
        wins, tries = sum(x["won"] for x in at), sum(x["tries"] for x in at)
        assert (b["reached"], b["tries"], b["wins"]) == (len(at), tries, wins)
        assert (b["win_rate"], b["ci_low"], b["ci_high"]) == (wins / tries, *wilson(wins, tries))
    nemeses = {b["nemesis"] for b in fought}
    assert {p["nemesis"] for p in s["per_nemesis"]} == nemeses
    for p in s["per_nemesis"]:
        at = [x for x in fought if x["nemesis"] == p["nemesis"]]
        assert (p["tries"], p["wins"]) == (sum(x["tries"] for x in at), sum(x["won"] for x in at))


# ------------------------------------------------------------------ workers and backends
def test_the_same_seed_gives_the_same_rows_with_one_and_two_workers() -> None:
    jobs = jobs_for(Variant(players=1, length="short", max_tries=2), 5, 9)
    assert [j.seed for j in jobs] == [game_seed(9, k) for k in range(5)]
    one = run_local(jobs, 1)
    assert run_local(jobs, 2) == one
    assert [r["expedition"] for r in one] == list(range(5)) and [r["seed"] for r in one] == [j.seed for j in jobs]
    assert run_local(jobs_for(Variant(players=1, length="short", max_tries=2), 5, 10), 1) != one


def test_without_ray_the_ray_backend_is_one_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if it were not installed
    out = tmp_path / "out"
    r = runner.invoke(app, ["expedition", "simulate", "--games", "1", "--backend", "ray", "--out", str(out)])
    assert r.exit_code == 2 and r.output.count("\n") == 1
    assert r.output.startswith("error: --backend ray: the 'ray' package is not installed") and not out.exists()


# ------------------------------------------------------------------ the command, files and plots
SMALL = ["expedition", "simulate", "--games", "3", "--players", "1", "--length", "short", "--max-tries", "2",
         "--seed", "6", "--workers", "1"]


def test_simulate_writes_rows_summary_and_plots(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    r = runner.invoke(app, [*SMALL, "--out", str(out), "--json"])
    assert r.exit_code == 0, r.output
    printed = json.loads(r.stdout)
    rows = run_local(jobs_for(Variant(players=1, length="short", max_tries=2), 3, 6), 1)
    assert printed["summary"] == json.loads(json.dumps(summarize(rows)))
    assert {k: printed["meta"][k] for k in ("expeditions", "seed", "players", "length", "max_tries", "agent")} \
        == {"expeditions": 3, "seed": 6, "players": 1, "length": "short", "max_tries": 2, "agent": "heuristic"}
    assert json.loads((out / "summary.json").read_text()) == printed
    assert [json.loads(line) for line in (out / "rows.jsonl").read_text().splitlines()] == rows
    table = list(csv.DictReader((out / "rows.csv").open()))
    assert [int(t["seed"]) for t in table] == [r["seed"] for r in rows]
    numbers = sorted({b["battle"] for r in rows for b in r["battles"]})
    for t, row in zip(table, rows, strict=True):
        assert int(t["score"]) == row["score"] and t["completed"] == str(row["completed"])
        by = {b["battle"]: b for b in row["battles"]}
        for n in numbers:
            assert t[f"b{n}_nemesis"] == by.get(n, {}).get("nemesis", "")
            assert t[f"b{n}_tries"] == str(by.get(n, {}).get("tries", ""))
    for png in ("score_histogram.png", "win_rate_per_battle.png", "win_rate_per_nemesis.png", "completion.png"):
        assert (out / png).read_bytes()[:8] == PNG


def test_the_terminal_summary_shows_the_figures_within_80_columns() -> None:
    r = runner.invoke(app, SMALL, env={"COLUMNS": "80"})
    assert r.exit_code == 0, r.output
    s = summarize(run_local(jobs_for(Variant(players=1, length="short", max_tries=2), 3, 6), 1))
    out = r.stdout
    assert max(len(line) for line in out.splitlines()) <= 80
    head = out.splitlines()[0]
    assert head.startswith("3 expeditions (1 player, short), agent heuristic, max 2 tries: ")
    assert head.endswith(" s, 1 worker")
    c = s["completed"]
    assert f"{c['k']} of 3: {c['rate']:.1%} ({c['ci_low']:.1%}–{c['ci_high']:.1%})" in out
    assert f"{s['games']} ({s['games'] / 3:.1f} per expedition)" in out
    for p in s["per_nemesis"]:
        assert p["nemesis"] in out
    for title in ("Win rate per battle", "Win rate per nemesis", "Score histogram"):
        assert title in out


def test_the_help_fits_80_columns() -> None:
    r = runner.invoke(app, ["expedition", "simulate", "--help"], env={"COLUMNS": "80"})
    assert r.exit_code == 0 and "<bool>" not in r.output and "--max-tries" in r.output
    assert max(len(line) for line in r.output.splitlines()) <= 80


BAD = [
    (["--agent", "heurist"], "error: --agent: unknown agent 'heurist'. Did you mean: heuristic?"),
    (["--backend", "mpi"], "error: --backend: must be local or ray, not 'mpi'"),
    (["--length", "medium"], "error: --length: is not one of the allowed values"),
    (["--story", "old_age"], "error: unknown scripted expedition 'old_age'"),
    (["--story", "new_age", "--length", "short"], "error: --length: the scripted expedition new_age"),
    (["--boxes", " , "], "error: --boxes: name at least one box"),
    (["--boxes", "XE"], "error: unknown box 'XE'"),
    (["--boxes", "AE"], "error: --boxes: AE hold no nemesis of expedition level"),
    (["--seed", str(2**62)], "error: --seed: 4611686018427387904 is too large"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_options_are_refused_in_one_line_before_anything_is_written(
        args: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    r = runner.invoke(app, ["expedition", "simulate", "--games", "2", *args, "--out", str(out)])
    assert r.exit_code == 2, r.output
    assert r.output.startswith(message) and r.output.count("\n") == 1, r.output
    assert not out.exists()


NUMBERS = [
    (["--games", "0"], "--games: must be a whole number from 1 to 1000000, got 0"),
    (["--players", "5"], "--players: must be a whole number from 1 to 4, got 5"),
    (["--players", "0"], "--players: must be a whole number from 1 to 4, got 0"),
    (["--max-tries", "0"], "--max-tries: must be a whole number from 1 to 1000, got 0"),
    (["--workers", "-1"], "--workers: must be a whole number from 0 to 1024, got -1"),
    (["--seed", "-1"], f"--seed: must be a whole number from 0 to {2**63 - 1}, got -1"),
]


@pytest.mark.parametrize(("args", "message"), NUMBERS, ids=[" ".join(a) for a, _ in NUMBERS])
def test_a_number_outside_its_range_is_a_usage_error_before_anything_is_written(
        args: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    r = runner.invoke(app, ["expedition", "simulate", "--games", "2", *args, "--out", str(out)],
                      env={"COLUMNS": "200"})
    assert r.exit_code == 2 and f"error: {message}" in " ".join(r.output.split()), r.output
    assert "Traceback" not in r.output and not out.exists()


def test_an_out_path_that_is_a_file_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "taken"
    f.write_text("x")
    r = runner.invoke(app, [*SMALL, "--out", str(f)])
    assert r.exit_code == 2 and r.output.startswith(f"error: --out {f}: is a file") and f.read_text() == "x"


# ------------------------------------------------------------------ plots, read back
def test_the_score_histogram_stacks_completed_under_the_rest() -> None:
    fig = plots.score_histogram_figure(HAND)
    ax = fig.axes[0]
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    # scores 0, 6, 10, 18: only 18 is a completed expedition
    assert [(b.get_x() + b.get_width() / 2, b.get_height(), b.get_y()) for b in bars] == [
        (0, 0, 0), (6, 0, 0), (10, 0, 0), (18, 1, 0), (0, 1, 0), (6, 1, 0), (10, 1, 0), (18, 0, 1)]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "6", "10", "18"]
    plt.close(fig)


def test_win_rates_per_battle_carry_wins_over_tries_on_a_0_to_1_axis() -> None:
    s = summarize(HAND)
    fig = plots.win_rates_figure(s["per_battle"], "battle")
    ax = fig.axes[0]
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert [round(b.get_width(), 4) for b in bars] == [0.5, 0.5, 0.25, round(1 / 3, 4)]
    assert [t.get_text() for t in ax.texts] == ["3/6", "2/4", "1/4", "1/3"]
    # each label starts past its interval, so no error bar runs through it
    assert [t.get_position()[0] for t in ax.texts] == [b["ci_high"] + 0.01 for b in s["per_battle"]]
    assert [t.get_text() for t in ax.get_yticklabels()] == [f"battle {n}" for n in (1, 2, 3, 4)]
    assert ax.get_xlim() == (0.0, 1.0)
    plt.close(fig)
    fig = plots.win_rates_figure(s["per_nemesis"], "nemesis")
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == [
        "A (battle 1)", "B (battle 1)", "C (battle 2)", "D (battle 4)"]
    plt.close(fig)


def test_the_completion_plot_counts_where_expeditions_ended() -> None:
    fig = plots.completion_figure(summarize(HAND))
    ax = fig.axes[0]
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert [b.get_width() for b in bars] == [1, 1, 1, 1]
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        "completed", "stopped at battle 1", "stopped at battle 2", "stopped at battle 3"]
    assert ax.get_title().startswith("gravehold: 25.0% of 4 expeditions completed")
    plt.close(fig)


def test_the_planner_plays_whole_expeditions_the_same_for_a_seed() -> None:
    jobs = jobs_for(Variant(players=1, length="short", max_tries=2, agent="planner"), 1, 4)
    one = run_local(jobs, 1)
    assert one == run_local(jobs, 1)  # seeded: the same expedition again
    assert one[0]["battles"] and all(b["tries"] >= 1 for b in one[0]["battles"])
