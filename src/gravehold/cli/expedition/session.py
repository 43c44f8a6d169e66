"""A battle of an expedition played at the terminal, each action stored as it is taken.

A battle of any campaign kind (``campaign play`` too) is played through here. A battle
played here is a stored game like any other: every action is committed before
the next is chosen (as the web hub does), so a crash or a Ctrl+C loses nothing, and
``expedition play`` picks the battle up where it stopped. The seats sit at one
:class:`~gravehold.table.Table`: bots by its loop, people at the numbered prompts, or the
whole table on the full-screen board (:class:`StoredSession`).

The battle is played by the campaigns' one driver (``campaigns/battle.py``); this module
only seats the terminal's people at it.
"""

from __future__ import annotations

import json
import sys
from functools import partial

from ...agents import Agent
from ...campaigns import battle as driver
from ...campaigns.kind import D, KindOf
from ...campaigns.store import CampaignStore
from ...engine.game import Game
from ...engine.state import Action
from ...errors import GraveholdError
from ...storage.saves import Store
from ...terminal.session import Session
from ...undo import HUMAN, reveals
from .. import common, prompts


class StoredSession(Session):
    """The terminal board's session, each action committed to the store before the board
    shows it, and an undo taken back in the store before it is taken back on the board."""

    def __init__(self, game: Game, humans: frozenset[int], agents: dict[int, Agent], words: str = "classic",
                 store: Store | None = None, gid: str = "", kept: int = 0) -> None:
        super().__init__(game, humans, agents, words=words)
        self.store, self.gid, self.kept = store, gid, kept  # kept: the game's stored actions

    def apply(self, action: Action, by: str = HUMAN) -> None:
        seat = self.owner()
        if seat is None or self.store is None:
            raise GraveholdError("the game is over")
        ahead = self.game.clone(events=True)
        seq = ahead.state.seq
        ahead.apply(action)  # an illegal action raises here, before anything is stored
        self.store.append(self.gid, seq, seat, by, list(action), reveals(ahead.events), ahead)
        self.kept += 1
        super().apply(action, by)

    def undo(self, seat: int | None = None, game: Game | None = None) -> None:
        ok, why = self.can_undo(seat)
        if not ok or self.store is None:
            raise GraveholdError(why)
        before = self.taken[-1].before
        assert before is not None  # an action that may be undone keeps its state
        self.store.truncate(self.gid, self.kept - 1, Game(before.clone(), events=False))
        self.kept -= 1
        super().undo(seat, game)


def commit(store: Store, gid: str, game: Game, seat: int, by: str, action: Action) -> None:
    """Apply one action and store it with the new snapshot, as the web hub does."""
    seq, n = game.state.seq, len(game.events)
    game.apply(action)
    store.append(gid, seq, seat, by, list(action), reveals(game.events[n:]), game)


def stdin_terminal() -> bool:
    """Input comes from a terminal: a person's seat can be asked there."""
    return sys.stdin.isatty()


def check_seats(xs: CampaignStore[D], exp: D) -> Game:
    """The running battle's game, once it is sure this terminal can play it: a person's
    seat needs input from a terminal (else the browser link is the way to play it)."""
    assert exp.current is not None and exp.current.game is not None
    gid = exp.current.game
    loaded = xs.store.load(gid)
    people = [k for k, s in enumerate(exp.current.choices.seats) if s.player == HUMAN]
    if people and not loaded.game.over and not stdin_terminal():
        seats = json.loads(loaded.row.seats)
        links = ", ".join(f"seat {k + 1}: /g/{gid}?t={seats[k].get('token')}" for k in people)
        raise GraveholdError(f"battle {exp.battle}: seat(s) {', '.join(str(k + 1) for k in people)} are played by "
                             f"people, and input is not a terminal; play in a terminal, or in the browser "
                             f"(`gravehold serve`) at {links}")
    return loaded.game


def play_current(xs: CampaignStore[D], kind: KindOf[D], eid: str, exp: D, words: str, plain: bool,
                 bot_delay: float, motion: bool = True) -> Game:
    """Play the running battle of ``exp`` (campaign ``eid`` of ``kind``, as stored) to its end
    (or until the board is quit): bots by their agents, people on the terminal, through the
    campaigns' one battle driver (the board marks what each move changed unless ``motion`` is
    off). Returns the game as it was left."""
    from ...content.words import game_words

    assert exp.current is not None and exp.current.game is not None
    cur, gid = exp.current, exp.current.game
    game = check_seats(xs, exp)
    if game.over:
        return game
    people = [k for k, s in enumerate(cur.choices.seats) if s.player == HUMAN]
    table = driver.battle_table(kind, exp, game)
    wording = game_words(words, game.state.nemesis.id)
    if people and not plain and common.terminal():
        from ...terminal.app import run

        session = StoredSession(game, frozenset(people), table.agents, words=wording, store=xs.store, gid=gid,
                                kept=len(xs.store.actions(gid)))
        run(session, bot_delay, motion=motion)
        return session.game
    humans: dict[int, Agent] = {k: prompts.HumanAgent(game, k, wording) for k in people}
    driver.play_stored(table, humans, partial(xs.store.append, gid))
    if driver.past_limit(game):  # the bots gave the battle up: stored ended, then here
        xs.concede(eid)
        driver.concede(game)
    return game
