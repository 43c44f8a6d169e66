"""Write the export of a long, hard-fought expedition: what an import's cost is measured on.

Two bots fight battle 1 of a standard 2-player expedition again and again: each try plays
``--actions`` decisions and is then given up (``campaigns.battle.fight`` with ``moves``), the lost battle's support
is taken (``policy.support_for``), and the battle is chosen again. ``--tries 300 --actions
125`` gives a file of some 1.9 MB with 300 battle records and 37,500 recorded actions: far
longer than any expedition played at a table, and the size an import must stay cheap at.

    .venv/bin/python scripts/long_expedition.py -o long.json --tries 300 --actions 125
    time .venv/bin/gravehold expedition import long.json --new-id --db sqlite:///long.db

The file is a pure function of the options (the same seed gives the same file), so a
measure of the import before and after a change runs on the very same file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from gravehold.campaigns import battle as driver
from gravehold.campaigns.expedition import EXPEDITION, policy, steps, transfer
from gravehold.campaigns.expedition.state import Expedition


def long_expedition(tries: int, actions: int, seed: int = 8, players: int = 2) -> Expedition:
    """An expedition of ``tries`` finished tries (bots, given up after ``actions`` decisions
    each), left choosing its next battle."""
    exp = steps.new(players, seed=seed)
    for _ in range(tries):
        if exp.phase == "support":
            exp = steps.support(exp, policy.support_for(exp))
        if exp.phase != "choose":
            break  # won its last battle: a shorter file than asked for
        exp = driver.fight(EXPEDITION, exp, moves=actions)
    if exp.phase == "support":
        exp = steps.support(exp, policy.support_for(exp))
    return exp


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="scripts/long_expedition.py", description=__doc__.split("\n")[0])
    ap.add_argument("-o", "--output", type=Path, required=True, help="the export file to write")
    ap.add_argument("--tries", type=int, default=300, help="finished tries (battle records)")
    ap.add_argument("--actions", type=int, default=125, help="decisions played in each try before it is given up")
    ap.add_argument("--seed", type=int, default=8)
    args = ap.parse_args(argv)
    t0 = time.process_time()
    exp = long_expedition(args.tries, args.actions, args.seed)
    raw = transfer.export(exp)
    args.output.write_bytes(raw + b"\n")
    acts = sum(len(r.actions) for r in exp.history)
    print(f"wrote {args.output}: {len(raw):,} bytes, {len(exp.history)} battle records, {acts:,} actions "
          f"({time.process_time() - t0:.1f} s of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
