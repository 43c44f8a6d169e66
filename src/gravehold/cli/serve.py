"""``gravehold serve`` and ``gravehold replay --web``, and what they check before they
print their address.

A server that prints "gravehold on http://..." and then dies on a bad database URL or a
busy port tells its user the wrong thing, with a traceback. So the database is opened and
the port tried first; each failure is one sentence naming the option at fault.
"""

from __future__ import annotations

import errno
import socket
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import GraveholdError
from .common import MAX_BYTES, MAX_COUNT, bot_delay_option, console, fail, port_option

if TYPE_CHECKING:
    from fastapi import FastAPI

    from ..web.limits import Limits


def shown_url(url: str) -> str:
    """The URL as it may be printed: any password replaced by ``***``."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def check_database_url(url: str) -> None:
    """Refuse a URL SQLAlchemy cannot read, a database kind or driver that is missing, and a
    SQLite file in a folder that does not exist (SQLite would only say "unable to open")."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    example = "e.g. sqlite:///games.db or postgresql+psycopg://user@host/gravehold"
    try:
        u = make_url(url)
    except ArgumentError:
        raise GraveholdError(f"--db {url!r}: not a database URL ({example})") from None
    try:
        dialect = u.get_dialect()
    except NoSuchModuleError:
        raise GraveholdError(f"--db {shown_url(url)}: unknown database kind {u.drivername!r} ({example})") from None
    try:
        dialect.import_dbapi()
    except ImportError as e:
        raise GraveholdError(f"--db {shown_url(url)}: the {u.drivername} driver is not installed "
                             f"(no module {e.name!r}; pip install it)") from None
    if u.get_backend_name() == "sqlite" and u.database and u.database != ":memory:" \
            and not u.database.startswith("file:"):
        folder = Path(u.database).expanduser().parent
        if not folder.is_dir():
            raise GraveholdError(f"--db {shown_url(url)}: the folder {folder} does not exist")


def database_error(url: str, e: Exception) -> GraveholdError:
    """A database that would not open (refused connection, read-only file...), in one line."""
    reason = str(getattr(e, "orig", None) or e).strip().splitlines()
    return GraveholdError(f"--db {shown_url(url)}: cannot open the database: {reason[0] if reason else e}")


def check_port(host: str, port: int) -> None:
    """Bind ``host``:``port`` once and let go, so a busy port or a foreign address is an
    error naming it now, rather than a log line after the banner."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise GraveholdError(f"--host {host}: not an address this machine can listen on ({e.strerror})") from None
    family, kind, proto, _, where = infos[0]
    with socket.socket(family, kind, proto) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
        try:
            sock.bind(where)
        except OSError as e:
            if e.errno == errno.EADDRINUSE:
                raise GraveholdError(f"--port {port}: already in use on {host}; stop the program using it "
                                     f"or pick another port") from None
            raise GraveholdError(f"--host {host} --port {port}: cannot listen there ({e.strerror})") from None


def address(host: str, port: int) -> str:
    """The server's address for a browser (an IPv6 host in brackets)."""
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


# ------------------------------------------------------------------ the commands
def _proxies_option(value: list[str] | None) -> list[str]:
    """--trusted-proxy: addresses or networks (the variable: several, split by commas or
    spaces); anything else is a usage error naming it."""
    from ..web.limits import proxy_networks

    try:
        return [str(net) for net in proxy_networks(value or [])]
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, port_option("Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(help="SQLAlchemy database URL (default: the variable "
                                           "GRAVEHOLD_DATABASE_URL, else SQLite in your data folder).")] = None,
    bot_delay: Annotated[float, bot_delay_option("Seconds between two bot actions, so you can follow them.")]
    = 0.6,
    max_body: Annotated[int, typer.Option(min=1, max=MAX_BYTES, help="Bytes in one request body or WebSocket "
                                          "message.")]
    = 64 * 1024,
    sockets_per_game: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="Sockets open on one game at a "
                                                  "time.")] = 64,
    sockets_per_client: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="Sockets one client address "
                                                    "holds, over all games.")] = 32,
    games_per_minute: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="Games one client address may "
                                                  "create a minute.")] = 30,
    live_games: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="Games kept in memory; idle ones past "
                                            "it are evicted and reload from the database.")] = 200,
    send_queue: Annotated[int, typer.Option(min=1, max=MAX_COUNT, help="State frames waiting for one socket; a "
                                            "socket further behind is dropped (the board reconnects).")] = 32,
    max_record: Annotated[int, typer.Option(min=1, max=MAX_BYTES, help="Bytes in one record file uploaded to "
                                            "the replay viewer.")] = 2 * 1024 * 1024,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        "--trusted-proxy", metavar="ADDR", envvar="GRAVEHOLD_TRUSTED_PROXY", show_envvar=False,
        callback=_proxies_option,
        help="The address (or network, e.g. 10.0.0.0/8) of a reverse proxy whose X-Forwarded-For and "
             "X-Forwarded-Proto are believed; repeatable (default: the variable GRAVEHOLD_TRUSTED_PROXY, "
             "else none: each client is the address it connects from).")] = None,
) -> None:
    """Serve the browser UI: set up games, play with friends and bots, resume saved games.

    The limits and their defaults: README, "Limits"; behind a reverse proxy with TLS: "Behind a reverse proxy".
    """
    import uvicorn

    from ..web.limits import Limits

    limits = Limits(max_body=max_body, sockets_per_game=sockets_per_game, sockets_per_client=sockets_per_client,
                    games_per_minute=games_per_minute, live_games=live_games, send_queue=send_queue,
                    max_record=max_record)
    try:
        url, web = _web_app(db, bot_delay, limits, trusted_proxy or ())
        check_port(host, port)
    except GraveholdError as e:
        fail(e)
    console().print(f"gravehold on {address(host, port)}  (database: {shown_url(url)})",
                    highlight=False, soft_wrap=True)
    # The app reads the proxy headers itself (``web.limits.ClientAddress``), from the named
    # proxies only: uvicorn's own reading would believe any local process by default.
    uvicorn.run(web, host=host, port=port, log_level="warning", ws_max_size=max_body, proxy_headers=False)


def _web_app(db: str | None, bot_delay: float | None = None, limits: Limits | None = None,
             proxies: Iterable[str] = ()) -> tuple[str, FastAPI]:
    """The database URL (``--db``, else the default) and the web app on it: a URL that
    cannot be read or a database that will not open is one error naming ``--db``."""
    from sqlalchemy.exc import SQLAlchemyError

    from ..storage.saves import default_url
    from ..web.app import create_app

    url = db or default_url()
    check_database_url(url)
    try:
        if bot_delay is None:
            return url, create_app(url)
        return url, create_app(url, bot_delay, limits, proxies)
    except (SQLAlchemyError, OSError) as e:
        raise database_error(url, e) from None


def replay_web(path: Path, host: str, port: int, db: str | None, browser: bool) -> None:
    """Serve the replay viewer with ``path`` loaded, and open it in the browser."""
    import threading
    import webbrowser

    import uvicorn

    from ..web.forms import Refused

    try:
        raw = path.read_bytes()
    except OSError as e:
        fail(GraveholdError(f"{path}: cannot be read ({e.strerror})"))
    try:  # the database as serve checks it: one error line, not a traceback
        _, web = _web_app(db)
    except GraveholdError as e:
        fail(e)
    try:
        r = web.state.replays.upload(raw)
        check_port(host, port)  # before the address is printed and the browser sent to it
    except Refused as e:
        fail(GraveholdError(str(e).replace("record", str(path), 1)))
    except GraveholdError as e:
        fail(e)
    url = f"{address(host, port)}replay/{r.ref}"
    console().print(f"replay of {r.title} ({r.steps} steps) on {url}  (Ctrl+C stops the server)", highlight=False,
                    soft_wrap=True)  # the address whole on its line, for copying
    if browser:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.run(web, host=host, port=port, log_level="warning", proxy_headers=False)  # no proxy is named here
