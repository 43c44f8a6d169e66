"""Expeditions (``..expeditions``): setting out, importing, listing, an expedition's state,
its choices between battles, giving a battle up, and the export file."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ...engine.shapes import Doc
from ..deps import DeskDep, ExpeditionsCap, JsonBody, Owner
from ..expedition_forms import expedition_form
from . import campaign_common as shared

#: Where an expedition's export file is uploaded: as large as a record may be.
IMPORT = "/api/expeditions/import"

router = APIRouter()


@router.post("/api/expeditions", status_code=201)
async def api_expedition_new(request: Request, raw: JsonBody, cookie: Owner, desk: DeskDep,
                             cap: ExpeditionsCap) -> JSONResponse:
    """Set out: ``{players, length?, endless?, score?, boxes?, seed?, story?, title?}``; the
    reply's ``url`` is the link that makes the group's choices, ``view`` the one that only looks."""
    form = expedition_form(raw)
    return await shared.created(request, cookie, form.browser, cap, lambda owner: desk.create(form, owner))


@router.get("/api/expeditions")
async def api_expedition_list(owner: Owner, desk: DeskDep, offset: str | None = None,
                              limit: str | None = None) -> Doc:
    """This browser's expeditions, most recently changed first, a page at a time."""
    return await shared.listed(owner, "expeditions", desk.listing, offset, limit)


@router.post(IMPORT, status_code=201)
async def api_expedition_import(request: Request, cookie: Owner, desk: DeskDep,
                                cap: ExpeditionsCap) -> JSONResponse:
    """An export file as the body: replayed whole before anything is stored."""
    return await shared.imported(request, cookie, cap, desk.import_)


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
    return shared.export_file(raw, eid, "expedition")
