"""Invariants of the Legacy campaign over any sequence of steps (Hypothesis): the census
(mages, card copies with their marks, nemesis cards, banished cards, experience) is what
the events say it must be; experience is never negative; a retired mage is never chosen;
a copy's marks only grow."""

from __future__ import annotations

from collections import Counter

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gravehold.campaigns.legacy import census, policy, steps
from gravehold.campaigns.legacy.script import Script
from gravehold.campaigns.legacy.state import Choices, Legacy, SeatChoice
from legacy_support import SUPPLY, end, start, tiny

#: a gem whose copies take boost marks (K-9), added to the tiny script's Barracks
MARKABLE = "Leviathan Shell"
MARKED = [f"{MARKABLE}{{boost}}", f"{MARKABLE}{{boost,boost}}"]


def seats(*mages: str) -> Choices:
    return Choices(seats=[SeatChoice(mage=m, player="heuristic") for m in mages],
                   supply=[MARKABLE if c == "Nebula Shard" else c for c in SUPPLY])


def markable() -> Script:
    s = tiny()
    return msgspec.structs.replace(s, start=msgspec.structs.replace(s.start, supply={**s.start.supply, MARKABLE: 7}))


def _battle(doc: Legacy, data: st.DataObject) -> Legacy:
    mages = steps.available_mages(doc)
    picked = data.draw(st.permutations(mages))[:doc.options.players]
    ch = seats(*picked)
    doc, game = steps.begin(doc, ch)
    result = data.draw(st.sampled_from(["win", "loss"]))
    severed = tuple(data.draw(st.sets(st.integers(0, doc.options.players - 1), max_size=1)))
    banished = tuple(data.draw(st.lists(st.sampled_from(doc.basics or ["Otherling"]), max_size=2, unique=True)))
    fire = data.draw(st.integers(0, 9))
    marked = tuple(data.draw(st.lists(st.sampled_from(MARKED), max_size=3)))
    before = {c.id: Counter(c.marks) for c in doc.barracks.copies}
    got = end(doc, game, result, severed=severed, banished=banished, fire=fire, marked=marked)
    for c in got.barracks.copies:
        assert not before.get(c.id, Counter()) - Counter(c.marks)  # marks only grow
    return got


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["Azer", "Gravehold"]), st.integers(1, 2))
def test_C_4_C_5_C_10_C_17_the_census_is_what_the_events_say(data: st.DataObject, city: str, players: int) -> None:
    doc = start(players=players, city=city, s=markable(), seed=data.draw(st.integers(0, 2**32)))
    for _ in range(12):
        if doc.phase == "complete":
            break
        if doc.phase == "choose":
            doc = _battle(doc, data)
        elif doc.phase == "spend":
            can = [e for e in doc.buyable if doc.script.enhancement(e).price <= doc.experience]
            if can and data.draw(st.booleans()):
                e = doc.script.enhancement(data.draw(st.sampled_from(can)))
                mage = data.draw(st.sampled_from(steps.available_mages(doc))) if e.kind == "personal" else None
                was = msgspec.json.encode(doc)
                try:
                    doc = steps.buy(doc, e.id, mage=mage)
                except steps.LegacyError as err:  # a full mat, a mage not in the Barracks
                    assert "cover" in str(err) or "mage:" in str(err)
                    assert msgspec.json.encode(doc) == was  # a refused step changes nothing
            else:
                doc = steps.done(doc)
        else:
            doc = policy.between(doc)
        assert doc.experience >= 0
        assert not set(doc.retired) & set(doc.barracks.mages)
        assert census.census(doc) == census.from_events(doc)
