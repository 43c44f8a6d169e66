"""Agents that fill seats: each picks among ``decision.options`` using only its view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import UnknownName
from .base import Agent, View
from .heuristic import HeuristicAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent, "heuristic": HeuristicAgent, "ismcts": ISMCTSAgent,
}


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """A fresh agent by name; ``options`` go to its constructor (e.g. ISMCTS iterations)."""
    from difflib import get_close_matches

    if name not in AGENTS:
        raise UnknownName("agent", name, get_close_matches(name, AGENTS), sorted(AGENTS))
    return AGENTS[name](seed, **options)


__all__ = ["AGENTS", "Agent", "HeuristicAgent", "ISMCTSAgent", "RandomAgent", "View", "make_agent"]
