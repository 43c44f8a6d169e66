"""The expedition store: every step that changes an expedition is one transaction.

A step is computed first, in memory (``expedition.steps`` never changes what it is given),
and written after: the expedition's new state, its version, and what the step adds (a
battle's game with its seats, a battle row, a battle's result) commit together or not at
all. So a crash at any moment leaves the expedition as it was before the step or as it is
after it, never a half-applied reward; and a step the caller was told about has committed.

The after-battle step reads the ended game from the games table. If the server dies after
the game's last action committed and before that step did, :meth:`ExpeditionStore.recover`
(run when a server starts) applies it; a step applied once is never applied again, since it
only runs while the expedition waits for that game.
"""

from __future__ import annotations

import builtins
import json
import os
import secrets
import time
from dataclasses import dataclass
from typing import Any

import msgspec
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..campaigns.expedition import steps
from ..campaigns.expedition.state import Choices, Expedition
from ..campaigns.expedition.transfer import ExportDoc, export, load
from ..engine.game import Game
from ..record import setup_config
from .models import ActionRow, ExpeditionBattleRow, ExpeditionRow, GameRow
from .saves import NotFound, SaveError, Store

#: seconds the after-battle step waits inside its transaction before it commits: a fault
#: injection point for crash tests (``GRAVEHOLD_STEP_DELAY``), 0 in normal use
STEP_DELAY = "GRAVEHOLD_STEP_DELAY"


@dataclass
class Stored:
    row: ExpeditionRow
    exp: Expedition


def _encode(exp: Expedition) -> str:
    return msgspec.json.encode(exp).decode()


def _seats(ch: Choices) -> list[dict[str, Any]]:
    """A battle's seats as the games table keeps them: a token per person, an agent per bot."""
    return [{"kind": "human", "token": secrets.token_urlsafe(12)} if s.player == "human"
            else {"kind": "bot", "agent": s.player} for s in ch.seats]


def _game_row(gid: str, owner: str, exp: Expedition, seats: list[dict[str, Any]], game: Game) -> GameRow:
    """The games-table row of a battle's game (a normal game: board, seat links, bots, undo)."""
    return GameRow(id=gid, owner=owner, title=f"{exp.title[:180]}: battle {exp.battle}",
                   config=json.dumps(setup_config(game)), seats=json.dumps(seats),
                   spectator=secrets.token_urlsafe(12), snapshot=game.to_json(), seq=game.state.seq,
                   status="finished" if game.over else "running", result=game.result, reason=game.reason)


def _note_result(s: Session, eid: str, gid: str, result: str | None) -> None:
    """The battle row of this game gets the game's result."""
    q = select(ExpeditionBattleRow).where(ExpeditionBattleRow.expedition_id == eid,
                                          ExpeditionBattleRow.game_id == gid)
    for b in s.scalars(q).all():
        b.result = result


class ExpeditionStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.sessions = store.sessions

    # ------------------------------------------------------------------ reading
    def get(self, eid: str) -> Stored:
        if len(eid) > 32:
            raise NotFound(f"no expedition {eid!r}")
        with self.sessions() as s:
            row = s.get(ExpeditionRow, eid)
            if row is None:
                raise NotFound(f"no expedition {eid!r}")
        try:
            exp = msgspec.json.decode(row.state, type=Expedition)
        except msgspec.MsgspecError as e:
            raise SaveError(f"expedition {eid}: its saved state is damaged ({e})") from None
        return Stored(row, exp)

    def list(self, owner: str | None = None, limit: int = 200, offset: int = 0) -> builtins.list[ExpeditionRow]:
        with self.sessions() as s:
            q = select(ExpeditionRow).order_by(ExpeditionRow.updated_at.desc(), ExpeditionRow.id)
            if owner is not None:
                q = q.where(ExpeditionRow.owner == owner)
            return list(s.scalars(q.offset(offset).limit(limit)).all())

    def count(self, owner: str | None = None) -> int:
        with self.sessions() as s:
            q = select(func.count()).select_from(ExpeditionRow)
            if owner is not None:
                q = q.where(ExpeditionRow.owner == owner)
            return int(s.scalar(q) or 0)

    def battles(self, eid: str) -> builtins.list[ExpeditionBattleRow]:
        with self.sessions() as s:
            q = select(ExpeditionBattleRow).where(ExpeditionBattleRow.expedition_id == eid)
            return list(s.scalars(q.order_by(ExpeditionBattleRow.battle, ExpeditionBattleRow.attempt)).all())

    def of_game(self, gid: str) -> str | None:
        """The expedition a game is a battle of, if any."""
        with self.sessions() as s:
            q = select(ExpeditionBattleRow.expedition_id).where(ExpeditionBattleRow.game_id == gid)
            found = s.scalar(q)
            return str(found) if found is not None else None

    def _actions(self, gid: str) -> builtins.list[builtins.list[Any]]:
        """A stored game's actions, in order: a battle's record."""
        return [json.loads(a.action) for a in self.store.actions(gid)]

    # ------------------------------------------------------------------ steps
    def create(self, exp: Expedition, owner: str = "", eid: str | None = None) -> Stored:
        eid = eid or secrets.token_hex(8)
        row = ExpeditionRow(id=eid, owner=owner, title=exp.title, token=secrets.token_urlsafe(12),
                            state=_encode(exp), version=0, phase=exp.phase)
        with self.sessions.begin() as s:
            if s.get(ExpeditionRow, eid) is not None:
                raise SaveError(f"an expedition {eid!r} is already stored")
            s.add(row)
        return Stored(row, exp)

    def _write(self, s: Any, eid: str, version: int, exp: Expedition) -> ExpeditionRow:
        row = s.get(ExpeditionRow, eid, with_for_update=True)
        if row is None:
            raise NotFound(f"no expedition {eid!r}")
        if row.version != version:
            raise SaveError(f"expedition {eid} changed meanwhile (it is at step {row.version}, the choice was "
                            f"made at step {version}); look again and choose anew")
        row.state = _encode(exp)
        row.version = version + 1
        row.phase = exp.phase
        return row  # type: ignore[no-any-return]

    def begin(self, eid: str, choices: Choices,
              version: int | None = None) -> tuple[Stored, str, builtins.list[dict[str, Any]]]:
        """X-4: apply the choices and store the battle's game, in one transaction.
        Returns the expedition, the game's id and its seats (with their tokens)."""
        cur = self.get(eid)
        version = cur.row.version if version is None else version
        exp, game = steps.begin(cur.exp, choices)
        gid = secrets.token_hex(6)
        assert exp.current is not None
        exp.current.game = gid
        seats = _seats(choices)
        with self.sessions.begin() as s:
            s.add(_game_row(gid, cur.row.owner, exp, seats, game))
            s.flush()
            s.add(ExpeditionBattleRow(expedition_id=eid, battle=exp.battle, attempt=exp.attempt, game_id=gid))
            row = self._write(s, eid, version, exp)
        return Stored(row, exp), gid, seats

    def finish(self, eid: str) -> Stored:
        """The after-battle step, once the battle's game has ended (X-7 … X-9, X-15). Does
        nothing while the game runs, or when the step has already been applied."""
        cur = self.get(eid)
        exp = cur.exp
        if exp.phase != "battle" or exp.current is None or exp.current.game is None:
            return cur
        gid = exp.current.game
        loaded = self.store.load(gid)
        if not loaded.game.over:
            return cur
        actions = self._actions(gid)
        new = steps.finish(exp, loaded.game, game_id=gid, actions=actions)
        with self.sessions.begin() as s:
            row = self._write(s, eid, cur.row.version, new)
            _note_result(s, eid, gid, loaded.game.result)
            delay = float(os.environ.get(STEP_DELAY, "0") or 0)
            if delay > 0:  # a crash test kills the process here: nothing of the step may stay
                s.flush()
                print(f"expedition {eid}: after-battle step of battle {exp.battle} waiting {delay} s", flush=True)
                time.sleep(delay)
        return Stored(row, new)

    def concede(self, eid: str, version: int | None = None) -> Stored:
        """The group gives the running battle up (``steps.concede``): in one transaction,
        the battle's game is stored ended (lost, ``conceded``) and the after-battle step is
        applied to it, so neither is ever kept without the other."""
        cur = self.get(eid)
        exp = cur.exp
        if exp.phase != "battle" or exp.current is None or exp.current.game is None:
            raise steps.ExpeditionError(f"no battle is being fought (the expedition is at {exp.phase})")
        gid = exp.current.game
        game = steps.concede(self.store.load(gid).game)
        actions = self._actions(gid)
        new = steps.finish(exp, game, game_id=gid, actions=actions)
        with self.sessions.begin() as s:
            g = s.get(GameRow, gid, with_for_update=True)
            if g is None or g.seq != game.state.seq:
                raise SaveError(f"battle {exp.battle}'s game moved on meanwhile; look again and give it up anew")
            g.snapshot, g.status, g.result, g.reason = game.to_json(), "finished", game.result, game.reason
            row = self._write(s, eid, cur.row.version if version is None else version, new)
            _note_result(s, eid, gid, game.result)
        return Stored(row, new)

    def support(self, eid: str, choice: str | None, version: int | None = None) -> Stored:
        cur = self.get(eid)
        new = steps.support(cur.exp, choice)
        with self.sessions.begin() as s:
            row = self._write(s, eid, cur.row.version if version is None else version, new)
        return Stored(row, new)

    def recover(self) -> builtins.list[str]:
        """Apply every after-battle step a crash left undone (a server runs this at start)."""
        with self.sessions() as s:
            ids = list(s.scalars(select(ExpeditionRow.id).where(ExpeditionRow.phase == "battle")).all())
        done = []
        for eid in ids:
            before = self.get(eid).row.version
            if self.finish(eid).row.version != before:
                done.append(eid)
        return done

    # ------------------------------------------------------------------ files
    def export(self, eid: str) -> bytes:
        cur = self.get(eid)
        actions: builtins.list[builtins.list[Any]] = []
        if cur.exp.current is not None and cur.exp.current.game is not None:
            actions = self._actions(cur.exp.current.game)
        return export(cur.exp, actions, eid)

    def import_(self, file: bytes | str | ExportDoc, owner: str = "", where: str = "") -> Stored:
        """Check the file whole (``transfer.load``: its limits and types, then one replay),
        then store it in one transaction: the expedition and, if a battle was being
        fought, its game with its actions. A refused file changes nothing; an id already
        stored is refused, not overwritten. ``file``: its bytes, or its document already
        read (``transfer.read``), as a caller that looks at its id first has it."""
        loaded = load(file, where)
        exp, game = loaded.doc.expedition, loaded.game
        eid = loaded.doc.id or secrets.token_hex(8)
        with self.sessions.begin() as s:
            if s.get(ExpeditionRow, eid) is not None:
                raise SaveError(f"an expedition {eid!r} is already stored; delete it first, or import under "
                                "another id")
            row = ExpeditionRow(id=eid, owner=owner, title=exp.title, token=secrets.token_urlsafe(12),
                                state="", version=0, phase=exp.phase)
            if exp.current is not None and game is not None:
                gid = secrets.token_hex(6)
                exp.current.game = gid
                seats = _seats(exp.current.choices)
                s.add(_game_row(gid, owner, exp, seats, game))
                s.flush()
                for seq, seat, a in loaded.moves:
                    s.add(ActionRow(game_id=gid, seq=seq, seat=seat, by="import", action=json.dumps(a)))
            # the games of finished battles stay where they were played
            exp.history = [msgspec.structs.replace(r, game=None) if r.game is not None else r for r in exp.history]
            row.state = _encode(exp)
            s.add(row)
            s.flush()
            for r in exp.history:
                s.add(ExpeditionBattleRow(expedition_id=eid, battle=r.battle, attempt=r.attempt, result=r.result))
            if exp.current is not None:
                s.add(ExpeditionBattleRow(expedition_id=eid, battle=exp.battle, attempt=exp.attempt,
                                          game_id=exp.current.game))
        return Stored(row, exp)
