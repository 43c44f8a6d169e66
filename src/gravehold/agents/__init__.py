"""Agents that fill seats: each picks among ``decision.options`` using only its view."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import UnknownName
from .base import Agent, View
from .random_agent import RandomAgent

AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent}


def make_agent(name: str, seed: int = 0) -> Agent:
    from difflib import get_close_matches

    if name not in AGENTS:
        raise UnknownName("agent", name, get_close_matches(name, AGENTS), sorted(AGENTS))
    return AGENTS[name](seed)


__all__ = ["AGENTS", "Agent", "RandomAgent", "View", "make_agent"]
