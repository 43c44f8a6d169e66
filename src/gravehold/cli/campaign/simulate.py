"""``gravehold campaign simulate``: the bot sweep of whole Legacy campaigns, its options
checked before the first is played, and its summary as tables that fit the terminal.

The sweep itself (variant, rows, summary, files) is ``campaigns.legacy.sweep``, played by
the layer's ``campaigns.sweep``; this module is its command and its drawing (what every
kind's sweep command shares is ``cli.campaigns_common``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ...agents import AGENTS
from ...engine.shapes import Doc
from ...errors import GraveholdError
from .. import campaigns_common as shared
from ..campaigns_common import pct, spread
from ..common import MAX_GAMES, MAX_WORKERS, console, fail, out_folder, seed_option
from ..render import show
from .common import ScriptOpt, script_of


def simulate(
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="Whole campaigns to play.")] = 20,
    script: ScriptOpt = "project",
    agent: Annotated[str, typer.Option(help=f"The bot in every seat ({', '.join(AGENTS)}).")] = "heuristic",
    players: Annotated[int, typer.Option(min=1, max=4, help="Players, 1 to 4.")] = 2,
    city: Annotated[str, typer.Option(help="The city the group serves (C-3).")] = "Gravehold",
    seed: Annotated[int, seed_option("Base seed; campaign k plays seed × 1000003 + k.")] = 1,
    workers: Annotated[int | None, typer.Option(min=0, max=MAX_WORKERS, help="Local worker processes "
                                                "(default or 0: all cores).")] = None,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    out: Annotated[str | None, typer.Option(help="Write rows.csv, rows.jsonl, summary.json and a plot "
                                            "here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Play many whole Legacy campaigns with bots; report completion, win rates per nemesis
    with 95 % Wilson intervals, experience earned and spent, severed and retired mages."""
    from ...campaigns.legacy.sweep import Variant, check, summarize, write

    folder = Path(out) if out is not None else None
    try:
        variant = Variant(script=script_of(script), name=script, players=players, city=city.strip(), agent=agent)
        check(variant, games, seed, workers or 0, backend)
        if folder is not None:
            out_folder(folder)
    except GraveholdError as e:
        fail(e)
    rows, n_workers, elapsed = shared.sweep(variant, games, seed, workers, backend, "campaigns", as_json)
    summary = summarize(rows)
    meta = {"campaigns": games, "seed": seed, "workers": n_workers, "backend": backend,
            "seconds": round(elapsed, 2), "script": script, "script_id": variant.script.id, "players": players,
            "city": variant.city, "agent": agent}
    shared.write_sweep(write, folder, rows, summary, meta, as_json)
    if as_json:
        print(json.dumps({"meta": meta, "summary": summary}))
        return
    plural = {n: "s" if n > 1 else "" for n in (players, n_workers)}
    console().print(f"{games} campaigns (script {variant.script.id}, {players} player{plural[players]}, "
                    f"{variant.city}), agent {agent}: {elapsed:.1f} s, {n_workers} worker{plural[n_workers]}",
                    highlight=False)
    show_summary(console(), summary)


def summary_cells(summary: Doc) -> list[dict[str, str]]:
    """The headline figures as ``figure``/``value`` cells."""
    c, w, n = summary["completed"], summary["wins"], summary["campaigns"]
    cells = [
        ("completed", f"{c['k']} of {n}: {pct(c)}"),
        ("stuck (a setup, an engine loop or error)",
         "; ".join(f"#{x['campaign']} at {x['at']}" for x in summary["stuck"]) or "none"),
        ("games played", f"{summary['games']} ({summary['games'] / max(1, n):.1f} per campaign)"),
        ("games won", f"{w['k']} of {w['n']}: {pct(w)}"),
        ("experience earned", spread(summary["experience_earned"])),
        ("experience spent", spread(summary["experience_spent"])),
        ("mages severed", spread(summary["severed"])),
        ("mages retired", spread(summary["retired"])),
    ]
    return [{"figure": k, "value": v} for k, v in cells]


def show_summary(console: Console, summary: Doc) -> None:
    """The summary as Rich tables, each readable at any width (``cli.render.show``)."""
    show(console, "Campaigns", summary_cells(summary), ["figure", "value"], lines=False)
    cols = ["nemesis", "first battle", "tries", "wins", "losses", "win rate (95% CI)"]
    show(console, "Battles won and lost per nemesis", [dict(zip(cols, (
        p["nemesis"], str(p["first_battle"]), str(p["tries"]), str(p["wins"]), str(p["losses"]),
        pct({"rate": p["win_rate"], **p})), strict=True)) for p in summary["per_nemesis"]],
        cols, right=cols[1:], lines=False)
