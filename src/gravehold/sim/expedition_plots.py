"""PNG plots of an expedition sweep (matplotlib, no display needed), as ``sim.plots`` draws
a game sweep: each figure built by a ``*_figure`` function a test can read back, and saved
by the function of the plain name. Rates keep a 0 to 1 axis so that sweeps compare.
"""

from __future__ import annotations

from pathlib import Path

from matplotlib.figure import Figure

from ..engine.shapes import Row
from .plots import BAR, LOSS, WIN, _height, _save


def score_histogram_figure(rows: list[Row]) -> Figure:
    """One bar per score value, split into the expeditions that completed (green) and those
    abandoned at the tries cap (red): a low score from giving up is told apart from a low
    score of a long, finished struggle."""
    import matplotlib.pyplot as plt

    values = sorted({r["score"] for r in rows})
    done = [sum(r["score"] == v and r["completed"] for r in rows) for v in values]
    gave_up = [sum(r["score"] == v and not r["completed"] for r in rows) for v in values]
    fig, ax = plt.subplots(figsize=(9, 4))
    ax.bar(values, done, width=1.4, color=WIN, label="completed")
    ax.bar(values, gave_up, width=1.4, bottom=done, color=LOSS, label="not completed")
    ax.set_xticks(values, [str(v) for v in values], fontsize=8)
    ax.set_xlabel("score (X-9)")
    ax.set_ylabel("expeditions")
    ax.legend(loc="best", fontsize=8)
    ax.set_title(f"gravehold: score of {len(rows)} expeditions")
    fig.tight_layout()
    return fig


def score_histogram(rows: list[Row], path: Path) -> None:
    _save(score_histogram_figure(rows), path)


def win_rates_figure(groups: list[Row], key: str) -> Figure:
    """One bar per battle number (``key`` "battle") or nemesis ("nemesis", with the first
    battle it was met at): wins over tries, the 95 % Wilson interval as an error bar, and
    ``wins/tries`` written beside it."""
    import matplotlib.pyplot as plt

    labels = [f"{g[key]} (battle {g['first_battle']})" if key == "nemesis" else f"battle {g[key]}"
              for g in groups]
    rates = [g["win_rate"] for g in groups]
    lo = [max(0.0, g["win_rate"] - g["ci_low"]) for g in groups]
    hi = [max(0.0, g["ci_high"] - g["win_rate"]) for g in groups]
    fig, ax = plt.subplots(figsize=(9, _height(len(groups))))
    ys = list(range(len(groups)))
    ax.barh(ys, rates, xerr=[lo, hi], color=BAR, ecolor="#222", capsize=3)
    for y, g in zip(ys, groups, strict=True):  # past the interval's end, where nothing covers it
        ax.text(max(g["win_rate"], g["ci_high"]) + 0.01, y, f"{g['wins']}/{g['tries']}", va="center", ha="left",
                fontsize=8, color="#111")
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("wins / tries (95 % Wilson interval)")
    ax.invert_yaxis()
    ax.set_title(f"gravehold: win rate per {key}")
    fig.tight_layout()
    return fig


def win_rates(groups: list[Row], key: str, path: Path) -> None:
    _save(win_rates_figure(groups, key), path)


def completion_figure(summary: Row) -> Figure:
    """Where the expeditions ended: completed, or abandoned at battle n; the completion
    rate and its interval in the title."""
    import matplotlib.pyplot as plt

    c = summary["completed"]
    labels = ["completed"] + [f"stopped at battle {b}" for b, _ in summary["stopped_at"]]
    counts = [c["k"]] + [n for _, n in summary["stopped_at"]]
    fig, ax = plt.subplots(figsize=(9, _height(len(labels))))
    ys = list(range(len(labels)))
    ax.barh(ys, counts, color=[WIN] + [LOSS] * (len(labels) - 1))
    for y, n in zip(ys, counts, strict=True):
        ax.text(n, y, f" {n}", va="center", ha="left", fontsize=8)
    ax.set_yticks(ys, labels, fontsize=8)
    ax.set_xlim(0, max(counts) * 1.12 + 1)
    ax.set_xlabel("expeditions")
    ax.invert_yaxis()
    ax.set_title(f"gravehold: {c['rate']:.1%} of {c['n']} expeditions completed "
                 f"(95 % interval {c['ci_low']:.1%}–{c['ci_high']:.1%})")
    fig.tight_layout()
    return fig


def completion(summary: Row, path: Path) -> None:
    _save(completion_figure(summary), path)
