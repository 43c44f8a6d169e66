"""Agents: legal choices only, and no peeking at hidden information."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gravehold import Game
from gravehold.agents import AGENTS, make_agent
from gravehold.agents.board import SeatView

from support import same_information_set

AGENT_OPTS: dict[str, dict[str, Any]] = {"random": {}, "heuristic": {}, "ismcts": {"iterations": 24, "depth": 6},
                                   "planner": {"worlds": 1, "horizon": 30}}


def _play(g: Game, name: str, seed: int, limit: int = 400) -> int:
    agents = [make_agent(name, seed + i, **AGENT_OPTS[name]) for i in range(len(g.state.players))]
    n = 0
    while not g.over and n < limit:
        d = g.decision
        assert d is not None
        seat = d.seat
        a = agents[seat].choose(d, lambda seat=seat: g.view_for(seat))
        assert a in d.options, f"{name} chose {a} outside {d.options}"
        g.apply(a)
        n += 1
    return n


@pytest.mark.parametrize("name", sorted(AGENTS))
def test_agents_only_choose_listed_actions(name: str) -> None:
    for seed in range(2):
        g = Game.new(["Brama", "Mist", "Xaxos"][: 2 + seed], market="Reuse Spells!", seed=seed)
        assert _play(g, name, seed, limit=400 if name != "ismcts" else 120) > 0


@pytest.mark.parametrize("name", ["heuristic", "ismcts"])
def test_agents_choice_is_unchanged_when_hidden_cards_are_swapped(name: str) -> None:
    """For the same information set, the same agent seed makes the same choice, so the
    choice distribution over seeds cannot depend on what the seat may not see; with a
    ``SeatView`` (the board built from the state) as with a plain view."""
    r = random.Random(7)
    checked = 0
    for seed in range(3):
        g = Game.new(["Brama", "Mist"], market="Deck Destruction", seed=seed)
        driver = make_agent("heuristic", seed)
        steps = 0
        while not g.over and steps < 150:
            d = g.decision
            assert d is not None
            seat = d.seat
            if len(d.options) > 1 and steps % 5 == 0:
                h = same_information_set(g, seat, r)
                assert h.view_for(seat) == g.view_for(seat)
                a1 = make_agent(name, 99, **AGENT_OPTS[name]).choose(d, lambda g=g, seat=seat: g.view_for(seat))
                a2 = make_agent(name, 99, **AGENT_OPTS[name]).choose(
                    h.decision, lambda h=h, seat=seat: h.view_for(seat))
                # the engine side's fast path (a board built from the state) sees no more
                a3 = make_agent(name, 99, **AGENT_OPTS[name]).choose(h.decision, SeatView(h.state, seat))
                assert a1 == a2 == a3
                checked += 1
            g.apply(driver.choose(d, lambda g=g, seat=seat: g.view_for(seat)))
            steps += 1
    assert checked >= 10


def test_heuristic_beats_random_on_the_same_seeds() -> None:
    def wins(name: str) -> int:
        w = 0
        for seed in range(12):
            g = Game.new(["Brama", "Mist"], market="Deck Destruction", seed=seed, difficulty="beginner",
                         events=False)
            _play(g, name, seed, limit=100000)
            w += g.result == "win"
        return w

    assert wins("heuristic") > wins("random")
