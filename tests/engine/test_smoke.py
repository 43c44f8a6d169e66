"""Smoke: a seeded all-bot game for every nemesis at 1, 2, 3 and 4 players.

Mages are dealt round-robin, each case going on where the one before stopped, so every
mage of every box plays at least once against the set; each game must finish with the card census intact.
"""

from __future__ import annotations

import itertools

import pytest

from gravehold import Game
from gravehold.agents import RandomAgent
from gravehold.content import registry
from gravehold.engine.game import card_census

BOX_MAGES = sorted(m.id for b in registry.BOXES.values() for m in b.mages)
NEMESES = sorted(n.id for b in registry.BOXES.values() for n in b.nemeses)
CASES = list(itertools.product(NEMESES, (1, 2, 3, 4)))


#: where case k starts dealing: the seats of the cases before it, so every mage is dealt in turn
_STARTS = list(itertools.accumulate((p for _, p in CASES), initial=0))


def _mages_for(k: int, players: int) -> list[str]:
    start = _STARTS[k] % len(BOX_MAGES)
    return [BOX_MAGES[(start + j) % len(BOX_MAGES)] for j in range(players)]


def test_smoke_cases_cover_every_mage_and_nemesis() -> None:
    seen = {m for k, (_, n) in enumerate(CASES) for m in _mages_for(k, n)}
    assert seen == set(BOX_MAGES) and len(BOX_MAGES) == sum(b.counts["mages"] for b in registry.BOXES.values())
    assert len(NEMESES) == sum(b.counts["nemeses"] for b in registry.BOXES.values())


@pytest.mark.parametrize(("k", "case"), list(enumerate(CASES)), ids=[f"{n}-{p}p" for n, p in CASES])
def test_smoke_seeded_bot_game_finishes(k: int, case: tuple[str, int]) -> None:
    nemesis, players = case
    g = Game.new(mages=_mages_for(k, players), nemesis=nemesis, market="random", seed=1000 + k,
                 events=False)
    census = card_census(g.state)
    agent = RandomAgent(k)
    steps = 0
    while not g.over:
        d = g.decision
        assert d is not None
        g.apply(agent.choose(d, dict))
        steps += 1
        assert steps < 20000, "game did not finish"
    assert g.result in ("win", "loss") and g.reason
    assert card_census(g.state) == census
