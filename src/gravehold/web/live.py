"""A game the server holds in memory: its table, its lock, its open sockets.

The game itself sits at a :class:`~gravehold.table.Table`, as every front end's does: whose
decision it is, the undo rule, the log and the bots' choices are the table's. What is the
server's is kept here: the seats as the store keeps them (with each person's link token),
the spectators' token, the sockets, and what keeps the game in memory or lets it go.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..agents import make_agent
from ..engine.game import Game
from ..engine.shapes import Doc
from ..table import Seat, Table
from ..undo import LastAction

#: The log lines a board is sent (the newest), and about how many the server keeps per game.
LOG_SENT = 120
LOG_KEPT = 200


def frame(message: Doc) -> str:
    """One WebSocket text frame (as Starlette's ``send_json`` writes it)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@dataclass(eq=False)
class Client:
    """One open socket: its seat (-1 for a spectator), its address, and the frames waiting
    for it. ``dropped`` is set when it fell too far behind; its socket is then closed."""

    seat: int
    address: str
    queue: asyncio.Queue[str]
    dropped: asyncio.Event = field(default_factory=asyncio.Event)
    words: str = "classic"  # the wording its board speaks (``content.words``), resolved

    def offer(self, text: str) -> bool:
        """Queue a frame without waiting; False (and dropped) when the queue is full."""
        if self.dropped.is_set():
            return False
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped.set()
            return False
        return True


def sit(game: Game, seats: list[Doc], history: Iterable[LastAction] = ()) -> Table:
    """The table of a stored game: its seats (a bot's agent seeded ``seed * 10 + seat``, as
    the server has always seeded them) and, for the undo rule, who took its stored actions."""
    sat = [Seat.of(s) for s in seats]
    seed = int(game.state.config.get("seed", 0))
    agents = {i: make_agent(s.agent, seed * 10 + i) for i, s in enumerate(sat) if s.bot}
    table = Table(game, sat, agents, undo=True)
    table.log.keep = LOG_KEPT
    table.resume(history)
    return table


@dataclass
class LiveGame:
    """One running game in memory. Actions on it are applied one at a time (``lock``)."""

    id: str
    table: Table
    seats: list[Doc]  # as stored: {"kind", "agent"} and a person's "token"
    spectator: str
    title: str
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    used: float = field(default_factory=time.monotonic)  # last asked for: the least recent goes first
    users: int = 0  # requests working on it now: it is not evicted under them
    summary: tuple[int, Doc] | None = None  # (seq, end summary) once over
    rematches: dict[str, Doc] = field(default_factory=dict)  # REMATCH mode -> its links, tokens
    expedition: str | None = None  # the campaign this game is a battle of (read when it is loaded)
    campaign: str | None = None  # that campaign's kind (``expedition``, ``legacy``)

    @property
    def game(self) -> Game:
        return self.table.game

    @game.setter
    def game(self, game: Game) -> None:
        """The game as the store now holds it (a rebuild, a battle given up)."""
        self.table.game = game

    @property
    def last(self) -> LastAction | None:
        """The latest stored action (``gravehold.undo``)."""
        return self.table.last

    @last.setter
    def last(self, last: LastAction | None) -> None:
        self.table.resume([] if last is None else [last])

    def log_lines(self) -> list[str]:
        return self.table.log_lines()[-LOG_SENT:]

    def busy(self) -> bool:
        """Someone is on it (a socket, a request, a bot): it must stay in memory."""
        return bool(self.clients) or self.users > 0 or self.lock.locked() or \
            (self.bot_task is not None and not self.bot_task.done())

    def seat_of(self, token: object) -> int | None:
        """The seat a token holds; -1 for the spectator link; None for nobody.

        Tokens are ASCII (``token_urlsafe``), and ``compare_digest`` refuses any other
        string with a TypeError, so anything else is simply nobody's token."""
        if not isinstance(token, str) or not token or not token.isascii():
            return None
        for i, s in enumerate(self.seats):
            if s.get("token") and secrets.compare_digest(s["token"], token):
                return i
        if secrets.compare_digest(self.spectator, token):
            return -1
        return None
