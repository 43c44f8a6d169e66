"""The expedition sweep: many whole expeditions played by bots, and what they add up to.

A sweep measures the battle bots over whole expeditions (X-1 … X-19), not over single
games: how often a group gets to the end, how often a battle falls at the first try, how
the score spreads, and where the expeditions stop. Expedition ``k`` of a sweep is set out
with the seed ``sim.run.game_seed(base, k)``, and everything after that is a pure function
of the seed and the options (``expedition.run``), so the rows are the same on one worker,
on a process pool or on Ray, however the work is split.

Retries are unlimited by the rules (X-8); a bot that cannot beat a nemesis would retry
forever, so every job carries a cap on tries (``max_tries``), and an expedition that hits
it is *abandoned*: it counts as not completed. A game that can never end (players left
with no cards against a nemesis that cannot finish Gravehold) is given up by the bots past
``MAX_TURNS`` turns, as the group would at the table: a loss (reason ``conceded``), after
which the expedition goes on (X-8). A step that runs past ``APPLY_SECONDS`` (an engine
loop) or an engine error ends its expedition there instead: it is *stuck*, reported with
its battle, try and cause, counted as not completed, and the sweep goes on.
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
from typing import Any

from ..agents import make_agent
from ..agents.board import SeatView
from ..engine.game import Game
from ..errors import GraveholdError
from ..expedition import policy, steps
from ..expedition.run import CONCEDE_TURNS
from ..expedition.state import Expedition
from . import run as sim_run
from .run import game_seed
from .stats import wilson

#: the seeds a job may be given: an expedition's seed is a signed 64-bit integer
SEED_RANGE = (-(2**63), 2**63 - 1)


@dataclass(frozen=True)
class Variant:
    """The options every expedition of a sweep sets out with, and the agent in every seat."""

    players: int = 2
    length: str = "standard"
    endless: bool = False
    score: bool = True
    boxes: tuple[str, ...] = ()
    story: str | None = None
    max_tries: int = 10
    agent: str = "heuristic"

    def new(self, seed: int) -> Expedition:
        """Set out (X-3, X-16, XS-2): the expedition this variant plays with ``seed``."""
        return steps.new(self.players, length=self.length, endless=self.endless, score=self.score,
                         boxes=list(self.boxes), seed=seed, story=self.story, max_tries=self.max_tries)


@dataclass(frozen=True)
class Job:
    """One expedition of a sweep: plain data, so it pickles to a process or a Ray task."""

    index: int
    seed: int
    variant: Variant


def jobs_for(variant: Variant, games: int, base_seed: int) -> list[Job]:
    return [Job(k, game_seed(base_seed, k), variant) for k in range(games)]


# ------------------------------------------------------------------ one expedition
#: the longest one engine step (``Game.apply``) may take before its game counts as stuck: a
#: step takes milliseconds, so only an engine loop that no decision can end gets near it
APPLY_SECONDS = 10.0
#: the turns after which the bots give a battle up (``expedition.run.CONCEDE_TURNS``): the
#: rules allow a battle that cannot end, and the group then fights it again after a support
MAX_TURNS = CONCEDE_TURNS


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


def play_game(game: Game, agent: str, seed: int, guarded: bool) -> list[list[Any]]:
    """``expedition.run.play_recorded`` (the same seats, the same agent seeds), with each
    engine step under the alarm when ``guarded``, and no game past ``MAX_TURNS``."""
    agents = [make_agent(agent, seed * 7 + i) for i in range(len(game.state.players))]
    actions: list[list[Any]] = []
    while not game.over:
        d = game.decision
        assert d is not None
        seat = d.seat
        action = agents[seat].choose(d, SeatView(game.state, seat))
        if guarded:
            signal.setitimer(signal.ITIMER_REAL, APPLY_SECONDS)
        try:
            game.apply(action)
        finally:
            if guarded:
                signal.setitimer(signal.ITIMER_REAL, 0)
        actions.append(list(action))
        if game.state.turn > MAX_TURNS and not game.over:  # the bots give it up, as run does
            steps.concede(game)
    return actions


def play_expedition(exp: Expedition, agent: str) -> tuple[Expedition, str]:
    """``expedition.run.play_expedition``, step by step: the policy's choices and supports,
    each battle played by ``agent``. Returns the expedition and, when a game got stuck,
    where and why ("battle 3, try 7: past 1000 turns"); the expedition then stays at that
    battle, unfinished."""
    with step_alarm() as guarded:
        while exp.phase != "complete":
            if exp.phase == "support":
                exp = steps.support(exp, policy.support_for(exp))
                continue
            exp, game = steps.begin(exp, policy.choose(exp, agent))
            assert exp.current is not None
            try:
                actions = play_game(game, agent, exp.current.seed, guarded)
            except Stuck as e:
                return exp, f"battle {exp.battle}, try {exp.attempt}: {e}"
            except Exception as e:  # an engine or agent bug: reported, and the sweep goes on
                return exp, f"battle {exp.battle}, try {exp.attempt}: error {type(e).__name__}: {e}"
            exp = steps.finish(exp, game, actions=actions)
    return exp, ""


def row_of(exp: Expedition, index: int = 0, stuck: str = "") -> dict[str, Any]:
    """A played expedition as a plain row: its outcome, and per battle fought its nemesis,
    its tries and whether it was won (and at the first try)."""
    battles: dict[int, dict[str, Any]] = {}
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


def play_one(job: Job) -> dict[str, Any]:
    """Set out, play the whole expedition with the job's agent, and report it as a row."""
    exp, stuck = play_expedition(job.variant.new(job.seed), job.variant.agent)
    return row_of(exp, job.index, stuck)


def play_chunk(jobs: list[Job]) -> list[dict[str, Any]]:
    return [play_one(j) for j in jobs]


def run_local(jobs: list[Job], workers: int = 1, progress: Callable[[int], None] | None = None,
              chunk: int = 1) -> list[dict[str, Any]]:
    """``sim.run.run_local`` with whole expeditions; rows come back in job order. An
    expedition takes from a tenth of a second to a few seconds, so the pool is fed one at a
    time by default: a long one does not hold up a batch of others."""
    return sim_run.run_local(jobs, workers, progress, chunk, work=play_chunk)


def check_ray() -> None:
    """The Ray backend needs the optional ``ray`` package: say so before any work starts."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise GraveholdError("--backend ray: the 'ray' package is not installed "
                             "(pip install 'gravehold[cluster]'), or use --backend local") from None


def run_ray(jobs: list[Job], num_cpus: int | None = None, progress: Callable[[int], None] | None = None,
            chunk: int = 2) -> list[dict[str, Any]]:
    """``sim.ray_backend.run_ray`` with whole expeditions: one task a chunk, rows in job order."""
    check_ray()
    from .ray_backend import run_ray as on_ray

    return on_ray(jobs, num_cpus=num_cpus, progress=progress, chunk=chunk, work=play_chunk)


# ------------------------------------------------------------------ statistics
def rate(wins: int, n: int) -> dict[str, Any]:
    """A proportion with its 95 % Wilson interval."""
    lo, hi = wilson(wins, n)
    return {"n": n, "k": wins, "rate": wins / n if n else 0.0, "ci_low": lo, "ci_high": hi}


def histogram(values: list[int]) -> list[list[int]]:
    """``[value, how many]`` pairs by value (pairs, so the values stay numbers in JSON)."""
    out: dict[int, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return [[v, out[v]] for v in sorted(out)]


def distribution(values: list[int]) -> dict[str, Any] | None:
    """Mean, median, quartiles (linear between data points), range and histogram."""
    if not values:
        return None
    q1, med, q3 = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return {"n": len(values), "mean": statistics.fmean(values), "median": med, "q1": q1, "q3": q3,
            "min": min(values), "max": max(values), "histogram": histogram(values)}


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Everything the sweep reports, from its rows alone."""
    fought = [b for r in rows for b in r["battles"]]
    per_battle: dict[int, dict[str, Any]] = {}
    per_nemesis: dict[str, dict[str, Any]] = {}
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

    def with_rate(p: dict[str, Any]) -> dict[str, Any]:
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
def flat(row: dict[str, Any], numbers: list[int]) -> dict[str, Any]:
    """A row for rows.csv: one column per figure of each battle number (``b3_tries``)."""
    out = {k: v for k, v in row.items() if k != "battles"}
    by = {b["battle"]: b for b in row["battles"]}
    for n in numbers:
        b = by.get(n, {})
        for key in ("nemesis", "tries", "won", "won_first_try"):
            out[f"b{n}_{key}"] = b.get(key, "")
    return out


def write(out: Path, rows: list[dict[str, Any]], summary: dict[str, Any], meta: dict[str, Any]) -> list[Path]:
    """rows.csv (flat), rows.jsonl (each row whole), summary.json and the PNG plots."""
    from . import expedition_plots as plots

    out.mkdir(parents=True, exist_ok=True)
    files = [out / n for n in ("rows.csv", "rows.jsonl", "summary.json", "score_histogram.png",
                               "win_rate_per_battle.png", "win_rate_per_nemesis.png", "completion.png")]
    numbers = sorted({b["battle"] for r in rows for b in r["battles"]})
    flats = [flat(r, numbers) for r in rows]
    with files[0].open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(flats[0]))
        w.writeheader()
        w.writerows(flats)
    files[1].write_text("".join(json.dumps(r) + "\n" for r in rows))
    files[2].write_text(json.dumps({"meta": meta, "summary": summary}, indent=2))
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
    if games < 1:
        raise GraveholdError(f"--games: must be at least 1, got {games}")
    if workers < 0:
        raise GraveholdError(f"--workers: must be 0 (all cores) or more, got {workers}")
    if backend not in ("local", "ray"):
        raise GraveholdError(f"--backend: must be local or ray, not {backend!r}")
    if not 1 <= variant.players <= 4:
        raise GraveholdError(f"--players: an expedition has 1 to 4 players, got {variant.players}")
    if not 1 <= variant.max_tries <= 1000:
        raise GraveholdError(f"--max-tries: must be 1 to 1000, got {variant.max_tries}")
    try:
        make_agent(variant.agent, 0)
    except GraveholdError as e:
        raise GraveholdError(f"--agent: {e}") from None
    lo, hi = game_seed(seed, 0), game_seed(seed, games - 1)
    if min(lo, hi) < SEED_RANGE[0] or max(lo, hi) > SEED_RANGE[1]:
        raise GraveholdError(f"--seed: {seed} is too large; expedition k plays seed × 1000003 + k, "
                             "which must fit in 64 bits")
    try:
        variant.new(lo)
    except GraveholdError as e:
        msg = str(e)
        field, sep, rest = msg.partition(":")
        raise GraveholdError(f"{OPTION_FIELDS[field]}:{rest}" if sep and field in OPTION_FIELDS else msg) from None
    if backend == "ray":
        check_ray()
