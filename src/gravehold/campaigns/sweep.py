"""The bot sweep, for any kind: many whole campaigns played by bots, one row each.

Campaign ``k`` of a sweep starts from the seed ``sim.run.game_seed(base, k)``, and
everything after that is a pure function of the seed and the options (the one battle
driver, ``campaigns.battle``), so the rows are the same on one worker, on a process pool
or on Ray, however the work is split. A kind brings a :class:`Variant` (how a campaign
of the sweep starts, and what its row says) and its own summary of the rows; the
expedition's is ``campaigns.expedition.sweep``. What every kind's sweep writes and checks
alike (rows.csv, rows.jsonl, summary.json; the options before any campaign is played) is
here too, so the kinds' files and refusals cannot drift.

A game that can never end is given up by the bots past ``battle.CONCEDE_TURNS`` turns, as
the group would at the table. A step that runs past ``APPLY_SECONDS`` (an engine loop) or
an engine error ends its campaign there instead: it is *stuck*, reported with its battle,
try and cause, and the sweep goes on.
"""

from __future__ import annotations

import csv
import json
import signal
import statistics
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ..agents import make_agent
from ..engine.shapes import Row
from ..errors import GraveholdError
from ..sim import run as sim_run
from ..sim.run import game_seed
from ..sim.stats import wilson
from ..table import Table
from . import battle
from .kind import COMPLETE, CampaignDoc, SomeKind, next_step

#: the longest one engine step (``Game.apply``) may take before its game counts as stuck: a
#: step takes milliseconds, so only an engine loop that no decision can end gets near it
APPLY_SECONDS = 10.0


class Variant(Protocol):
    """What every campaign of a sweep starts with, and the agent in every seat."""

    @property
    def agent(self) -> str: ...
    @property
    def kind(self) -> SomeKind: ...

    def new(self, seed: int) -> Any:
        """The campaign this variant plays with ``seed``."""
        ...

    def row(self, doc: Any, index: int, stuck: str) -> Row:
        """A played campaign as a plain row."""
        ...


@dataclass(frozen=True)
class Job:
    """One campaign of a sweep: plain data, so it pickles to a process or a Ray task."""

    index: int
    seed: int
    variant: Variant


def jobs_for(variant: Variant, games: int, base_seed: int) -> list[Job]:
    return [Job(k, game_seed(base_seed, k), variant) for k in range(games)]


class Stuck(BaseException):
    """A game that will not end. A BaseException, as KeyboardInterrupt is: the alarm may
    raise it anywhere, and no ``except Exception`` on the way may take it for an error."""


@contextmanager
def step_alarm() -> Iterator[bool]:
    """SIGALRM raises :class:`Stuck` while this is open; yields whether the guard is on (it
    needs a Unix timer and the main thread, as a process-pool or in-process job has)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield False
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise Stuck(f"one engine step ran past {APPLY_SECONDS:g} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    try:
        yield True
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _arm() -> None:
    signal.setitimer(signal.ITIMER_REAL, APPLY_SECONDS)


def _disarm() -> None:
    signal.setitimer(signal.ITIMER_REAL, 0)


def play_game(table: Table, guarded: bool) -> battle.Actions:
    """``battle.play_recorded``, each engine step under the alarm when ``guarded``."""
    return battle.play_recorded(table, before=_arm if guarded else None, after=_disarm if guarded else None)


def play_campaign(kind: SomeKind, doc: CampaignDoc, agent: str) -> tuple[Any, str]:
    """``battle.play_campaign`` step by step, each engine step under the alarm: returns the
    campaign and, when a game got stuck, where and why ("battle 3, try 7: …"); the
    campaign then stays at that battle, unfinished."""
    with step_alarm() as guarded:
        while doc.phase != COMPLETE:
            if next_step(doc) != "choose":
                doc = battle.advance(kind, doc, agent)
                continue
            try:  # a battle that cannot be set up (a kind's refusal) is reported like an engine error
                doc, game = battle.begin(kind, doc, agent)
            except GraveholdError as e:
                return doc, f"battle {doc.battle}, try {doc.attempt}: setup {type(e).__name__}: {e}"
            try:
                actions = play_game(battle.battle_table(kind, doc, game), guarded)
            except Stuck as e:
                return doc, f"battle {doc.battle}, try {doc.attempt}: {e}"
            except Exception as e:  # an engine or agent bug: reported, and the sweep goes on
                return doc, f"battle {doc.battle}, try {doc.attempt}: error {type(e).__name__}: {e}"
            doc = kind.finish(doc, game, actions=actions)
    return doc, ""


def play_one(job: Job) -> Row:
    """Start, play the whole campaign with the job's agent, and report it as a row."""
    v = job.variant
    doc, stuck = play_campaign(v.kind, v.new(job.seed), v.agent)
    return v.row(doc, job.index, stuck)


def play_chunk(jobs: list[Job]) -> list[Row]:
    return [play_one(j) for j in jobs]


def run_local(jobs: list[Job], workers: int = 1, progress: Callable[[int], None] | None = None,
              chunk: int = 1) -> list[Row]:
    """``sim.run.run_local`` with whole campaigns; rows come back in job order. A campaign
    takes from a tenth of a second to a few seconds, so the pool is fed one at a time by
    default: a long one does not hold up a batch of others."""
    return sim_run.run_local(jobs, workers, progress, chunk, work=play_chunk)


def check_ray() -> None:
    """The Ray backend needs the optional ``ray`` package: say so before any work starts."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise GraveholdError("--backend ray: the 'ray' package is not installed "
                             "(pip install 'gravehold[cluster]'), or use --backend local") from None


def run_ray(jobs: list[Job], num_cpus: int | None = None, progress: Callable[[int], None] | None = None,
            chunk: int = 2) -> list[Row]:
    """``sim.ray_backend.run_ray`` with whole campaigns: one task a chunk, rows in job order."""
    check_ray()
    from ..sim.ray_backend import run_ray as on_ray

    return on_ray(jobs, num_cpus=num_cpus, progress=progress, chunk=chunk, work=play_chunk)


# ------------------------------------------------------------------ statistics
def rate(wins: int, n: int) -> Row:
    """A proportion with its 95 % Wilson interval."""
    lo, hi = wilson(wins, n)
    return {"n": n, "k": wins, "rate": wins / n if n else 0.0, "ci_low": lo, "ci_high": hi}


def histogram(values: list[int]) -> list[list[int]]:
    """``[value, how many]`` pairs by value (pairs, so the values stay numbers in JSON)."""
    out: dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return [[v, out[v]] for v in sorted(out)]


def distribution(values: list[int]) -> Row | None:
    """Mean, median, quartiles (linear between data points), range and histogram."""
    if not values:
        return None
    q1, med, q3 = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return {"n": len(values), "mean": statistics.fmean(values), "median": med, "q1": q1, "q3": q3,
            "min": min(values), "max": max(values), "histogram": histogram(values)}


# ------------------------------------------------------------------ every kind's files and checks
#: the seeds a sweep may reach: a campaign's seed is a signed 64-bit number
SEED_RANGE = (-(2**63), 2**63 - 1)


def write_rows(files: list[Path], rows: list[Row], flats: list[Row], summary: Row, meta: Row) -> None:
    """The first three of a sweep's files: rows.csv (the ``flats``), rows.jsonl (each row
    whole) and summary.json (``meta`` and ``summary``)."""
    with files[0].open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(flats[0]))
        w.writeheader()
        w.writerows(flats)
    files[1].write_text("".join(json.dumps(r) + "\n" for r in rows))
    files[2].write_text(json.dumps({"meta": meta, "summary": summary}, indent=2))


def check_run(games: int, workers: int, backend: str) -> None:
    """The options of how a sweep runs; a GraveholdError names the option."""
    if games < 1:
        raise GraveholdError(f"--games: must be at least 1, got {games}")
    if workers < 0:
        raise GraveholdError(f"--workers: must be 0 (all cores) or more, got {workers}")
    if backend not in ("local", "ray"):
        raise GraveholdError(f"--backend: must be local or ray, not {backend!r}")


def check_variant(variant: Variant, games: int, seed: int, backend: str, noun: str,
                  fields: dict[str, str]) -> None:
    """The agent, the seeds and the first campaign of the variant (a kind's refusal said by
    the option that gave its field, ``fields``), then Ray if asked; ``noun`` names the kind."""
    try:
        make_agent(variant.agent, 0)
    except GraveholdError as e:
        raise GraveholdError(f"--agent: {e}") from None
    lo, hi = game_seed(seed, 0), game_seed(seed, games - 1)
    if min(lo, hi) < SEED_RANGE[0] or max(lo, hi) > SEED_RANGE[1]:
        raise GraveholdError(f"--seed: {seed} is too large; {noun} k plays seed × 1000003 + k, "
                             "which must fit in 64 bits")
    try:
        variant.new(lo)
    except GraveholdError as e:
        msg = str(e)
        field, sep, rest = msg.partition(":")
        raise GraveholdError(f"{fields[field]}:{rest}" if sep and field in fields else msg) from None
    if backend == "ray":
        check_ray()
