"""Database tables. A game is its setup request plus the ordered list of actions applied
to it; a snapshot of the latest state makes loading fast, and the action list makes it
exact (a replay from the setup reproduces every state, which undo relies on)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import BigInteger, ForeignKey, Index, Integer, String, Text, UniqueConstraint, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)
    owner: Mapped[str] = mapped_column(String(64), index=True, default="")
    title: Mapped[str] = mapped_column(String(200), default="")
    config: Mapped[str] = mapped_column(Text)  # JSON: the setup request (Game.from_config)
    seats: Mapped[str] = mapped_column(Text)  # JSON: [{"kind", "agent", "token"}, ...]
    spectator: Mapped[str] = mapped_column(String(64))
    snapshot: Mapped[str] = mapped_column(Text)  # JSON state after the last action
    seq: Mapped[int] = mapped_column(Integer, default=0)  # decisions answered (State.seq)
    status: Mapped[str] = mapped_column(String(16), default="running")
    result: Mapped[str | None] = mapped_column(String(16), nullable=True)
    reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    actions: Mapped[list[ActionRow]] = relationship(back_populates="game", order_by="ActionRow.seq",
                                                    cascade="all, delete-orphan")


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # the decision number this action answered
    seat: Mapped[int] = mapped_column(Integer)
    by: Mapped[str] = mapped_column(String(16))  # "human" or an agent name
    action: Mapped[str] = mapped_column(Text)  # JSON list
    revealed: Mapped[bool] = mapped_column(default=False)  # hidden information came out after it
    created_at: Mapped[datetime] = mapped_column(default=now)
    game: Mapped[GameRow] = relationship(back_populates="actions")


class CampaignRow(Base):
    """A campaign of any kind: its whole state as one document of its kind (an
    expedition's is ``campaigns.expedition.state.Expedition``). ``version`` counts the steps
    applied: a step names the version it was chosen at, so two people choosing at once
    cannot both apply (the second is told it changed meanwhile). The table keeps the name
    it had when expeditions were the only kind, so a database keeps its rows as they are."""

    __tablename__ = "expeditions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32), index=True, default="expedition", server_default="expedition")
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now, onupdate=now)
    owner: Mapped[str] = mapped_column(String(64), index=True, default="")
    title: Mapped[str] = mapped_column(String(200), default="")
    token: Mapped[str] = mapped_column(String(64))  # the link that may make the group's choices
    state: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=0)
    phase: Mapped[str] = mapped_column(String(16))
    battles: Mapped[list[CampaignBattleRow]] = relationship(
        back_populates="expedition", order_by="(CampaignBattleRow.battle, CampaignBattleRow.attempt)",
        cascade="all, delete-orphan")


class CampaignBattleRow(Base):
    """One try of one battle of a campaign, and the game that plays it."""

    __tablename__ = "expedition_battles"
    __table_args__ = (UniqueConstraint("expedition_id", "battle", "attempt"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    expedition_id: Mapped[str] = mapped_column(ForeignKey("expeditions.id", ondelete="CASCADE"), index=True)
    battle: Mapped[int] = mapped_column(Integer)
    attempt: Mapped[int] = mapped_column(Integer)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"), nullable=True,
                                                index=True)
    result: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    expedition: Mapped[CampaignRow] = relationship(back_populates="battles")


class CampaignStepRow(Base):
    """One step applied to a campaign, written in the transaction that applied it: what
    was done (``step``: ``create``, ``begin``, ``finish``, ``concede``, ``import`` or a
    kind's own step such as ``buy``), the version it made and the phase it left, and when.

    The campaign's document says what the campaign is; this journal says when each step
    was taken, which a group playing over many evenings reads back (C-14's record). Its
    unique (campaign, version) pair is also the database's own guard that no two writers
    ever apply a step at the same version, whatever the isolation level."""

    __tablename__ = "campaign_steps"
    __table_args__ = (UniqueConstraint("campaign_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    campaign_id: Mapped[str] = mapped_column(ForeignKey("expeditions.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    step: Mapped[str] = mapped_column(String(32))
    phase: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime] = mapped_column(default=now)


class ChallengeResultRow(Base):
    """One result on a setup of a seeded challenge (``gravehold.challenge``): a person's
    (``kind`` "human", ``who`` their name) or a bot's (``kind`` "bot", ``who`` the agent).

    A person's game played in the browser is a stored game (``game_id``); its row is written
    when the game starts, with no result, so the link between the game and the challenge
    is in the database and the result is filled in when the game ends, even after a restart.
    A bot's row is its game on the same seed, played once and kept so no page replays it."""

    __tablename__ = "challenge_results"
    __table_args__ = (Index("ux_challenge_results_bot", "challenge_id", "setup", "who", unique=True,
                            sqlite_where=text("kind = 'bot'"), postgresql_where=text("kind = 'bot'")),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    challenge_id: Mapped[str] = mapped_column(String(32), index=True)
    setup: Mapped[int] = mapped_column(Integer)  # the setup's number, from 1
    seed: Mapped[int] = mapped_column(BigInteger)
    who: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(8))  # "human" or "bot"
    result: Mapped[str | None] = mapped_column(String(16), nullable=True)  # None: still being played
    reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    turns: Mapped[int | None] = mapped_column(Integer, nullable=True)
    nemesis_life: Mapped[int | None] = mapped_column(Integer, nullable=True)
    gravehold_life: Mapped[int | None] = mapped_column(Integer, nullable=True)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"), nullable=True,
                                                index=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
