"""The Legacy campaign's sweep: many whole campaigns played by bots, and what they add up to.

The layer's sweep (``campaigns.sweep``) plays them, on one worker, a process pool or Ray,
with the same rows however split; this module says how a campaign of the sweep starts
(:class:`Variant`: a script, the players, the city, the agent), what its row holds, and the
summary and files of the rows. A battle the script replays after a loss (C-15) is tried
again at most as often as the script says, so a bot run always reaches the end of the
story or a battle that cannot be set up or played (*stuck*, reported with its cause).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...engine.shapes import Row
from ..kind import CampaignKind
from ..sweep import check_run, check_variant, distribution, rate, write_rows
from . import steps
from .kind import LEGACY
from .script import Script
from .state import Choices, Legacy


@dataclass(frozen=True)
class Variant:
    """What every campaign of a sweep starts with, and the agent in every seat. ``script``
    is the script itself (so a worker needs no file), ``name`` how it was given."""

    script: Script
    name: str = "project"
    players: int = 2
    city: str = "Gravehold"
    agent: str = "heuristic"

    @property
    def kind(self) -> CampaignKind[Legacy, Choices]:
        return LEGACY

    def new(self, seed: int) -> Legacy:
        return steps.new(self.script, self.players, self.city, seed=seed)

    def row(self, doc: Legacy, index: int, stuck: str) -> Row:
        return row_of(doc, index, stuck)


def row_of(doc: Legacy, index: int = 0, stuck: str = "") -> Row:
    """A played campaign as a plain row: its outcome, its experience, its mages, and each
    game fought (battle, try, nemesis, result)."""
    earned = sum(e.experience for e in doc.events if e.experience > 0)
    spent = -sum(e.experience for e in doc.events if e.experience < 0)
    severed = sorted({m for e in doc.events if e.kind == "sever" for m in e.mages})
    return {
        "campaign": index, "seed": doc.seed, "completed": doc.phase == "complete", "stuck": stuck,
        "phase": doc.phase, "last_battle": doc.battle, "games": len(doc.history),
        "wins": sum(r.result == "win" for r in doc.history),
        "experience_earned": earned, "experience_spent": spent, "experience_left": doc.experience,
        "severed": len(severed), "retired": len(doc.retired), "severed_mages": severed,
        "retired_mages": list(doc.retired), "bought": sum(t.kind == "buy" for t in doc.taken),
        "games_fought": [{"battle": r.battle, "attempt": r.attempt, "nemesis": r.nemesis, "result": r.result,
                          "reason": r.reason} for r in doc.history],
    }


def summarize(rows: list[Row]) -> Row:
    """Everything the sweep reports, from its rows alone."""
    per_nemesis: dict[str, Row] = {}
    for r in rows:
        for g in r["games_fought"]:
            p = per_nemesis.setdefault(g["nemesis"], {"nemesis": g["nemesis"], "first_battle": g["battle"],
                                                      "tries": 0, "wins": 0, "losses": 0})
            p["first_battle"] = min(p["first_battle"], g["battle"])
            p["tries"] += 1
            p["wins"] += g["result"] == "win"
            p["losses"] += g["result"] != "win"

    def with_rate(p: Row) -> Row:
        x = rate(p["wins"], p["tries"])
        return {**p, "win_rate": x["rate"], "ci_low": x["ci_low"], "ci_high": x["ci_high"]}

    done = [r for r in rows if r["completed"]]
    return {
        "campaigns": len(rows),
        "completed": rate(len(done), len(rows)),
        "stuck": [{"campaign": r["campaign"], "seed": r["seed"], "at": r["stuck"]} for r in rows if r["stuck"]],
        "games": sum(r["games"] for r in rows),
        "wins": rate(sum(r["wins"] for r in rows), sum(r["games"] for r in rows)),
        "per_nemesis": [with_rate(p) for p in sorted(per_nemesis.values(),
                                                     key=lambda p: (p["first_battle"], p["nemesis"]))],
        "experience_earned": distribution([r["experience_earned"] for r in rows]),
        "experience_spent": distribution([r["experience_spent"] for r in rows]),
        "severed": distribution([r["severed"] for r in rows]),
        "retired": distribution([r["retired"] for r in rows]),
    }


# ------------------------------------------------------------------ files
def flat(row: Row) -> Row:
    """A row for rows.csv: its figures, the mages joined, the games as ``b1.1:win`` words."""
    out = {k: v for k, v in row.items() if k not in ("games_fought", "severed_mages", "retired_mages")}
    out["severed_mages"] = ";".join(row["severed_mages"])
    out["retired_mages"] = ";".join(row["retired_mages"])
    out["results"] = " ".join(f"b{g['battle']}.{g['attempt']}:{g['result']}" for g in row["games_fought"])
    return out


def write(out: Path, rows: list[Row], summary: Row, meta: Row) -> list[Path]:
    """rows.csv (flat), rows.jsonl (each row whole), summary.json and the win-rate plot."""
    from ...sim import expedition_plots as plots

    out.mkdir(parents=True, exist_ok=True)
    files = [out / n for n in ("rows.csv", "rows.jsonl", "summary.json", "win_rate_per_nemesis.png")]
    flats = [flat(r) for r in rows]
    write_rows(files, rows, flats, summary, meta)
    plots.win_rates(summary["per_nemesis"], "nemesis", files[3])
    return files


# ------------------------------------------------------------------ the options, checked
OPTION_FIELDS = {"players": "--players", "city": "--city", "script": "--script"}


def check(variant: Variant, games: int, seed: int, workers: int, backend: str) -> None:
    """Every option, checked before any campaign is played; a GraveholdError names the option."""
    check_run(games, workers, backend)
    check_variant(variant, games, seed, backend, "campaign", OPTION_FIELDS)
