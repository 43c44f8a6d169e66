"""Statistics for win rates: the Wilson score interval and per-setup summaries."""

from __future__ import annotations

import math
from collections import Counter

from ..engine.shapes import Row


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """95 % Wilson score interval for a binomial proportion (good at small n and p near 0/1)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


LOSS_REASONS = {"gravehold": "Gravehold destroyed", "exhausted": "all exhausted",
                "nemesis_rule": "nemesis rule", "fire": "nemesis rule"}


def summarize(rows: list[Row]) -> Row:
    """One summary for a list of game rows of the same setup."""
    n = len(rows)
    wins = sum(r["result"] == "win" for r in rows)
    lo, hi = wilson(wins, n)
    losses = Counter(LOSS_REASONS.get(r["reason"], r["reason"]) for r in rows if r["result"] != "win")
    wins_by = Counter(r["reason"] for r in rows if r["result"] == "win")

    def mean(key: str) -> float:
        return sum(r[key] for r in rows) / n if n else 0.0

    return {
        "games": n, "wins": wins, "win_rate": wins / n if n else 0.0,
        "ci_low": lo, "ci_high": hi,
        "mean_turns": mean("turns"), "mean_gravehold_life": mean("gravehold_life"),
        "mean_nemesis_life": mean("nemesis_life"),
        "losses": dict(sorted(losses.items())), "wins_by": dict(sorted(wins_by.items())),
    }
