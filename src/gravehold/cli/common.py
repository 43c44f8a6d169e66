"""What every command shares: the consoles, the one error line, the limits of the options
and the option helpers (the Typer classes that hold options to those limits are in
:mod:`.usage`).

User mistakes (an unknown name, a bad file, a port in use) print one clear line and exit
2; they never show a traceback. So a command catches :class:`GraveholdError` around its
checks and hands it to :func:`fail`, and every check that can fail runs before any work
starts (before a game is played, before the server prints its address).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from ..engine.shapes import Doc
from ..errors import GraveholdError

# ------------------------------------------------------------------ consoles
_out = Console()
_err = Console(stderr=True)


def fresh_consoles() -> None:
    """Make the consoles anew, so each command reads the terminal's width (or COLUMNS) now."""
    global _out, _err
    _out, _err = Console(), Console(stderr=True)


def console() -> Console:
    """Standard output's console, as made for the running command."""
    return _out


def err_console() -> Console:
    """Standard error's console, as made for the running command."""
    return _err


def fail(e: Exception, code: int = 2) -> NoReturn:
    """Print ``error: <message>`` and exit. The message is plain text (a name given as
    ``[/x]`` is shown as typed, never read as markup) on one line that the terminal wraps,
    so a long path in it stays whole for copying."""
    hint = getattr(e, "hint", None)
    _err.print(Text.assemble(("error:", "red"), " ", str(e), f" {hint}" if hint else ""), highlight=False,
               soft_wrap=True)
    raise typer.Exit(code)


@contextmanager
def refusals() -> Iterator[None]:
    """A refusal (a rule, a name, a file, the database) as one ``error:`` line, exit 2."""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        yield
    except GraveholdError as e:
        fail(e)
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()
        fail(GraveholdError(f"the database failed: {reason[0] if reason else type(e).__name__}"))


def terminal() -> bool:
    """Input and output are both a terminal: the full-screen board can open."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def split(s: str) -> list[str]:
    """A comma-separated option as its items, blanks dropped."""
    return [x.strip() for x in s.split(",") if x.strip()]


# ------------------------------------------------------------------ limits of the options
#: The largest seed a record holds (``replay`` refuses others): every seed option takes 0 to it.
MAX_SEED = 2**63 - 1
#: Games (or expeditions) one run plays per setup. Game k of base seed s plays the seed
#: s × 1000003 + k, so below 1000003 two runs' games never share a seed.
MAX_GAMES = 1_000_000
#: Worker processes (or local Ray CPUs) one run starts.
MAX_WORKERS = 1024
#: Seconds a board waits before a bot's action: long enough to follow, never a hang.
MAX_BOT_DELAY = 60.0
#: The longest ``fuzz --seconds``: a week.
MAX_FUZZ_SECONDS = 7 * 24 * 3600
#: Ports a server listens on (0, "any free port", would make the printed address wrong).
MIN_PORT, MAX_PORT = 1, 65535
#: The most sockets, games or queued frames a server limit may allow: past any real server.
MAX_COUNT = 1_000_000
#: The most bytes a server limit may allow in one body, message or upload: 1 GiB.
MAX_BYTES = 2**30


# ------------------------------------------------------------------ options
def seed_option(help: str) -> Any:
    """The one seed option: 0 to ``MAX_SEED``, as a record holds it."""
    return typer.Option(min=0, max=MAX_SEED, help=help)


def bot_delay_option(help: str) -> Any:
    """The seconds before each bot action: 0 to ``MAX_BOT_DELAY``."""
    return typer.Option(min=0, max=MAX_BOT_DELAY, help=help)


def port_option(help: str) -> Any:
    """A port to listen on: 1 to 65535."""
    return typer.Option(min=MIN_PORT, max=MAX_PORT, help=help)


def box_option(value: str | None) -> str | None:
    """--box takes a box id or name; an unknown one is a usage error listing the boxes."""
    if value is None:
        return None
    from ..content import registry

    try:
        return registry.box(value).id
    except GraveholdError as e:
        raise typer.BadParameter(str(e)) from None


def boxes_option(value: str | None) -> str | None:
    """--boxes takes comma-separated box ids or names; each must exist, and one at least."""
    if value is None:
        return None
    names = split(value)
    if not names:
        raise typer.BadParameter(f"name at least one box, got {value!r}")
    return ",".join(box_option(n) or n for n in names)


def city_option(value: str | None) -> str | None:
    """--city takes one city a box names (Legacy of Gravehold's Azer or Gravehold), any case."""
    if value is None:
        return None
    from ..engine.setup import SetupError, city_of

    try:
        return city_of(value)
    except SetupError as e:
        raise typer.BadParameter(str(e)) from None


CITY_HELP = ("A city (Legacy of Gravehold: Azer or Gravehold): random mages and a randomized market leave out the "
             "other city's mages and cards; content of no city stays in.")


def _words_option(value: str) -> str:
    """--words: classic, new-age, outcasts or auto; anything else is a usage error naming the choices."""
    from ..content.words import check

    try:
        return check(value)
    except GraveholdError as e:
        raise typer.BadParameter(str(e)) from None


WordsOpt = Annotated[str, typer.Option("--words", callback=_words_option, help=(
    "The words texts use: classic (gem, prep, power), new-age (crystal, bind, plot), outcasts "
    "(hero, nemesis board, TOD) or auto "
    "(each box's own; a game: its nemesis' box)."))]


def agent_options(items: list[str]) -> Doc:
    """KEY=VALUE pairs; a VALUE that reads as JSON (``400``, ``0.5``, ``true``) is that value."""
    import json

    opts: Doc = {}
    for item in items:
        k, eq, v = item.partition("=")
        if not eq or not k.strip():
            raise GraveholdError(f"--agent-option needs KEY=VALUE, got {item!r}")
        try:
            opts[k.strip()] = json.loads(v)
        except json.JSONDecodeError:
            opts[k.strip()] = v
    return opts


def out_folder(out: Path) -> None:
    """Make ``--out`` a folder that can be written, before any game is played: refuse a
    file, or a path through a file, and create the folder if it is missing."""
    if out.exists() and not out.is_dir():
        raise GraveholdError(f"--out {out}: is a file; name a folder (it is created if missing)")
    for parent in out.parents:
        if parent.exists():
            if not parent.is_dir():
                raise GraveholdError(f"--out {out}: {parent} is a file, not a folder")
            break
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise GraveholdError(f"--out {out}: cannot create the folder: {e.strerror}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise GraveholdError(f"--out {out}: the folder is not writable")


# ------------------------------------------------------------------ treasures
def treasure_options(items: list[str] | None, group: str | None, players: int,
                     group_flag: str = "--group-treasure") -> Doc | None:
    """``--treasure SEAT:NAME[:POSITION]`` (repeatable) and ``--group-treasure NAME[:PILE]``
    as ``Game.new(treasures=...)`` (X-5, X-14): a seat's tier-1 or tier-3 treasure by its tier,
    seats numbered from 1; a tier-1 treasure may name the deck position (1-5) it takes.
    ``group_flag`` is the option a command gives the group's treasure by, for its messages."""
    if not items and not group:
        return None
    seats: list[Doc] = [{} for _ in range(max(players, 0))]
    for item in items or []:
        _seat_treasure(item, seats, players, group_flag)
    spec: Doc = {"players": seats}
    if group:
        name, _, pile = group.partition(":")
        spec["group"] = name.strip()
        if pile.strip():
            spec["pile"] = pile.strip()
    return spec


def _seat_treasure(item: str, seats: list[Doc], players: int, group_flag: str) -> None:
    """One ``--treasure SEAT:NAME[:POSITION]`` into its seat's entry of ``seats``."""
    from ..content import registry

    seat, sep, rest = item.partition(":")
    if not sep or not seat.strip().isdigit() or not rest.strip():
        raise GraveholdError(f"--treasure {item!r}: write SEAT:NAME, e.g. 1:\"Kadir's Emerald Shard\"")
    k = int(seat)
    if not 1 <= k <= players:
        raise GraveholdError(f"--treasure {item!r}: seats are numbered 1 to {players}")
    name, _, position = rest.partition(":")
    t = registry.treasure(name.strip())
    if t.tier == 2:
        raise GraveholdError(f"--treasure {item!r}: {t.name} is the group's tier-2 treasure; "
                             f"give it with {group_flag}")
    key = "tier1" if t.tier == 1 else "tier3"
    if key in seats[k - 1]:
        raise GraveholdError(f"--treasure {item!r}: seat {k} already has a tier-{t.tier} treasure "
                             f"({seats[k - 1][key]}); each player takes one of each tier")
    seats[k - 1][key] = t.name
    if position.strip():
        if t.tier != 1 or not position.strip().isdigit() or not 1 <= int(position) <= 5:
            raise GraveholdError(f"--treasure {item!r}: only a tier-1 treasure names a starting-deck "
                                 "position, 1 to 5")
        seats[k - 1]["slot"] = int(position) - 1


TreasureOpt = Annotated[list[str] | None, typer.Option(
    "--treasure", help="A player's treasure, SEAT:NAME (tier 1 or 3; a tier 1 may add :POSITION, 1-5, "
                       "the starting-deck card it replaces); repeatable. See `gravehold treasures`.")]
GroupTreasureOpt = Annotated[str | None, typer.Option(
    "--group-treasure", help="The group's tier-2 treasure, NAME or NAME:PILE (the supply pile it lies beside).")]
