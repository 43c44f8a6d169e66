"""The game store: create, load, append actions atomically, undo, list.

Every applied action is written in the same transaction as the new snapshot, and the
caller acknowledges only after the commit, so an acknowledged action survives a crash.
A unique (game, seq) key refuses an action recorded twice.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, event, func, inspect, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

from ..engine.game import Game
from ..engine.shapes import Doc, Json
from ..errors import GraveholdError
from .models import ActionRow, GameRow


def default_url() -> str:
    env = os.environ.get("GRAVEHOLD_DATABASE_URL")
    if env:
        return env
    from platformdirs import user_data_dir

    d = Path(user_data_dir("gravehold"))
    d.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{d / 'gravehold.db'}"


def keep_state(row: GameRow, game: Game) -> None:
    """A stored game's row takes ``game``'s state: its snapshot, decision count, status and
    result (inside the caller's transaction, with whatever else it writes)."""
    row.snapshot = game.to_json()
    row.seq = game.state.seq
    row.status = "finished" if game.over else "running"
    row.result, row.reason = game.result, game.reason


def make_engine(url: str | None = None) -> Engine:
    url = url or default_url()
    eng = create_engine(url, future=True, pool_pre_ping=True)
    if url.startswith("sqlite"):
        @event.listens_for(eng, "connect")
        def _pragmas(conn: Json, _rec: Json) -> None:  # pragma: no cover - trivial
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
    migrate(eng)
    return eng


MIGRATIONS = Path(__file__).with_name("migrations")
#: the revision of the schema every database made before migrations has
BASELINE = "0001"
#: the newest revision (``storage/migrations/versions``): the seeded challenge's results
HEAD = "0005"


def migrate(eng: Engine) -> None:
    """Bring the database up to the newest schema (Alembic, ``storage/migrations``), in one
    transaction. A database made before migrations has the baseline's tables: it is stamped
    with the baseline, never created again. A database from a newer gravehold is refused."""
    from alembic import command
    from alembic.config import Config
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory
    from alembic.util import CommandError

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    known = {r.revision for r in ScriptDirectory.from_config(cfg).walk_revisions()}
    with eng.begin() as conn:
        cfg.attributes["connection"] = conn
        current = MigrationContext.configure(conn).get_current_revision()
        if current is not None and current not in known:
            raise SaveError(f"the database is at schema revision {current!r}, which this gravehold does not "
                            f"know (a newer gravehold made it); upgrade gravehold, or use another --db")
        try:
            if current is None and inspect(conn).has_table("games"):
                command.stamp(cfg, BASELINE)
            command.upgrade(cfg, "head")
        except CommandError as e:  # pragma: no cover - a broken migration, not bad input
            raise SaveError(f"cannot migrate the database: {e}") from None


class NotFound(GraveholdError):
    pass


class SaveError(GraveholdError):
    pass


@dataclass
class Loaded:
    row: GameRow
    game: Game


class Store:
    def __init__(self, url: str | None = None) -> None:
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def create(self, gid: str, owner: str, title: str, config: Doc, seats: list[Doc],
               spectator: str, game: Game) -> GameRow:
        with self.sessions.begin() as s:
            row = GameRow(id=gid, owner=owner, title=title, config=json.dumps(config), seats=json.dumps(seats),
                          spectator=spectator, snapshot=game.to_json(), seq=game.state.seq,
                          status="finished" if game.over else "running", result=game.result, reason=game.reason)
            s.add(row)
        return row

    def get(self, gid: str) -> GameRow:
        with self.sessions() as s:
            row = s.get(GameRow, gid)
            if row is None:
                raise NotFound(f"no game {gid!r}")
            return row

    def load(self, gid: str) -> Loaded:
        row = self.get(gid)
        try:
            game = Game.from_json(row.snapshot)
        except GraveholdError as e:  # a damaged snapshot: rebuild it from the action list
            try:
                game = self.rebuild(gid)
            except GraveholdError:
                raise SaveError(f"game {gid}: saved state is damaged ({e}) and cannot be rebuilt") from None
        return Loaded(row, game)

    def rebuild(self, gid: str, upto: int | None = None) -> Game:
        """Replay the setup and the first ``upto`` actions (all when None)."""
        row = self.get(gid)
        g = Game.from_config(json.loads(row.config))
        with self.sessions() as s:
            acts = s.scalars(select(ActionRow).where(ActionRow.game_id == gid).order_by(ActionRow.seq)).all()
        for a in acts[: upto if upto is not None else len(acts)]:
            g.apply(json.loads(a.action))
        return g

    def append(self, gid: str, seq: int, seat: int, by: str, action: list[Json], revealed: bool,
               game: Game) -> None:
        """Record one applied action and the new snapshot in one transaction."""
        with self.sessions.begin() as s:
            row = s.get(GameRow, gid)
            if row is None:
                raise NotFound(f"no game {gid!r}")
            if row.seq != seq:
                raise SaveError(f"game {gid}: action for decision {seq} but the game is at {row.seq}")
            if row.status == "finished":  # e.g. a battle its expedition gave up (``concede``)
                raise SaveError(f"game {gid} is over ({row.reason or row.result}); no more actions")
            s.add(ActionRow(game_id=gid, seq=seq, seat=seat, by=by, action=json.dumps(action), revealed=revealed))
            keep_state(row, game)

    def actions(self, gid: str) -> list[ActionRow]:
        with self.sessions() as s:
            return list(s.scalars(select(ActionRow).where(ActionRow.game_id == gid).order_by(ActionRow.seq)).all())

    def truncate(self, gid: str, keep: int, game: Game) -> None:
        """Drop every action after the first ``keep`` (undo) and store the rebuilt state."""
        with self.sessions.begin() as s:
            row = s.get(GameRow, gid)
            if row is None:
                raise NotFound(f"no game {gid!r}")
            acts = s.scalars(select(ActionRow).where(ActionRow.game_id == gid).order_by(ActionRow.seq)).all()
            for a in acts[keep:]:
                s.delete(a)
            keep_state(row, game)

    def running(self) -> list[tuple[str, str]]:
        """(id, seats as JSON) of every unfinished game: what a restarted server looks
        through for bots to wake, without reading any snapshot."""
        with self.sessions() as s:
            rows = s.execute(select(GameRow.id, GameRow.seats).where(GameRow.status == "running")).all()
            return [(str(r[0]), str(r[1])) for r in rows]

    def list(self, owner: str | None = None, limit: int = 200, offset: int = 0) -> list[GameRow]:
        """Games, most recently changed first, ``limit`` of them from ``offset`` on."""
        with self.sessions() as s:
            q = select(GameRow).order_by(GameRow.updated_at.desc(), GameRow.id).offset(offset).limit(limit)
            if owner is not None:
                q = q.where(GameRow.owner == owner)
            return list(s.scalars(q).all())

    def count(self, owner: str | None = None) -> int:
        """How many games ``list`` pages through."""
        with self.sessions() as s:
            q = select(func.count()).select_from(GameRow)
            if owner is not None:
                q = q.where(GameRow.owner == owner)
            return int(s.scalar(q) or 0)

    def session(self) -> Session:
        return self.sessions()
