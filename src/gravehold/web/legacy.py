"""Legacy campaigns on the web server: what the ``/api/campaigns`` routes do, and the page's payload.

The conventions are the expeditions' (``expeditions``): every step goes through the
campaign store (one transaction a step) under the campaign's lock on this server, after
three checks, in this order: the campaign exists (404), the link's token may make the
group's choices (403), and the choice was made at the campaign's current step
(``version``; 409 if it has moved on since). A step the story does not wait for now is a
409; the rules' own refusals (a mage not in the Barracks, too little experience) are 422s
naming the field.

A battle's game is an ordinary game of the hub: its board, seat links and bots work as for
any game. When it ends, the hub applies the after-battle step (``Hub.after_battle``, which
finds the campaign's kind); when the group gives it up, the store ends it and applies that
step at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import msgspec

from ..agents import AGENTS
from ..campaigns.kind import CampaignError
from ..campaigns.legacy import policy, steps
from ..campaigns.legacy.script import SHIPPED, Enhancement, Script, ScriptError, Vestige, check, parse
from ..campaigns.legacy.script import shipped as shipped_script
from ..campaigns.legacy.state import Legacy, Placed, experience_cards
from ..campaigns.store import Stored
from ..content import registry as content
from ..content.text import changes_text
from ..engine.keywords import treasures  # noqa: F401  (declares the rules stickers carry)
from ..engine.keywords.enhancements import rules_text
from ..engine.shapes import Doc
from ..engine.state import tupled
from ..errors import GraveholdError
from ..events_text import reason_text
from ..storage.models import CampaignRow
from ..storage.saves import SaveError
from .campaign_api import CampaignDesk, holds_token
from .expedition_forms import _typed
from .forms import Refused, clip
from .hub import Hub
from .legacy_forms import (
    CampaignForm,
    ScriptRequestDoc,
    battle_form,
    buy_form,
    pick_form,
    place_form,
    script_refused,
    step_form,
)
from .wording import steps_words

Campaign = Stored[Legacy]


def view_link(cid: str) -> str:
    return f"/c/{cid}"


def choose_link(row: CampaignRow) -> str:
    """The link that may make the group's choices."""
    return f"/c/{row.id}?t={row.token}"


# ------------------------------------------------------------------ texts
def enhancement_text(e: Enhancement) -> str:
    """What an enhancement does, as its rules (or a starter sticker's changes to its card) say."""
    if e.kind == "starter":
        return f"Goes under a copy of {e.card}: {changes_text(tupled(e.changes))}."
    return rules_text(e.rules)


def vestige_text(v: Vestige) -> str:
    where = "In the mat's ability section" if v.space == "ability" else "In one of the mat's enhancement spaces"
    return f"{where}. {rules_text(v.rules)}"


def script_row(s: Script) -> Doc:
    """What a new campaign of the script may choose, and who wrote it."""
    return {"id": s.id, "title": s.title, "label": s.label, "shipped": s.id if s.id in SHIPPED else None,
            "players": {"min": s.players.min, "max": s.players.max},
            "cities": [{"name": k, "mages": list(c.mages)} for k, c in s.cities.items()]}


def _shown(name: str | None) -> str | None:
    if name is None:
        return None
    m = content.MAGES.get(name)
    if m is not None:
        return m.name
    n = content.NEMESES.get(name)
    return n.name if n is not None else name


def enhancement_row(script: Script, e: Enhancement) -> Doc:
    return {"id": e.id, "name": e.name, "kind": e.kind, "price": e.price, "city": e.city, "breach": e.breach,
            "mage": e.mage, "card": e.card, "text": enhancement_text(e)}


def sticker_row(script: Script, k: int, p: Placed) -> Doc:
    """A sticker placed (C-6, C-9): its index (what ``cover`` names), what it is and does."""
    if p.kind == "vestige":
        v = script.vestige(p.ref)
        name, text = v.name, vestige_text(v)
    else:
        e = script.enhancement(p.ref)
        name, text = e.name, enhancement_text(e)
    return {"index": k, "ref": p.ref, "name": name, "kind": p.kind, "text": text, "battle": p.battle,
            "mage": p.mage, "city": p.city, "breach": p.breach, "copy": p.copy, "space": p.space,
            "covered": p.covered}


# ------------------------------------------------------------------ the payload
def barracks(doc: Legacy) -> Doc:
    """The Barracks: each mage with its city and its stickers; the severed and the retired;
    the supply piles with their copies; the enhanced starter copies; every marked copy."""
    script = doc.script
    rows = [sticker_row(script, k, p) for k, p in enumerate(doc.stickers)]

    def mage(name: str) -> Doc:
        return {"name": name, "shown": _shown(name), "city": script.city_of(name), "box": content.MAGES[name].box,
                "severed": name in doc.severed, "retired": name in doc.retired,
                "stickers": [r for r in rows if r["mage"] == name and r["kind"] != "starter"],
                "filled": steps._on_mat(doc, name)}

    piles = []
    for card, cps in steps.piles(doc).items():
        c = content.CARDS[card]
        piles.append({"name": card, "type": c.type, "cost": c.cost, "copies": len(cps),
                      "marked": [{"id": x.id, "marks": dict(x.marks)} for x in cps if x.marks]})
    starters = []
    for sc in steps.stickered(doc):
        on = [r for r in rows if r["copy"] == sc.id]
        live = next((r for r in on if not r["covered"]), None)
        starters.append({"id": sc.id, "card": sc.card, "city": live["city"] if live else None,
                         "marks": dict(sc.marks), "stickers": on})
    return {"mages": [mage(m) for m in doc.barracks.mages], "retired": [mage(m) for m in doc.retired],
            "severed": list(doc.severed), "supply": piles, "starters": starters,
            "marked": [{"id": c.id, "card": c.card, "marks": dict(c.marks)} for c in doc.barracks.copies
                       if c.marks and c.in_play],
            "basics": len(doc.basics), "upgraded": len(doc.upgraded), "banished": list(doc.banished)}


def cities(doc: Legacy) -> list[Doc]:
    """Each city of the script: its breach stickers by breach, its edge of the map (general
    stickers) and how many it holds; the group's own city first."""
    rows = [sticker_row(doc.script, k, p) for k, p in enumerate(doc.stickers)]
    out = []
    for name in sorted(doc.script.cities, key=lambda c: (c != doc.options.city, c)):
        breach = [r for r in rows if r["kind"] == "breach" and r["city"] == name]
        out.append({"name": name, "ours": name == doc.options.city,
                    "breaches": [{"breach": b, "stickers": [r for r in breach if r["breach"] == b]}
                                 for b in sorted({r["breach"] for r in breach})],
                    "general": [r for r in rows if r["kind"] == "general" and r["city"] == name],
                    "filled": [r["index"] for r in rows if r["kind"] == "general" and r["city"] == name
                               and not r["covered"]],
                    "slots": doc.script.general_slots})
    return out


def history_rows(doc: Legacy) -> list[Doc]:
    return [{"battle": r.battle, "attempt": r.attempt, "nemesis": r.nemesis, "shown": _shown(r.nemesis),
             "mages": [s.mage for s in r.choices.seats], "players": [s.player for s in r.choices.seats],
             "result": r.result, "reason": r.reason,
             "reason_text": reason_text(r.result, r.reason, _shown(r.nemesis) or r.nemesis),
             "game": r.game, "replay": f"/replay/{r.game}" if r.game else None} for r in doc.history]


def map_rows(doc: Legacy) -> list[Doc]:
    """The map: each battle fought, its nemesis, its tries, and the fire tokens its village
    held after each try (C-13), with the experience they gave in all."""
    out: list[Doc] = []
    for r in doc.history:
        if not out or out[-1]["battle"] != r.battle:
            out.append({"battle": r.battle, "nemesis": r.nemesis, "shown": _shown(r.nemesis), "tries": 0,
                        "result": r.result, "fire": [], "experience": 0})
        out[-1]["tries"] += 1
        out[-1]["result"] = r.result
    for f in doc.fire:  # one a try, in order
        for row in out:
            if row["battle"] == f.battle:
                row["fire"].append(f.fire)
                row["experience"] += f.experience
    return out


def read_rows(doc: Legacy) -> list[Doc]:
    """The passages read (C-14), each with its text, in order (a choice made is one too)."""
    out = []
    for sid in doc.read:
        s = doc.script.step(sid)
        out.append({"id": sid, "kind": s.kind, "text": s.text})
    return out


def choose_form(doc: Legacy) -> Doc:
    """What the battle's setup may use: mages, piles, enhanced starter copies, the bots,
    the first game's sheet, and the bots' own choice (what "fill in" takes)."""
    s = doc.script.step(doc.step)
    first = s.first_game if doc.attempt == 1 else None
    names = list(first.mages) if first is not None and first.mages else steps.available_mages(doc)
    default = policy.choose(doc)
    return {"players": doc.options.players,
            "mages": [{"name": m, "shown": _shown(m), "city": doc.script.city_of(m), "severed": m in doc.severed}
                      for m in names],
            "supply": [{"name": k, "type": content.CARDS[k].type, "cost": content.CARDS[k].cost, "copies": len(v)}
                       for k, v in steps.piles(doc).items()],
            "shape": dict(steps.SUPPLY_SHAPE),
            "first_game": msgspec.to_builtins(first) if first is not None else None,
            "starters": [{"id": c.id, "card": c.card} for c in steps.stickered(doc)],
            "agents": sorted(AGENTS),
            "default": {"seats": [{"mage": x.mage, "starters": list(x.starters)} for x in default.seats],
                        "supply": list(default.supply)}}


def spend_form(doc: Legacy) -> Doc:
    """C-5 / C-6: the buyable enhancements with their prices and effects."""
    rows = []
    for eid in doc.buyable:
        e = doc.script.enhancement(eid)
        rows.append({**enhancement_row(doc.script, e), "affordable": e.price <= doc.experience})
    rows.sort(key=lambda r: (r["price"], r["name"]))
    return {"experience": doc.experience, "buyable": rows, "mat_spaces": steps.MAT_SPACES,
            "mages": [{"name": m, "shown": _shown(m), "city": doc.script.city_of(m)}
                      for m in steps.available_mages(doc)]}


class LegacyDesk(CampaignDesk[Legacy]):
    """The Legacy routes' work, on the hub's store and locks (the checks, the battle's seats,
    giving it up and the files are every kind's: ``campaign_api``)."""

    noun, article, page = "campaign", "a", "/c"

    def __init__(self, hub: Hub) -> None:
        super().__init__(hub, hub.legacy)

    def shown_mage(self, name: str) -> str:
        return _shown(name) or name

    def where(self, doc: Legacy) -> str:
        return steps._where(doc)

    def _at(self, cur: Campaign, phase: str, what: str) -> None:
        if cur.doc.phase != phase:
            raise Refused(409, f"{what} (the campaign is at {steps._where(cur.doc)})")

    # ------------------------------------------------------------------ scripts
    @staticmethod
    def shipped() -> list[Doc]:
        return [script_row(shipped_script(k)) for k in SHIPPED]

    @staticmethod
    def check_script(data: Doc) -> Doc:
        doc: ScriptRequestDoc = _typed(data, ScriptRequestDoc, form=False)
        try:
            s = parse(doc.text, "script")
            check(s)
        except ScriptError as e:
            raise script_refused(e) from None
        return script_row(s)

    # ------------------------------------------------------------------ reading
    def payload(self, cur: Campaign, can: bool) -> Doc:
        """Everything the campaign's page shows; the battle's seat links only with the token."""
        doc, row = cur.doc, cur.row
        script = doc.script
        step = script.step(doc.step)
        nxt: Doc | None = None
        if doc.phase == "choose":
            nxt = choose_form(doc)
        elif doc.phase == "spend":
            nxt = spend_form(doc)
        elif doc.phase == "choice":
            nxt = {"options": [{"option": k, "label": o.label} for k, o in enumerate(step.options)]}
        elif doc.phase == "vestige":
            nxt = {"vestiges": [{"id": v, "name": script.vestige(v).name, "space": script.vestige(v).space,
                                 "text": vestige_text(script.vestige(v))} for v in doc.vestiges],
                   "mat_spaces": steps.MAT_SPACES,
                   "mages": [{"name": m, "shown": _shown(m)} for m in steps.available_mages(doc)]}
        return {
            "id": row.id, "version": row.version, "can_choose": can, "title": doc.title,
            "script": script_row(script),
            "options": {"players": doc.options.players, "city": doc.options.city},
            "phase": doc.phase, "battle": doc.battle, "attempt": doc.attempt,
            "step": {"id": step.id, "kind": step.kind, "text": step.text,
                     "tries": step.tries if step.kind == "battle" else None},
            "nemesis": doc.nemesis, "nemesis_shown": _shown(doc.nemesis),
            "experience": doc.experience,
            "experience_cards": [{"value": v, "count": n} for v, n in experience_cards(doc.experience).items()],
            "barracks": barracks(doc), "cities": cities(doc),
            "stickers": [sticker_row(script, k, p) for k, p in enumerate(doc.stickers)],
            "vestiges": list(doc.vestiges), "unlocks": [u.name for u in doc.unlocks], "rules": dict(doc.rules),
            "map": map_rows(doc), "history": history_rows(doc), "read": read_rows(doc),
            "next": nxt, "current": self._battle(doc, can),
            "updated": row.updated_at.isoformat(), "view": view_link(row.id),
            "export": f"/api/campaigns/{row.id}/export" if can else None,
        }

    def listing(self, owner: str, offset: int, limit: int) -> Doc:
        out = []
        for r in self.store.list(owner, limit=limit, offset=offset):
            try:
                doc = msgspec.json.decode(r.state, type=Legacy)
            except msgspec.MsgspecError:
                continue
            out.append({"id": r.id, "title": r.title or doc.title, "script": doc.script.id,
                        "players": doc.options.players, "city": doc.options.city, "battle": doc.battle,
                        "phase": doc.phase, "experience": doc.experience, "updated": r.updated_at.isoformat(),
                        "url": choose_link(r), "view": view_link(r.id)})
        return {"campaigns": out, "total": self.store.count(owner), "offset": offset, "limit": limit}

    # ------------------------------------------------------------------ steps
    async def create(self, form: CampaignForm, owner: str) -> Doc:
        def make() -> Campaign:
            doc = steps.new(form.script, form.players, form.city, seed=form.seed, title=form.title)
            return self.store.create(doc, owner)

        try:
            cur = await asyncio.to_thread(make)
        except CampaignError as e:
            raise Refused.said(steps_words(str(e))) from None
        return self._linked(cur.row)

    async def battle(self, cid: str, data: Doc) -> Doc:
        """The group's setup; the battle's game is stored and its bots set going."""
        doc, choices = battle_form(data)
        async with self.hub.expedition_lock(cid):
            cur = await self._get(cid)
            self._may_choose(cur, doc.token)
            self._current(cur, doc.version)
            self._at(cur, "choose", "the campaign is not choosing a battle's setup now")
            if not choices.supply:  # the bots' nine piles (or the first game's sheet)
                try:
                    choices.supply = policy.choose(cur.doc).supply
                except GraveholdError as e:
                    raise Refused.said(steps_words(str(e))) from None
            try:
                stored, gid, _ = await asyncio.to_thread(self.store.begin, cid, choices, doc.version)
            except SaveError as e:
                raise await self._stale_or(cid, doc.version, e) from None
            except CampaignError as e:
                raise Refused.said(steps_words(str(e))) from None
        return {**await self._begun(gid, choices, stored), "supply": list(choices.supply)}

    async def _step(self, cid: str, token: object, version: int, phase: str, what: str,
                    change: Callable[[Legacy], Legacy]) -> Doc:
        """One of the steps between battles, checked and stored; the reply is the new state."""
        async with self.hub.expedition_lock(cid):
            cur = await self._get(cid)
            self._may_choose(cur, token)
            self._current(cur, version)
            self._at(cur, phase, what)
            try:
                stored = await asyncio.to_thread(self.store.step, cid, change, version)
            except SaveError as e:
                raise await self._stale_or(cid, version, e) from None
            except CampaignError as e:
                raise Refused.said(steps_words(str(e))) from None
        return await asyncio.to_thread(self.payload, stored, True)

    async def buy(self, cid: str, data: Doc) -> Doc:
        d = buy_form(data)
        return await self._step(cid, d.token, d.version, "spend", "experience is spent only when the story allows",
                                lambda doc: steps.buy(doc, d.enhancement, mage=d.mage, copy=d.copy, cover=d.cover))

    async def done(self, cid: str, data: Doc) -> Doc:
        d = step_form(data)
        return await self._step(cid, d.token, d.version, "spend", "the campaign is not spending experience",
                                steps.done)

    async def pick(self, cid: str, data: Doc) -> Doc:
        d = pick_form(data)
        return await self._step(cid, d.token, d.version, "choice", "the story offers no choice now",
                                lambda doc: steps.pick(doc, d.option))

    async def place(self, cid: str, data: Doc) -> Doc:
        d = place_form(data)
        return await self._step(cid, d.token, d.version, "vestige", "no vestige waits to be placed now",
                                lambda doc: steps.place(doc, d.vestige, d.mage, d.cover))

    async def concede(self, cid: str, data: Doc) -> Doc:
        """Give the running battle up: a loss (reason ``conceded``), and the campaign goes
        on as after any loss; the reply is the new state."""
        d = step_form(data)
        return await self._concede(cid, d.token, d.version)

    # ------------------------------------------------------------------ files
    async def import_(self, raw: bytes, owner: str) -> Doc:
        """Check the file whole (it is replayed) and store it; refused, nothing is stored."""
        async with self.importing:
            doc = await self._read_import(raw)
            try:
                cur = await asyncio.to_thread(self.store.import_, doc, owner)
            except SaveError as e:
                raise Refused(409, clip(str(e))) from None
        return await self._imported(cur)


__all__ = ["LegacyDesk", "choose_link", "holds_token", "script_refused", "view_link"]
