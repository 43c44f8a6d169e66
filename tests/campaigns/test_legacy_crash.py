"""A process killed (SIGKILL) in the middle of a Legacy campaign's after-battle step: what
was committed stays, what was not leaves no trace, and the step is applied exactly once
when a store recovers; on SQLite and on PostgreSQL."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from databases import BACKENDS, database_url
from gravehold.campaigns.battle import battle_table, play_stored
from gravehold.campaigns.legacy import LEGACY, policy, steps
from gravehold.campaigns.store import STEP_DELAY, CampaignStore
from gravehold.storage.saves import Store
from legacy_support import tiny

FINISH = """
import sys
from gravehold.campaigns.legacy import LEGACY
from gravehold.campaigns.store import CampaignStore
from gravehold.storage.saves import Store
CampaignStore(Store(sys.argv[1]), LEGACY).finish(sys.argv[2])
"""


@pytest.fixture(params=BACKENDS)
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    yield from database_url(request.param, tmp_path)


def test_C_14_a_killed_after_battle_step_leaves_no_trace_and_recovers_once(url: str) -> None:
    store = CampaignStore(Store(url), LEGACY)
    cid = store.create(steps.new(tiny(), 2, "Azer", seed=4)).row.id
    began, gid, _ = store.begin(cid, policy.choose(store.get(cid).doc, "heuristic"))
    game = store.store.load(gid).game
    play_stored(battle_table(LEGACY, began.doc, game), {}, partial(store.store.append, gid))
    assert game.over
    env = {**os.environ, STEP_DELAY: "60"}
    proc = subprocess.Popen([sys.executable, "-c", FINISH, url, cid], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT)
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()
    assert "after-battle step of battle 1 waiting" in line, line
    time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    cur = store.get(cid)
    assert (cur.row.version, cur.doc.phase, cur.doc.history) == (1, "battle", [])
    assert [j.step for j in store.journal(cid)] == ["create", "begin"]
    assert store.recover() == [cid]
    after = store.get(cid)
    assert after.row.version == 2 and len(after.doc.history) == 1 and after.doc.phase != "battle"
    assert store.recover() == []
    assert [j.step for j in store.journal(cid)] == ["create", "begin", "finish"]
