"""The web server: FastAPI routes, a WebSocket per browser, and the two pages.

Pages: ``/`` (set up a game, list this browser's games) and ``/g/{id}?t=TOKEN`` (the
board, as the seat that token holds, or as a spectator). The JSON API under ``/api``
is what the pages use, and what scripts and tests use too.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from .. import catalog
from ..agents import AGENTS
from ..engine.decisions import vocabulary
from ..engine.ruleset import PRESETS
from ..engine.setup import DIFFICULTIES
from ..errors import GraveholdError
from ..storage.saves import Store
from .hub import Hub, Refused, content_texts

STATIC = Path(__file__).parent / "static"
COOKIE = "gravehold_browser"


def create_app(db_url: str | None = None, bot_delay: float = 0.6) -> FastAPI:
    app = FastAPI(title="gravehold", version="1")
    store = Store(db_url)
    hub = Hub(store, bot_delay)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(Refused)
    async def _refused(_req: Request, e: Refused) -> JSONResponse:
        return JSONResponse({"error": str(e)}, status_code=e.status)

    @app.exception_handler(GraveholdError)
    async def _bad(_req: Request, e: GraveholdError) -> JSONResponse:
        return JSONResponse({"error": str(e)}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_req: Request, e: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": "malformed request", "detail": str(e)}, status_code=422)

    def browser(request: Request, response: Response | None = None) -> str:
        bid = request.cookies.get(COOKIE)
        if not bid:
            bid = secrets.token_urlsafe(12)
            if response is not None:
                response.set_cookie(COOKIE, bid, max_age=10 * 365 * 24 * 3600, samesite="lax")
        return bid

    async def body(request: Request) -> dict[str, Any]:
        try:
            data = await request.json()
        except Exception:
            raise Refused(400, "the request body must be a JSON object") from None
        if not isinstance(data, dict):
            raise Refused(400, "the request body must be a JSON object")
        return data

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def index(request: Request) -> Response:
        resp = FileResponse(STATIC / "index.html")
        browser(request, resp)
        return resp

    @app.get("/g/{gid}", include_in_schema=False)
    async def board(gid: str, request: Request) -> Response:
        await hub.get(gid)  # 404 for a game that does not exist
        resp = FileResponse(STATIC / "board.html")
        browser(request, resp)
        return resp

    # -------------------------------------------------------------------- API
    @app.get("/api/content")
    async def api_content() -> dict[str, Any]:
        return {
            "mages": catalog.mages(), "nemeses": catalog.nemeses(), "markets": catalog.markets(),
            "supply": catalog.cards(), "difficulties": list(DIFFICULTIES), "rulesets": sorted(PRESETS),
            "agents": sorted(AGENTS), **content_texts(),
        }

    @app.get("/api/vocabulary")
    async def api_vocabulary() -> dict[str, Any]:
        """Every decision kind and action head (engine/decisions.py); the board places by it."""
        return vocabulary()

    @app.post("/api/games", status_code=201)
    async def api_create(request: Request) -> JSONResponse:
        form = await body(request)
        owner = request.cookies.get(COOKIE) or str(form.get("browser") or "")
        live, links = hub.create(form, owner)
        hub.kick_bots(live)
        resp = JSONResponse(links, status_code=201)
        if not request.cookies.get(COOKIE) and owner:
            resp.set_cookie(COOKIE, owner, max_age=10 * 365 * 24 * 3600, samesite="lax")
        return resp

    @app.get("/api/games")
    async def api_list(request: Request) -> dict[str, Any]:
        owner = request.cookies.get(COOKIE)
        if not owner:
            return {"games": []}
        rows = store.list(owner)
        out = []
        for r in rows:
            import json as _json

            seats = _json.loads(r.seats)
            out.append({"id": r.id, "title": r.title, "status": r.status, "result": r.result,
                        "updated": r.updated_at.isoformat(), "decisions": r.seq,
                        "links": [f"/g/{r.id}?t={s['token']}" for s in seats if s.get("token")],
                        "spectator": f"/g/{r.id}?t={r.spectator}"})
        return {"games": out}

    @app.get("/api/games/{gid}")
    async def api_state(gid: str, t: str | None = None) -> dict[str, Any]:
        live = await hub.get(gid)
        seat = live.seat_of(t)
        if seat is None:
            raise Refused(403, "this link does not belong to this game")
        return hub.payload(live, seat)

    @app.post("/api/games/{gid}/actions")
    async def api_act(gid: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        return await hub.act(gid, data.get("token"), data.get("seq"), data.get("action"))

    @app.post("/api/games/{gid}/undo")
    async def api_undo(gid: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        return await hub.undo(gid, data.get("token"), data.get("seq"))

    @app.websocket("/ws/{gid}")
    async def ws(websocket: WebSocket, gid: str, t: str | None = None) -> None:
        await websocket.accept()  # accept first, so the browser sees our close code and reason
        try:
            live = await hub.get(gid)
        except Refused:
            await websocket.close(code=4404, reason="no such game")
            return
        seat = live.seat_of(t)
        if seat is None:
            await websocket.close(code=4403, reason="this link does not belong to this game")
            return
        client = (websocket, seat)
        live.clients.add(client)
        try:
            await websocket.send_json(hub.payload(live, seat))
            hub.kick_bots(live)
            while True:
                msg = await websocket.receive_json()
                if not isinstance(msg, dict):
                    await websocket.send_json({"type": "error", "error": "send a JSON object"})
                    continue
                try:
                    if msg.get("type") == "undo":
                        await hub.undo(gid, t, msg.get("seq"))
                    else:
                        await hub.act(gid, t, msg.get("seq"), msg.get("action"))
                except (Refused, GraveholdError) as e:
                    await websocket.send_json({"type": "error", "error": str(e),
                                               "status": getattr(e, "status", 422)})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            live.clients.discard(client)

    return app
