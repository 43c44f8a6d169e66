"""One table: the seats of a game, whose decision it is, apply, undo, the log, the record
and the one loop that lets the bots play.

Every front end and driver sits at a :class:`Table`: the web hub, the terminal board,
the ``--plain`` prompts, ``simulate``, the golden games, ``fuzz``, the conformance kit, the
RL environments and the campaign battles. What a sitting means (who answers the pending
decision, which action may be taken back, what the log says, what a record holds) is
therefore decided here once, and a new front end only draws and asks.

Why a class and not a function per front end: the pieces share state. Undo needs the
state before the action and the log's position at that event; the record drops its last
step with it; the log renders each event once and forgets what was undone. Kept apart,
each front end grew its own copy of the three (the issue that brought this module counted
twelve loops beside ``record.play``).

The bots' loop (:meth:`Table.play`) gives each agent a :class:`~gravehold.agents.board.SeatView`:
its seat's view on demand, and the heuristic's board from the state with the same masking,
so a simulated game and a recorded one make the same choices.

>>> from gravehold.engine.game import Game
>>> t = Table.of_bots(Game.new(["Brama", "Mist"], "Rageborne", seed=1), "random", seed=1)
>>> t.play() > 0 and t.game.over
True
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from .agents import Agent, make_agent
from .agents.board import SeatView
from .engine.game import Game
from .engine.shapes import Doc, Event, Json
from .engine.state import Action, Decision, State
from .errors import GraveholdError
from .events_text import event_text
from .undo import HUMAN, LastAction, can_undo, reveals

#: What sits in a seat: a person answering by hand, or a bot (an :class:`Agent`).
SeatKind = Literal["human", "bot"]

#: One recorded step, as a record file holds it (``record.py``).
Step = Doc

#: Called after each action the table applies: the game and the action.
OnStep = Callable[[Game, Action], None]

#: Called with each decision and the answer a bot chose, before it is applied.
OnChoice = Callable[[Game, Decision, Action], None]


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in one seat: its kind and, for a bot, the agent's name."""

    kind: SeatKind
    agent: str = ""

    @property
    def bot(self) -> bool:
        return self.kind == "bot"

    @classmethod
    def of(cls, doc: Doc) -> Seat:
        """The seat a stored seat object describes (``{"kind": "bot", "agent": "heuristic"}``;
        any other key, such as a person's link token, is the store's and left out)."""
        kind, agent = doc.get("kind"), doc.get("agent")
        if kind == "human":
            return cls("human")
        if kind != "bot":
            raise GraveholdError(f"seats: kind must be 'human' or 'bot', not {kind!r}")
        if not isinstance(agent, str) or not agent:
            raise GraveholdError(f"seats: a bot's seat needs an agent name, not {agent!r}")
        return cls("bot", agent)


@dataclass(slots=True)
class Taken:
    """One applied action: who took it, and (while it may still be taken back) the state
    and the number of events before it."""

    last: LastAction
    before: State | None
    events: int


@dataclass(frozen=True, slots=True)
class Move:
    """An action applied to a copy of the table's game (:meth:`Table.ahead`), not yet the
    table's: a front end that stores each action commits ``game`` first and then hands the
    move to :meth:`Table.take`, so nobody sees an action that is not stored."""

    game: Game  # the copy, after the action
    action: Action
    seat: int
    by: str
    seq: int  # the decision number the action answered
    events: int  # the game's events before it
    base: State  # the table's state it was worked out from

    @property
    def revealed(self) -> bool:
        return reveals(self.game.events[self.events:])


@dataclass(slots=True)
class Log:
    """The game log in words: a line per event the whole table may read, each rendered once,
    and cut back when an action is undone."""

    lines: list[str] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)  # the event each line renders
    read: int = 0  # events rendered so far
    keep: int = 0  # past twice this many lines the oldest go, down to ``keep`` (0: all stay)

    def update(self, events: list[Event]) -> list[str]:
        if self.read > len(events):  # the game was rebuilt shorter (an undo elsewhere)
            self.forget(len(events))
        for k in range(self.read, len(events)):
            line = event_text(events[k])
            if line:
                self.lines.append(line)
                self.marks.append(k)
        self.read = len(events)
        if self.keep and len(self.lines) > 2 * self.keep:  # a server holds many games' logs
            del self.lines[:-self.keep], self.marks[:-self.keep]
        return self.lines

    def forget(self, events: int) -> None:
        """Drop the lines of the events from ``events`` on."""
        cut = bisect_left(self.marks, events)
        del self.lines[cut:], self.marks[cut:]
        self.read = min(self.read, events)


class Table:
    """A game and who sits at it. Bots are agents by seat; every other seat is a person's.

    ``record`` keeps a record step (action and digest) per action; ``undo`` keeps the state
    before each action taken by hand, as long as it revealed nothing (``gravehold.undo``).
    A table of bots only keeps neither unless asked, so simulation pays for none of it.
    """

    __slots__ = ("game", "seats", "agents", "record", "steps", "taken", "keep_undo", "log")

    def __init__(self, game: Game, seats: list[Seat], agents: Mapping[int, Agent] | None = None,
                 record: bool = False, undo: bool | None = None) -> None:
        if len(seats) != len(game.state.players):
            raise GraveholdError(f"seats: the game has {len(game.state.players)} players, "
                                 f"{len(seats)} seats were given")
        self.game = game
        self.seats = seats
        self.agents: dict[int, Agent] = dict(agents or {})
        for i, s in enumerate(seats):
            if s.bot and i not in self.agents:
                raise GraveholdError(f"seats: seat {i + 1} is a bot's and has no agent")
        self.record = record
        self.steps: list[Step] = []
        self.taken: list[Taken] = []
        self.keep_undo = any(not s.bot for s in seats) if undo is None else undo
        self.log = Log()

    @classmethod
    def of_bots(cls, game: Game, agent: str, seed: int = 0, record: bool = False,
                options: Mapping[str, Json] | None = None) -> Table:
        """Every seat a bot of one kind, seat ``i`` seeded ``seed * 7 + i`` (the seeding
        ``simulate`` has always used, so its games stay the same)."""
        n = len(game.state.players)
        agents = {i: make_agent(agent, seed * 7 + i, **dict(options or {})) for i in range(n)}
        return cls(game, [Seat("bot", agent)] * n, agents, record=record)

    # ------------------------------------------------------------ who decides
    @property
    def humans(self) -> frozenset[int]:
        return frozenset(i for i, s in enumerate(self.seats) if not s.bot)

    def owner(self) -> int | None:
        """The seat that answers the pending decision; None once the game is over."""
        g = self.game
        d = g.decision
        if d is None or g.over:
            return None
        return d.seat

    def bot_to_move(self) -> int | None:
        seat = self.owner()
        return seat if seat is not None and self.seats[seat].bot else None

    def human_to_move(self) -> int | None:
        seat = self.owner()
        return seat if seat is not None and not self.seats[seat].bot else None

    # ------------------------------------------------------------ acting
    def apply(self, action: Action, by: str = HUMAN) -> None:
        """Apply one option of the pending decision; an illegal one raises
        :class:`~gravehold.errors.IllegalAction` and changes nothing."""
        seat = self.owner()
        if seat is None:
            raise GraveholdError("the game is over")
        g = self.game
        n = len(g.events)
        before = g.state.clone() if self.keep_undo and by == HUMAN else None
        g.apply(action)
        if self.keep_undo:
            self._remember(LastAction(seat, by, reveals(g.events[n:])), before, n)
        if self.record:
            self.steps.append(record_step(g, action))

    def ahead(self, action: Action, by: str = HUMAN) -> Move:
        """``action`` applied to a copy of the game, the table left as it is (an illegal one
        raises :class:`~gravehold.errors.IllegalAction`); :meth:`take` makes it the table's.
        For a front end that must store an action before anyone may see it."""
        seat = self.owner()
        if seat is None:
            raise GraveholdError("the game is over")
        cur = self.game
        keeps = cur.engine.events is not None
        g = cur.clone(events=keeps)
        if keeps:
            g.engine.events = list(cur.events)
        n, seq = len(g.events), g.state.seq
        g.apply(action)
        return Move(g, action, seat, by, seq, n, cur.state)

    def take(self, move: Move) -> None:
        """Make a move worked out by :meth:`ahead` the table's game; refused if the game
        moved since (another action, an undo)."""
        if move.base is not self.game.state or move.seq != self.game.state.seq:  # replaced, or applied on
            raise GraveholdError("the game has moved on since this action was worked out; ask again")
        # the state before stays as it was: the table's game is now the copy
        before = self.game.state if self.keep_undo and move.by == HUMAN else None
        self.game = move.game
        if self.keep_undo:
            self._remember(LastAction(move.seat, move.by, move.revealed), before, move.events)
        if self.record:
            self.steps.append(record_step(move.game, move.action))

    def _remember(self, last: LastAction, before: State | None, events: int) -> None:
        """Keep an applied action for undo: one taken by hand that revealed nothing joins
        those before it; any other leaves only itself (nothing before it may be taken back)."""
        if last.by == HUMAN and not last.revealed:
            self.taken.append(Taken(last, before, events))
        else:
            self.taken = [Taken(last, None, events)]

    def resume(self, history: Iterable[LastAction]) -> None:
        """Take up a game whose actions were applied elsewhere and stored: ``history`` (oldest
        first) says who took each, so the undo rule holds across a reload. The states before
        them are the store's; :meth:`undo` is then handed the game as it was."""
        self.taken = []
        for last in history:
            self._remember(last, None, -1)

    def choose(self, seat: int, game: Game | None = None) -> Action:
        """The bot's choice for ``seat`` at the pending decision (the game is not changed).
        ``game``: a copy of the table's to choose on, for a bot thinking in another thread
        while the table goes on."""
        g = self.game if game is None else game
        d = g.decision
        assert d is not None
        return self.agents[seat].choose(d, SeatView(g.state, seat))

    def play(self, max_steps: int | None = None, on_step: OnStep | None = None,
             stop: Callable[[Game], bool] | None = None, on_choice: OnChoice | None = None) -> int:
        """Let the bots answer until a person is to decide, the game ends, ``stop(game)``
        says so after an action, or ``max_steps`` actions were taken; returns how many.
        ``on_choice`` sees each decision and the bot's answer before it is applied (the
        golden games write both), ``on_step`` the game after it."""
        if on_choice is None and on_step is None and stop is None and not self.record and not self.keep_undo:
            return self._run_bots(max_steps)
        g = self.game
        seats, agents = self.seats, self.agents
        bots = [s.bot for s in seats]
        fast = not self.record and not self.keep_undo
        n = 0
        while not g.over and (max_steps is None or n < max_steps):
            d = g.decision
            assert d is not None
            seat = d.seat
            if not bots[seat]:
                break
            action = agents[seat].choose(d, SeatView(g.state, seat))
            if on_choice is not None:
                on_choice(g, d, action)
            if fast:
                g.apply(action)
            else:
                self.apply(action, by=seats[seat].agent)
            n += 1
            if on_step is not None:
                on_step(g, action)
            if stop is not None and stop(g):
                break
        return n

    def _run_bots(self, max_steps: int | None) -> int:
        """:meth:`play` with nothing to watch, keep or record: simulation's loop, kept as
        lean as a bare loop over the engine (a seat's view is made once per seat and game
        state, not once per decision) because it runs millions of times."""
        engine = self.game.engine
        agents = [self.agents.get(i) if s.bot else None for i, s in enumerate(self.seats)]
        limit = -1 if max_steps is None else max_steps
        state = engine.state
        views = [SeatView(state, i) for i in range(len(agents))]
        n = 0
        while n != limit:
            st = engine.state
            if st.over:
                break
            if st is not state:  # another state object (a driver swapped it): new views
                state, views = st, [SeatView(st, i) for i in range(len(agents))]
            d = st.decision
            assert d is not None
            seat = d.seat
            agent = agents[seat]
            if agent is None:
                break
            engine.apply(agent.choose(d, views[seat]))
            n += 1
        return n

    # ------------------------------------------------------------ undo
    @property
    def last(self) -> LastAction | None:
        return self.taken[-1].last if self.taken else None

    def can_undo(self, seat: int) -> tuple[bool, str]:
        """May ``seat`` take back the last action? Its own, by hand, before anything was revealed."""
        if self.game.over:
            return False, "the game is over"
        return can_undo(self.last, seat)

    def undo(self, seat: int, game: Game | None = None) -> None:
        """Take back ``seat``'s last action (the rule of :meth:`can_undo`). ``game``: the game
        as it was before it, when a store keeps that (a resumed table keeps no states)."""
        ok, why = self.can_undo(seat)
        if not ok:
            raise GraveholdError(why)
        t = self.taken[-1]
        if game is None and t.before is None:
            raise GraveholdError("this table does not keep the game before that action; its store does")
        self.taken.pop()
        if game is not None:
            self.game = game
            self.log.forget(len(game.events))
        else:
            assert t.before is not None
            self.game.engine.state = t.before
            if self.game.engine.events is not None:
                del self.game.engine.events[t.events:]
            self.log.forget(t.events)
        if self.record and self.steps:
            self.steps.pop()

    # ------------------------------------------------------------ log
    def log_lines(self) -> list[str]:
        return self.log.update(self.game.events)


def record_step(g: Game, action: Action) -> Step:
    """A record's step for an action just applied: the action and the state's digest."""
    return {"action": list(action), "digest": g.digest()}
