"""Compare two ``gravehold simulate --out`` runs of the same seeded games, per nemesis.

Both runs must be the same setups and seeds with different agents (or agent options): game
k of a setup has the same seed in both, so the games are paired and the difference of their
results is measured with the luck of the draw cancelled. Prints each side's win rate with
its 95 % Wilson interval and the paired difference with its 95 % interval.

    .venv/bin/python scripts/compare_runs.py results/heuristic results/planner
"""

from __future__ import annotations

import argparse
import csv
import math
from collections import defaultdict
from pathlib import Path

from gravehold.sim.stats import wilson


def load(folder: Path) -> dict[tuple[str, str, int], bool]:
    with (folder / "games.csv").open(newline="", encoding="utf-8") as f:
        return {(r["nemesis"], r["setup"].split(" vs ")[0], int(r["game"])): r["result"] == "win"
                for r in csv.DictReader(f)}


def line(name: str, a: list[bool], b: list[bool]) -> str:
    n = len(a)
    d = [float(y) - float(x) for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in d) / max(1, n - 1) / n)

    def rate(w: list[bool]) -> str:
        lo, hi = wilson(sum(w), n)
        return f"{sum(w) / n:6.1%} ({lo:.1%}–{hi:.1%})"

    return f"| {name} | {n} | {rate(a)} | {rate(b)} | {mean:+.1%} ± {1.96 * sd:.1%} |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a", type=Path, help="the first run's --out folder")
    ap.add_argument("b", type=Path, help="the second run's --out folder")
    args = ap.parse_args()
    a, b = load(args.a), load(args.b)
    common = sorted(set(a) & set(b))
    if not common:
        raise SystemExit("error: the two runs share no game (same setups and --seed?)")
    per: dict[str, list[tuple[str, str, int]]] = defaultdict(list)
    for k in common:
        per[k[0]].append(k)
    print(f"| nemesis | games | {args.a.name} | {args.b.name} | paired difference |")
    print("|---|---|---|---|---|")
    for name, keys in sorted(per.items()):
        print(line(name, [a[k] for k in keys], [b[k] for k in keys]))
    print(line("all", [a[k] for k in common], [b[k] for k in common]))


if __name__ == "__main__":
    main()
