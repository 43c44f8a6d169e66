"""Export, import and the store: a file replays exactly, a bad one is refused by field, and
every step is kept in the database (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from databases import BACKENDS, database_url
from gravehold.agents import make_agent
from gravehold.agents.board import SeatView
from gravehold.campaigns import battle as driver
from gravehold.campaigns.expedition import EXPEDITION, policy, steps, transfer
from gravehold.campaigns.expedition.store import ExpeditionStore
from gravehold.campaigns.kind import CampaignError
from gravehold.engine.game import Game
from gravehold.errors import StateFormatError
from gravehold.storage.saves import SaveError, Store
from gravehold.table import Table


@pytest.fixture(scope="module")
def played() -> steps.Expedition:
    """A whole bot expedition with real games: short, two players, a few tries a battle."""
    return driver.play_campaign(EXPEDITION, steps.new(2, length="short", seed=12, max_tries=3))


def test_X_9_X_15_a_seeded_expedition_replays_exactly_from_its_export(played: steps.Expedition) -> None:
    assert played.phase == "complete" and len(played.history) >= 3
    doc = transfer.parse(transfer.export(played))
    assert doc.expedition == played
    assert transfer.replay(played) == played
    again = driver.play_campaign(EXPEDITION, steps.new(2, length="short", seed=12, max_tries=3))
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
        seat = d.seat
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
    return driver.fight(EXPEDITION, steps.new(1, seed=2))


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
    with pytest.raises(CampaignError, match="no battle is being fought"):
        xstore.concede(eid)
    assert transfer.parse(xstore.export(eid)).expedition == done.exp
    assert [b.result for b in xstore.battles(eid)] == ["loss"]


# ------------------------------------------------------------------ the cost of an import
def given_up(tries: int, moves: int, seed: int = 8) -> steps.Expedition:
    """A 2-player expedition whose first battle was tried ``tries`` times, each given up
    after ``moves`` bot actions (a replayable history), left at its next choice."""
    exp = steps.new(2, seed=seed)
    for _ in range(tries):
        exp = steps.support(driver.fight(EXPEDITION, exp, moves=moves), None)
    return exp


def test_a_step_shares_the_records_and_events_before_it_so_its_cost_does_not_grow_with_the_history() -> None:
    exp = driver.fight(EXPEDITION, given_up(2, 30), moves=30)
    before = msgspec.json.encode(exp)
    sup = steps.support(exp, policy.support_for(exp))
    begun, game = steps.begin(sup, policy.choose(sup))
    done = steps.finish(begun, driver.concede(game))
    n, m = len(exp.history), len(exp.events)
    assert n == 3 and (len(sup.history), len(begun.history), len(done.history)) == (n, n, n + 1)
    for later in (sup, begun, done):  # the same objects, not copies
        assert [r is s for r, s in zip(later.history[:n], exp.history, strict=True)] == [True] * n
        assert [e is f for e, f in zip(later.events[:m], exp.events, strict=True)] == [True] * m
        assert later.history is not exp.history and later.events is not exp.events
    assert msgspec.json.encode(exp) == before  # a later step changed nothing it shares
    with pytest.raises(AttributeError):
        exp.history[0].result = "win"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        exp.events[0].battle = 2  # type: ignore[misc]


def test_an_import_replays_the_file_once_each_recorded_action_applied_once(
        xstore: ExpeditionStore, monkeypatch: pytest.MonkeyPatch) -> None:
    exp, game = steps.begin(given_up(2, 15), policy.choose(given_up(2, 15)))
    assert exp.current is not None
    actions = driver.play_recorded(Table.of_bots(game, "heuristic", exp.current.seed), moves=12)
    applied: list[list[Any]] = []
    apply = Game.apply

    def counted(g: Game, action: Any) -> None:
        applied.append(list(action))
        apply(g, action)

    monkeypatch.setattr(Game, "apply", counted)
    got = xstore.import_(transfer.export(exp, actions))
    assert applied == [a for r in exp.history for a in r.actions] + actions
    gid = got.exp.current.game if got.exp.current is not None else None
    assert gid is not None and xstore.store.load(gid).game.to_json() == game.to_json()
    assert [json.loads(a.action) for a in xstore.store.actions(gid)] == actions


@pytest.mark.parametrize(("limit", "field", "words"), [
    ("MAX_BYTES", "document", "is {value:,} bytes; an import takes at most {limit:,} (MAX_BYTES)"),
    ("MAX_RECORDS", "expedition.history", "holds {value:,} battle records; an import takes at most {limit:,} "
                                          "(MAX_RECORDS)"),
    ("MAX_ACTIONS", "actions", "the file records {value:,} actions in all (its battles' and the running one's); "
                               "an import takes at most {limit:,} (MAX_ACTIONS)"),
])
def test_an_import_past_a_limit_is_refused_naming_it_before_anything_is_replayed(
        monkeypatch: pytest.MonkeyPatch, limit: str, field: str, words: str) -> None:
    exp, game = steps.begin(given_up(3, 10), policy.choose(given_up(3, 10)))
    assert exp.current is not None
    raw = transfer.export(exp, driver.play_recorded(Table.of_bots(game, "heuristic", exp.current.seed), moves=5))
    value = {"MAX_BYTES": len(raw), "MAX_RECORDS": 3, "MAX_ACTIONS": 35}[limit]
    monkeypatch.setattr(transfer, limit, value)  # at the limit: taken
    assert transfer.parse(raw).expedition == exp

    def never(_exp: steps.Expedition) -> steps.Expedition:
        raise AssertionError("a file past a limit was replayed")

    monkeypatch.setattr(transfer, "replay", never)
    monkeypatch.setattr(transfer, limit, value - 1)
    with pytest.raises(transfer.TooCostly) as e:
        transfer.parse(raw)
    assert (e.value.field, e.value.reason) == (field, words.format(value=value, limit=value - 1))


# ------------------------------------------------------------------ supports taken again
def test_X_8_an_export_taken_while_a_lost_battle_is_fought_again_replays() -> None:
    lost = driver.fight(EXPEDITION, steps.new(2, seed=8), moves=20)
    again, game = steps.begin(steps.support(lost, policy.support_for(lost)), policy.choose(lost))
    assert again.phase == "battle" and again.attempt == 2 and again.events[-2].kind == "support"
    assert again.current is not None
    assert transfer.parse(transfer.export(again)).expedition == again  # no action yet
    actions = driver.play_recorded(Table.of_bots(game, "heuristic", again.current.seed), moves=10)
    doc = transfer.parse(transfer.export(again, actions))
    assert (doc.expedition, doc.actions) == (again, actions)


@pytest.mark.parametrize("first", [None, "gem", "mage"])
@pytest.mark.parametrize("second", [None, "gem", "mage"])
def test_X_8_each_loss_takes_its_own_support_again_none_included(first: str | None, second: str | None) -> None:
    """Two losses of one battle with no event between them: which took what is read from
    the next try's setup (a supply taken is banished or chosen at once)."""
    exp = steps.support(driver.fight(EXPEDITION, steps.new(2, seed=8), moves=5), first)
    exp = steps.support(driver.fight(EXPEDITION, exp, moves=5), second)
    exp = driver.fight(EXPEDITION, exp, moves=5)
    kinds = [e.kind for e in exp.events]
    assert kinds.count("support") == (first is not None) + (second is not None) and exp.attempt == 3
    assert transfer.parse(transfer.export(exp)).expedition == exp


@pytest.mark.parametrize(("event", "reason"), [
    ({"supply": ["Nonsense"]}, "'Nonsense' is no supply card or treasure"),
    ({"treasures": ["Nonsense"]}, "'Nonsense' is no supply card or treasure"),
    ({}, "a support brings one item, not 0"),
    ({"supply": ["Jade", "Amethyst Shard"]}, "a support brings one item, not 2"),
])
def test_X_8_a_recorded_support_that_cannot_be_taken_again_is_refused_naming_the_event(
        event: dict[str, Any], reason: str) -> None:
    exp = driver.fight(EXPEDITION, steps.new(2, seed=8), moves=5)
    exp = steps.support(exp, "gem")
    doc = json.loads(transfer.export(exp))
    k = len(doc["expedition"]["events"]) - 1
    doc["expedition"]["events"][k] = {"kind": "support", "battle": exp.battle, **event}
    with pytest.raises(StateFormatError) as e:
        transfer.parse(json.dumps(doc))
    assert (e.value.field, e.value.reason) == (f"expedition.events[{k}]", reason)


#: an export written by gravehold before the campaign layer (format 1): a short solo
#: expedition after a lost battle and its support, its retry six actions in
BEFORE_LAYER = Path(__file__).resolve().parent.parent / "fixtures" / "expedition-format-1.json"


def test_an_export_written_before_the_campaign_layer_imports_and_is_written_the_same(xstore: ExpeditionStore) -> None:
    raw = BEFORE_LAYER.read_bytes()
    doc = transfer.parse(raw)
    assert transfer.export(doc.expedition, doc.actions, doc.id) == raw  # the same document, the same bytes
    got = xstore.import_(raw)
    assert (got.row.id, got.exp.phase, got.exp.battle, got.exp.attempt) == ("before-layer", "battle", 2, 2)
    assert [e.kind for e in got.exp.events] == ["start", "reward", "banish", "support"]
    assert got.exp.current is not None and got.exp.current.game is not None
    assert [json.loads(a.action) for a in xstore.store.actions(got.exp.current.game)] == doc.actions


def test_X_8_the_group_gives_up_after_a_loss_and_the_export_replays_it(xstore: ExpeditionStore) -> None:
    """The rules set no limit on tries; giving up is the group's stop: only between a lost
    battle and its next try, nothing of the Barracks changes, and an import replays it."""
    fresh = steps.new(1, length="short", seed=4)
    with pytest.raises(CampaignError, match="only after losing a battle"):
        steps.give_up(fresh)
    lost = driver.fight(EXPEDITION, fresh, moves=0)  # given up at once: a loss
    eid = xstore.create(lost).row.id
    done = xstore.give_up(eid)
    assert done.exp == msgspec.structs.replace(lost, phase="complete", abandoned=True)
    assert (done.row.phase, done.row.version, steps.losses(done.exp)) == ("complete", 1, 1)
    with pytest.raises(CampaignError, match="only after losing a battle"):
        steps.give_up(done.exp)
    again = steps.support(lost, None)  # the next try chosen, not yet begun: the group may still stop
    assert steps.give_up(again) == msgspec.structs.replace(again, phase="complete", abandoned=True)
    assert transfer.parse(xstore.export(eid)).expedition == done.exp
    assert transfer.replay(done.exp) == done.exp
