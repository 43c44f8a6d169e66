"""Agents that fill seats: each picks among ``decision.options`` using only its view."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import Any, get_args, get_type_hints

from ..errors import GraveholdError, UnknownName, close_names
from .base import Agent, SeeView
from .heuristic import HeuristicAgent
from .ismcts import ISMCTSAgent
from .planner import PlannerAgent
from .random_agent import RandomAgent

AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent, "heuristic": HeuristicAgent, "ismcts": ISMCTSAgent, "planner": PlannerAgent,
}


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """A fresh agent by name; ``options`` go to its constructor (e.g. ISMCTS iterations).

    Each option is checked against the constructor's signature first, so a typo or a value of
    the wrong type (``iterations="lots"``) is an error naming the option, never a crash later
    in a worker process.
    """
    if name not in AGENTS:
        raise UnknownName("agent", name, close_names(name, AGENTS), sorted(AGENTS))
    if options:
        check_options(name, options)
    try:
        return AGENTS[name](seed, **options)
    except ValueError as e:
        raise GraveholdError(f"agent {name}: {e}") from None


@cache
def option_types(name: str) -> dict[str, tuple[type, ...]]:
    """An agent's options (its constructor's keyword parameters) and the types each takes."""
    factory = AGENTS[name]
    hints = get_type_hints(factory.__init__)
    out: dict[str, tuple[type, ...]] = {}
    for p in inspect.signature(factory).parameters.values():
        if p.name == "seed" or p.kind not in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            continue
        hint = hints.get(p.name, object)
        args = tuple(a for a in get_args(hint) if isinstance(a, type)) or ((hint,) if isinstance(hint, type) else ())
        out[p.name] = args or (object,)
    return out


def check_options(name: str, options: dict[str, Any]) -> None:
    allowed = option_types(name)
    for key, value in options.items():
        if not allowed:
            raise GraveholdError(f"agent {name} takes no options, got {key!r}")
        if key not in allowed:
            raise UnknownName(f"option of agent {name}", key, close_names(key, allowed), sorted(allowed))
        types = allowed[key]
        ok = any(isinstance(value, t) and not (isinstance(value, bool) and t is not bool) for t in types) \
            or (value is None and type(None) in types) or (float in types and type(value) is int)
        if not ok:
            want = " or ".join("null" if t is type(None) else t.__name__ for t in types)
            raise GraveholdError(f"agent {name}: option {key} must be {want}, got {value!r}")


__all__ = ["AGENTS", "Agent", "HeuristicAgent", "ISMCTSAgent", "PlannerAgent", "RandomAgent", "SeeView", "make_agent"]
