"""The simulation's plots, read back as matplotlib objects: one row per setup, axes at the data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.collections import PathCollection
from matplotlib.patches import PathPatch, Rectangle

from gravehold.sim.output import summaries
from gravehold.sim.plots import game_lengths, game_lengths_figure, length_limits, win_rates_figure

WINS = "#3a9a5b"


def rows(setup: str, turns: list[int], wins: int) -> list[dict[str, Any]]:
    """Game rows as simulate writes them, the first ``wins`` of them won."""
    return [{"setup": setup, "nemesis": "N", "mages": "A+B", "market": "m", "difficulty": "normal",
             "ruleset": "we", "agent": "heuristic", "result": "win" if k < wins else "loss",
             "reason": "nemesis_defeated" if k < wins else "gravehold", "turns": t, "gravehold_life": 10,
             "nemesis_life": 0} for k, t in enumerate(turns)]


SWEEP = rows("one", [40, 44, 52, 47], 3) + rows("two", [55, 61, 58], 1) + rows("three", [42, 45], 0)


def test_game_lengths_draw_one_box_and_one_dot_cloud_per_setup() -> None:
    fig = game_lengths_figure(SWEEP)
    ax = fig.axes[0]
    boxes = [p for p in ax.patches if isinstance(p, PathPatch)]
    clouds = [c for c in ax.collections if isinstance(c, PathCollection)]
    assert len(boxes) == 3 and len(clouds) == 3
    assert [len(c.get_offsets()) for c in clouds] == [4, 3, 2]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["one", "two", "three"]
    # each cloud sits on its setup's row, at the turns of its own games
    for y, (cloud, turns) in enumerate(zip(clouds, ([40, 44, 52, 47], [55, 61, 58], [42, 45]), strict=True)):
        xy = cloud.get_offsets()
        assert sorted(xy[:, 0].tolist()) == sorted(turns) and all(abs(v - y) < 0.3 for v in xy[:, 1])
    won = [sum(tuple(f[:3]) == tuple(int(WINS[i:i + 2], 16) / 255 for i in (1, 3, 5)) for f in c.get_facecolors())
           for c in clouds]
    assert won == [3, 1, 0]
    plt.close(fig)


def test_the_turns_axis_starts_at_the_data_not_at_zero() -> None:
    fig = game_lengths_figure(SWEEP)
    lo, hi = fig.axes[0].get_xlim()
    assert (lo, hi) == length_limits([r["turns"] for r in SWEEP]) == (39.0, 62.0)
    assert 38 < lo < 40 and 61 < hi < 63
    plt.close(fig)
    assert length_limits([50, 50]) == (49.0, 51.0)  # one length: a little room either side
    assert length_limits([0, 100]) == (-4.0, 104.0)


def test_win_rate_bars_carry_their_values_on_a_0_to_1_axis() -> None:
    summary = summaries(SWEEP)
    fig = win_rates_figure(summary)
    ax = fig.axes[0]
    bars = [p for p in ax.patches if isinstance(p, Rectangle)]
    assert [round(b.get_width(), 4) for b in bars] == [0.75, round(1 / 3, 4), 0.0]
    assert [t.get_text() for t in ax.texts] == ["75.0% of 4", "33.3% of 3", "0.0% of 2"]
    assert ax.get_xlim() == (0.0, 1.0)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["one", "two", "three"]
    plt.close(fig)


def test_plots_are_written_as_png(tmp_path: Path) -> None:
    game_lengths(SWEEP, tmp_path / "len.png")
    assert (tmp_path / "len.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
