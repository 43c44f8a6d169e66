"""The web server: ``create_app`` assembles the routers (``routers``), their shared
dependencies (``deps``), the middleware and the error replies.

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
Each resource's routes live in a router module of their own and take what they share
from ``app.state`` through FastAPI dependencies, so this module only builds and assembles.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from ..errors import GraveholdError
from ..storage.saves import Store
from .deps import Cap
from .expeditions import Desk
from .forms import Refused, clip
from .hub import Hub
from .legacy import LegacyDesk
from .limits import BodyLimit, ClientAddress, Limits, SecurityHeaders, proxy_networks
from .pages import error
from .replays import Replays
from .routers import challenge, expeditions, games, legacy, pages, replays, rules, ws
from .routers.expeditions import IMPORT
from .routers.legacy import IMPORT as CAMPAIGN_IMPORT
from .routers.legacy import NEW as CAMPAIGN_NEW
from .routers.legacy import SCRIPTS as CAMPAIGN_SCRIPTS
from .routers.pages import STATIC
from .routers.replays import UPLOAD


class ClientFaults(logging.Filter):
    """uvicorn logs a text frame that is not UTF-8 with a traceback (then closes the socket
    with 1007, which is all it takes): a client's fault, so one warning line is enough."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.getMessage().startswith("Invalid UTF-8 sequence received from client"):
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """On startup, the after-battle steps a crash left undone are applied first (so no
    expedition waits on a battle that has ended), then the bots of unfinished games go
    on (``Hub.resume_bots``)."""
    hub: Hub = app.state.hub
    await hub.recover_expeditions()
    await hub.recover_challenges()
    task = asyncio.create_task(hub.resume_bots())
    app.state.resumed = task
    yield
    task.cancel()


def create_app(db_url: str | None = None, bot_delay: float = 0.6, limits: Limits | None = None,
               trusted_proxies: Iterable[str] = ()) -> FastAPI:
    """The server. ``trusted_proxies`` are the addresses or networks of the reverse proxies
    whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed; none by default."""
    limits = limits or Limits()
    proxies = proxy_networks(trusted_proxies)
    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFaults) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(ClientFaults())
    app = FastAPI(title="gravehold", version="1", lifespan=lifespan)
    app.state.store = store = Store(db_url)
    app.state.hub = hub = Hub(store, bot_delay, limits)
    app.state.replays = Replays(store)
    app.state.desk = Desk(hub)
    app.state.legacy = LegacyDesk(hub)
    app.state.limits = limits
    app.state.games_cap = Cap("games", limits.games_per_minute)  # new games and rematches
    app.state.expeditions_cap = Cap("expeditions", limits.games_per_minute)  # new and imported
    app.state.campaigns_cap = Cap("campaigns", limits.games_per_minute)  # new and imported Legacy campaigns
    app.state.trusted_proxies = proxies
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, max_bytes=limits.max_body, larger={UPLOAD: limits.max_record,
                                                                     IMPORT: limits.max_record,
                                                                     CAMPAIGN_NEW: limits.max_record,
                                                                     CAMPAIGN_IMPORT: limits.max_record,
                                                                     CAMPAIGN_SCRIPTS: limits.max_record})
    app.add_middleware(SecurityHeaders)  # outermost but one, so even a 413 carries the headers
    app.add_middleware(ClientAddress, proxies=[str(p) for p in proxies])  # who the client is, before all else

    @app.exception_handler(Refused)
    async def _refused(req: Request, e: Refused) -> Response:
        return error(req, e.status, clip(str(e)), e.headers, extra={"field": e.field} if e.field else None)

    @app.exception_handler(GraveholdError)
    async def _bad(req: Request, e: GraveholdError) -> Response:
        field = getattr(e, "field", None)  # a SetupError that knows the form's field at fault
        return error(req, 422, clip(str(e)), extra={"field": field} if field else None)

    @app.exception_handler(RequestValidationError)
    async def _invalid(req: Request, e: RequestValidationError) -> Response:
        return error(req, 422, "malformed request", extra={"detail": clip(str(e), 300)})

    @app.exception_handler(HTTPException)
    async def _http(req: Request, e: HTTPException) -> Response:
        """A path that is no page (404) or a method it does not take (405)."""
        what = {404: f"there is no page {clip(req.url.path, 80)}", 405: f"{req.method} is not taken here"}
        return error(req, e.status_code, what.get(e.status_code, str(e.detail)), dict(e.headers or {}),
                     extra={"detail": str(e.detail)})

    for router in (pages.router, games.router, expeditions.router, legacy.router, replays.router, ws.router,
                   rules.router, challenge.router):
        app.include_router(router)
    return app
