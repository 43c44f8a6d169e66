"""The web server: FastAPI routes, a WebSocket per browser, and the pages.

Pages: ``/`` (set up a game or an expedition, list this browser's, open a record),
``/g/{id}?t=TOKEN`` (the board, as the seat that token holds, or as a spectator),
``/x/{id}[?t=TOKEN]`` (an expedition; its token makes the group's choices) and
``/replay/{id}`` (a finished game or an uploaded record, step by step). An expedition
(``/api/expeditions``, ``expeditions``) is a run of battles, each an ordinary game of the
hub. The JSON API under ``/api`` is what
the pages use, and what scripts and tests use too. A browser that follows a bad link
gets an HTML page saying so; the API always answers in JSON (``pages``).

Everything a client sends is checked at this edge (``forms``) and held to the server's
``Limits``; every response carries the security headers (``limits.SecurityHeaders``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
import secrets
from collections.abc import AsyncIterator, Iterable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from .. import catalog
from ..agents import AGENTS
from ..content.words import check as check_words
from ..engine.decisions import vocabulary
from ..engine.ruleset import PRESETS
from ..engine.setup import DIFFICULTIES, MARKET_SHAPE
from ..errors import GraveholdError
from ..storage.saves import NotFound, Store
from .expedition_forms import expedition_form
from .expeditions import Desk
from .forms import Refused, browser_id, clip, game_form, message, parse_json, token, whole
from .hub import Client, Hub, LiveGame, content_texts, frame
from .limits import BodyLimit, ClientAddress, Limits, RateLimit, SecurityHeaders, proxy_networks
from .pages import error
from .replays import Replays

STATIC = Path(__file__).parent / "static"
#: Where a record file is uploaded for the replay viewer: its bodies may be larger.
UPLOAD = "/api/replays"
#: Where an expedition's export file is uploaded: as large as a record may be.
IMPORT = "/api/expeditions/import"
COOKIE = "gravehold_browser"
#: A socket dropped for falling behind: the board reconnects and gets a full snapshot.
BEHIND = 4408
#: A socket over the limits: the board waits longer before it tries again.
TOO_MANY = 4429


def address(conn: Request | WebSocket) -> str:
    """The client's address, as ``ClientAddress`` settled it: the connection's, or behind a
    proxy the operator named, the one that proxy reports. Every per-client limit goes by it."""
    return conn.client.host if conn.client else "unknown"


def quiet(task: asyncio.Task[Any]) -> asyncio.Task[Any]:
    """``task``, whose exception (a socket that closed under it) is expected and read."""
    task.add_done_callback(lambda t: t.cancelled() or t.exception())
    return task


class ClientFaults(logging.Filter):
    """uvicorn logs a text frame that is not UTF-8 with a traceback (then closes the socket
    with 1007, which is all it takes): a client's fault, so one warning line is enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.getMessage().startswith("Invalid UTF-8 sequence received from client"):
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def create_app(db_url: str | None = None, bot_delay: float = 0.6, limits: Limits | None = None,
               trusted_proxies: Iterable[str] = ()) -> FastAPI:
    """The server. ``trusted_proxies`` are the addresses or networks of the reverse proxies
    whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed; none by default."""
    limits = limits or Limits()
    proxies = proxy_networks(trusted_proxies)
    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFaults) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(ClientFaults())
    store = Store(db_url)
    hub = Hub(store, bot_delay, limits)
    replays = Replays(store)
    desk = Desk(hub)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        """On startup, the after-battle steps a crash left undone are applied first (so no
        expedition waits on a battle that has ended), then the bots of unfinished games go
        on (``Hub.resume_bots``)."""
        await hub.recover_expeditions()
        task = asyncio.create_task(hub.resume_bots())
        app.state.resumed = task
        yield
        task.cancel()

    app = FastAPI(title="gravehold", version="1", lifespan=lifespan)
    creating = RateLimit(limits.games_per_minute, 60.0)
    setting_out = RateLimit(limits.games_per_minute, 60.0)  # new and imported expeditions
    app.state.hub = hub
    app.state.replays = replays
    app.state.trusted_proxies = proxies
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, max_bytes=limits.max_body, larger={UPLOAD: limits.max_record,
                                                                     IMPORT: limits.max_record})
    app.add_middleware(SecurityHeaders)  # outermost but one, so even a 413 carries the headers
    app.add_middleware(ClientAddress, proxies=[str(p) for p in proxies])  # who the client is, before all else

    @app.exception_handler(Refused)
    async def _refused(req: Request, e: Refused) -> Response:
        return error(req, e.status, clip(str(e)), e.headers)

    @app.exception_handler(GraveholdError)
    async def _bad(req: Request, e: GraveholdError) -> Response:
        return error(req, 422, clip(str(e)))

    @app.exception_handler(RequestValidationError)
    async def _invalid(req: Request, e: RequestValidationError) -> Response:
        return error(req, 422, "malformed request", extra={"detail": clip(str(e), 300)})

    @app.exception_handler(HTTPException)
    async def _http(req: Request, e: HTTPException) -> Response:
        """A path that is no page (404) or a method it does not take (405)."""
        what = {404: f"there is no page {clip(req.url.path, 80)}", 405: f"{req.method} is not taken here"}
        return error(req, e.status_code, what.get(e.status_code, str(e.detail)), dict(e.headers or {}),
                     extra={"detail": str(e.detail)})

    def set_browser(request: Request, response: Response, bid: str) -> None:
        """The browser cookie unlocks every seat link of its games (``/api/games``): no
        script may read it, no fetch or form post from another site carries it, and over
        HTTPS (also behind a proxy that says so) it never travels in clear."""
        response.set_cookie(COOKIE, bid, max_age=10 * 365 * 24 * 3600, httponly=True, samesite="lax",
                            secure=request.url.scheme == "https")

    def browser(request: Request, response: Response) -> str:
        bid = browser_id(request.cookies.get(COOKIE))
        if bid is None:  # none yet, or not one we would have set: a new one
            bid = secrets.token_urlsafe(12)
            set_browser(request, response, bid)
        return bid

    async def body(request: Request) -> dict[str, Any]:
        return parse_json(await request.body())  # a body over the limit never gets here (BodyLimit)

    # ------------------------------------------------------------------ pages
    @app.get("/", include_in_schema=False)
    async def index(request: Request) -> Response:
        resp = FileResponse(STATIC / "index.html")
        browser(request, resp)
        return resp

    @app.get("/g/{gid}", include_in_schema=False)
    async def board(gid: str, request: Request) -> Response:
        try:
            await hub.get(gid)
        except Refused:
            raise Refused(404, f"There is no game {clip(gid, 40)}: the link may be cut short or mistyped, "
                               "or the game is in another server's database.") from None
        resp = FileResponse(STATIC / "board.html")
        browser(request, resp)
        return resp

    @app.get("/x/{eid}", include_in_schema=False)
    async def expedition_page(eid: str, request: Request) -> Response:
        """An expedition's page; with its token (``?t=``) the page may make the group's choices."""
        try:
            await asyncio.to_thread(hub.expeditions.get, eid)
        except NotFound:
            raise Refused(404, f"There is no expedition {clip(eid, 40)}: the link may be cut short or mistyped, "
                               "or the expedition is in another server's database.") from None
        resp = FileResponse(STATIC / "expedition.html")
        browser(request, resp)
        return resp

    @app.get("/replay/{ref}", include_in_schema=False)
    async def replay_page(ref: str) -> Response:
        await asyncio.to_thread(replays.get, ref)  # a 404 or 409 page for one that cannot be shown
        return FileResponse(STATIC / "replay.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    # -------------------------------------------------------------------- API
    @app.get("/api/content")
    async def api_content(words: str = "auto") -> dict[str, Any]:
        """The catalogue and every text the boards show; ``words``: auto, classic or new-age."""
        words = check_words(words)
        return {
            "mages": catalog.mages(words=words), "nemeses": catalog.nemeses(words=words),
            "markets": catalog.markets(), "boxes": catalog.boxes(),
            # what a market may hold
            "supply": [c for c in catalog.cards(words=words) if c["type"] in MARKET_SHAPE],
            "difficulties": list(DIFFICULTIES), "rulesets": sorted(PRESETS),
            "agents": sorted(AGENTS), **content_texts(words),
        }

    @app.get("/api/vocabulary")
    async def api_vocabulary() -> dict[str, Any]:
        """Every decision kind and action head (engine/decisions.py); the board places by it."""
        return vocabulary()

    @app.post("/api/games", status_code=201)
    async def api_create(request: Request) -> JSONResponse:
        raw = await body(request)
        cookie = browser_id(request.cookies.get(COOKIE))
        given = raw.get("browser")
        if cookie is None and given is not None and browser_id(given) is None:
            raise Refused(422, "browser: must be 1 to 64 letters, digits, '-' or '_'")
        form = game_form(raw)
        wait = creating.hit(address(request))
        if wait:
            raise Refused(429, f"at most {limits.games_per_minute} games a minute from one address; "
                               f"try again in {math.ceil(wait)} s", {"retry-after": str(math.ceil(wait))})
        owner = cookie or (given if isinstance(given, str) else "")
        live, links = hub.create(form, owner)
        hub.kick_bots(live)
        resp = JSONResponse(links, status_code=201)
        if cookie is None and owner:
            set_browser(request, resp, owner)
        return resp

    @app.get("/api/games")
    async def api_list(request: Request, offset: str | None = None, limit: str | None = None) -> dict[str, Any]:
        """This browser's games, newest first, a page at a time, with how many there are."""
        start = whole(offset, "offset", 0, 0)
        size = whole(limit, "limit", 50, 1, 200)
        owner = browser_id(request.cookies.get(COOKIE))
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

    @app.get("/api/games/{gid}")
    async def api_state(gid: str, t: str | None = None) -> dict[str, Any]:
        live = await hub.get(gid)
        seat = live.seat_of(t)
        if seat is None:
            raise Refused(403, "t: this link does not belong to this game")
        return hub.payload(live, seat)

    @app.post("/api/games/{gid}/actions")
    async def api_act(gid: str, request: Request) -> dict[str, Any]:
        msg = message(await body(request))
        return await hub.act(gid, msg.token, msg.seq, msg.action)

    @app.post("/api/games/{gid}/undo")
    async def api_undo(gid: str, request: Request) -> dict[str, Any]:
        msg = message(await body(request))
        return await hub.undo(gid, msg.token, msg.seq)

    @app.post("/api/games/{gid}/rematch", status_code=201)
    async def api_rematch(gid: str, request: Request) -> JSONResponse:
        """A seat of a finished game starts a rematch: ``{"token", "seed": "same" | "new"}``;
        the reply holds every seat's link of the new game and ``you``, the asker's own."""
        data = await body(request)
        for key in data:
            if key not in ("token", "seed"):
                raise Refused(422, f"{clip(key, 40)}: not a field of a rematch (fields: token, seed)")
        wait = creating.hit(address(request))
        if wait:
            raise Refused(429, f"at most {limits.games_per_minute} games a minute from one address; "
                               f"try again in {math.ceil(wait)} s", {"retry-after": str(math.ceil(wait))})
        cookie = browser_id(request.cookies.get(COOKIE))
        owner = cookie or secrets.token_urlsafe(12)
        links = await hub.rematch(gid, token(data.get("token")), data.get("seed", "same"), owner)
        resp = JSONResponse(links, status_code=201)
        if cookie is None:
            set_browser(request, resp, owner)
        hub.kick_bots(await hub.get(links["id"]))
        return resp

    # ------------------------------------------------------------ expeditions
    def slow_down(request: Request) -> None:
        wait = setting_out.hit(address(request))
        if wait:
            raise Refused(429, f"at most {limits.games_per_minute} expeditions a minute from one address; "
                               f"try again in {math.ceil(wait)} s", {"retry-after": str(math.ceil(wait))})

    @app.post("/api/expeditions", status_code=201)
    async def api_expedition_new(request: Request) -> JSONResponse:
        """Set out: ``{players, length?, endless?, score?, boxes?, seed?, story?, title?}``; the
        reply's ``url`` is the link that makes the group's choices, ``view`` the one that only looks."""
        raw = await body(request)
        cookie = browser_id(request.cookies.get(COOKIE))
        form = expedition_form(raw)
        if cookie is None and form.browser is not None and browser_id(form.browser) is None:
            raise Refused(422, "browser: must be 1 to 64 letters, digits, '-' or '_'")
        slow_down(request)
        owner = cookie or form.browser or ""
        resp = JSONResponse(await desk.create(form, owner), status_code=201)
        if cookie is None and owner:
            set_browser(request, resp, owner)
        return resp

    @app.get("/api/expeditions")
    async def api_expedition_list(request: Request, offset: str | None = None,
                                  limit: str | None = None) -> dict[str, Any]:
        """This browser's expeditions, most recently changed first, a page at a time."""
        start = whole(offset, "offset", 0, 0)
        size = whole(limit, "limit", 50, 1, 200)
        owner = browser_id(request.cookies.get(COOKIE))
        if owner is None:
            return {"expeditions": [], "total": 0, "offset": start, "limit": size}
        return await asyncio.to_thread(desk.listing, owner, start, size)

    @app.post(IMPORT, status_code=201)
    async def api_expedition_import(request: Request) -> JSONResponse:
        """An export file as the body: replayed whole before anything is stored."""
        raw = await request.body()
        slow_down(request)
        cookie = browser_id(request.cookies.get(COOKIE))
        owner = cookie or secrets.token_urlsafe(12)
        resp = JSONResponse(await desk.import_(raw, owner), status_code=201)
        if cookie is None:
            set_browser(request, resp, owner)
        return resp

    @app.get("/api/expeditions/{eid}")
    async def api_expedition(eid: str, t: str | None = None) -> dict[str, Any]:
        """The expedition's whole state; ``t``: its token, which adds the battle's seat links."""
        return await desk.view(eid, t)

    @app.post("/api/expeditions/{eid}/battle", status_code=201)
    async def api_expedition_battle(eid: str, request: Request) -> dict[str, Any]:
        """X-4: ``{token, version, seats: [{mage, player, tier1?, slot?, tier3?}], supply, group?,
        pile?}``; the battle's game starts at once (its bots move)."""
        return await desk.battle(eid, await body(request))

    @app.post("/api/expeditions/{eid}/support")
    async def api_expedition_support(eid: str, request: Request) -> dict[str, Any]:
        """X-8: ``{token, version, choice}`` (``null``: none); the reply is the new state."""
        return await desk.support(eid, await body(request))

    @app.post("/api/expeditions/{eid}/concede")
    async def api_expedition_concede(eid: str, request: Request) -> dict[str, Any]:
        """Give the running battle up: ``{token, version}``; it is lost (reason ``conceded``)
        and the X-8 support follows. The reply is the new state."""
        return await desk.concede(eid, await body(request))

    @app.get("/api/expeditions/{eid}/export")
    async def api_expedition_export(eid: str, t: str | None = None) -> Response:
        """The export file: the expedition, its records, and the running battle's actions.
        ``t``: the expedition's token; the file holds the seeds, so watchers may not have it."""
        raw = await desk.export(eid, t)
        safe = re.sub(r"[^A-Za-z0-9_-]", "_", eid)
        return Response(raw, media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="expedition-{safe}.json"'})

    # ---------------------------------------------------------------- replays
    @app.post(UPLOAD, status_code=201)
    async def api_upload(request: Request) -> dict[str, Any]:
        """A record file (``gravehold play --record``) as the body: checked, kept, and
        given a replay link."""
        raw = await request.body()
        r = await asyncio.to_thread(replays.upload, raw)
        return {"id": r.ref, "url": f"/replay/{r.ref}", "steps": r.steps, "title": r.title}

    @app.get("/api/replays/{ref}")
    async def api_replay(ref: str) -> dict[str, Any]:
        """A replay's size, turns, seats and outcome: a finished game's, or an upload's."""
        r = await asyncio.to_thread(replays.get, ref)
        return r.index()

    @app.get("/api/replays/{ref}/steps/{step}")
    async def api_replay_step(ref: str, step: str) -> dict[str, Any]:
        """Step ``step`` (0: the first decision) as a spectator's board frame."""
        r = await asyncio.to_thread(replays.get, ref)
        k = whole(step, "step", 0, 0, r.steps)
        return await asyncio.to_thread(r.frame, k)

    @app.websocket("/ws/{gid}")
    async def ws(websocket: WebSocket, gid: str, t: str | None = None, w: str = "auto") -> None:
        await websocket.accept()  # accept first, so the browser sees our close code and reason
        try:
            words = check_words(w)
        except GraveholdError as e:
            await websocket.close(code=4400, reason=clip(str(e), 120))
            return
        try:
            live = await hub.get(gid)
        except Refused:
            await websocket.close(code=4404, reason="no such game")
            return
        seat = live.seat_of(t)
        if seat is None:
            await websocket.close(code=4403, reason="this link does not belong to this game")
            return
        try:
            client = hub.join(live, seat, address(websocket), words)
        except Refused as e:
            await websocket.close(code=TOO_MANY, reason=clip(str(e), 120))
            return
        try:
            hub.kick_bots(live)
            await converse(websocket, live, client, t)
        finally:
            hub.leave(live, client)
        if client.dropped.is_set():  # a socket that stopped reading may never take the close frame
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(code=BEHIND, reason="too far behind: reconnect"), 1.0)

    async def converse(websocket: WebSocket, live: LiveGame, client: Client, t: str | None) -> None:
        """Send the client's queue from a task of its own while reading its messages here,
        until it closes or is dropped. A message is handled to its end before the next is
        read, so a drop never cuts an action short."""

        async def pump() -> None:
            while True:
                await websocket.send_text(await client.queue.get())

        sender = quiet(asyncio.create_task(pump()))
        dropped = quiet(asyncio.create_task(client.dropped.wait()))
        tasks = [sender, dropped]
        try:
            while True:
                recv = quiet(asyncio.create_task(websocket.receive()))
                tasks.append(recv)
                await asyncio.wait({recv, sender, dropped}, return_when=asyncio.FIRST_COMPLETED)
                if not recv.done() or recv.cancelled() or recv.exception() is not None:
                    break  # dropped, the sender failed (a closed socket), or the client is gone
                tasks.pop()
                msg = recv.result()
                if msg["type"] == "websocket.disconnect":
                    break
                await handle(msg, live, client, t)
        finally:
            for x in tasks:
                x.cancel()
            await asyncio.wait(tasks)  # not gather: a cancel of this task must stay its own

    async def handle(msg: Mapping[str, Any], live: LiveGame, client: Client, t: str | None) -> None:
        """One message: an action, or ``{"type": "undo"}``. A refusal is an error frame."""
        try:
            text = msg.get("text")
            if not isinstance(text, str):
                raise Refused(400, "send text frames holding a JSON object, not binary ones")
            if len(text) > limits.max_body:
                raise Refused(413, f"the message is over the limit of {limits.max_body} bytes")
            got = message(parse_json(text, "the message"))
            if got.type == "undo":
                await hub.undo(live.id, t, got.seq)
            else:
                await hub.act(live.id, t, got.seq, got.action)
        except (Refused, GraveholdError) as e:  # a full queue drops the client: converse() sees it
            client.offer(frame({"type": "error", "error": clip(str(e)), "status": getattr(e, "status", 422)}))

    return app
