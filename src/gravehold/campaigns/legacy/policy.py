"""The bots' Legacy campaign choices: a fixed, documented policy, so a sweep measures the
battle bots and not a search over setups.

- **mages** (C-2, C-4): the expedition policy's ranking (the heuristic's measured win rate
  per mage), over the mats the battle may use; a severed mage (C-8) is used while it may be;
- **supply**: the expedition policy's nine piles (the most expensive of each type, one
  cheap gem), over the Barracks' piles;
- **enhanced starters** (C-7): each goes to the first seat whose mat lists its card and
  whose city it serves;
- **spending** (C-5, C-6): the cheapest buyable enhancement the group can afford, again
  and again, each on the mage with the fewest stickers (covering its oldest when full),
  then done;
- **vestiges** (C-9): on the mage with the fewest stickers; **choices**: the first option.
"""

from __future__ import annotations

from ...content import registry as content
from ..expedition.policy import mages_for, supply_for
from . import steps
from .state import Choices, Legacy, SeatChoice


def choose(doc: Legacy, agent: str = "heuristic") -> Choices:
    """The policy's choices for the battle ``doc`` is choosing, every seat a bot."""
    s = doc.script.step(doc.step)
    first = s.first_game if doc.attempt == 1 else None
    names = list(first.mages) if first is not None and first.mages else steps.available_mages(doc)
    mages = mages_for(names, doc.options.players)
    seats = []
    free = [c for c in steps.stickered(doc)]
    for mage in mages:
        slots = steps.starter_cards(mage)
        mine: list[str] = []
        city = doc.script.city_of(mage)
        for c in list(free):
            placed = next((p for p in doc.stickers if p.copy == c.id and not p.covered), None)
            if slots[c.card] > 0 and (placed is None or placed.city in (None, city)):
                mine.append(c.id)
                slots[c.card] -= 1
                free.remove(c)
        seats.append(SeatChoice(mage=mage, player=agent, starters=mine))
    supply = [] if first is not None and first.supply else supply_for(list(steps.piles(doc)))
    return Choices(seats=seats, supply=supply)


def _fewest(doc: Legacy) -> str:
    mages = steps.available_mages(doc)
    return min(mages, key=lambda m: (sum(p.mage == m and not p.covered for p in doc.stickers), mages.index(m)))


def _oldest_on(doc: Legacy, mage: str) -> int | None:
    on = steps._on_mat(doc, mage)
    return on[0] if len(on) >= steps.MAT_SPACES else None


def spend(doc: Legacy) -> Legacy:
    """Buy what the policy buys, then end the spending."""
    while True:
        can = [doc.script.enhancement(e) for e in doc.buyable]
        serve = {doc.script.city_of(m) for m in steps.available_mages(doc)}
        can = [e for e in can if e.price <= doc.experience and _fits(doc, e.kind, e.mage, e.card)
               and (e.city is None or e.city in serve)]
        if not can:
            return steps.done(doc)
        e = min(can, key=lambda e: (e.price, e.id))
        mage = e.mage if e.kind == "relationship" else _fewest(doc) if e.kind == "personal" else None
        cover = _oldest_on(doc, mage) if mage is not None else None
        if e.kind == "general":
            filled = [k for k, p in enumerate(doc.stickers)
                      if p.kind == "general" and not p.covered and p.city == e.city]
            cover = filled[0] if len(filled) >= doc.script.general_slots else None
        doc = steps.buy(doc, e.id, mage=mage, cover=cover)


def _fits(doc: Legacy, kind: str, mage: str | None, card: str | None) -> bool:
    if kind == "relationship":
        return mage in steps.available_mages(doc)
    if kind == "personal":
        return bool(steps.available_mages(doc))
    if kind == "starter":
        return card in content.CARDS
    return True


def between(doc: Legacy) -> Legacy:
    """The policy's take of whatever the story waits for between battles."""
    if doc.phase == "spend":
        return spend(doc)
    if doc.phase == "vestige":
        while doc.phase == "vestige":
            ref = doc.vestiges[0]
            mage = _fewest(doc)
            v = doc.script.vestige(ref)
            doc = steps.place(doc, ref, mage, _oldest_on(doc, mage) if v.space == "enhancement" else None)
        return doc
    if doc.phase == "choice":
        return steps.pick(doc, 0)
    return doc
