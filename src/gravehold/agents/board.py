"""The heuristic's board: the observer's typed form (``engine/observe.py``).

Two ways to the same board. :func:`board_from_state` builds it straight from the state
(``observe``); :func:`board_from_view` reads a view dict back into it (all a web or RL
driver has). The masking is the observer's, once, for both. The engine side hands the
board out as :class:`SeatView`, a view that also offers ``board(me)``; agents get the
view and the board, never the state. ``tests/agents/test_board.py`` checks that both ways agree
on many positions and that swapping hidden cards leaves the board as it is.
"""

from __future__ import annotations

from ..engine.observe import Seen, board_of_view, observe
from ..engine.shapes import ViewDoc
from ..engine.state import State
from ..engine.view import view_for

#: A board: the table as one seat sees it, with the state's attribute names (read only)
Board = Seen


class SeatView:
    """What one seat may see of a live game, offered by the engine side (``sim.run``).

    Calling it gives ``view_for(seat)``, so it is a ``SeeView`` for every agent; ``board(me)``
    gives the heuristic's board for the same seat without building the view dict. Agents
    use only these two; the state stays behind them."""

    __slots__ = ("_state", "_seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self._seat = seat

    def __call__(self) -> ViewDoc:
        return view_for(self._state, self._seat)

    def board(self, me: int) -> Board:
        return observe(self._state, self._seat, me)


def board_from_view(v: ViewDoc, me: int) -> Board:
    """The board a view gives (lists shared with the view: the policy only reads it)."""
    return board_of_view(v, me)


def board_from_state(st: State, seat: int | None, me: int) -> Board:
    """``board_from_view(view_for(st, seat), me)``, built without the view; every list is
    a copy, so the board never changes with the game."""
    return observe(st, seat, me)
