"""Documented starting points: the frames a hand-built state may start from.

A state's ``stack`` is pending work, last entry first; each entry is a frame, a tuple whose
first item names an engine operation. These functions build the frames that make sense as
a starting point, so a test or a research position can begin exactly where it needs to::

    g = Game.at(state, frames.step(1, "the nemesis", ("suffer", 3)))  # player 2 suffers 3
    g = Game.at(state, *frames.nemesis_draw_phase())                   # the nemesis draws

Each returns its frames in the order they run, as :meth:`gravehold.Game.at` takes them; it
puts them on an empty stack and runs to the next decision. In JSON written by hand the
``stack`` lists the same frames the other way round, last entry first
(``docs/state-format.md``).
"""

from __future__ import annotations

from ..content.model import Step
from .state import Frame


def step(player: int, source: str, st: Step, owner: int | None = None) -> Frame:
    """One effect step resolved for ``player`` ("you"), caused by ``source``.

    ``player`` -1 resolves it as the nemesis does (the players decide its choices together).
    Example: ``step(1, "the nemesis", ("suffer", 3))``: player 2 suffers 3 damage from it.
    """
    return ("s", player, player if owner is None else owner, source, st)


def player_turn(i: int) -> tuple[Frame, ...]:
    """Player i's turn from its very start (its casting phase triggers first)."""
    return (("player_turn", i),)


def main_phase(i: int) -> tuple[Frame, ...]:
    """Player i's main phase, then the draw phase and the end of the turn (set ``active`` to i)."""
    return (("main_phase", i), ("draw_phase", i), ("end_turn",))


def draw_phase(i: int) -> tuple[Frame, ...]:
    """Player i's draw phase, then the end of the turn."""
    return (("draw_phase", i), ("end_turn",))


def nemesis_turn() -> tuple[Frame, ...]:
    """The nemesis' turn from its start: main phase, draw phase, end of turn (N-1 … N-7)."""
    return (("nemesis_turn",),)


def nemesis_draw_phase() -> tuple[Frame, ...]:
    """Only the nemesis draw phase (N-2, N-3), then the end of that turn (set ``active`` to -1)."""
    return (("nemesis_draw",), ("end_turn",))


def unleash(times: int = 1, source: str = "Unleash") -> tuple[Frame, ...]:
    """The nemesis Unleashes ``times`` times (its mat's Unleash), caused by ``source``."""
    return (step(-1, source, ("unleash", times)),)


def next_turn() -> tuple[Frame, ...]:
    """The next turn: the top turn order card is drawn (what an empty stack means)."""
    return ()
