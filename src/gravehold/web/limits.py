"""What one server takes from its clients, and the middleware that holds it to that.

Every limit is a field of :class:`Limits` with its default, and an option of
``gravehold serve`` of the same name (README, "Limits"). A client is a remote address:
the connection's own, or behind a reverse proxy the operator named (``--trusted-proxy``)
the address that proxy reports (:class:`ClientAddress`).
"""

from __future__ import annotations

import ipaddress
import json
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, fields

from starlette.types import ASGIApp, Message, Receive, Scope, Send


@dataclass(frozen=True)
class Limits:
    #: Bytes in one request body or one WebSocket message; a game form or an action is
    #: well under 1 KB, so this only ever stops abuse.
    max_body: int = 64 * 1024
    #: Sockets open on one game at a time (its seats and its spectators).
    sockets_per_game: int = 64
    #: Sockets one client address holds at a time, over all games.
    sockets_per_client: int = 32
    #: Games one client address may create in any 60 seconds.
    games_per_minute: int = 30
    #: Games kept in memory. Over it, finished games and then the least recently used
    #: ones are evicted (they reload from the database when next asked for); a game with a
    #: socket open or a bot to move stays, so this is a soft cap.
    live_games: int = 200
    #: State frames waiting to go to one socket. A client that falls further behind is
    #: dropped; the board reconnects and starts again from a full snapshot.
    send_queue: int = 32
    #: Bytes in one uploaded record file (the replay viewer): a long game's record is some
    #: 60 bytes a decision, so this holds games of tens of thousands of decisions.
    max_record: int = 2 * 1024 * 1024

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if type(v) is not int or v < 1:
                raise ValueError(f"{f.name}: must be a whole number of at least 1, got {v!r}")


class RateLimit:
    """At most ``limit`` hits per key in any ``window`` seconds (a sliding window).

    Memory stays bounded: a key's old hits are dropped on each hit, and keys with none
    left are forgotten once there are many.
    """

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit, self.window = limit, window
        self.hits: dict[str, deque[float]] = {}

    def hit(self, key: str, now: float | None = None) -> float:
        """Count a hit and return 0; or, over the limit, count nothing and return the
        seconds until the next hit is allowed."""
        now = time.monotonic() if now is None else now
        q = self.hits.setdefault(key, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        if len(q) >= self.limit:
            return q[0] + self.window - now
        q.append(now)
        if len(self.hits) > 10_000:
            self.hits = {k: v for k, v in self.hits.items() if v and v[-1] > now - self.window}
        return 0.0


def _json_error(status: int, message: str, headers: list[tuple[bytes, bytes]] | None = None) -> list[Message]:
    body = json.dumps({"error": message}).encode()
    head = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"connection", b"close"), *(headers or [])]
    return [{"type": "http.response.start", "status": status, "headers": head},
            {"type": "http.response.body", "body": body}]


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Refuse a request body over ``max_bytes`` with a 413: at once when its
    Content-Length says so, else as soon as the bytes received pass the limit (a chunked
    body), so no more of it is read. ``larger`` gives the paths (an upload) that take
    more, and how much."""

    def __init__(self, app: ASGIApp, max_bytes: int, larger: dict[str, int] | None = None) -> None:
        self.app, self.max_bytes, self.larger = app, max_bytes, larger or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(str(scope.get("path", "")), self.max_bytes)
        message = f"the request body is over the limit of {limit} bytes"
        for k, v in scope["headers"]:
            if k == b"content-length" and (not v.isdigit() or int(v) > limit):
                for m in _json_error(413 if v.isdigit() else 400,
                                     message if v.isdigit() else "Content-Length must be a number of bytes"):
                    await send(m)
                return
        seen = 0
        started = False

        async def limited() -> Message:
            nonlocal seen
            m = await receive()
            if m["type"] == "http.request":
                seen += len(m.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return m

        async def watch(m: Message) -> None:
            nonlocal started
            started = started or m["type"] == "http.response.start"
            await send(m)

        try:
            await self.app(scope, limited, watch)
        except _TooLarge:
            if not started:
                for m in _json_error(413, message):
                    await send(m)


#: The policy of every page. Scripts and styles come from /static only: the pages have no
#: inline script, style or event attribute (tests/frontends/test_web_hardening.py checks).
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
#: FastAPI's API explorer (/docs, /redoc) loads its script from a CDN and starts it inline;
#: those pages hold no game data, so they get a policy that lets them work.
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
            "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
            "object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
DOCS = ("/docs", "/redoc")


class SecurityHeaders:
    """Add the CSP and the other hardening headers to every HTTP response.

    ``Referrer-Policy: no-referrer`` matters most: a board's URL holds its seat token,
    which a Referer header would hand to any site the page links to.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_CSP if str(scope.get("path", "")).startswith(DOCS) else CSP

        async def with_headers(m: Message) -> None:
            if m["type"] == "http.response.start":
                m = {**m, "headers": [*m.get("headers", []),
                                      (b"content-security-policy", policy.encode()),
                                      (b"x-content-type-options", b"nosniff"),
                                      (b"x-frame-options", b"DENY"),
                                      (b"referrer-policy", b"no-referrer")]}
            await send(m)

        await self.app(scope, receive, with_headers)


Network = ipaddress.IPv4Network | ipaddress.IPv6Network
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def proxy_networks(items: Iterable[str]) -> tuple[Network, ...]:
    """The trusted proxies as networks: each item an address (``127.0.0.1``, ``::1``) or a
    network (``10.0.0.0/8``), several to an item if comma-separated. A ValueError names the
    first item that is neither (a host name is refused: what it resolves to can change)."""
    out: list[Network] = []
    for item in items:
        for part in (x.strip() for x in item.split(",")):
            if not part:
                continue
            try:
                out.append(ipaddress.ip_network(part))
            except ValueError:
                raise ValueError(f"{part!r} is not an IP address or network (e.g. 127.0.0.1 or "
                                 "10.0.0.0/8)") from None
    return tuple(out)


def _ip(text: str) -> IPAddress | None:
    """The address of one X-Forwarded-For entry (``[::1]:80`` and ``1.2.3.4:80`` lose
    their port; an IPv4 address mapped into IPv6 is the IPv4 one), or None."""
    text = text.strip()
    if text.startswith("[") and "]" in text:
        text = text[1:text.index("]")]
    elif text.count(":") == 1:
        text = text.split(":")[0]
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    return ip


class ClientAddress:
    """Make ``scope["client"]`` the client's address, the one every per-client limit and
    the cookie's ``Secure`` go by (``deps.address``).

    With no proxy named, that is the connection's address, whatever headers say: a header
    can be written by anyone, a local process too. From a named proxy, it is the right-most
    address in ``X-Forwarded-For`` that is not itself a named proxy: the hop the proxy
    appended, not what the client claimed before it (a client can write the left part
    of the header, never the right). That proxy's ``X-Forwarded-Proto`` gives the scheme.
    """

    def __init__(self, app: ASGIApp, proxies: Iterable[str] = ()) -> None:
        self.app, self.proxies = app, proxy_networks(proxies)

    def trusted(self, ip: IPAddress | None) -> bool:
        return ip is not None and any(ip in net for net in self.proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        peer = scope.get("client")
        if scope["type"] in ("http", "websocket") and self.proxies and peer and self.trusted(_ip(peer[0])):
            scope = dict(scope)
            forwarded = ",".join(v.decode("latin-1") for k, v in scope["headers"] if k == b"x-forwarded-for")
            hops = [_ip(x) for x in forwarded.split(",")] if forwarded.strip() else []
            client = next((ip for ip in reversed(hops) if not self.trusted(ip)), hops[0] if hops else None)
            if client is not None:
                scope["client"] = (str(client), 0)
            proto = [v.decode("latin-1") for k, v in scope["headers"] if k == b"x-forwarded-proto"]
            scheme = proto[-1].split(",")[-1].strip().lower() if proto else ""
            if scheme in ("http", "https"):
                scope["scheme"] = scheme.replace("http", "ws") if scope["type"] == "websocket" else scheme
        await self.app(scope, receive, send)
