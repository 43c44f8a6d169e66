"""Export, import and the store: a file replays exactly, a bad one is refused by field, and
every step is kept in the database (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from databases import BACKENDS, database_url
from gravehold.agents import make_agent
from gravehold.agents.board import SeatView
from gravehold.errors import StateFormatError
from gravehold.expedition import policy, run, steps, transfer
from gravehold.storage.expeditions import ExpeditionStore
from gravehold.storage.saves import SaveError, Store


@pytest.fixture(scope="module")
def played() -> steps.Expedition:
    """A whole bot expedition with real games: short, two players, a few tries a battle."""
    return run.play_expedition(steps.new(2, length="short", seed=12, max_tries=3))


def test_X_9_X_15_a_seeded_expedition_replays_exactly_from_its_export(played: steps.Expedition) -> None:
    assert played.phase == "complete" and len(played.history) >= 3
    doc = transfer.parse(transfer.export(played))
    assert doc.expedition == played
    assert transfer.replay(played) == played
    again = run.play_expedition(steps.new(2, length="short", seed=12, max_tries=3))
    assert again == played  # the same seed and choices give the same expedition anywhere


def _tampered(exp: steps.Expedition, edit: Any) -> str:
    doc = json.loads(transfer.export(exp))
    edit(doc)
    return json.dumps(doc)


@pytest.mark.parametrize(("edit", "field"), [
    (lambda d: d.update(kind="a recipe"), "kind"),
    (lambda d: d["expedition"].update(score=99), "expedition.score"),
    (lambda d: d["expedition"]["barracks"]["mages"].__setitem__(0, "Brama"), "expedition.barracks.mages[0]"),
    (lambda d: d["expedition"]["history"][0]["actions"].__setitem__(3, ["nonsense"]),
     "expedition.history[0].actions[3]"),
    (lambda d: d["expedition"]["history"][0].update(actions=d["expedition"]["history"][0]["actions"][:5]),
     "expedition.history[0].actions"),
    (lambda d: d["expedition"]["history"][0]["choices"]["seats"][0].update(mage="Nobody"),
     "expedition.history[0].choices"),
    (lambda d: d["expedition"].update(phase="lunch"), "expedition.phase"),
    (lambda d: d["expedition"].update(colour="red"), "expedition.colour"),
    (lambda d: d["expedition"]["options"].update(players="2"), "expedition.options.players"),
    (lambda d: d["expedition"].update(format=2), "expedition.format"),
])
def test_X_15_a_corrupt_or_inconsistent_export_is_refused_naming_the_field(
        played: steps.Expedition, edit: Any, field: str) -> None:
    with pytest.raises(StateFormatError) as e:
        transfer.parse(_tampered(played, edit))
    assert e.value.field == field


def test_X_15_an_export_that_is_not_json_is_refused() -> None:
    with pytest.raises(StateFormatError, match="document: is not valid JSON"):
        transfer.parse(b"{not json")


@pytest.fixture(params=BACKENDS)
def xstore(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ExpeditionStore]:
    for url in database_url(request.param, tmp_path):
        store = Store(url)
        yield ExpeditionStore(store)
        store.engine.dispose()


def _play_some(xs: ExpeditionStore, gid: str, moves: int | None = None) -> None:
    """Bots play the stored battle, every action appended to the store as the server does."""
    g = xs.store.load(gid).game
    agents = [make_agent("heuristic", i) for i in range(len(g.state.players))]
    n = 0
    while not g.over and (moves is None or n < moves):
        d = g.decision
        assert d is not None
        seat = d.player if d.player >= 0 else 0
        seq = g.state.seq
        a = agents[seat].choose(d, SeatView(g.state, seat))
        g.apply(a)
        xs.store.append(gid, seq, seat, "heuristic", list(a), False, g)
        n += 1


def test_X_4_X_7_each_step_is_stored_and_a_battle_links_its_game(xstore: ExpeditionStore) -> None:
    exp = steps.new(2, seed=4)
    eid = xstore.create(exp, owner="me").row.id
    got, gid, seats = xstore.begin(eid, policy.choose(exp))
    assert got.row.version == 1 and got.exp.current is not None and got.exp.current.game == gid
    assert xstore.of_game(gid) == eid and seats == [{"kind": "bot", "agent": "heuristic"}] * 2
    assert xstore.finish(eid).row.version == 1  # the game runs: nothing to do yet
    _play_some(xstore, gid)
    done = xstore.finish(eid)
    assert done.row.version == 2 and done.exp.history[0].game == gid
    assert [b.result for b in xstore.battles(eid)] == [done.exp.history[0].result]
    assert xstore.finish(eid).row.version == 2  # applied once, never again
    assert xstore.get(eid).exp == done.exp and [r.id for r in xstore.list("me")] == [eid]


def test_X_4_a_choice_made_on_a_stale_version_is_refused(xstore: ExpeditionStore) -> None:
    exp = steps.new(2, seed=4)
    eid = xstore.create(exp).row.id
    xstore.begin(eid, policy.choose(exp), version=0)
    with pytest.raises(Exception, match="not choosing|changed meanwhile"):
        xstore.begin(eid, policy.choose(exp), version=0)


def test_X_15_an_expedition_moves_between_databases_mid_battle(xstore: ExpeditionStore, tmp_path: Path) -> None:
    exp = steps.new(2, seed=8)
    eid = xstore.create(exp).row.id
    _, gid, _ = xstore.begin(eid, policy.choose(exp))
    _play_some(xstore, gid, moves=30)
    raw = xstore.export(eid)
    other = ExpeditionStore(Store(f"sqlite:///{tmp_path / 'other.db'}"))
    moved = other.import_(raw)
    assert moved.row.id == eid and moved.exp.current is not None
    new_gid = moved.exp.current.game
    assert new_gid is not None
    assert other.store.load(new_gid).game.to_json() == xstore.store.load(gid).game.to_json()
    _play_some(other, new_gid)
    assert other.finish(eid).exp.phase in ("choose", "support")
    with pytest.raises(SaveError, match="already stored"):
        other.import_(raw)


def test_X_15_a_refused_import_stores_nothing(xstore: ExpeditionStore) -> None:
    exp = fight_once()
    raw = json.loads(transfer.export(exp))
    raw["expedition"]["score"] = 50
    before = xstore.count(), xstore.store.count()
    with pytest.raises(StateFormatError, match="expedition.score"):
        xstore.import_(json.dumps(raw))
    assert (xstore.count(), xstore.store.count()) == before


def fight_once() -> steps.Expedition:
    return run.play_battle(steps.new(1, seed=2))


def test_X_8_a_battle_given_up_is_lost_its_game_ended_and_the_export_replays(xstore: ExpeditionStore) -> None:
    exp = steps.new(2, seed=6)
    eid = xstore.create(exp).row.id
    _, gid, _ = xstore.begin(eid, policy.choose(exp))
    _play_some(xstore, gid, moves=20)
    done = xstore.concede(eid)
    rec = done.exp.history[-1]
    assert (done.exp.phase, rec.result, rec.reason, rec.game, done.row.version) == ("support", "loss", "conceded",
                                                                                 gid, 2)
    assert len(rec.actions) == 20
    row = xstore.store.get(gid)
    assert (row.status, row.result, row.reason) == ("finished", "loss", "conceded")
    loaded = xstore.store.load(gid).game
    assert loaded.over and loaded.reason == "conceded"
    with pytest.raises(SaveError, match="is over"):  # a bot still holding the old game cannot add to it
        xstore.store.append(gid, row.seq, 0, "heuristic", ["end_main"], False, loaded)
    with pytest.raises(steps.ExpeditionError, match="no battle is being fought"):
        xstore.concede(eid)
    assert transfer.parse(xstore.export(eid)).expedition == done.exp
    assert [b.result for b in xstore.battles(eid)] == ["loss"]
