"""The game store on SQLite and on PostgreSQL: its schema migrations and its operations.

Each case runs against both databases (``databases.py``): a store made on a fresh
database, one made before migrations (stamped, its games kept), one from a newer gravehold
(refused by name), and a game created, played, reloaded, undone and listed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text

from databases import BACKENDS, database_url
from gravehold import Game
from gravehold.agents import make_agent
from gravehold.storage.models import Base
from gravehold.storage.saves import HEAD, MIGRATIONS, SaveError, Store


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from database_url(request.param, tmp_path)


def _revision(url: str) -> str:
    eng = create_engine(url)
    with eng.connect() as c:
        rev = c.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
    eng.dispose()
    return str(rev)


def _new_game(store: Store, gid: str = "g1") -> Game:
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=3)
    store.create(gid, "me", "Brama + Mist vs Rageborne", {"mages": ["Brama", "Mist"], "nemesis": "Rageborne",
                                                        "market": "Deck Destruction", "seed": 3},
                 [{"kind": "human"}, {"kind": "human"}], "spec", g)
    return g


def test_storage_a_fresh_database_is_migrated_to_the_newest_schema(url: str) -> None:
    store = Store(url)
    names = set(inspect(store.engine).get_table_names())
    assert {"games", "actions", "expeditions", "expedition_battles", "alembic_version"} <= names
    assert _revision(url) == HEAD
    Store(url)  # opening it again changes nothing
    assert _revision(url) == HEAD


def test_storage_head_names_the_newest_migration() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(cfg).get_current_head() == HEAD


def test_storage_a_database_from_before_migrations_is_stamped_and_keeps_its_games(url: str) -> None:
    eng = create_engine(url)
    # as gravehold made its tables before it had migrations: the games and their actions
    Base.metadata.create_all(eng, tables=[Base.metadata.tables["games"], Base.metadata.tables["actions"]])
    with eng.begin() as c:
        c.execute(text("INSERT INTO games (id, created_at, updated_at, owner, title, config, seats, spectator, "
                       "snapshot, seq, status) VALUES ('old', '2026-01-01', '2026-01-01', 'me', 't', '{}', '[]', "
                       "'s', '{}', 0, 'running')"))
    eng.dispose()
    store = Store(url)
    assert _revision(url) == HEAD and store.get("old").title == "t"  # stamped at BASELINE, then upgraded


def test_storage_a_database_of_a_newer_gravehold_is_refused_naming_its_revision(url: str) -> None:
    Store(url)
    eng = create_engine(url)
    with eng.begin() as c:
        c.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    eng.dispose()
    with pytest.raises(SaveError, match="schema revision '9999', which this gravehold does not know"):
        Store(url)


def test_storage_a_game_is_played_reloaded_undone_and_listed(url: str) -> None:
    store = Store(url)
    g = _new_game(store)
    agents = [make_agent("random", i) for i in range(2)]
    for _ in range(12):
        d = g.decision
        assert d is not None
        seat = d.seat
        seq = g.state.seq
        a = agents[seat].choose(d, lambda seat=seat: g.view_for(seat))
        g.apply(a)
        store.append("g1", seq, seat, "random", list(a), False, g)
    loaded = store.load("g1")
    assert loaded.game.to_dict() == g.to_dict() and loaded.row.seq == g.state.seq
    assert store.rebuild("g1").to_dict() == g.to_dict()  # the action list alone rebuilds the state
    with pytest.raises(SaveError, match="action for decision 0"):
        store.append("g1", 0, 0, "random", ["end_main"], False, g)  # a stale action is refused
    back = store.rebuild("g1", upto=5)
    store.truncate("g1", 5, back)
    assert [a.seq for a in store.actions("g1")] == sorted(a.seq for a in store.actions("g1"))
    assert len(store.actions("g1")) == 5 and store.load("g1").game.to_dict() == back.to_dict()
    _new_game(store, "g2")
    assert {r.id for r in store.list("me")} == {"g1", "g2"} and store.count("me") == 2
    assert json.loads(store.get("g2").config)["nemesis"] == "Rageborne"


def test_T_4_a_stored_game_set_up_with_the_variant_for_two_players_still_rebuilds(url: str) -> None:
    """A game stored before the four-player variant was refused for fewer players (the
    web form let it through, where it changed nothing) is rebuilt from its setup as played."""
    store = Store(url)
    g = Game.new(mages=["Brama", "Mist"], nemesis="Rageborne", market="Deck Destruction", seed=8, events=False)
    config = {"mages": ["Brama", "Mist"], "nemesis": "Rageborne", "market": "Deck Destruction", "seed": 8,
              "difficulty": "normal", "ruleset": "we", "four_player_variant": True}
    store.create("old", "", "old game", config, [{"kind": "bot", "agent": "random"}] * 2, "spec", g)
    for k in range(6):
        d = g.decision
        assert d is not None
        seq = g.state.seq
        g.apply(d.options[k % len(d.options)])
        store.append("old", seq, 0, "random", list(d.options[k % len(d.options)]), False, g)
    assert store.rebuild("old") == g
    store.engine.dispose()


def test_storage_an_expedition_stored_at_revision_0002_is_an_expedition_after_the_upgrade(url: str) -> None:
    """Migration 0003 adds each campaign row's kind; the rows stored before it are expeditions."""
    from alembic import command
    from alembic.config import Config

    from gravehold.campaigns.expedition import transfer
    from gravehold.campaigns.expedition.store import ExpeditionStore

    doc = transfer.read((Path(__file__).resolve().parent.parent / "fixtures" / "expedition-format-1.json").read_bytes())
    state = json.dumps(json.loads(transfer.export(doc.expedition))["expedition"])
    eng = create_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with eng.begin() as c:
        cfg.attributes["connection"] = c
        command.upgrade(cfg, "0002")
        c.execute(text("INSERT INTO expeditions (id, created_at, updated_at, owner, title, token, state, version, "
                       "phase) VALUES ('old', '2026-01-01', '2026-01-01', 'me', 't', 'tok', :s, 3, 'battle')"),
                  {"s": state})
    eng.dispose()
    xs = ExpeditionStore(Store(url))
    assert _revision(url) == HEAD
    got = xs.get("old")
    assert (got.row.kind, got.row.version, got.exp) == ("expedition", 3, doc.expedition)
    assert [r.id for r in xs.list()] == ["old"]


@pytest.mark.parametrize("down", ["0004", "base"])
def test_storage_migrations_downgrade_and_upgrade_again_cleanly(url: str, down: str) -> None:
    """Every migration's downgrade undoes its upgrade: down to ``down`` (the revision before
    the newest, or none at all) and up again gives the newest schema, the challenge's table too."""
    from alembic import command
    from alembic.config import Config

    Store(url).engine.dispose()
    eng = create_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with eng.begin() as c:
        cfg.attributes["connection"] = c
        command.downgrade(cfg, down)
    tables = set(inspect(eng).get_table_names())
    assert "challenge_results" not in tables
    assert ("games" in tables) == (down == "0004")
    eng.dispose()
    store = Store(url)
    assert _revision(url) == HEAD and "challenge_results" in inspect(store.engine).get_table_names()
    store.engine.dispose()
