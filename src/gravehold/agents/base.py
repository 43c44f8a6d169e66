"""What an agent is: something that picks one of a decision's options.

Agents see only ``view()`` (what their seat may see, built lazily because most fast
agents never need it) and the decision itself; they never touch the game state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..engine.state import Action, Decision

View = Callable[[], dict[str, Any]]


class Agent(Protocol):
    name: str

    def choose(self, decision: Decision, view: View) -> Action: ...
