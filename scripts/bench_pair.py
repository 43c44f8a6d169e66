"""Paired benchmark: `gravehold bench --json` of two source trees, run alternately (A B A B ...).

On a shared, noisy machine only a ratio measured in one run means anything. Give the
``src`` folders of two checkouts (for example a worktree of the commit before a change)::

    git worktree add ../gravehold-base <commit>
    .venv/bin/python scripts/bench_pair.py ../gravehold-base/src src --pairs 4 -- --no-scaling --no-rl

Both trees run with this interpreter (and its installed dependencies), each with its own
``src`` first on the path. Each figure is the best of the pairs; the ratio is B / A (for
``clone_us`` and ``ismcts_ms_per_decision`` lower is better). Options after ``--`` go to
``gravehold bench``; a figure only one tree reports is shown for that tree alone.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

LOWER_IS_BETTER = {"clone_us", "from_json_us", "ismcts_ms_per_decision", "seconds"}


def run(src: Path, extra: list[str]) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(src.resolve())}
    code = ("import sys; from gravehold.cli import app; "
            "sys.argv = ['gravehold', 'bench', '--json', *sys.argv[1:]]; app()")
    out = subprocess.run([sys.executable, "-c", code, *extra], env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"bench failed in {src}:\n{out.stderr[-2000:]}")
    data = json.loads(out.stdout.strip().splitlines()[-1])
    return {k: float(v) for k, v in data.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="scripts/bench_pair.py", description=__doc__.split("\n")[0])
    ap.add_argument("a", type=Path, help="src folder of tree A (the baseline)")
    ap.add_argument("b", type=Path, help="src folder of tree B (the change)")
    ap.add_argument("--pairs", type=int, default=4, help="A B rounds (4)")
    rest = argv[argv.index("--") + 1:] if "--" in argv else []
    args = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    args.rest = rest
    for src in (args.a, args.b):
        if not (src / "gravehold" / "__init__.py").is_file():
            ap.error(f"{src} holds no gravehold package")
    if args.pairs < 1:
        ap.error("--pairs must be at least 1")
    best: dict[str, dict[str, float]] = {"a": {}, "b": {}}
    for _ in range(args.pairs):
        for side, src in (("a", args.a), ("b", args.b)):
            for k, v in run(src, args.rest).items():
                old = best[side].get(k)
                if old is None or (v < old if k in LOWER_IS_BETTER else v > old):
                    best[side][k] = v
    keys = [k for k in best["b"] if k in best["a"]] + [k for k in best["a"] if k not in best["b"]] \
        + [k for k in best["b"] if k not in best["a"]]
    rows = {}
    for k in keys:
        a, b = best["a"].get(k), best["b"].get(k)
        rows[k] = {"a": a, "b": b, "ratio": (b / a) if a and b else None}
    print(json.dumps({"pairs": args.pairs, "figures": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
