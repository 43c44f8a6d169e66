"""Error replies a person can read: an HTML page for a browser, JSON for everyone else.

A browser that follows a bad link (a game that does not exist, a replay not over yet)
asks for ``text/html`` and gets a page saying what is wrong and where to go. The API
(``/api``, ``/ws``) always answers in JSON, as do clients that do not ask for HTML, so
scripts keep reading ``{"error": ...}`` whatever they send as Accept.
"""

from __future__ import annotations

from html import escape

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

#: The heading of each error page, by status.
HEADINGS = {400: "That request cannot be read", 403: "This link may not do that", 404: "Not found",
            405: "Not here", 409: "Not yet", 413: "Too large", 422: "That request cannot be used",
            429: "Too many requests"}
#: Paths that are the API: never an HTML page, whatever the Accept header says.
API = ("/api/", "/ws/")


def wants_html(request: Request) -> bool:
    """A browser's page request: outside the API, and asking for HTML first or at all."""
    if request.url.path.startswith(API):
        return False
    return "text/html" in request.headers.get("accept", "")


def page(status: int, message: str) -> HTMLResponse:
    """The error page: the heading for ``status``, the message, and the ways on."""
    heading = HEADINGS.get(status, "Something went wrong")
    body = f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>gravehold — {escape(heading.lower())}</title>
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/static/style.css">
</head>
<body>
<header><h1><a href="/">gravehold</a></h1></header>
<main class="single">
<div class="panel error-page" id="error">
  <h2>{escape(heading)} <span class="sub">({status})</span></h2>
  <p id="error-message">{escape(message)}</p>
  <p><a href="/">Set up a new game, or resume one of yours</a></p>
</div>
</main>
</body>
</html>
"""
    return HTMLResponse(body, status_code=status)


def error(request: Request, status: int, message: str, headers: dict[str, str] | None = None,
          extra: dict[str, str] | None = None) -> Response:
    """The error reply ``request`` asked for: the page, or ``{"error": message, ...}``."""
    if wants_html(request):
        resp: Response = page(status, message)
        for k, v in (headers or {}).items():
            resp.headers[k] = v
        return resp
    return JSONResponse({"error": message, **(extra or {})}, status_code=status, headers=headers)
