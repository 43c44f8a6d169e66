"""A Legacy campaign's census: what it holds, and what its events say it must hold.

The property test (``tests/campaigns/test_legacy_properties.py``) plays any sequence of
steps and compares the two: a step that changed the Barracks, the copies' marks or the
experience without its event would show as a difference. Kept apart from the steps so
that what checks them is not written beside what they do.
"""

from __future__ import annotations

from .state import Legacy


def census(doc: Legacy) -> dict[str, object]:
    """What the campaign holds: mages, card copies with their marks, nemesis cards,
    banished cards and experience (the property test compares it with :func:`from_events`)."""
    return {"mages": sorted(doc.barracks.mages), "retired": sorted(doc.retired),
            "copies": {c.id: dict(c.marks) for c in doc.barracks.copies},
            "basics": sorted(doc.basics), "upgraded": sorted(doc.upgraded), "banished": sorted(doc.banished),
            "experience": doc.experience}


def from_events(doc: Legacy) -> dict[str, object]:
    """The census as the events alone say it must be."""
    mages: list[str] = []
    retired: list[str] = []
    cps: dict[str, dict[str, int]] = {}
    basics: list[str] = []
    upgraded: list[str] = []
    banished: list[str] = []
    xp = 0
    for ev in doc.events:
        if ev.kind in ("start", "unlock"):
            mages += [m for m in ev.mages if m not in mages]
            basics += ev.basics
            upgraded += ev.upgraded
        if ev.kind == "retire":
            retired += ev.mages
        for c in ev.copies:
            cps[c.id] = dict(c.marks)
        for cid, marks in ev.marks.items():
            cps[cid] = dict(marks)
        if ev.kind == "banish":
            banished += [c for c in ev.refs if c not in banished]
        xp += ev.experience
    return {"mages": sorted(m for m in mages if m not in retired), "retired": sorted(retired), "copies": cps,
            "basics": sorted(c for c in basics if c not in banished),
            "upgraded": sorted(c for c in upgraded if c not in banished), "banished": sorted(banished),
            "experience": xp}
