"""One game at a terminal, apart from how it is drawn: the table, seen from one seat.

The Textual app (``app.py``) only asks this object what to show and tells it what was
chosen, so the rules of a sitting are testable without a screen. Those rules (who decides
now, who may undo, what the log says, what the record holds) are the table's
(:mod:`gravehold.table`); a session adds only what a screen needs: whose view is on it,
and the wording it speaks.
"""

from __future__ import annotations

from ..agents import Agent
from ..content.words import say
from ..engine.game import Game
from ..engine.shapes import ViewDoc
from ..errors import GraveholdError
from ..table import Seat, Table


class Session(Table):
    """A game with a person in the ``humans`` seats and an agent in each other seat."""

    __slots__ = ("words", "_viewer")

    def __init__(self, game: Game, humans: frozenset[int], agents: dict[int, Agent], record: bool = False,
                 words: str = "classic") -> None:
        n = len(game.state.players)
        if not humans or any(i not in humans and i not in agents for i in range(n)):
            raise GraveholdError("a terminal game needs a human seat, and an agent in every other seat")
        seats = [Seat("human") if i in humans else Seat("bot", agents[i].name) for i in range(n)]
        super().__init__(game, seats, agents, record=record, undo=True)
        self.words = words  # the wording the board speaks (``content.words``); the w key swaps it
        self._viewer = min(humans)

    @property
    def viewer(self) -> int:
        """The seat whose view is shown: the human deciding now, else the last one who did."""
        seat = self.human_to_move()
        if seat is not None:
            self._viewer = seat
        return self._viewer

    def view(self) -> ViewDoc:
        return self.game.view_for(self.viewer)

    def bot_move(self) -> tuple[int, Agent, Game]:
        """What a bot needs to choose away from the live game: its seat, its agent, and a
        copy of the game it may read from another thread (``choose(seat, copy)`` there)."""
        seat = self.bot_to_move()
        if seat is None:
            raise GraveholdError("no bot is to move")
        return seat, self.agents[seat], self.game.clone()

    # ------------------------------------------------------------ undo, for the seat on screen
    def can_undo(self, seat: int | None = None) -> tuple[bool, str]:
        """May ``seat`` (the seat on screen unless given) take back the last action?"""
        return super().can_undo(self.viewer if seat is None else seat)

    def undo(self, seat: int | None = None, game: Game | None = None) -> None:
        super().undo(self.viewer if seat is None else seat, game)

    # ------------------------------------------------------------ log
    def log_lines(self) -> list[str]:
        """The table's log, in the board's wording."""
        lines = super().log_lines()
        return lines if self.words == "classic" else [say(line, self.words) for line in lines]
