"""The campaign layer on its own, with a tiny campaign kind made up here: two battles, a
mage unlocked after the first, a card copy marked in the first and kept marked, a copy
banished after the first and gone from the second battle's supply. Started, played by
bots through the one driver, stored on SQLite, exported and imported (a tampered file
refused by the field that differs)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import msgspec
import pytest

from gravehold.campaigns import battle as driver
from gravehold.campaigns.docs import Barracks, Battle, CardCopy, Doc, Record, Unlock, dealt, mark, new_copies, unlocked
from gravehold.campaigns.expedition.store import ExpeditionStore
from gravehold.campaigns.kind import CampaignError, kind, register
from gravehold.campaigns.store import CampaignStore
from gravehold.campaigns.transfer import files_of, replay_actions
from gravehold.content import registry as content
from gravehold.engine.game import Game
from gravehold.engine.schema import Name, Names
from gravehold.errors import StateFormatError
from gravehold.storage.saves import NotFound, Store

SHAPE = {"gem": 3, "relic": 2, "spell": 4}
CARDS = ["Jade", "Vriswood Amber", "Sifter's Pearl", "Diamond Cluster", "Flexing Dagger", "Unstable Prism",
         "Spectral Echo", "Phoenix Flame", "Ignite", "Amplify Vision"]


class TinyChoices(Doc):
    mages: Names
    player: Name = "heuristic"


class Tiny(Doc):
    seed: int
    barracks: Barracks
    title: str = "tiny"
    phase: str = "choose"
    battle: int = 1
    attempt: int = 1
    format: int = 1
    unlocks: list[Unlock] = msgspec.field(default_factory=list)
    current: Battle[TinyChoices] | None = None
    history: list[Record[TinyChoices]] = msgspec.field(default_factory=list)


class TinyKind:
    """Two battles against Rageborne; the supply is dealt from the Barracks' copies."""

    name, field, tag, format = "tiny", "tiny", "gravehold tiny", 1
    doc, choices = Tiny, TinyChoices

    def new(self, **options: Any) -> Tiny:
        copies = [c for card in CARDS for c in new_copies(card, 1)]
        return Tiny(seed=options.get("seed", 0), barracks=Barracks(mages=["Brama", "Mist"], copies=copies))

    def begin(self, doc: Tiny, choices: TinyChoices) -> tuple[Tiny, Game]:
        may = [*doc.barracks.mages, *sorted(unlocked(doc.unlocks))]
        for k, m in enumerate(choices.mages):
            if m not in may:
                raise CampaignError(f"mages[{k}]: {m!r} is neither in the Barracks nor unlocked")
        doc = msgspec.json.decode(msgspec.json.encode(doc), type=Tiny)
        market: list[str] = []
        for t, n in SHAPE.items():  # C-17: the least-marked copies first
            market += [c.card for c in dealt(doc.barracks.copies) if content.CARDS[c.card].type == t][:n]
        seed = doc.seed * 10 + doc.battle
        config = {"mages": list(choices.mages), "nemesis": "Rageborne", "market": market, "seed": seed}
        doc.current, doc.phase = Battle(choices=choices, config=config, seed=seed), "battle"
        return doc, Game.from_config(config)

    def finish(self, doc: Tiny, game: Game, game_id: str | None = None,
               actions: Sequence[Sequence[Any]] = ()) -> Tiny:
        assert doc.current is not None and game.over
        doc = msgspec.json.decode(msgspec.json.encode(doc), type=Tiny)
        cur = doc.current
        assert cur is not None
        doc.history.append(Record(battle=doc.battle, attempt=1, nemesis="Rageborne", choices=cur.choices,
                                  config=cur.config, result="win" if game.result == "win" else "loss",
                                  reason=game.reason, actions=[list(a) for a in actions], game=game_id))
        if doc.battle == 1:
            doc.unlocks.append(Unlock(name="Jian", battle=1))
            doc.barracks.copies[0].banished = True  # Jade#1
            mark(doc.barracks.copies[1], "boost")  # Vriswood Amber#1
        doc.current = None
        doc.phase, doc.battle = ("complete", 2) if doc.battle == 2 else ("choose", 2)
        return doc

    def choose(self, doc: Tiny, agent: str) -> TinyChoices:
        return TinyChoices(mages=["Brama", "Jian" if unlocked(doc.unlocks) else "Mist"], player=agent)

    def after(self, doc: Tiny) -> Tiny:
        return doc

    def players(self, choices: TinyChoices) -> list[str]:
        return [choices.player] * len(choices.mages)

    def replay(self, doc: Tiny) -> Tiny:
        got = self.new(seed=doc.seed)
        for k, rec in enumerate(doc.history):
            got, game = self.begin(got, rec.choices)
            replay_actions(game, rec.actions, f"tiny.history[{k}].actions")
            got = self.finish(got, game, rec.game, rec.actions)
        if doc.current is not None:
            got, _ = self.begin(got, doc.current.choices)
            assert got.current is not None
            got.current.game = doc.current.game
        return got


TINY = TinyKind()
register(TINY)


def gems(config: dict[str, Any]) -> list[str]:
    return [c for c in config["market"] if content.CARDS[c].type == "gem"]


def test_a_kind_is_registered_by_name_and_an_unknown_one_is_refused_naming_the_kinds() -> None:
    assert kind("tiny") is TINY
    with pytest.raises(CampaignError, match=r"kind: no campaign kind 'nope'; the kinds are .*expedition.*tiny"):
        kind("nope")


def test_a_copy_keeps_its_marks_and_a_banished_copy_is_dealt_no_more() -> None:
    copies = new_copies("Jade", 3)
    mark(copies[0], "overheat", 2)
    copies[1].banished = True
    copies[2].crossed.append("second line")
    assert [c.id for c in dealt(copies)] == ["Jade#3", "Jade#1"]  # the most marked at the bottom
    assert msgspec.json.decode(msgspec.json.encode(copies), type=list[CardCopy]) == copies
    assert msgspec.json.encode(new_copies("Jade", 1)) == b'[{"id":"Jade#1","card":"Jade"}]'


def test_two_battles_through_the_driver_carry_the_unlock_the_mark_and_the_banishment() -> None:
    start = TINY.new(seed=3)
    with pytest.raises(CampaignError, match=r"mages\[1\]: 'Jian' is neither in the Barracks nor unlocked"):
        TINY.begin(start, TinyChoices(mages=["Brama", "Jian"]))
    one = driver.fight(TINY, start)
    first = one.history[0]
    assert (one.phase, one.battle, [r.battle for r in one.history]) == ("choose", 2, [1])
    assert first.choices.mages == ["Brama", "Mist"] and gems(first.config) == ["Jade", "Vriswood Amber",
                                                                               "Sifter's Pearl"]
    assert one.unlocks == [Unlock(name="Jian", battle=1)]
    assert (one.barracks.copies[0].banished, one.barracks.copies[1].marks) == (True, {"boost": 1})
    two, game = driver.begin(TINY, one, "heuristic")
    assert two.current is not None and two.current.choices.mages == ["Brama", "Jian"]
    assert gems(two.current.config) == ["Sifter's Pearl", "Diamond Cluster", "Vriswood Amber"]  # Jade banished
    done = driver.play_campaign(TINY, start)
    assert done.phase == "complete" and [r.battle for r in done.history] == [1, 2]
    assert done.history[0] == first and done.barracks.copies[1].marks == {"boost": 1}  # kept past battle 2
    assert all(r.actions and r.result in ("win", "loss") for r in done.history)


def test_a_stored_tiny_campaign_is_played_exported_and_imported_and_a_tampered_file_refused(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'a.db'}")
    tiny = CampaignStore(store, TINY)
    cid = tiny.create(TINY.new(seed=3)).row.id
    begun, gid, seats = tiny.begin(cid, TINY.choose(tiny.get(cid).doc, "heuristic"))
    assert seats == [{"kind": "bot", "agent": "heuristic"}] * 2 and begun.doc.phase == "battle"
    game = store.load(gid).game
    driver.play_stored(driver.battle_table(TINY, begun.doc, game), {}, partial(store.append, gid))
    after = tiny.finish(cid)
    assert after.row.version == 2 and after.doc.unlocks == [Unlock(name="Jian", battle=1)]
    assert after.doc.history[0].actions == [json.loads(a.action) for a in store.actions(gid)]
    assert ExpeditionStore(store).count() == 0  # one store, one kind
    with pytest.raises(NotFound, match="no expedition"):
        ExpeditionStore(store).get(cid)
    raw = tiny.export(cid)
    other = CampaignStore(Store(f"sqlite:///{tmp_path / 'b.db'}"), TINY)
    doc = json.loads(raw)
    doc["tiny"]["barracks"]["copies"][1]["marks"]["boost"] = 2
    with pytest.raises(StateFormatError) as e:
        other.import_(json.dumps(doc).encode())
    assert (e.value.field, other.count()) == ("tiny.barracks.copies[1].marks.boost", 0)
    got = other.import_(raw)
    assert got.row.id == cid and got.doc == msgspec.structs.replace(
        after.doc, history=[msgspec.structs.replace(r, game=None) for r in after.doc.history])
    assert files_of(TINY).parse(other.export(cid)).tiny == got.doc
