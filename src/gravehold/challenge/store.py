"""The challenge's results in the game store's database (``challenge_results``).

People's results and the bots' sit in one table so that a page reads both in one query
and shows them side by side per setup. A bot's result on a seed never changes while its
agent does not, so it is played once, on demand, and kept (:meth:`ChallengeStore.bot_results`);
``gravehold challenge bots`` plays them again after an agent changed. A person's browser
game gets its row when it starts, without a result, and :meth:`ChallengeStore.finish`
fills it in when the game ends: the link lives in the database, not in a server's memory.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..campaigns.battle import CONCEDED
from ..engine.game import Game
from ..errors import clip
from ..sim.run import play_out
from ..storage.models import ChallengeResultRow, GameRow
from ..storage.saves import NotFound, Store, keep_state
from .sets import ChallengeError, ChallengeSetup, bots, challenge_id, setup_of, setups

#: the longest name a person plays under
MAX_NAME = 40
KINDS = ("human", "bot")


def player_name(raw: object) -> str:
    """``raw`` trimmed, as a person's name: 1 to 40 printable characters."""
    if not isinstance(raw, str):
        raise ChallengeError("name: must be text, 1 to 40 printable characters", "name")
    name = raw.strip()
    if not name:
        raise ChallengeError("name: is empty; give 1 to 40 printable characters", "name")
    if len(name) > MAX_NAME:
        raise ChallengeError(f"name: is {len(name)} characters long; at most {MAX_NAME}", "name")
    if not name.isprintable():
        raise ChallengeError(f"name {clip(name, 40)!r}: holds a character that does not print (a control "
                             "character or a line break)", "name")
    return name


@dataclass(frozen=True)
class Result:
    """One row of ``challenge_results``, as the front ends read it."""

    challenge: str
    setup: int
    seed: int
    who: str
    kind: str
    result: str | None
    reason: str | None
    turns: int | None
    nemesis_life: int | None
    gravehold_life: int | None
    game_id: str | None

    @classmethod
    def of(cls, r: ChallengeResultRow) -> Result:
        return cls(r.challenge_id, r.setup, r.seed, r.who, r.kind, r.result, r.reason, r.turns, r.nemesis_life,
                   r.gravehold_life, r.game_id)

    def doc(self) -> dict[str, object]:
        return {"setup": self.setup, "seed": self.seed, "who": self.who, "kind": self.kind, "result": self.result,
                "reason": self.reason, "turns": self.turns, "nemesis_life": self.nemesis_life,
                "gravehold_life": self.gravehold_life, "game": self.game_id}


def outcome(g: Game) -> dict[str, object]:
    """A finished game's result columns (a game not over counts as given up: a loss)."""
    st = g.state
    result, reason = (st.result, st.reason) if g.over else ("loss", CONCEDED)
    return {"result": result, "reason": reason, "turns": st.turn, "nemesis_life": st.nemesis.life,
            "gravehold_life": st.gravehold}


def bot_outcome(cs: ChallengeSetup, agent: str) -> dict[str, object]:
    """``agent`` in every seat of setup ``cs``, played out on its seed (``sim.run.play_out``)."""
    g = cs.game()
    play_out(g, agent, cs.seed)
    return outcome(g)


def win_rate(rows: builtins.list[Result]) -> float | None:
    """The share of finished results that are wins (None when there are none)."""
    done = [r for r in rows if r.result is not None]
    return sum(r.result == "win" for r in done) / len(done) if done else None


def _fill_in(s: Session, game_id: str, game: Game) -> bool:
    """The rows of game ``game_id`` still without a result take ``game``'s; False when none had to."""
    q = select(ChallengeResultRow).where(ChallengeResultRow.game_id == game_id, ChallengeResultRow.result.is_(None))
    rows = list(s.scalars(q).all())
    cols = outcome(game)
    for row in rows:
        for key, value in cols.items():
            setattr(row, key, value)
    return bool(rows)


class ChallengeStore:
    """The challenge results in a game store's database (SQLite by default, PostgreSQL by URL)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.sessions = store.sessions

    @classmethod
    def open(cls, url: str | None = None) -> ChallengeStore:
        return cls(Store(url))

    def record(self, cid: str, number: int, who: str, kind: str, game: Game | None = None,
               game_id: str | None = None, **columns: object) -> Result:
        """Store one result on setup ``number`` of ``cid``: the ended ``game``'s (a game
        not over counts as given up), or the ``columns`` given (none: a game under way)."""
        cs = setup_of(cid, number)
        if kind not in KINDS:
            raise ChallengeError(f"kind: must be human or bot, not {clip(str(kind), 20)!r}", "kind")
        who = player_name(who) if kind == "human" else who
        cols = outcome(game) if game is not None else columns
        row = ChallengeResultRow(challenge_id=cs.challenge, setup=cs.number, seed=cs.seed, who=who, kind=kind,
                                 game_id=game_id, **cols)
        with self.sessions.begin() as s:
            s.add(row)
        return Result.of(row)

    def start(self, cid: str, number: int, name: str, game_id: str) -> Result:
        """A person's browser game of setup ``number`` begins: its row, without a result."""
        return self.record(cid, number, name, "human", game_id=game_id)

    def of_game(self, game_id: str) -> Result | None:
        """The challenge row of a stored game, if it is a challenge game."""
        with self.sessions() as s:
            row = s.scalars(select(ChallengeResultRow).where(ChallengeResultRow.game_id == game_id)).first()
            return Result.of(row) if row is not None else None

    def finish(self, game_id: str, game: Game) -> bool:
        """The ended game ``game_id`` fills in its row's result; False when it is no
        challenge game, or its row has its result already (so a second call is harmless)."""
        if not game.over:
            return False
        with self.sessions.begin() as s:
            return _fill_in(s, game_id, game)

    def give_up(self, game_id: str, game: Game) -> bool:
        """A person gives their browser game ``game_id`` up: the stored game ends as ``game``
        (given up: lost, reason ``conceded``) and its row takes that result, in one
        transaction. False when it is no challenge game; a game already over is refused."""
        with self.sessions.begin() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise NotFound(f"no game {game_id!r}")
            if row.status == "finished":
                raise ChallengeError("game: is already over; there is nothing to give up", "game")
            if not _fill_in(s, game_id, game):
                return False
            keep_state(row, game)  # given up: over, so finished
        return True

    def waiting(self) -> builtins.list[str]:
        """The games of people's rows without a result: what a starting server looks at."""
        with self.sessions() as s:
            q = select(ChallengeResultRow.game_id).where(ChallengeResultRow.result.is_(None),
                                                         ChallengeResultRow.game_id.is_not(None))
            return [str(g) for g in s.scalars(q).all()]

    def results(self, cid: str) -> builtins.list[Result]:
        """Every result of the set ``cid``: by setup, bots first, then people in the order they played."""
        cid = challenge_id(cid)
        with self.sessions() as s:
            q = select(ChallengeResultRow).where(ChallengeResultRow.challenge_id == cid)
            rows = [Result.of(r) for r in s.scalars(q.order_by(ChallengeResultRow.id)).all()]
        return sorted(rows, key=lambda r: (r.setup, r.kind != "bot"))

    def bot_results(self, cid: str, compute: bool = True, fresh: bool = False) -> builtins.list[Result]:
        """The bots' results on the set ``cid``, one per setup and bot (``sets.bots``). With
        ``compute``, those not stored yet are played now and stored; with ``fresh``, all are
        played again and replace the stored ones."""
        cid = challenge_id(cid)
        agents = bots()
        have = {(r.setup, r.who): r for r in self.results(cid) if r.kind == "bot" and r.who in agents}
        if compute:
            for cs in setups(cid):
                for agent in agents:
                    if fresh or (cs.number, agent) not in have:
                        have[(cs.number, agent)] = self._store_bot(cs, agent)
        return sorted(have.values(), key=lambda r: (r.setup, agents.index(r.who)))

    def _store_bot(self, cs: ChallengeSetup, agent: str) -> Result:
        """Play ``agent`` on ``cs`` and keep its result in place of any stored one."""
        cols = bot_outcome(cs, agent)
        row = ChallengeResultRow(challenge_id=cs.challenge, setup=cs.number, seed=cs.seed, who=agent, kind="bot",
                                 **cols)
        try:
            with self.sessions.begin() as s:
                s.execute(delete(ChallengeResultRow).where(
                    ChallengeResultRow.challenge_id == cs.challenge, ChallengeResultRow.setup == cs.number,
                    ChallengeResultRow.kind == "bot", ChallengeResultRow.who == agent))
                s.add(row)
        except IntegrityError:  # another process stored the same bot's game at the same time: keep theirs
            return next(r for r in self.results(cs.challenge)
                        if r.kind == "bot" and r.who == agent and r.setup == cs.number)
        return Result.of(row)

    def table(self, cid: str, compute: bool = True) -> dict[str, object]:
        """The set ``cid`` as the page and ``--json`` show it: its setups, each with its
        results (bots first), and the win rate of each group (people, each bot)."""
        cid = challenge_id(cid)
        bot_rows = self.bot_results(cid, compute=compute)
        people = [r for r in self.results(cid) if r.kind == "human"]
        rows = bot_rows + people
        groups: dict[str, list[Result]] = {"people": people}
        for agent in bots():
            groups[agent] = [r for r in bot_rows if r.who == agent]
        return {
            "id": cid, "bots": list(bots()),
            "setups": [{**cs.doc(), "results": [r.doc() for r in rows if r.setup == cs.number]}
                       for cs in setups(cid)],
            "win_rates": {k: {"rate": win_rate(v), "played": sum(r.result is not None for r in v)}
                          for k, v in groups.items()},
        }
