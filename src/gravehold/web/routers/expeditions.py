"""Expeditions (``..expeditions``): setting out, importing, listing, an expedition's state,
its choices between battles, giving a battle up, and the export file."""

from __future__ import annotations

import asyncio
import re
import secrets

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ...engine.shapes import Doc
from ..deps import DeskDep, ExpeditionsCap, JsonBody, Owner, set_browser
from ..expedition_forms import expedition_form
from ..forms import Refused, browser_id, whole

#: Where an expedition's export file is uploaded: as large as a record may be.
IMPORT = "/api/expeditions/import"

router = APIRouter()


@router.post("/api/expeditions", status_code=201)
async def api_expedition_new(request: Request, raw: JsonBody, cookie: Owner, desk: DeskDep,
                             cap: ExpeditionsCap) -> JSONResponse:
    """Set out: ``{players, length?, endless?, score?, boxes?, seed?, story?, title?}``; the
    reply's ``url`` is the link that makes the group's choices, ``view`` the one that only looks."""
    form = expedition_form(raw)
    if cookie is None and form.browser is not None and browser_id(form.browser) is None:
        raise Refused(422, "browser: must be 1 to 64 letters, digits, '-' or '_'")
    cap.check(request)
    owner = cookie or form.browser or ""
    resp = JSONResponse(await desk.create(form, owner), status_code=201)
    if cookie is None and owner:
        set_browser(request, resp, owner)
    return resp


@router.get("/api/expeditions")
async def api_expedition_list(owner: Owner, desk: DeskDep, offset: str | None = None,
                              limit: str | None = None) -> Doc:
    """This browser's expeditions, most recently changed first, a page at a time."""
    start = whole(offset, "offset", 0, 0)
    size = whole(limit, "limit", 50, 1, 200)
    if owner is None:
        return {"expeditions": [], "total": 0, "offset": start, "limit": size}
    return await asyncio.to_thread(desk.listing, owner, start, size)


@router.post(IMPORT, status_code=201)
async def api_expedition_import(request: Request, cookie: Owner, desk: DeskDep,
                                cap: ExpeditionsCap) -> JSONResponse:
    """An export file as the body: replayed whole before anything is stored."""
    raw = await request.body()
    cap.check(request)
    owner = cookie or secrets.token_urlsafe(12)
    resp = JSONResponse(await desk.import_(raw, owner), status_code=201)
    if cookie is None:
        set_browser(request, resp, owner)
    return resp


@router.get("/api/expeditions/{eid}")
async def api_expedition(eid: str, desk: DeskDep, t: str | None = None) -> Doc:
    """The expedition's whole state; ``t``: its token, which adds the battle's seat links."""
    return await desk.view(eid, t)


@router.post("/api/expeditions/{eid}/battle", status_code=201)
async def api_expedition_battle(eid: str, raw: JsonBody, desk: DeskDep) -> Doc:
    """X-4: ``{token, version, seats: [{mage, player, tier1?, slot?, tier3?}], supply, group?,
    pile?}``; the battle's game starts at once (its bots move)."""
    return await desk.battle(eid, raw)


@router.post("/api/expeditions/{eid}/support")
async def api_expedition_support(eid: str, raw: JsonBody, desk: DeskDep) -> Doc:
    """X-8: ``{token, version, choice}`` (``null``: none); the reply is the new state."""
    return await desk.support(eid, raw)


@router.post("/api/expeditions/{eid}/concede")
async def api_expedition_concede(eid: str, raw: JsonBody, desk: DeskDep) -> Doc:
    """Give the running battle up: ``{token, version}``; it is lost (reason ``conceded``)
    and the X-8 support follows. The reply is the new state."""
    return await desk.concede(eid, raw)


@router.get("/api/expeditions/{eid}/export")
async def api_expedition_export(eid: str, desk: DeskDep, t: str | None = None) -> Response:
    """The export file: the expedition, its records, and the running battle's actions.
    ``t``: the expedition's token; the file holds the seeds, so watchers may not have it."""
    raw = await desk.export(eid, t)
    safe = re.sub(r"[^A-Za-z0-9_-]", "_", eid)
    return Response(raw, media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="expedition-{safe}.json"'})
