"""What the routers share, as FastAPI dependencies: the hub, the store, the expedition
desk, the replays, the limits and caps, the client's address and the browser's cookie.

``create_app`` builds each once and keeps it on ``app.state``; a route asks for what it
needs (``hub: HubDep``) and FastAPI reads it from the request's app, so a router holds no
server of its own and the same routes serve every app built.
"""

from __future__ import annotations

import math
import secrets
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from ..engine.shapes import Doc
from ..storage.saves import Store
from .expeditions import Desk
from .forms import Refused, browser_id, parse_json
from .hub import Hub
from .legacy import LegacyDesk
from .limits import Limits, RateLimit
from .replays import Replays

COOKIE = "gravehold_browser"


def address(conn: HTTPConnection) -> str:
    """The client's address, as ``ClientAddress`` settled it: the connection's, or behind a
    proxy the operator named, the one that proxy reports. Every per-client limit goes by it."""
    return conn.client.host if conn.client else "unknown"


class Cap:
    """At most ``per_minute`` new ``what`` (games, expeditions) from one client address in
    any 60 seconds. Over it, the one 429 reply every cap gives: how many, and ``retry-after``."""

    def __init__(self, what: str, per_minute: int) -> None:
        self.what, self.rate = what, RateLimit(per_minute, 60.0)

    def check(self, conn: HTTPConnection) -> None:
        """Count one more from ``conn``'s address, or refuse it with the seconds to wait."""
        wait = self.rate.hit(address(conn))
        if wait:
            secs = math.ceil(wait)
            raise Refused(429, f"at most {self.rate.limit} {self.what} a minute from one address; "
                               f"try again in {secs} s", {"retry-after": str(secs)})


def _hub(conn: HTTPConnection) -> Hub:
    hub: Hub = conn.app.state.hub
    return hub


def _store(conn: HTTPConnection) -> Store:
    store: Store = conn.app.state.store
    return store


def _desk(conn: HTTPConnection) -> Desk:
    desk: Desk = conn.app.state.desk
    return desk


def _legacy(conn: HTTPConnection) -> LegacyDesk:
    desk: LegacyDesk = conn.app.state.legacy
    return desk


def _replays(conn: HTTPConnection) -> Replays:
    replays: Replays = conn.app.state.replays
    return replays


def _limits(conn: HTTPConnection) -> Limits:
    limits: Limits = conn.app.state.limits
    return limits


def _games_cap(conn: HTTPConnection) -> Cap:
    cap: Cap = conn.app.state.games_cap
    return cap


def _expeditions_cap(conn: HTTPConnection) -> Cap:
    cap: Cap = conn.app.state.expeditions_cap
    return cap


def _campaigns_cap(conn: HTTPConnection) -> Cap:
    cap: Cap = conn.app.state.campaigns_cap
    return cap


def _owner(conn: HTTPConnection) -> str | None:
    return browser_id(conn.cookies.get(COOKIE))


async def _body(request: Request) -> Doc:
    return parse_json(await request.body())  # a body over the limit never gets here (BodyLimit)


HubDep = Annotated[Hub, Depends(_hub)]
StoreDep = Annotated[Store, Depends(_store)]
DeskDep = Annotated[Desk, Depends(_desk)]
LegacyDep = Annotated[LegacyDesk, Depends(_legacy)]
ReplaysDep = Annotated[Replays, Depends(_replays)]
LimitsDep = Annotated[Limits, Depends(_limits)]
#: New games (and rematches) from one address.
GamesCap = Annotated[Cap, Depends(_games_cap)]
#: New and imported expeditions from one address.
ExpeditionsCap = Annotated[Cap, Depends(_expeditions_cap)]
#: New and imported Legacy campaigns from one address.
CampaignsCap = Annotated[Cap, Depends(_campaigns_cap)]
#: The browser id of the request's cookie, if it holds one we would have set.
Owner = Annotated[str | None, Depends(_owner)]
#: The request's body as a JSON object (``forms.parse_json``).
JsonBody = Annotated[Doc, Depends(_body)]


def set_browser(request: Request, response: Response, bid: str) -> None:
    """The browser cookie unlocks every seat link of its games (``/api/games``): no
    script may read it, no fetch or form post from another site carries it, and over
    HTTPS (also behind a proxy that says so) it never travels in clear."""
    response.set_cookie(COOKIE, bid, max_age=10 * 365 * 24 * 3600, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")


def browser(request: Request, response: Response) -> str:
    """The request's browser id; one not set yet (or not one we would have set) is made
    and set on ``response``."""
    bid = browser_id(request.cookies.get(COOKIE))
    if bid is None:
        bid = secrets.token_urlsafe(12)
        set_browser(request, response, bid)
    return bid
