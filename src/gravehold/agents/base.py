"""What an agent is: something that picks one of a decision's options.

Agents see only ``view()`` (what their seat may see, built lazily because most fast
agents never need it) and the decision itself; they never touch the game state. A view
may be a ``board.SeatView`` (simulations give one): it also builds the heuristic's board
from the state with the view's masking, the same board as from the view, only faster.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..engine.shapes import ViewDoc
from ..engine.state import Action, Decision

#: How an agent asks for what its seat may see: called, it gives the view (built only
#: when asked, since most fast agents never need it).
SeeView = Callable[[], ViewDoc]


class Agent(Protocol):
    name: str

    def choose(self, decision: Decision, view: SeeView) -> Action: ...
