"""Write a simulation's results: games.csv, summary.json and the PNG plots."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from ..engine.shapes import Row
from .stats import summarize


def summaries(rows: list[Row]) -> list[Row]:
    by: dict[str, list[Row]] = {}
    for r in rows:
        by.setdefault(r["setup"], []).append(r)
    out = []
    for label, rs in by.items():
        first = rs[0]
        out.append({"setup": label, "nemesis": first["nemesis"], "mages": first["mages"],
                    "market": first["market"], "difficulty": first["difficulty"],
                    "ruleset": first["ruleset"], "agent": first["agent"], **summarize(rs)})
    return out


def write(out: Path, rows: list[Row], meta: Row) -> list[Path]:
    from .plots import game_lengths, win_rates

    out.mkdir(parents=True, exist_ok=True)
    files = [out / "games.csv", out / "summary.json", out / "win_rates.png", out / "game_length.png"]
    with files[0].open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    summ = summaries(rows)
    files[1].write_text(json.dumps({"meta": meta, "setups": summ, "overall": summarize(rows)}, indent=2))
    win_rates(summ, files[2])
    game_lengths(rows, files[3])
    return files
