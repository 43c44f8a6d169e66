"""One game at a terminal, apart from how it is drawn: seats, bots, undo, log and record.

The Textual app (``app.py``) only asks this object what to show and tells it what was
chosen, so the rules of a sitting (who decides now, who may undo, what the log says)
are testable without a screen. Undo follows :mod:`gravehold.undo`, the rule the web
board uses.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..agents import Agent
from ..content.words import say
from ..engine.game import Game
from ..engine.state import Action, State
from ..errors import GraveholdError
from ..events_text import event_text
from ..undo import HUMAN, LastAction, can_undo, reveals


@dataclass
class _Taken:
    """One applied action, with the state and event count before it (no state for an
    action that can never be undone: nothing before it is kept either)."""

    last: LastAction
    before: State | None
    events: int


@dataclass
class Session:
    """A game with a human in some seats and an agent in each other seat."""

    game: Game
    humans: frozenset[int]
    agents: dict[int, Agent]
    record: bool = False
    words: str = "classic"  # the wording the board speaks (``content.words``); the w key swaps it
    steps: list[dict[str, Any]] = field(default_factory=list)  # as ``record.play`` writes them
    taken: list[_Taken] = field(default_factory=list)
    _viewer: int = -1
    _log: list[str] = field(default_factory=list)
    _marks: list[int] = field(default_factory=list)  # the event each log line renders
    _logged: int = 0

    def __post_init__(self) -> None:
        seats = range(len(self.game.state.players))
        missing = [s for s in seats if s not in self.humans and s not in self.agents]
        if missing or not self.humans:
            raise GraveholdError("a terminal game needs a human seat, and an agent in every other seat")
        self._viewer = min(self.humans)

    # ------------------------------------------------------------ who decides
    def owner(self) -> int | None:
        """The seat that answers the pending decision (a team decision goes to seat 1)."""
        d = self.game.decision
        if d is None or self.game.over:
            return None
        return d.seat

    def bot_to_move(self) -> int | None:
        seat = self.owner()
        return seat if seat is not None and seat not in self.humans else None

    def human_to_move(self) -> int | None:
        seat = self.owner()
        return seat if seat is not None and seat in self.humans else None

    @property
    def viewer(self) -> int:
        """The seat whose view is shown: the human deciding now, else the last one who did."""
        seat = self.human_to_move()
        if seat is not None:
            self._viewer = seat
        return self._viewer

    def view(self) -> dict[str, Any]:
        return self.game.view_for(self.viewer)

    # ------------------------------------------------------------ acting
    def apply(self, action: Action, by: str = HUMAN) -> None:
        """Apply one option of the pending decision for its owner; remember it for undo."""
        seat = self.owner()
        if seat is None:
            raise GraveholdError("the game is over")
        g = self.game
        before, n = g.state.clone(), len(g.events)
        g.apply(action)  # an illegal one raises and changes nothing
        last = LastAction(seat, by, reveals(g.events[n:]))
        if last.by == HUMAN and not last.revealed:
            self.taken.append(_Taken(last, before, n))
        else:  # this action stops every undo: nothing before it is needed any more
            self.taken = [_Taken(last, None, n)]
        if self.record:
            self.steps.append({"action": list(action), "digest": g.digest()})

    def bot_move(self) -> tuple[int, Agent, Game]:
        """What a bot needs to choose away from the live game: its seat, its agent, and a
        copy of the game it may read from another thread."""
        seat = self.bot_to_move()
        if seat is None:
            raise GraveholdError("no bot is to move")
        return seat, self.agents[seat], self.game.clone()

    @staticmethod
    def choose(agent: Agent, copy: Game, seat: int) -> Action:
        d = copy.decision
        assert d is not None
        return agent.choose(d, partial(copy.view_for, seat))

    # ------------------------------------------------------------ undo
    @property
    def last(self) -> LastAction | None:
        return self.taken[-1].last if self.taken else None

    def can_undo(self) -> tuple[bool, str]:
        """May the seat on screen take back the last action? The web board's rule."""
        if self.game.over:
            return False, "the game is over"
        return can_undo(self.last, self.viewer)

    def undo(self) -> None:
        ok, why = self.can_undo()
        if not ok:
            raise GraveholdError(why)
        t = self.taken.pop()
        assert t.before is not None  # an undoable action keeps its state
        self.game.engine.state = t.before
        if self.game.engine.events is not None:
            del self.game.engine.events[t.events:]
        self._forget_log(t.events)
        if self.record:
            self.steps.pop()

    # ------------------------------------------------------------ log
    def log_lines(self) -> list[str]:
        """The log so far: a line per event the whole table may read (``events_text``),
        each rendered once."""
        events = self.game.events
        for k in range(self._logged, len(events)):
            line = event_text(events[k])
            if line:
                self._log.append(line)
                self._marks.append(k)
        self._logged = len(events)
        if self.words == "classic":
            return self._log
        return [say(line, self.words) for line in self._log]

    def _forget_log(self, events: int) -> None:
        """Drop the log lines of the events from ``events`` on (they were undone)."""
        cut = bisect_left(self._marks, events)
        del self._log[cut:], self._marks[cut:]
        self._logged = min(self._logged, events)
