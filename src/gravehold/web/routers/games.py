"""Games: the catalogue and the decision vocabulary the boards read, creating and listing
games, a game's state, its actions and undo, and a rematch."""

from __future__ import annotations

import json
import secrets

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ... import catalog
from ...agents import AGENTS
from ...content import registry
from ...content.words import check as check_words
from ...engine.decisions import vocabulary
from ...engine.ruleset import PRESETS
from ...engine.setup import DIFFICULTIES, MARKET_SHAPE
from ...engine.shapes import Doc
from ...errors import SetupError, UnknownName
from ..deps import GamesCap, HubDep, JsonBody, Owner, StoreDep, set_browser
from ..forms import Refused, browser_id, clip, game_form, message, token, whole
from ..texts import content_texts
from ..wording import NAME_FIELDS, name_words, sentence

router = APIRouter()


@router.get("/api/content")
async def api_content(words: str = "auto") -> Doc:
    """The catalogue and every text the boards show; ``words``: auto, classic or new-age."""
    words = check_words(words)
    return {
        "mages": catalog.mages(words=words), "nemeses": catalog.nemeses(words=words),
        "markets": catalog.markets(), "boxes": catalog.boxes(),
        # what a market may hold
        "supply": [c for c in catalog.cards(words=words) if c["type"] in MARKET_SHAPE
                   and registry.CARDS[c["id"]].base is None],  # a game's marked copy is no supply card (K-9)
        "difficulties": list(DIFFICULTIES), "rulesets": sorted(PRESETS),
        # each preset's id (what a form sends) with its name and whether a game plays it unasked
        "presets": catalog.rulesets(),
        "agents": sorted(AGENTS),
        # the scripted (story) expeditions a group may set out on (XS), in the boxes' order
        "stories": [{"id": s.id, "name": s.name, "box": s.box, "battles": len(s.battles)}
                    for s in registry.EXPEDITIONS.values()],
        **content_texts(words),
    }


@router.get("/api/vocabulary")
async def api_vocabulary() -> Doc:
    """Every decision kind and action head (engine/decisions.py); the board places by it."""
    return vocabulary()


@router.post("/api/games", status_code=201)
async def api_create(request: Request, raw: JsonBody, cookie: Owner, hub: HubDep, cap: GamesCap) -> JSONResponse:
    given = raw.get("browser")
    if cookie is None and given is not None and browser_id(given) is None:
        raise Refused(422, "browser: must be 1 to 64 letters, digits, '-' or '_'")
    form = game_form(raw)
    cap.check(request)
    owner = cookie or (given if isinstance(given, str) else "")
    try:
        live, links = hub.create(form, owner)
    except UnknownName as e:  # a nemesis, market, card, box or treasure the engine does not know
        raise Refused.said(name_words(e, NAME_FIELDS.get(e.kind, e.kind))) from None
    except SetupError as e:  # a setup refused with the form's field at fault (a hand-picked market's mix)
        if e.field is None:
            raise
        raise Refused.said((sentence(str(e)), e.field)) from None
    hub.kick_bots(live)
    resp = JSONResponse(links, status_code=201)
    if cookie is None and owner:
        set_browser(request, resp, owner)
    return resp


@router.get("/api/games")
async def api_list(owner: Owner, store: StoreDep, offset: str | None = None,
                   limit: str | None = None) -> Doc:
    """This browser's games, newest first, a page at a time, with how many there are."""
    start = whole(offset, "offset", 0, 0)
    size = whole(limit, "limit", 50, 1, 200)
    if owner is None:
        return {"games": [], "total": 0, "offset": start, "limit": size}
    out = []
    for r in store.list(owner, limit=size, offset=start):
        seats = json.loads(r.seats)
        out.append({"id": r.id, "title": r.title, "status": r.status, "result": r.result,
                    "updated": r.updated_at.isoformat(), "decisions": r.seq,
                    "links": [f"/g/{r.id}?t={s['token']}" for s in seats if s.get("token")],
                    "spectator": f"/g/{r.id}?t={r.spectator}",
                    "replay": f"/replay/{r.id}" if r.status == "finished" else None})
    return {"games": out, "total": store.count(owner), "offset": start, "limit": size}


@router.get("/api/games/{gid}")
async def api_state(gid: str, hub: HubDep, t: str | None = None) -> Doc:
    live = await hub.get(gid)
    seat = live.seat_of(t)
    if seat is None:
        raise Refused(403, "t: this link does not belong to this game")
    return hub.payload(live, seat)


@router.post("/api/games/{gid}/actions")
async def api_act(gid: str, raw: JsonBody, hub: HubDep) -> Doc:
    msg = message(raw)
    return await hub.act(gid, msg.token, msg.seq, msg.action)


@router.post("/api/games/{gid}/undo")
async def api_undo(gid: str, raw: JsonBody, hub: HubDep) -> Doc:
    msg = message(raw)
    return await hub.undo(gid, msg.token, msg.seq)


@router.post("/api/games/{gid}/rematch", status_code=201)
async def api_rematch(gid: str, request: Request, data: JsonBody, cookie: Owner, hub: HubDep,
                      cap: GamesCap) -> JSONResponse:
    """A seat of a finished game starts a rematch: ``{"token", "seed": "same" | "new"}``;
    the reply holds every seat's link of the new game and ``you``, the asker's own."""
    for key in data:
        if key not in ("token", "seed"):
            raise Refused(422, f"{clip(key, 40)}: not a field of a rematch (fields: token, seed)")
    cap.check(request)
    owner = cookie or secrets.token_urlsafe(12)
    links = await hub.rematch(gid, token(data.get("token")), data.get("seed", "same"), owner)
    resp = JSONResponse(links, status_code=201)
    if cookie is None:
        set_browser(request, resp, owner)
    hub.kick_bots(await hub.get(links["id"]))
    return resp
