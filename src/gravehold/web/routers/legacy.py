"""Legacy campaigns (``..legacy``): starting one from a shipped script or a script's text,
importing, listing, a campaign's state, a battle's setup, spending experience, a story's
choice, placing a vestige, giving a battle up, and the export file."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ...engine.shapes import Doc
from ..deps import CampaignsCap, JsonBody, LegacyDep, Owner
from ..legacy_forms import campaign_form
from . import campaign_common as shared

#: Where a campaign is started (its body may carry a whole script's text) and where an
#: export file is uploaded: both as large as a record may be.
NEW = "/api/campaigns"
IMPORT = "/api/campaigns/import"
SCRIPTS = "/api/campaigns/scripts"

router = APIRouter()


@router.post(NEW, status_code=201)
async def api_campaign_new(request: Request, raw: JsonBody, cookie: Owner, desk: LegacyDep,
                           cap: CampaignsCap) -> JSONResponse:
    """Start: ``{players, city, script? | text?, seed?, title?}``; ``script`` a shipped
    script's id (by default the project's own), ``text`` a script's TOML or JSON. The reply's
    ``url`` is the link that makes the group's choices, ``view`` the one that only looks."""
    form = campaign_form(raw)
    return await shared.created(request, cookie, form.browser, cap, lambda owner: desk.create(form, owner))


@router.get(SCRIPTS)
async def api_campaign_scripts(desk: LegacyDep) -> Doc:
    """The shipped scripts: id, title, label (who wrote it), players and cities."""
    return {"scripts": await asyncio.to_thread(desk.shipped)}


@router.post(SCRIPTS)
async def api_campaign_script_check(raw: JsonBody, desk: LegacyDep) -> Doc:
    """``{text}``: a script's text, read and checked (a 422 naming the field at fault); the
    reply says what a new campaign of it may choose (players, cities)."""
    return desk.check_script(raw)


@router.get("/api/campaigns")
async def api_campaign_list(owner: Owner, desk: LegacyDep, offset: str | None = None,
                            limit: str | None = None) -> Doc:
    """This browser's campaigns, most recently changed first, a page at a time."""
    return await shared.listed(owner, "campaigns", desk.listing, offset, limit)


@router.post(IMPORT, status_code=201)
async def api_campaign_import(request: Request, cookie: Owner, desk: LegacyDep,
                              cap: CampaignsCap) -> JSONResponse:
    """An export file as the body: replayed whole before anything is stored."""
    return await shared.imported(request, cookie, cap, desk.import_)


@router.get("/api/campaigns/{cid}")
async def api_campaign(cid: str, desk: LegacyDep, t: str | None = None) -> Doc:
    """The campaign's whole state; ``t``: its token, which adds the battle's seat links."""
    return await desk.view(cid, t)


@router.post("/api/campaigns/{cid}/battle", status_code=201)
async def api_campaign_battle(cid: str, raw: JsonBody, desk: LegacyDep) -> Doc:
    """``{token, version, seats: [{mage, player, starters?}], supply?}`` (no supply: the
    bots' nine piles); the battle's game starts at once (its bots move)."""
    return await desk.battle(cid, raw)


@router.post("/api/campaigns/{cid}/buy")
async def api_campaign_buy(cid: str, raw: JsonBody, desk: LegacyDep) -> Doc:
    """``{token, version, enhancement, mage?, copy?, cover?}``; the reply is the new state."""
    return await desk.buy(cid, raw)


@router.post("/api/campaigns/{cid}/done")
async def api_campaign_done(cid: str, raw: JsonBody, desk: LegacyDep) -> Doc:
    """``{token, version}``: spending is over (what is left stays); the reply is the new state."""
    return await desk.done(cid, raw)


@router.post("/api/campaigns/{cid}/pick")
async def api_campaign_pick(cid: str, raw: JsonBody, desk: LegacyDep) -> Doc:
    """``{token, version, option}``: a story choice's option; the reply is the new state."""
    return await desk.pick(cid, raw)


@router.post("/api/campaigns/{cid}/place")
async def api_campaign_place(cid: str, raw: JsonBody, desk: LegacyDep) -> Doc:
    """``{token, version, vestige, mage, cover?}``: a vestige on a mat; the reply is the new state."""
    return await desk.place(cid, raw)


@router.post("/api/campaigns/{cid}/concede")
async def api_campaign_concede(cid: str, raw: JsonBody, desk: LegacyDep) -> Doc:
    """``{token, version}``: give the running battle up (lost, ``conceded``); the new state."""
    return await desk.concede(cid, raw)


@router.get("/api/campaigns/{cid}/export")
async def api_campaign_export(cid: str, desk: LegacyDep, t: str | None = None) -> Response:
    """The export file (``t``: the campaign's token; the file holds the seeds)."""
    raw = await desk.export(cid, t)
    return shared.export_file(raw, cid, "campaign")
