"""The HTML pages: ``/`` (set up a game or an expedition, list this browser's, open a
record), ``/g/{id}?t=TOKEN`` (the board), ``/x/{id}[?t=TOKEN]`` (an expedition), ``/c/{id}[?t=TOKEN]`` (a
Legacy campaign) and
``/replay/{id}`` (a record, step by step). A page for something that does not exist is
an error page instead (``..pages``); none of them is in the OpenAPI schema."""

from __future__ import annotations

import asyncio
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, Response

from ...storage.saves import NotFound
from ..deps import HubDep, ReplaysDep, browser
from ..forms import Refused, clip

STATIC = Path(__file__).parent.parent / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def index(request: Request) -> Response:
    resp = FileResponse(STATIC / "index.html")
    browser(request, resp)
    return resp


@router.get("/g/{gid}")
async def board(gid: str, request: Request, hub: HubDep) -> Response:
    try:
        await hub.get(gid)
    except Refused:
        raise Refused(404, f"There is no game {clip(gid, 40)}: the link may be cut short or mistyped, "
                           "or the game is in another server's database.") from None
    resp = FileResponse(STATIC / "board.html")
    browser(request, resp)
    return resp


@router.get("/x/{eid}")
async def expedition_page(eid: str, request: Request, hub: HubDep) -> Response:
    """An expedition's page; with its token (``?t=``) the page may make the group's choices."""
    try:
        await asyncio.to_thread(hub.expeditions.get, eid)
    except NotFound:
        raise Refused(404, f"There is no expedition {clip(eid, 40)}: the link may be cut short or mistyped, "
                           "or the expedition is in another server's database.") from None
    resp = FileResponse(STATIC / "expedition.html")
    browser(request, resp)
    return resp


@router.get("/c/{cid}")
async def campaign_page(cid: str, request: Request, hub: HubDep) -> Response:
    """A Legacy campaign's page; with its token (``?t=``) the page may make the group's choices."""
    try:
        await asyncio.to_thread(hub.legacy.get, cid)
    except NotFound:
        raise Refused(404, f"There is no campaign {clip(cid, 40)}: the link may be cut short or mistyped, "
                           "or the campaign is in another server's database.") from None
    resp = FileResponse(STATIC / "legacy.html")
    browser(request, resp)
    return resp


@router.get("/replay/{ref}")
async def replay_page(ref: str, replays: ReplaysDep) -> Response:
    await asyncio.to_thread(replays.get, ref)  # a 404 or 409 page for one that cannot be shown
    return FileResponse(STATIC / "replay.html")


@router.get("/favicon.ico")
async def favicon() -> Response:
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")
