"""PNG plots of a simulation (matplotlib, no display needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def win_rates(summary: list[dict[str, Any]], path: Path) -> None:
    """Win rate per setup with its 95 % Wilson interval."""
    labels = [s["setup"] for s in summary]
    rates = [s["win_rate"] for s in summary]
    lo = [max(0.0, s["win_rate"] - s["ci_low"]) for s in summary]
    hi = [max(0.0, s["ci_high"] - s["win_rate"]) for s in summary]
    fig, ax = plt.subplots(figsize=(9, 0.5 * len(labels) + 1.5))
    ys = list(range(len(labels)))
    ax.barh(ys, rates, xerr=[lo, hi], color="#4a7bb7", ecolor="#222", capsize=3)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95 % Wilson interval)")
    ax.invert_yaxis()
    ax.set_title("gravehold: win rate per setup")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def game_lengths(rows: list[dict[str, Any]], path: Path) -> None:
    """Distribution of game length in turns, wins and losses stacked."""
    wins = [r["turns"] for r in rows if r["result"] == "win"]
    losses = [r["turns"] for r in rows if r["result"] != "win"]
    fig, ax = plt.subplots(figsize=(8, 4.5))
    top = max([r["turns"] for r in rows] or [1])
    bins = list(range(0, top + 3, max(1, (top + 2) // 30)))
    ax.hist([wins, losses], bins=bins, stacked=True, label=["win", "loss"], color=["#3a9a5b", "#c0504d"])
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.legend()
    ax.set_title("gravehold: game length")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
