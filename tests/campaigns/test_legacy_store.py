"""The Legacy campaign in the campaign store, on SQLite and on PostgreSQL: every step one
transaction with its journal row, a stale step refused, a battle played by bots and
finished from the games table, and export and import (a tampered file refused by name)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import msgspec
import pytest

from databases import BACKENDS, database_url
from gravehold.campaigns.battle import battle_table, play_campaign, play_stored
from gravehold.campaigns.legacy import LEGACY, steps
from gravehold.campaigns.legacy.state import Choices, SeatChoice
from gravehold.campaigns.store import CampaignStore
from gravehold.errors import GraveholdError, StateFormatError
from gravehold.storage.saves import SaveError, Store
from legacy_support import SUPPLY, tiny


@pytest.fixture(params=BACKENDS)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[CampaignStore]:  # type: ignore[type-arg]
    for url in database_url(request.param, tmp_path):
        yield CampaignStore(Store(url), LEGACY)


def test_C_14_each_step_is_stored_with_its_journal_row(store: CampaignStore) -> None:  # type: ignore[type-arg]
    cid = store.create(steps.new(tiny(), 2, "Azer", seed=5)).row.id
    ch = Choices(seats=[SeatChoice(mage="Arachnos (LOG)", player="heuristic"),
                        SeatChoice(mage="Dezmodia (LOG)", player="heuristic")], supply=SUPPLY)
    began, gid, seats = store.begin(cid, ch)
    assert seats == [{"kind": "bot", "agent": "heuristic"}] * 2 and began.doc.phase == "battle"
    with pytest.raises(SaveError, match="changed meanwhile"):
        store.concede(cid, version=0)  # given up from a page that still showed the setup
    game = store.store.load(gid).game
    play_stored(battle_table(LEGACY, began.doc, game), {}, partial(store.store.append, gid))
    after = store.finish(cid)
    assert after.row.version == 2 and len(after.doc.history) == 1
    assert after.doc.history[0].actions == [json.loads(a.action) for a in store.store.actions(gid)]
    assert after.doc.phase == ("spend" if game.result == "win" else "choose")
    assert [(j.version, j.step, j.phase) for j in store.journal(cid)] == [
        (0, "create", "choose"), (1, "begin", "battle"), (2, "finish", after.doc.phase)]


def test_C_5_a_refused_step_changes_nothing_stored(store: CampaignStore) -> None:  # type: ignore[type-arg]
    cid = store.create(steps.new(tiny(), 1, "Gravehold", seed=2)).row.id
    with pytest.raises(GraveholdError, match="experience is spent only when the story allows"):
        store.step(cid, lambda d: steps.buy(d, "focus", mage="Claudia (LOG)"), name="buy")
    got = store.get(cid)
    assert got.row.version == 0 and got.doc.experience == 0
    assert [j.step for j in store.journal(cid)] == ["create"]


def test_C_14_export_and_import_replay_the_file_and_refuse_a_tampered_one(
        store: CampaignStore, tmp_path: Path) -> None:  # type: ignore[type-arg]
    doc = play_campaign(LEGACY, steps.new(tiny(), 2, "Azer", seed=8))
    cid = store.create(doc).row.id
    raw = store.export(cid)
    other = CampaignStore(Store(f"sqlite:///{tmp_path / 'other.db'}"), LEGACY)
    body = json.loads(raw)
    body["legacy"]["experience"] += 7
    with pytest.raises(StateFormatError) as e:
        other.import_(json.dumps(body).encode())
    assert (e.value.field, other.count()) == ("legacy.experience", 0)
    got = other.import_(raw)
    assert got.row.id == cid and got.doc == msgspec.structs.replace(
        doc, history=[msgspec.structs.replace(r, game=None) for r in doc.history])
    assert [j.step for j in other.journal(cid)] == ["import"]
