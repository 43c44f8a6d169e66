"""What ``gravehold serve`` checks before it prints its address.

A server that prints "gravehold on http://..." and then dies on a bad database URL or a
busy port tells its user the wrong thing, with a traceback. So the database is opened and
the port tried first; each failure is one sentence naming the option at fault.
"""

from __future__ import annotations

import errno
import socket
from pathlib import Path

from .errors import GraveholdError


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
