"""The benchmark behind ``gravehold bench``: fixed seeded random-agent games.

Figures: decisions per second and games per second over the whole set (events off, as
batch runs use), and the mean time of ``Game.clone()`` on mid-game 2-player states.
"""

from __future__ import annotations

import time
from typing import Any

from .agents.random_agent import RandomAgent
from .engine.game import Game

SETUPS = (
    (["Brama", "Mist"], "Deck Destruction"),
    (["Adelheim", "Xaxos"], "Reuse Spells!"),
)


def run_bench(games: int = 200) -> dict[str, Any]:
    decisions = 0
    mid: list[Game] = []
    t0 = time.perf_counter()
    for seed in range(games):
        mages, market = SETUPS[seed % len(SETUPS)]
        g = Game.new(mages=mages, nemesis="Rageborne", market=market, seed=seed, events=False)
        agent = RandomAgent(seed)
        n = 0
        while not g.over:
            d = g.decision
            assert d is not None
            g.apply(agent.choose(d, _no_view))
            n += 1
            if n == 40 and len(mid) < 50:
                mid.append(g.clone())
        decisions += n
    elapsed = time.perf_counter() - t0
    reps = 200
    t1 = time.perf_counter()
    for _ in range(reps):
        for m in mid:
            m.clone()
    clone_us = (time.perf_counter() - t1) / (reps * max(1, len(mid))) * 1e6
    return {
        "games": games,
        "decisions": decisions,
        "seconds": round(elapsed, 3),
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "clone_us": clone_us,
    }


def _no_view() -> dict[str, Any]:
    return {}
