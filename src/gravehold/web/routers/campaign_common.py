"""What the routes of every campaign kind do alike (``expeditions``, ``legacy``): starting
one for a browser, a page of a browser's campaigns, uploading an export file and sending
one. The routes keep their paths, bodies and docs; the work they share is here once."""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Awaitable, Callable

from fastapi import Request
from fastapi.responses import JSONResponse, Response

from ...engine.shapes import Doc
from ..deps import Cap, set_browser
from ..forms import Refused, browser_id, whole


async def created(request: Request, cookie: str | None, browser: str | None, cap: Cap,
                  create: Callable[[str], Awaitable[Doc]]) -> JSONResponse:
    """A new campaign (``create`` it for its owner): the browser's cookie, else the body's
    ``browser`` id, which the reply then sets as the cookie."""
    if cookie is None and browser is not None and browser_id(browser) is None:
        raise Refused(422, "browser: must be 1 to 64 letters, digits, '-' or '_'")
    cap.check(request)
    owner = cookie or browser or ""
    resp = JSONResponse(await create(owner), status_code=201)
    if cookie is None and owner:
        set_browser(request, resp, owner)
    return resp


async def listed(owner: str | None, key: str, listing: Callable[[str, int, int], Doc], offset: str | None,
                 limit: str | None) -> Doc:
    """A page of the browser's campaigns (``listing``), under ``key``; none without a cookie."""
    start = whole(offset, "offset", 0, 0)
    size = whole(limit, "limit", 50, 1, 200)
    if owner is None:
        return {key: [], "total": 0, "offset": start, "limit": size}
    return await asyncio.to_thread(listing, owner, start, size)


async def imported(request: Request, cookie: str | None, cap: Cap,
                   import_: Callable[[bytes, str], Awaitable[Doc]]) -> JSONResponse:
    """An export file as the body, stored by ``import_`` for the browser (a new one is made
    and set as the cookie if it has none)."""
    raw = await request.body()
    cap.check(request)
    owner = cookie or secrets.token_urlsafe(12)
    resp = JSONResponse(await import_(raw, owner), status_code=201)
    if cookie is None:
        set_browser(request, resp, owner)
    return resp


def export_file(raw: bytes, cid: str, name: str) -> Response:
    """The export file as a download, named ``{name}-{id}.json`` (the id made safe)."""
    safe = re.sub(r"[^A-Za-z0-9_-]", "_", cid)
    return Response(raw, media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="{name}-{safe}.json"'})
