"""The web server: FastAPI routes, a WebSocket per browser, and the two pages.

Pages: ``/`` (set up a game, list this browser's games) and ``/g/{id}?t=TOKEN`` (the
board, as the seat that token holds, or as a spectator). The JSON API under ``/api``
is what the pages use, and what scripts and tests use too.

Everything a client sends is checked at this edge (``forms``): a malformed request is a
4xx naming the field, a malformed socket message an error frame, never a 500.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping
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
from .forms import Refused, clip, game_form, parse_json, token
from .hub import Hub, content_texts

STATIC = Path(__file__).parent / "static"
COOKIE = "gravehold_browser"


class ClientFaults(logging.Filter):
    """uvicorn logs a text frame that is not UTF-8 with a traceback (then closes the socket
    with 1007, which is all it takes): a client's fault, so one warning line is enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.getMessage().startswith("Invalid UTF-8 sequence received from client"):
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def create_app(db_url: str | None = None, bot_delay: float = 0.6) -> FastAPI:
    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFaults) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(ClientFaults())
    app = FastAPI(title="gravehold", version="1")
    store = Store(db_url)
    hub = Hub(store, bot_delay)
    app.state.hub = hub
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(Refused)
    async def _refused(_req: Request, e: Refused) -> JSONResponse:
        return JSONResponse({"error": clip(str(e))}, status_code=e.status)

    @app.exception_handler(GraveholdError)
    async def _bad(_req: Request, e: GraveholdError) -> JSONResponse:
        return JSONResponse({"error": clip(str(e))}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_req: Request, e: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": "malformed request", "detail": clip(str(e), 300)}, status_code=422)

    def browser(request: Request, response: Response | None = None) -> str:
        bid = request.cookies.get(COOKIE)
        if not bid:
            bid = secrets.token_urlsafe(12)
            if response is not None:
                response.set_cookie(COOKIE, bid, max_age=10 * 365 * 24 * 3600, samesite="lax")
        return bid

    async def body(request: Request) -> dict[str, Any]:
        return parse_json(await request.body())

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
        raw = await body(request)
        form = game_form(raw)
        owner = request.cookies.get(COOKIE) or str(raw.get("browser") or "")
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
            raise Refused(403, "t: this link does not belong to this game")
        return hub.payload(live, seat)

    @app.post("/api/games/{gid}/actions")
    async def api_act(gid: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        return await hub.act(gid, token(data.get("token")), data.get("seq"), data.get("action"))

    @app.post("/api/games/{gid}/undo")
    async def api_undo(gid: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        return await hub.undo(gid, token(data.get("token")), data.get("seq"))

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
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                error = await handle(msg, gid, t)
                if error is not None:
                    await websocket.send_json(error)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            live.clients.discard(client)

    async def handle(msg: Mapping[str, Any], gid: str, t: str | None) -> dict[str, Any] | None:
        """One message: an action, or ``{"type": "undo"}``; a refusal is an error frame."""
        try:
            text = msg.get("text")
            if not isinstance(text, str):
                raise Refused(400, "send text frames holding a JSON object, not binary ones")
            data = parse_json(text, "the message")
            kind = data.get("type", "action")
            if kind == "undo":
                await hub.undo(gid, t, data.get("seq"))
            elif kind == "action":
                await hub.act(gid, t, data.get("seq"), data.get("action"))
            else:
                raise Refused(422, 'type: must be "undo", or "action" (the default)')
        except (Refused, GraveholdError) as e:
            return {"type": "error", "error": clip(str(e)), "status": getattr(e, "status", 422)}
        return None

    return app
