"""The expedition sweep: many whole expeditions played by bots, and what they add up to.

A sweep measures the battle bots over whole expeditions (X-1 … X-19), not over single
games: how often a group gets to the end, how often a battle falls at the first try, how
the score spreads, and where the expeditions stop. The layer's sweep (``campaigns.sweep``)
plays them, on one worker, a process pool or Ray, with the same rows however split; this
module says how an expedition of a sweep sets out (:class:`Variant`), what its row holds,
and the summary, files and tables of the rows.

Retries are unlimited by the rules (X-8); a bot that cannot beat a nemesis would retry
forever, so every job carries a cap on tries (``max_tries``), and an expedition that hits
it is *abandoned*: it counts as not completed. A game given up by the bots past the turn
limit is a loss (reason ``conceded``), after which the expedition goes on (X-8); a stuck
one (an engine loop or error) ends its expedition there, counted as not completed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...engine.shapes import Row
from ...errors import GraveholdError
from ..kind import CampaignKind
from ..sweep import check_run, check_variant, distribution, histogram, rate, write_rows
from . import steps
from .kind import EXPEDITION
from .policy import BOT_MAX_TRIES
from .state import Choices, Expedition


@dataclass(frozen=True)
class Variant:
    """The options every expedition of a sweep sets out with, and the agent in every seat."""

    players: int = 2
    length: str = "standard"
    endless: bool = False
    score: bool = True
    boxes: tuple[str, ...] = ()
    story: str | None = None
    max_tries: int = BOT_MAX_TRIES
    agent: str = "heuristic"

    @property
    def kind(self) -> CampaignKind[Expedition, Choices]:
        return EXPEDITION

    def new(self, seed: int) -> Expedition:
        """Set out (X-3, X-16, XS-2): the expedition this variant plays with ``seed``."""
        return steps.new(self.players, length=self.length, endless=self.endless, score=self.score,
                         boxes=list(self.boxes), seed=seed, story=self.story, max_tries=self.max_tries)

    def row(self, doc: Expedition, index: int, stuck: str) -> Row:
        return row_of(doc, index, stuck)


def row_of(exp: Expedition, index: int = 0, stuck: str = "") -> Row:
    """A played expedition as a plain row: its outcome, and per battle fought its nemesis,
    its tries and whether it was won (and at the first try)."""
    battles: dict[int, Row] = {}
    for r in exp.history:
        b = battles.setdefault(r.battle, {"battle": r.battle, "nemesis": r.nemesis, "tries": 0,
                                          "won": False, "won_first_try": False})
        b["tries"] += 1
        if r.result == "win":
            b["won"] = True
            b["won_first_try"] = r.attempt == 1
    fought = [battles[n] for n in sorted(battles)]
    return {
        "expedition": index, "seed": exp.seed,
        "completed": exp.phase == "complete" and not exp.abandoned, "abandoned": exp.abandoned,
        "stuck": stuck, "score": exp.score, "battles_reached": len(fought), "last_battle": exp.battle,
        "games": len(exp.history), "first_try_wins": sum(b["won_first_try"] for b in fought),
        "battles": fought,
    }


# ------------------------------------------------------------------ statistics
def summarize(rows: list[Row]) -> Row:
    """Everything the sweep reports, from its rows alone."""
    fought = [b for r in rows for b in r["battles"]]
    per_battle: dict[int, Row] = {}
    per_nemesis: dict[str, Row] = {}
    for b in fought:
        pb = per_battle.setdefault(b["battle"], {"battle": b["battle"], "reached": 0, "tries": 0, "wins": 0,
                                                 "first_try_wins": 0})
        pn = per_nemesis.setdefault(b["nemesis"], {"nemesis": b["nemesis"], "first_battle": b["battle"],
                                                   "battles": 0, "tries": 0, "wins": 0, "first_try_wins": 0})
        pn["first_battle"] = min(pn["first_battle"], b["battle"])
        for p, key in ((pb, "reached"), (pn, "battles")):
            p[key] += 1
            p["tries"] += b["tries"]
            p["wins"] += b["won"]
            p["first_try_wins"] += b["won_first_try"]

    def with_rate(p: Row) -> Row:
        r = rate(p["wins"], p["tries"])
        return {**p, "win_rate": r["rate"], "ci_low": r["ci_low"], "ci_high": r["ci_high"]}

    done = [r for r in rows if r["completed"]]
    return {
        "expeditions": len(rows),
        "completed": rate(len(done), len(rows)),
        "abandoned": sum(r["abandoned"] for r in rows),
        "stuck": [{"expedition": r["expedition"], "seed": r["seed"], "at": r["stuck"]} for r in rows if r["stuck"]],
        "games": sum(r["games"] for r in rows),
        "first_try": rate(sum(b["won_first_try"] for b in fought), len(fought)),
        "first_try_per_expedition": distribution([r["first_try_wins"] for r in rows]),
        "score": distribution([r["score"] for r in rows]),
        "score_completed": distribution([r["score"] for r in done]),
        "stopped_at": histogram([r["last_battle"] for r in rows if not r["completed"]]),
        "per_battle": [with_rate(per_battle[n]) for n in sorted(per_battle)],
        "per_nemesis": [with_rate(p) for p in sorted(per_nemesis.values(),
                                                     key=lambda p: (p["first_battle"], p["nemesis"]))],
    }


# ------------------------------------------------------------------ files
def flat(row: Row, numbers: list[int]) -> Row:
    """A row for rows.csv: one column per figure of each battle number (``b3_tries``)."""
    out = {k: v for k, v in row.items() if k != "battles"}
    by = {b["battle"]: b for b in row["battles"]}
    for n in numbers:
        b = by.get(n, {})
        for key in ("nemesis", "tries", "won", "won_first_try"):
            out[f"b{n}_{key}"] = b.get(key, "")
    return out


def write(out: Path, rows: list[Row], summary: Row, meta: Row) -> list[Path]:
    """rows.csv (flat), rows.jsonl (each row whole), summary.json and the PNG plots."""
    from ...sim import expedition_plots as plots

    out.mkdir(parents=True, exist_ok=True)
    files = [out / n for n in ("rows.csv", "rows.jsonl", "summary.json", "score_histogram.png",
                               "win_rate_per_battle.png", "win_rate_per_nemesis.png", "completion.png")]
    numbers = sorted({b["battle"] for r in rows for b in r["battles"]})
    flats = [flat(r, numbers) for r in rows]
    write_rows(files, rows, flats, summary, meta)
    plots.score_histogram(rows, files[3])
    plots.win_rates(summary["per_battle"], "battle", files[4])
    plots.win_rates(summary["per_nemesis"], "nemesis", files[5])
    plots.completion(summary, files[6])
    return files


# ------------------------------------------------------------------ the options, checked
OPTION_FIELDS = {"players": "--players", "length": "--length", "boxes": "--boxes", "story": "--story",
                 "max_tries": "--max-tries", "ruleset": "--ruleset"}


def check(variant: Variant, games: int, seed: int, workers: int, backend: str) -> None:
    """Every option, checked before any expedition is played; a GraveholdError names the option."""
    check_run(games, workers, backend)
    if not 1 <= variant.players <= 4:
        raise GraveholdError(f"--players: an expedition has 1 to 4 players, got {variant.players}")
    if not 1 <= variant.max_tries <= 1000:
        raise GraveholdError(f"--max-tries: must be 1 to 1000, got {variant.max_tries}")
    check_variant(variant, games, seed, backend, "expedition", OPTION_FIELDS)
