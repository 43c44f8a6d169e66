"""Measure how well the heuristic bot plays each mage, for the expedition bots' policy.

Each mage plays ``--games`` two-player games beside every other mage in turn, against the
nemeses an expedition draws (levels 1-3 in turn), on random markets, under the ``na``
ruleset; its rating is its win rate. The bots' policy (``campaigns/expedition/policy.py``) takes the
best-rated mages of the Barracks. Regenerate after the heuristic changes:

    python scripts/mage_ratings.py --games 200 --workers 2   # rewrites campaigns/expedition/mage_ratings.json
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from gravehold.content import registry as content
from gravehold.engine.game import Game
from gravehold.sim.run import play_out

OUT = Path(__file__).resolve().parent.parent / "src" / "gravehold" / "campaigns" / "expedition" / "mage_ratings.json"


def rate(args: tuple[str, int]) -> tuple[str, float]:
    mage, games = args
    mages = sorted(m for m in content.MAGES if content.MAGES[m].name != content.MAGES[mage].name)
    nemeses = sorted(n for n, d in content.NEMESES.items() if d.expedition_level in (1, 2, 3))
    wins = 0
    for k in range(games):
        g = Game.new(mages=[mage, mages[k % len(mages)]], nemesis=nemeses[k % len(nemeses)], market="random",
                     ruleset="na", seed=k, events=False)
        play_out(g, "heuristic", k)
        wins += g.result == "win"
    return mage, wins / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    with ProcessPoolExecutor(a.workers) as pool:
        rated = dict(pool.map(rate, [(m, a.games) for m in sorted(content.MAGES)]))
    OUT.write_text(json.dumps({m: round(r, 3) for m, r in sorted(rated.items())}, indent=1) + "\n")
    for m, r in sorted(rated.items(), key=lambda x: -x[1]):
        print(f"{m:14} {r:.3f}")


if __name__ == "__main__":
    main()
