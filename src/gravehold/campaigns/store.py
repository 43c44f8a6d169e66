"""The campaign store, for any kind: every step that changes a campaign is one transaction.

A step is computed first, in memory (a kind's steps never change what they are given), and
written after: the campaign's new state, its version, and what the step adds (a battle's
game with its seats, a battle row, a battle's result) commit together or not at all. So a
crash at any moment leaves the campaign as it was before the step or as it is after it,
never a half-applied reward; and a step the caller was told about has committed.

The after-battle step reads the ended game from the games table. If the server dies after
the game's last action committed and before that step did, :meth:`CampaignStore.recover`
(run when a server starts) applies it; a step applied once is never applied again, since it
only runs while the campaign waits for that game.

One store serves one kind (its rows' ``kind``); a row of another kind is not found by it.
"""

from __future__ import annotations

import builtins
import json
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic

import msgspec
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..engine.game import Game
from ..engine.shapes import Json, Row
from ..record import setup_config
from ..storage.models import ActionRow, CampaignBattleRow, CampaignRow, CampaignStepRow, GameRow
from ..storage.saves import NotFound, SaveError, Store, keep_state
from ..undo import HUMAN
from .battle import concede
from .kind import BATTLE, CampaignError, CampaignKind, D
from .transfer import Transfer, files_of

#: seconds the after-battle step waits inside its transaction before it commits: a fault
#: injection point for crash tests (``GRAVEHOLD_STEP_DELAY``), 0 in normal use
STEP_DELAY = "GRAVEHOLD_STEP_DELAY"


@dataclass
class Stored(Generic[D]):
    """A stored campaign: its row (id, token, version) and its document."""

    row: CampaignRow
    doc: D

    @property
    def exp(self) -> D:
        """The document, by the name the expedition front ends read it by."""
        return self.doc


def _seats(players: builtins.list[str]) -> builtins.list[Row]:
    """A battle's seats as the games table keeps them: a token per person, an agent per bot."""
    return [{"kind": "human", "token": secrets.token_urlsafe(12)} if p == HUMAN else {"kind": "bot", "agent": p}
            for p in players]


def _game_row(gid: str, owner: str, doc: D, seats: builtins.list[Row], game: Game) -> GameRow:
    """The games-table row of a battle's game (a normal game: board, seat links, bots, undo)."""
    return GameRow(id=gid, owner=owner, title=f"{doc.title[:180]}: battle {doc.battle}",
                   config=json.dumps(setup_config(game)), seats=json.dumps(seats),
                   spectator=secrets.token_urlsafe(12), snapshot=game.to_json(), seq=game.state.seq,
                   status="finished" if game.over else "running", result=game.result, reason=game.reason)


def _note_result(s: Session, cid: str, gid: str, result: str | None) -> None:
    """The battle row of this game gets the game's result."""
    q = select(CampaignBattleRow).where(CampaignBattleRow.expedition_id == cid, CampaignBattleRow.game_id == gid)
    for b in s.scalars(q).all():
        b.result = result


class CampaignStore(Generic[D]):
    """The campaigns of one kind in a game store's database."""

    def __init__(self, store: Store, kind: CampaignKind[D, Any]) -> None:
        self.store = store
        self.sessions = store.sessions
        self.kind = kind
        self.files: Transfer[D] = files_of(kind)

    def _encode(self, doc: D) -> str:
        return msgspec.json.encode(doc).decode()

    # ------------------------------------------------------------------ reading
    def get(self, cid: str) -> Stored[D]:
        name = self.kind.name
        if len(cid) > 32:
            raise NotFound(f"no {name} {cid!r}")
        with self.sessions() as s:
            row = s.get(CampaignRow, cid)
            if row is None or row.kind != name:
                raise NotFound(f"no {name} {cid!r}")
        try:
            doc = msgspec.json.decode(row.state, type=self.kind.doc)
        except msgspec.MsgspecError as e:
            raise SaveError(f"{name} {cid}: its saved state is damaged ({e})") from None
        return Stored(row, doc)

    def list(self, owner: str | None = None, limit: int = 200, offset: int = 0) -> builtins.list[CampaignRow]:
        with self.sessions() as s:
            q = select(CampaignRow).where(CampaignRow.kind == self.kind.name)
            q = q.order_by(CampaignRow.updated_at.desc(), CampaignRow.id)
            if owner is not None:
                q = q.where(CampaignRow.owner == owner)
            return list(s.scalars(q.offset(offset).limit(limit)).all())

    def count(self, owner: str | None = None) -> int:
        with self.sessions() as s:
            q = select(func.count()).select_from(CampaignRow).where(CampaignRow.kind == self.kind.name)
            if owner is not None:
                q = q.where(CampaignRow.owner == owner)
            return int(s.scalar(q) or 0)

    def battles(self, cid: str) -> builtins.list[CampaignBattleRow]:
        with self.sessions() as s:
            q = select(CampaignBattleRow).where(CampaignBattleRow.expedition_id == cid)
            return list(s.scalars(q.order_by(CampaignBattleRow.battle, CampaignBattleRow.attempt)).all())

    def of_game(self, gid: str) -> str | None:
        """The campaign a game is a battle of, if any."""
        with self.sessions() as s:
            q = select(CampaignBattleRow.expedition_id).where(CampaignBattleRow.game_id == gid)
            found = s.scalar(q)
            return str(found) if found is not None else None

    def _actions(self, gid: str) -> builtins.list[builtins.list[Json]]:
        """A stored game's actions, in order: a battle's record."""
        return [json.loads(a.action) for a in self.store.actions(gid)]

    # ------------------------------------------------------------------ steps
    def create(self, doc: D, owner: str = "", cid: str | None = None) -> Stored[D]:
        cid = cid or secrets.token_hex(8)
        row = CampaignRow(id=cid, kind=self.kind.name, owner=owner, title=doc.title,
                          token=secrets.token_urlsafe(12), state=self._encode(doc), version=0, phase=doc.phase)
        with self.sessions.begin() as s:
            if s.get(CampaignRow, cid) is not None:
                raise SaveError(f"an {self.kind.name} {cid!r} is already stored")
            s.add(row)
            s.flush()
            s.add(CampaignStepRow(campaign_id=cid, version=0, step="create", phase=doc.phase))
        return Stored(row, doc)

    def journal(self, cid: str) -> builtins.list[CampaignStepRow]:
        """When each step was applied to the campaign, oldest first (``CampaignStepRow``)."""
        with self.sessions() as s:
            q = select(CampaignStepRow).where(CampaignStepRow.campaign_id == cid)
            return list(s.scalars(q.order_by(CampaignStepRow.version)).all())

    def _write(self, s: Session, cid: str, version: int, doc: D, step: str) -> CampaignRow:
        name = self.kind.name
        row = s.get(CampaignRow, cid, with_for_update=True)
        if row is None or row.kind != name:
            raise NotFound(f"no {name} {cid!r}")
        if row.version != version:
            raise SaveError(f"{name} {cid} changed meanwhile (it is at step {row.version}, the choice was "
                            f"made at step {version}); look again and choose anew")
        row.state = self._encode(doc)
        row.version = version + 1
        row.phase = doc.phase
        s.add(CampaignStepRow(campaign_id=cid, version=row.version, step=step[:32], phase=doc.phase))
        return row

    def begin(self, cid: str, choices: Any,
              version: int | None = None) -> tuple[Stored[D], str, builtins.list[Row]]:
        """The group's choices applied and the battle's game stored, in one transaction.
        Returns the campaign, the game's id and its seats (with their tokens)."""
        cur = self.get(cid)
        version = cur.row.version if version is None else version
        doc, game = self.kind.begin(cur.doc, choices)
        gid = secrets.token_hex(6)
        assert doc.current is not None
        doc.current.game = gid
        seats = _seats(self.kind.players(choices))
        with self.sessions.begin() as s:
            s.add(_game_row(gid, cur.row.owner, doc, seats, game))
            s.flush()
            s.add(CampaignBattleRow(expedition_id=cid, battle=doc.battle, attempt=doc.attempt, game_id=gid))
            row = self._write(s, cid, version, doc, "begin")
        return Stored(row, doc), gid, seats

    def step(self, cid: str, change: Callable[[D], D], version: int | None = None, name: str = "step") -> Stored[D]:
        """One of the kind's own steps between battles (``change``, pure), stored; ``name``
        is what the journal calls it."""
        cur = self.get(cid)
        new = change(cur.doc)
        with self.sessions.begin() as s:
            row = self._write(s, cid, cur.row.version if version is None else version, new, name)
        return Stored(row, new)

    def finish(self, cid: str) -> Stored[D]:
        """The after-battle step, once the battle's game has ended. Does nothing while the
        game runs, or when the step has already been applied."""
        cur = self.get(cid)
        doc = cur.doc
        if doc.phase != BATTLE or doc.current is None or doc.current.game is None:
            return cur
        gid = doc.current.game
        loaded = self.store.load(gid)
        if not loaded.game.over:
            return cur
        new = self.kind.finish(doc, loaded.game, game_id=gid, actions=self._actions(gid))
        with self.sessions.begin() as s:
            row = self._write(s, cid, cur.row.version, new, "finish")
            _note_result(s, cid, gid, loaded.game.result)
            delay = float(os.environ.get(STEP_DELAY, "0") or 0)
            if delay > 0:  # a crash test kills the process here: nothing of the step may stay
                s.flush()
                print(f"{self.kind.name} {cid}: after-battle step of battle {doc.battle} waiting {delay} s",
                      flush=True)
                time.sleep(delay)
        return Stored(row, new)

    def concede(self, cid: str, version: int | None = None) -> Stored[D]:
        """The group gives the running battle up (``battle.concede``): in one transaction,
        the battle's game is stored ended (lost, ``conceded``) and the after-battle step is
        applied to it, so neither is ever kept without the other."""
        cur = self.get(cid)
        doc = cur.doc
        if doc.phase != BATTLE or doc.current is None or doc.current.game is None:
            raise CampaignError(f"no battle is being fought (the {self.kind.name} is at {doc.phase})")
        gid = doc.current.game
        game = concede(self.store.load(gid).game)
        new = self.kind.finish(doc, game, game_id=gid, actions=self._actions(gid))
        with self.sessions.begin() as s:
            g = s.get(GameRow, gid, with_for_update=True)
            if g is None or g.seq != game.state.seq:
                raise SaveError(f"battle {doc.battle}'s game moved on meanwhile; look again and give it up anew")
            keep_state(g, game)  # given up: over, so finished
            row = self._write(s, cid, cur.row.version if version is None else version, new, "concede")
            _note_result(s, cid, gid, game.result)
        return Stored(row, new)

    def recover(self) -> builtins.list[str]:
        """Apply every after-battle step a crash left undone (a server runs this at start)."""
        with self.sessions() as s:
            q = select(CampaignRow.id).where(CampaignRow.phase == BATTLE, CampaignRow.kind == self.kind.name)
            ids = list(s.scalars(q).all())
        done = []
        for cid in ids:
            before = self.get(cid).row.version
            if self.finish(cid).row.version != before:
                done.append(cid)
        return done

    # ------------------------------------------------------------------ files
    def export(self, cid: str) -> bytes:
        cur = self.get(cid)
        actions: builtins.list[builtins.list[Json]] = []
        if cur.doc.current is not None and cur.doc.current.game is not None:
            actions = self._actions(cur.doc.current.game)
        return self.files.export(cur.doc, actions, cid)

    def import_(self, file: Any, owner: str = "", where: str = "") -> Stored[D]:
        """Check the file whole (``Transfer.load``: its limits and types, then one replay),
        then store it in one transaction: the campaign and, if a battle was being fought,
        its game with its actions. A refused file changes nothing; an id already stored is
        refused, not overwritten. ``file``: its bytes, or its document already read
        (``Transfer.read``), as a caller that looks at its id first has it."""
        loaded = self.files.load(file, where)
        doc, game = loaded.campaign, loaded.game
        cid = loaded.doc.id or secrets.token_hex(8)
        # the games of finished battles stay where they were played
        doc = msgspec.structs.replace(doc, history=[msgspec.structs.replace(r, game=None) if r.game is not None
                                                    else r for r in doc.history])  # type: ignore[type-var]
        with self.sessions.begin() as s:
            if s.get(CampaignRow, cid) is not None:
                raise SaveError(f"an {self.kind.name} {cid!r} is already stored; delete it first, or import "
                                "under another id")
            if doc.current is not None and game is not None:
                self._import_battle(s, owner, doc, game, loaded.moves)
            row = CampaignRow(id=cid, kind=self.kind.name, owner=owner, title=doc.title,
                              token=secrets.token_urlsafe(12), state=self._encode(doc), version=0, phase=doc.phase)
            s.add(row)
            s.flush()
            s.add(CampaignStepRow(campaign_id=cid, version=0, step="import", phase=doc.phase))
            for r in doc.history:
                s.add(CampaignBattleRow(expedition_id=cid, battle=r.battle, attempt=r.attempt, result=r.result))
            if doc.current is not None:
                s.add(CampaignBattleRow(expedition_id=cid, battle=doc.battle, attempt=doc.attempt,
                                        game_id=doc.current.game))
        return Stored(row, doc)

    def _import_battle(self, s: Session, owner: str, doc: D, game: Game,
                       moves: builtins.list[tuple[int, int, builtins.list[Json]]]) -> None:
        """The running battle of an imported file: its game and actions, under a new id."""
        assert doc.current is not None
        gid = secrets.token_hex(6)
        doc.current.game = gid
        seats = _seats(self.kind.players(doc.current.choices))
        s.add(_game_row(gid, owner, doc, seats, game))
        s.flush()
        for seq, seat, a in moves:
            s.add(ActionRow(game_id=gid, seq=seq, seat=seat, by="import", action=json.dumps(a)))
