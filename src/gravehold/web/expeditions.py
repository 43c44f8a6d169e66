"""Expeditions on the web server: what the ``/api/expeditions`` routes do, and the page's payload.

Every step goes through the expedition store (one transaction a step) under the
expedition's lock on this server (``Hub.expedition_lock``), after three checks, in this
order: the expedition exists (404), the link's token may make the group's choices (403),
and the choice was made at the expedition's current step (``version``; 409 if it has moved
on since, so two people choosing at once cannot both apply). The rules' own refusals
(a mage not in the Barracks) are 422s naming the field.

A battle's game is an ordinary game of the hub: its board, seat links, bots, undo and
restarts work as for any game. When it ends, the hub applies the after-battle step; when
the group gives it up (``concede``), the store ends it and applies that step at once.
"""

from __future__ import annotations

import asyncio

import msgspec

from ..campaigns.docs import Barracks
from ..campaigns.expedition import rules, steps
from ..campaigns.expedition.state import Expedition
from ..campaigns.expedition.store import ExpeditionStore, Stored
from ..campaigns.kind import CampaignError
from ..content import registry as content
from ..content.text import treasure_text
from ..content.words import resolve, say
from ..engine.keywords.treasures import beside_ok
from ..engine.shapes import Doc
from ..events_text import reason_text
from ..storage.models import CampaignRow
from ..storage.saves import SaveError
from .campaign_api import CampaignDesk
from .expedition_forms import ExpeditionForm, battle_form, concede_form, support_form
from .forms import Refused
from .hub import Hub
from .wording import steps_words


def view_link(eid: str) -> str:
    return f"/x/{eid}"


def choose_link(row: CampaignRow) -> str:
    """The link that may make the group's choices."""
    return f"/x/{row.id}?t={row.token}"


# ------------------------------------------------------------------ the payload
def mage_row(name: str) -> Doc:
    m = content.MAGES[name]
    return {"name": name, "shown": m.name, "box": m.box}


def supply_row(name: str) -> Doc:
    c = content.CARDS[name]
    return {"name": name, "type": c.type, "cost": c.cost, "box": c.box}


def treasure_row(name: str) -> Doc:
    """A treasure as ``catalog.treasures`` lists it: its tier, the kind of card or where
    it lies (``group``, ``player``), and its text in its box's words."""
    t = content.TREASURES[name]
    kind = content.CARDS[t.card].type if t.card else ("group" if t.tier == 2 else "player")
    return {"name": name, "tier": t.tier, "type": kind, "box": t.box,
            "text": say(treasure_text(t), resolve("auto", t.box))}


def barracks_rows(b: Barracks) -> dict[str, list[Doc]]:
    """The Barracks' rows; a tier-2 treasure that lies beside a supply pile also names the
    piles of these supplies it may lie beside (``beside``), so the page's form offers those."""
    treasures = [treasure_row(t) for t in b.treasures]
    for row in treasures:
        t = content.TREASURES[row["name"]]
        if t.beside is not None:
            row["beside"] = [c for c in b.supply if beside_ok(t, content.CARDS[c])]
    return {"mages": [mage_row(m) for m in b.mages], "supply": [supply_row(c) for c in b.supply],
            "treasures": treasures}


def battle_span(exp: Expedition) -> dict[str, int]:
    """The numbers of the first and last battles (a short expedition starts at 2, X-16)."""
    if exp.options.story is not None:
        first, last = 1, len(content.expedition_script(exp.options.story).battles)
    else:
        first, last = rules.first_battle(exp.options.length), rules.last_battle(exp.options.length)
    return {"first": first, "last": last, "count": last - first + 1}


def _shown_nemesis(name: str) -> str:
    n = content.NEMESES.get(name)
    return n.name if n is not None else name


def history_rows(exp: Expedition) -> list[Doc]:
    return [{"battle": r.battle, "attempt": r.attempt, "nemesis": r.nemesis,
             "mages": [s.mage for s in r.choices.seats], "result": r.result, "reason": r.reason,
             "reason_text": reason_text(r.result, r.reason, _shown_nemesis(r.nemesis)), "score": r.score,
             "game": r.game, "replay": f"/replay/{r.game}" if r.game else None}
            for r in exp.history]


def event_rows(exp: Expedition) -> list[Doc]:
    return [{"kind": e.kind, "battle": e.battle, "mages": list(e.mages), "supply": list(e.supply),
             "treasures": list(e.treasures), "upgraded": list(e.upgraded)} for e in exp.events]


def options_row(exp: Expedition) -> Doc:
    o = exp.options
    return {f: msgspec.to_builtins(getattr(o, f)) for f in o.__struct_fields__}


class Desk(CampaignDesk[Expedition]):
    """The expedition routes' work, on the hub's store and locks (the checks, the battle's
    seats, giving it up and the files are every kind's: ``campaign_api``)."""

    noun, article, page = "expedition", "an", "/x"
    store: ExpeditionStore

    def __init__(self, hub: Hub) -> None:
        super().__init__(hub, hub.expeditions)

    def shown_mage(self, name: str) -> str:
        return content.MAGES[name].name

    # ------------------------------------------------------------------ reading
    def payload(self, cur: Stored, can: bool) -> Doc:
        """Everything the expedition's page shows; the battle's seat links only with the token."""
        exp, row = cur.exp, cur.row
        return {
            "id": row.id, "version": row.version, "can_choose": can, "title": exp.title,
            "options": options_row(exp), "phase": exp.phase, "battle": exp.battle, "attempt": exp.attempt,
            "battles": battle_span(exp), "score": exp.score, "abandoned": exp.abandoned, "nemesis": exp.nemesis,
            "barracks": barracks_rows(exp.barracks), "banished": barracks_rows(exp.banished),
            "destroyed": barracks_rows(exp.destroyed), "history": history_rows(exp), "events": event_rows(exp),
            "allowed": steps.allowed(exp) if exp.phase == "choose" else None,
            "story": steps.story(exp) if exp.phase != "complete" else None,
            "supports": steps.supports(exp), "current": self._battle(exp, can),
            "updated": row.updated_at.isoformat(), "view": view_link(row.id),
            # the group's file (it needs the token): no link for a watcher
            "export": f"/api/expeditions/{row.id}/export" if can else None,
        }

    def listing(self, owner: str, offset: int, limit: int) -> Doc:
        """An owner's expeditions, most recently changed first, with their choosing links."""
        out = []
        for r in self.store.list(owner, limit=limit, offset=offset):
            try:
                exp = msgspec.json.decode(r.state, type=Expedition)
            except msgspec.MsgspecError:
                continue  # a damaged row: its own page says so
            out.append({"id": r.id, "title": r.title or exp.title, "players": exp.options.players,
                        "length": exp.options.length, "story": exp.options.story, "battle": exp.battle,
                        "attempt": exp.attempt, "phase": exp.phase, "score": exp.score, "abandoned": exp.abandoned,
                        "updated": r.updated_at.isoformat(), "url": choose_link(r), "view": view_link(r.id)})
        return {"expeditions": out, "total": self.store.count(owner), "offset": offset, "limit": limit}

    # ------------------------------------------------------------------ steps
    async def create(self, form: ExpeditionForm, owner: str) -> Doc:
        def make() -> Stored:
            exp = steps.new(form.players, **form.new_args())
            return self.store.create(exp, owner)

        cur = await asyncio.to_thread(make)
        return self._linked(cur.row)

    async def battle(self, eid: str, data: Doc) -> Doc:
        """X-4: the group's choices; the battle's game is stored and its bots set going."""
        doc, choices = battle_form(data)
        async with self.hub.expedition_lock(eid):
            cur = await self._get(eid)
            self._may_choose(cur, doc.token)
            self._current(cur, doc.version)
            if cur.exp.phase != "choose":
                raise Refused(409, f"the expedition is not choosing a battle's setup now (it is at {cur.exp.phase})")
            try:
                stored, gid, _ = await asyncio.to_thread(self.store.begin, eid, choices, doc.version)
            except SaveError as e:
                raise await self._stale_or(eid, doc.version, e) from None
            except CampaignError as e:  # a choice the rules refuse: the steps name its field
                raise Refused.said(steps_words(str(e))) from None
        return await self._begun(gid, choices, stored)

    async def support(self, eid: str, data: Doc) -> Doc:
        """X-8: the support of a lost battle (or none); the reply is the new state."""
        doc = support_form(data)
        async with self.hub.expedition_lock(eid):
            cur = await self._get(eid)
            self._may_choose(cur, doc.token)
            self._current(cur, doc.version)
            if cur.exp.phase != "support":
                raise Refused(409, f"no lost battle is waiting for its support now (the expedition is at "
                                   f"{cur.exp.phase})")
            try:
                stored = await asyncio.to_thread(self.store.support, eid, doc.choice, doc.version)
            except SaveError as e:
                raise await self._stale_or(eid, doc.version, e) from None
        return await asyncio.to_thread(self.payload, stored, True)

    async def concede(self, eid: str, data: Doc) -> Doc:
        """Give the running battle up: a loss (reason ``conceded``) whose X-8 support follows;
        the reply is the new state. The battle's bots stop and its boards show the end."""
        doc = concede_form(data)
        return await self._concede(eid, doc.token, doc.version)

    # ------------------------------------------------------------------ files
    async def import_(self, raw: bytes, owner: str) -> Doc:
        """Check the file whole (it is replayed) and store it; a battle it was fighting
        goes on here, with new seat links. Refused: nothing is stored. One import is
        replayed at a time on this server, each in a worker thread and bounded by the
        import limits (``transfer.MAX_*``), so imports never stack up on the server's CPU."""
        async with self.importing:
            doc = await self._read_import(raw)
            cur = await asyncio.to_thread(self.store.import_, doc, owner)
        return await self._imported(cur)
