"""``gravehold expedition simulate``: the bot sweep of whole expeditions, its options
checked before the first is played, and its summary as tables that fit the terminal.

The sweep itself (jobs, rows, summary, files) is ``campaigns.expedition.sweep``; this module is its
command and its drawing, so the simulators never import the CLI. What every kind's sweep
command shares (playing the jobs, writing the files, the rates) is ``cli.campaigns_common``.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...agents import AGENTS
from ...campaigns.expedition.policy import BOT_MAX_TRIES
from ...engine.shapes import Doc
from ...errors import GraveholdError
from .. import campaigns_common as shared
from ..campaigns_common import pct, spread
from ..common import MAX_GAMES, MAX_WORKERS, console, fail, out_folder, seed_option
from ..render import show


def simulate(
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="Whole expeditions to play.")] = 50,
    agent: Annotated[str, typer.Option(help=f"The bot in every seat ({', '.join(AGENTS)}).")] = "heuristic",
    players: Annotated[int, typer.Option(min=1, max=4, help="Players, 1 to 4.")] = 2,
    length: Annotated[str, typer.Option(help="short, standard or long (X-16, X-17).")] = "standard",
    endless: Annotated[bool, typer.Option("--endless", help="Unpicked supplies return to the Barracks "
                                          "(X-18).")] = False,
    story: Annotated[str | None, typer.Option(help="A scripted expedition's id, e.g. new_age.")] = None,
    boxes: Annotated[str | None, typer.Option(help="Comma-separated boxes to draw from (default: all).")] = None,
    seed: Annotated[int, seed_option("Base seed; expedition k plays seed × 1000003 + k.")] = 1,
    max_tries: Annotated[int, typer.Option(min=1, max=1000, help="Tries of one battle before a bot gives the "
                                           "expedition up.")] = BOT_MAX_TRIES,
    workers: Annotated[int | None, typer.Option(min=0, max=MAX_WORKERS, help="Local worker processes "
                                                "(default or 0: all cores).")] = None,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    out: Annotated[str | None, typer.Option(help="Write rows.csv, rows.jsonl, summary.json and plots "
                                            "here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play many whole expeditions with bots; report completion, first-try wins, scores and
    win rates with 95 % Wilson intervals."""
    """Play many whole expeditions with bots; report completion, first-try wins, scores and
    win rates with 95 % Wilson intervals."""
    from ...campaigns.expedition.sweep import Variant, check, summarize

    names = tuple(b.strip() for b in (boxes or "").split(",") if b.strip())
    variant = Variant(players=players, length=length, endless=endless, boxes=names, story=story,
                      max_tries=max_tries, agent=agent)
    folder = Path(out) if out is not None else None
    try:
        if boxes is not None and not names:
            raise GraveholdError(f"--boxes: name at least one box, got {boxes!r}")
        check(variant, games, seed, workers or 0, backend)
        if folder is not None:
            out_folder(folder)
    except GraveholdError as e:
        fail(e)
    rows, n_workers, elapsed = shared.sweep(variant, games, seed, workers, backend, "expeditions", as_json)
    summary = summarize(rows)
    meta = {"expeditions": games, "seed": seed, "workers": n_workers, "backend": backend,
            "seconds": round(elapsed, 2), "games_per_s": round(summary["games"] / max(elapsed, 1e-9), 1),
            **{k: list(v) if isinstance(v, tuple) else v for k, v in asdict(variant).items()}}
    from ...campaigns.expedition.sweep import write

    shared.write_sweep(write, folder, rows, summary, meta, as_json)
    if as_json:
        print(json.dumps({"meta": meta, "summary": summary}))
        return
    shape = f"story {story}" if story else f"{length}{', endless' if endless else ''}"
    plural = {n: "s" if n > 1 else "" for n in (players, n_workers)}
    console().print(f"{games} expeditions ({players} player{plural[players]}, {shape}), agent {agent}, max "
                    f"{max_tries} tries: {elapsed:.1f} s, {n_workers} worker{plural[n_workers]}", highlight=False)
    show_summary(console(), summary, "Expeditions", max_tries)


def _counts(hist: list[list[int]]) -> str:
    return ", ".join(f"{v}: {n}" for v, n in hist) or "—"


def summary_cells(summary: Doc, max_tries: int) -> list[dict[str, str]]:
    """The headline figures as ``figure``/``value`` cells."""
    c, ft = summary["completed"], summary["first_try"]
    n = summary["expeditions"]
    per = summary["first_try_per_expedition"]
    cells = [
        ("completed", f"{c['k']} of {n}: {pct(c)}"),
        (f"abandoned ({max_tries} tries of one battle)", str(summary["abandoned"])),
        ("stuck (an engine loop or error)", "; ".join(f"#{x['expedition']} at {x['at']}" for x in summary["stuck"])
         or "none"),
        ("stopped at battle (count)", _counts(summary["stopped_at"])),
        ("games played", f"{summary['games']} ({summary['games'] / max(1, n):.1f} per expedition)"),
        ("battles won at the first try", f"{ft['k']} of {ft['n']}: {pct(ft)}"),
        ("first-try wins per expedition", f"mean {per['mean']:.2f}; {_counts(per['histogram'])}" if per else "—"),
        ("score, all expeditions", spread(summary["score"])),
        ("score, completed only", spread(summary["score_completed"])),
    ]
    return [{"figure": k, "value": v} for k, v in cells]


def show_summary(console: Console, summary: Doc, title: str, max_tries: int) -> None:
    """The summary as Rich tables, each readable at any width (``cli.render.show``)."""
    show(console, title, summary_cells(summary, max_tries), ["figure", "value"], lines=False)
    cols = ["battle", "reached", "tries", "wins", "win rate (95% CI)", "first-try wins"]
    show(console, "Win rate per battle (wins / tries)", [dict(zip(cols, (
        str(b["battle"]), str(b["reached"]), str(b["tries"]), str(b["wins"]),
        pct({"rate": b["win_rate"], **b}), str(b["first_try_wins"])), strict=True))
        for b in summary["per_battle"]], cols, right=cols[1:], lines=False)
    cols = ["nemesis", "battles", "tries", "wins", "win rate (95% CI)"]
    show(console, "Win rate per nemesis (wins / tries)", [dict(zip(cols, (
        p["nemesis"], str(p["battles"]), str(p["tries"]), str(p["wins"]), pct({"rate": p["win_rate"], **p})),
        strict=True)) for p in summary["per_nemesis"]], cols, right=cols[1:], lines=False)
    hist = summary["score"]["histogram"] if summary["score"] else []
    top = max((n for _, n in hist), default=1)
    cols = ["score", "expeditions", "share"]
    show(console, "Score histogram", [{"score": str(v), "expeditions": str(n),
                                       "share": "█" * max(1, round(30 * n / top))} for v, n in hist],
         cols, right=["score", "expeditions"], lines=False)
