"""PNG plots of a simulation (matplotlib, no display needed).

Each figure is built by a ``*_figure`` function and saved by the function of the plain
name, so a test can look at the figure itself: how many boxes, which axis limits, which
labels. A sweep compares setups, so every plot shows each setup on its own row; a length
axis starts where the data starts (games of 40 to 60 turns fill the plot rather than its
last third), while a win-rate axis stays 0 to 1 so that rates compare across plots.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

from ..engine.shapes import Row

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

WIN, LOSS, BAR = "#3a9a5b", "#c0504d", "#4a7bb7"


def _height(rows: int) -> float:
    return 0.5 * rows + 1.5


def _save(fig: Figure, path: Path) -> None:
    fig.savefig(path, dpi=110)
    plt.close(fig)


def win_rate_label(s: Row) -> str:
    """The text on a setup's bar: its win rate and how many games it rests on."""
    return f"{s['win_rate']:.1%} of {s['games']}"


def win_rates_figure(summary: list[Row]) -> Figure:
    """One bar per setup: its win rate, the 95 % Wilson interval as an error bar, and the
    rate written on the bar (at its start, where neither the bar's end nor the interval
    can hide it)."""
    labels = [s["setup"] for s in summary]
    rates = [s["win_rate"] for s in summary]
    lo = [max(0.0, s["win_rate"] - s["ci_low"]) for s in summary]
    hi = [max(0.0, s["ci_high"] - s["win_rate"]) for s in summary]
    fig, ax = plt.subplots(figsize=(9, _height(len(labels))))
    ys = list(range(len(labels)))
    ax.barh(ys, rates, xerr=[lo, hi], color=BAR, ecolor="#222", capsize=3)
    for y, s in zip(ys, summary, strict=True):
        ax.text(0.01, y, win_rate_label(s), va="center", ha="left", fontsize=8, color="#111",
                bbox={"facecolor": "white", "alpha": 0.8, "edgecolor": "none", "pad": 1.5})
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95 % Wilson interval)")
    ax.invert_yaxis()
    ax.set_title("gravehold: win rate per setup")
    fig.tight_layout()
    return fig


def win_rates(summary: list[Row], path: Path) -> None:
    _save(win_rates_figure(summary), path)


def length_limits(turns: list[int]) -> tuple[float, float]:
    """The turns axis: the data's range and a little room, never reaching back to 0 for
    nothing."""
    lo, hi = min(turns), max(turns)
    pad = max(1.0, 0.04 * (hi - lo))
    return lo - pad, hi + pad


def game_lengths_figure(rows: list[Row]) -> Figure:
    """One row per setup: a box plot of its game lengths, over its games drawn as dots
    (green won, red lost), so setups compare at a glance and wins and losses stay apart."""
    by: dict[str, list[Row]] = {}
    for r in rows:
        by.setdefault(r["setup"], []).append(r)
    labels = list(by)
    fig, ax = plt.subplots(figsize=(9, _height(len(labels))))
    ys = list(range(len(labels)))
    ax.boxplot([[r["turns"] for r in by[s]] for s in labels], positions=ys, orientation="horizontal",
               widths=0.6, showfliers=False, patch_artist=True,
               boxprops={"facecolor": "#dde6f2", "edgecolor": "#333"}, medianprops={"color": "#222"})
    for y, s in zip(ys, labels, strict=True):
        games = by[s]
        # a fixed spread (golden-ratio steps), so the same games always draw the same picture
        dy = [((k * 0.618034) % 1 - 0.5) * 0.45 for k in range(len(games))]
        ax.scatter([r["turns"] for r in games], [y + d for d in dy], s=9, alpha=0.6, zorder=3,
                   c=[WIN if r["result"] == "win" else LOSS for r in games], linewidths=0)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_xlim(*length_limits([r["turns"] for r in rows]))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("turns")
    ax.invert_yaxis()
    ax.legend(handles=[Line2D([], [], marker="o", ls="", color=WIN, label="win"),
                       Line2D([], [], marker="o", ls="", color=LOSS, label="loss")], loc="best", fontsize=8)
    ax.set_title("gravehold: game length per setup")
    fig.tight_layout()
    return fig


def game_lengths(rows: list[Row], path: Path) -> None:
    _save(game_lengths_figure(rows), path)
