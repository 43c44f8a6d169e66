"""Run many games: deterministic per game, whatever the number of workers.

Game ``k`` of a setup always uses the seed ``base_seed * 1_000_003 + k`` for both the
setup's chance and its agents, so a result never depends on how the work was split.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import TypeVar

from ..content import registry as content
from ..engine.game import Game
from ..engine.rng import SEED_MAX
from ..engine.shapes import Row
from ..errors import GraveholdError
from ..table import Table


def nemeses_of(*boxes: str) -> tuple[str, ...]:
    """The nemeses of these boxes (ids or names; every loaded box when none), by name.

    Read from the boxes' declarations, so a new box's nemeses join every sweep and test
    that asks for all of them.
    """
    ids = {content.box(b).id for b in boxes} if boxes else set(content.BOXES)
    return tuple(sorted(n.id for b in content.BOXES.values() if b.id in ids for n in b.nemeses))


@dataclass(frozen=True)
class Setup:
    nemesis: str
    mages: tuple[str, ...]
    market: str = "random"
    difficulty: str = "normal"
    ruleset: str = "we"
    #: X-5 / X-14: the treasures of every game, as the JSON text of ``Game.new(treasures=...)``
    #: (text, so that a setup stays hashable and travels to workers as it is); "" for none
    treasures: str = ""
    #: the boxes random mages and a random market are drawn from (ids; () for every box)
    boxes: tuple[str, ...] = ()
    #: the box of the basic nemesis cards ("" for the nemesis' own, S-6)
    basics: str = ""
    #: the city random mages and a random market are drawn for ("" for any, ``Config.city``)
    city: str = ""

    @property
    def label(self) -> str:
        with_treasures = " with treasures" if self.treasures else ""
        drawn = f" from {'+'.join(self.boxes)}" if self.boxes else ""
        drawn += f" of {self.city}" if self.city else ""
        basics = f", {self.basics} basics" if self.basics else ""
        return (f"{self.nemesis} vs {'+'.join(self.mages)} @ {self.market}{drawn} ({self.difficulty}, "
                f"{self.ruleset}{basics}){with_treasures}")

    def game(self, seed: int, events: bool = False) -> Game:
        """A new game of this setup."""
        return Game.new(mages=list(self.mages), nemesis=self.nemesis, market=self.market,
                        difficulty=self.difficulty, ruleset=self.ruleset, seed=seed, events=events,
                        treasures=self.treasure_spec(), boxes=list(self.boxes) or None,
                        basics=self.basics or None, city=self.city or None)

    def treasure_spec(self) -> Row | None:
        return json.loads(self.treasures) if self.treasures else None


@dataclass(frozen=True)
class Job:
    setup: Setup
    index: int  # game number within the setup
    seed: int
    agent: str
    agent_options: Row = field(default_factory=dict)


def game_seed(base: int, index: int) -> int:
    return base * 1_000_003 + index


def check_seeds(base_seed: int, games: int) -> None:
    """Every game seed of a run is one a record can hold (0 to ``SEED_MAX``): game k plays
    ``base_seed * 1000003 + k``, so a base seed near the top would write records no replay reads."""
    top = game_seed(base_seed, max(games, 1) - 1)
    if base_seed < 0 or top > SEED_MAX:
        most = (SEED_MAX - (max(games, 1) - 1)) // 1_000_003
        raise GraveholdError(f"--seed: {base_seed} is too large for {games:,} games; game k plays seed × 1000003 "
                             f"+ k, which a record holds only up to 2^63 − 1 (so at most {most:,})")


def jobs_for(setups: list[Setup], games: int, base_seed: int, agent: str,
             agent_options: Row | None = None) -> list[Job]:
    opts = agent_options or {}
    return [Job(s, k, game_seed(base_seed, k), agent, opts) for s in setups for k in range(games)]


def play_out(g: Game, agent: str, seed: int, options: Row | None = None) -> int:
    """Play ``g`` to its end with ``agent`` in every seat, seeded ``seed * 7 + seat``;
    returns the number of decisions made. Each seat gets a ``SeatView``: its view, and the
    heuristic's board built from the state with the same masking (about twice as fast)."""
    return Table.of_bots(g, agent, seed, options=options).play()


def play_one(job: Job) -> Row:
    s = job.setup
    g = s.game(job.seed)
    decisions = play_out(g, job.agent, job.seed, job.agent_options)
    st = g.state
    return {
        "setup": s.label, "nemesis": s.nemesis, "mages": "+".join(s.mages), "market": s.market,
        "team": "+".join(p.mage for p in st.players), "supply": "|".join(st.supply_names),
        "difficulty": s.difficulty, "ruleset": s.ruleset,
        "game": job.index, "seed": job.seed, "agent": job.agent,
        "result": st.result, "reason": st.reason, "turns": st.turn, "decisions": decisions,
        "gravehold_life": st.gravehold, "nemesis_life": st.nemesis.life,
        "players_life": "|".join(str(p.life) for p in st.players),
        "exhausted": sum(p.exhausted for p in st.players),
    }


def play_chunk(jobs: list[Job]) -> list[Row]:
    return [play_one(j) for j in jobs]


J = TypeVar("J")


def chunks(jobs: list[J], size: int) -> Iterator[list[J]]:
    for i in range(0, len(jobs), size):
        yield jobs[i:i + size]


def run_local(jobs: list[J], workers: int = 1, progress: Callable[[int], None] | None = None, chunk: int = 8,
              work: Callable[[list[J]], list[Row]] = play_chunk) -> list[Row]:  # type: ignore[assignment]
    """Run on this machine: in-process for one worker, else a process pool. ``work`` plays a
    chunk of jobs (a top-level function, so that worker processes can import it): games by
    default, whole campaigns for ``campaigns.sweep``."""
    rows: list[Row] = []
    if workers <= 1:
        for j in jobs:
            rows.extend(work([j]))
            if progress:
                progress(1)
        return rows
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for part in pool.map(work, list(chunks(jobs, chunk))):
            rows.extend(part)
            if progress:
                progress(len(part))
    return rows


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def job_dict(j: Job) -> Row:
    return asdict(j)
