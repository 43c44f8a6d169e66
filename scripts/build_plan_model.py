"""Build the plan model (``src/gravehold/agents/data/plan_model.json``) by a plan search.

Every plan of the library plays the very same seeded games -- the same nemesis, mages,
market and shuffles, since game k of a setup always has the same seed -- so two plans are
compared on paired games and the luck of the draw cancels. The games run through the
simulation runners (``--workers`` processes, or ``--backend ray``). For each plan the script
fits its advantage over the library's first plan (paired differences of results) as an
overall prior plus one weight per setup feature (nemesis, each mage, each market card), by
ridge regression: a feature seen in few games keeps a weight near 0. The ridge penalty is
chosen by two-fold cross-validation on the games played (fit on the even games, count the
wins of the picks on the odd ones, and the other way round): the penalty, or none of the
feature weights at all, whose picks win most on games they were not fitted on. The result is written
as a model file; ``--check-seed`` then plays held-out games with the model's pick against
the first plan and prints both win rates with the paired difference.

    .venv/bin/python scripts/build_plan_model.py --boxes AE,WE --games 300 --seed 7 --workers 2
    .venv/bin/python scripts/build_plan_model.py --games 60 --seed 7 --check-seed 8 --out /tmp/model.json

The library is ``src/gravehold/agents/data/plan_library.json`` (plans in the format of
``gravehold.agents.plans.PlanDoc``), or ``--library FILE``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from gravehold.agents.plan_model import FORMAT_VERSION, ModelDoc, features_of
from gravehold.agents.plans import PlanDoc
from gravehold.sim.run import Setup, default_workers, jobs_for, nemeses_of, run_local
from gravehold.sim.stats import wilson

DATA = Path(__file__).resolve().parent.parent / "src" / "gravehold" / "agents" / "data"


def library(path: Path) -> list[PlanDoc]:
    docs = json.loads(path.read_text("utf-8"))
    return [PlanDoc.model_validate(d) for d in docs]


def play(setups: list[Setup], games: int, seed: int, agent: str, options: dict[str, Any], workers: int,
         backend: str) -> list[dict[str, Any]]:
    jobs = jobs_for(setups, games, seed, agent, options)
    if backend == "ray":
        from gravehold.sim.ray_backend import run_ray

        return run_ray(jobs)
    return run_local(jobs, workers=workers, chunk=16)


def key(row: dict[str, Any]) -> tuple[str, int]:
    return row["nemesis"], int(row["game"])


def feats(row: dict[str, Any]) -> list[str]:
    return features_of(row["nemesis"], row["team"].split("+"), row["supply"].split("|"))


def design(base: dict[tuple[str, int], dict[str, Any]], games: list[tuple[str, int]]) \
        -> tuple[list[str], np.ndarray]:
    """The feature names and the 0/1 matrix of these games' setups."""
    names = sorted({f for g in games for f in feats(base[g])})
    index = {f: i for i, f in enumerate(names)}
    x = np.zeros((len(games), len(names)))
    for r, g in enumerate(games):
        for f in feats(base[g]):
            x[r, index[f]] = 1.0
    return names, x


def fit(base: dict[tuple[str, int], dict[str, Any]], runs: dict[str, dict[tuple[str, int], bool]],
        first: str, games: list[tuple[str, int]], ridge: float) \
        -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """Each plan's prior (mean paired difference against ``first`` over ``games``) and its
    feature weights (ridge regression of what is left; ``ridge`` 0 or less: no weights)."""
    names, x = design(base, games)
    prior: dict[str, float] = {}
    weights: dict[str, dict[str, float]] = defaultdict(dict)
    gram = x.T @ x + max(ridge, 1e-9) * np.eye(len(names))
    for plan, won in runs.items():
        if plan == first:
            continue
        d = np.array([float(won[g]) - float(runs[first][g]) for g in games])
        prior[plan] = round(float(d.mean()), 4)
        if ridge <= 0:
            continue
        w = np.linalg.solve(gram, x.T @ (d - d.mean()))
        for f, v in zip(names, w, strict=True):
            if abs(v) >= 0.002:
                weights[f][plan] = round(float(v), 4)
    return prior, dict(weights)


def picked_rate(base: dict[tuple[str, int], dict[str, Any]], runs: dict[str, dict[tuple[str, int], bool]],
                prior: dict[str, float], weights: dict[str, dict[str, float]], games: list[tuple[str, int]]) -> float:
    """Win rate on ``games`` of the plan these scores pick for each game's setup."""
    won = 0
    for g in games:
        score = {p: prior.get(p, 0.0) for p in runs}
        for f in feats(base[g]):
            for p, v in weights.get(f, {}).items():
                score[p] += v
        best = max(runs, key=lambda p: (round(score[p], 9), -list(runs).index(p)))
        won += runs[best][g]
    return won / len(games)


def choose_ridge(base: dict[tuple[str, int], dict[str, Any]], runs: dict[str, dict[tuple[str, int], bool]],
                 first: str, ridges: list[float]) -> float:
    """The ridge whose picks win most on the half of the games it was not fitted on (both
    halves in turn: even and odd game numbers); 0 stands for the priors alone."""
    games = sorted(base)
    halves = ([g for g in games if g[1] % 2 == 0], [g for g in games if g[1] % 2 == 1])
    best, best_rate = ridges[0], -1.0
    for ridge in ridges:
        rate = 0.0
        for fit_on, test_on in (halves, halves[::-1]):
            prior, weights = fit(base, runs, first, fit_on, ridge)
            rate += picked_rate(base, runs, prior, weights, test_on) / 2
        print(f"ridge {ridge:g}: picks win {rate:.2%} of the held-out halves", flush=True)
        if rate > best_rate + 1e-9:
            best, best_rate = ridge, rate
    return best


def model_doc(plans: list[PlanDoc], built: dict[str, Any], prior: dict[str, float],
              weights: dict[str, dict[str, float]]) -> ModelDoc:
    return ModelDoc(format="gravehold-plan-model", format_version=FORMAT_VERSION,
                    built_with={"command": "scripts/build_plan_model.py", **built},
                    plans=tuple(plans), prior=prior, features=weights)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boxes", default="AE,WE", help="boxes of the nemeses, mages and markets (default AE,WE)")
    ap.add_argument("--games", type=int, default=300, help="games per nemesis per plan")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=0, help="processes (0: every core)")
    ap.add_argument("--backend", choices=("local", "ray"), default="local")
    ap.add_argument("--ridge", default="0,30,100,300,1000",
                    help="ridge penalties to try by cross-validation (0: the priors alone)")
    ap.add_argument("--library", type=Path, default=DATA / "plan_library.json")
    ap.add_argument("--out", type=Path, default=DATA / "plan_model.json")
    ap.add_argument("--results", type=Path, default=None,
                    help="keep each plan's games in this file, and reuse those already in it (same seed and games)")
    ap.add_argument("--check-seed", type=int, default=None, help="play held-out games on this seed afterwards")
    a = ap.parse_args()
    boxes = tuple(b for b in a.boxes.split(",") if b)
    workers = a.workers or default_workers()
    plans = library(a.library)
    setups = [Setup(n, ("random", "random"), "official", boxes=boxes) for n in nemeses_of(*boxes)]
    t0 = time.time()
    # the library as a model with no weights yet: the planner plays any of its plans by name
    a.out.parent.mkdir(parents=True, exist_ok=True)
    bare = a.out.with_suffix(".library.json")
    bare.write_text(json.dumps(model_doc(plans, {}, {}, {}).model_dump(mode="json")), "utf-8")
    base: dict[tuple[str, int], dict[str, Any]] = {}
    runs: dict[str, dict[tuple[str, int], bool]] = {}
    meta = {"boxes": a.boxes, "games": a.games, "seed": a.seed}
    cache = json.loads(a.results.read_text("utf-8")) if a.results and a.results.exists() else {}
    kept: dict[str, list[dict[str, Any]]] = cache.get("plans", {}) if cache.get("meta") == meta else {}
    for pd in plans:
        rows = kept.get(pd.name) or play(setups, a.games, a.seed, "planner", {"plan": pd.name, "model": str(bare)},
                                         workers, a.backend)
        kept[pd.name] = rows
        won = {key(r): r["result"] == "win" for r in rows}
        if not base:
            base = {key(r): r for r in rows}
        runs[pd.name] = won
        lo, hi = wilson(sum(won.values()), len(won))
        print(f"{pd.name:<14} {sum(won.values()) / len(won):6.1%} ({lo:.1%}-{hi:.1%})  {time.time() - t0:5.0f} s",
              flush=True)
    if a.results:
        a.results.write_text(json.dumps({"meta": meta, "plans": kept}), "utf-8")
    ridge = choose_ridge(base, runs, plans[0].name, [float(r) for r in a.ridge.split(",")])
    prior, weights = fit(base, runs, plans[0].name, sorted(base), ridge)
    doc = model_doc(plans, {"boxes": a.boxes, "games": a.games, "seed": a.seed, "ridge": ridge}, prior, weights)
    bare.unlink()
    a.out.write_text(json.dumps(doc.model_dump(mode="json"), indent=1, sort_keys=False) + "\n", "utf-8")
    print(f"wrote {a.out} ({len(weights)} features)")
    if a.check_seed is not None:
        opts = {"switch": False, "model": str(a.out)}
        first = play(setups, a.games, a.check_seed, "planner", {"plan": plans[0].name, "model": str(a.out)},
                     workers, a.backend)
        mine = play(setups, a.games, a.check_seed, "planner", opts, workers, a.backend)
        w0 = {key(r): r["result"] == "win" for r in first}
        w1 = {key(r): r["result"] == "win" for r in mine}
        diff = [float(w1[k]) - float(w0[k]) for k in w0]
        mean = sum(diff) / len(diff)
        sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / max(1, len(diff) - 1) / len(diff))
        print(f"held out (seed {a.check_seed}): {plans[0].name} {sum(w0.values()) / len(w0):.1%}, "
              f"model {sum(w1.values()) / len(w1):.1%}, paired difference {mean:+.1%} ± {1.96 * sd:.1%}")


if __name__ == "__main__":
    main()
