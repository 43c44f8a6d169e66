"""Tune the heuristic's spending weights (agents/spending.py ``Plan``) by seeded simulation.

A coordinate search: each weight in turn is tried at half and one and a half times its
value; a change is kept when the mean win rate over the eight Aeon's End / War Eternal
nemeses (2 players, random mages, a random official market) rises by more than
``--margin``. Every candidate plays the same seeded games, so differences are not luck
of the draw. Prints one line per candidate and the best weights as JSON.

    .venv/bin/python scripts/tune_plan.py --games 150 --seed 31 --rounds 2
    .venv/bin/python scripts/tune_plan.py --only econ_target,charge --start '{"charge": 2.0}'

Copy the weights it prints into ``Plan`` (then check them on another ``--seed``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
from dataclasses import asdict, replace
from typing import Any

from gravehold.agents import plans, spending
from gravehold.sim.run import Setup, jobs_for, nemeses_of, play_one

NEMESES = nemeses_of()


def _play(args: tuple[spending.Plan, list[Any]]) -> int:
    plan, jobs = args
    # this worker process only: the heuristic's own plan carries these weights
    plans.DEFAULT = replace(plans.DEFAULT, weights=plan)
    return sum(play_one(j)["result"] == "win" for j in jobs)


def win_rate(plan: spending.Plan, games: int, seed: int, pool: Any, workers: int) -> float:
    setups = [Setup(n, ("random", "random"), "official") for n in NEMESES]
    jobs = jobs_for(setups, games, seed, "heuristic")
    parts = [jobs[i::workers * 4] for i in range(workers * 4)]
    return float(sum(pool.map(_play, [(plan, p) for p in parts]))) / len(jobs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per nemesis per candidate")
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--margin", type=float, default=0.004, help="win-rate gain a change must beat")
    ap.add_argument("--only", default="", help="comma-separated weights to tune (default: all)")
    ap.add_argument("--start", default="{}", help="JSON of weights to start from")
    a = ap.parse_args()
    plan = replace(spending.PLAN, **json.loads(a.start))
    names = [n for n in asdict(plan) if not a.only or n in a.only.split(",")]
    with mp.get_context("fork").Pool(a.workers) as pool:
        best = win_rate(plan, a.games, a.seed, pool, a.workers)
        print(f"start {best:.2%}", flush=True)
        for r in range(a.rounds):
            changed = False
            for name in names:
                for factor in (0.5, 1.5):
                    value = round(getattr(plan, name) * factor, 3)
                    cand = replace(plan, **{name: value})
                    rate = win_rate(cand, a.games, a.seed, pool, a.workers)
                    print(f"  {name}={value}: {rate:.2%}", flush=True)
                    if rate > best + a.margin:
                        best, plan, changed = rate, cand, True
            print(f"round {r + 1}: {best:.2%}", flush=True)
            if not changed:
                break
    print(json.dumps(asdict(plan)))


if __name__ == "__main__":
    main()
