"""What every command shares: the consoles, the one error line, the Typer classes that
hold options to their ranges, and the option helpers.

User mistakes (an unknown name, a bad file, a port in use) print one clear line and exit
2; they never show a traceback. So a command catches :class:`GraveholdError` around its
checks and hands it to :func:`fail`, and every check that can fail runs before any work
starts (before a game is played, before the server prints its address).
"""

from __future__ import annotations

import inspect
import math
import os
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn, get_args, get_origin

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperCommand, TyperGroup, TyperOption

from ..engine.shapes import Doc, Json
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
    _err.print(Text.assemble(("error:", "red"), " ", str(e)), highlight=False, soft_wrap=True)
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


# ------------------------------------------------------------------ the Typer classes
# Typer carries its own copy of click, whose types are private to it: the overrides below
# take its contexts and parameters as ``Any``.
class _FlagOption(TyperOption):
    """A flag (``--json``): its help row shows no value type, since it takes no value."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None


def _number_type(param: Any) -> type | None:
    """``int`` or ``float`` for an option that takes numbers (``--human 1 --human 2`` too), else None."""
    kind = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if get_origin(kind) is list:
        kind = get_args(kind)[0]
    return kind if kind in (int, float) else None


def _number(x: float) -> str:
    """A bound as people write it: 60, not 60.0."""
    return str(int(x)) if float(x).is_integer() else str(x)


def _shown(x: float) -> str:
    """A bound as the help shows it: short enough never to be wrapped in the middle of a
    number at 80 columns (2⁶³−1 and 2³⁰ as powers of two, not their digits; 1,000,000
    grouped)."""
    if not float(x).is_integer():
        return str(x)
    n = int(x)
    for k, less in ((n.bit_length() - 1, ""), (n.bit_length(), "−1")):
        if n >= 2**20 and n == 2**k - (1 if less else 0):
            return "2" + str(k).translate(_SUPERSCRIPT) + less
    return f"{n:,}"


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def unwrapped(text: str | None) -> str | None:
    """A docstring as help text: paragraphs kept, the line breaks inside one joined, since
    the help wraps them to the terminal's width itself (kept, they break lines mid-way)."""
    if not text:
        return text
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


class _NumberOption(TyperOption):
    """An option that takes a number (``--port``, ``--seed``, ``--bot-delay``...), held to
    its ``min``/``max``: a value outside them, not a number, or not finite (``inf``, ``nan``,
    ``1e400``) is refused in one line naming the option and the value as typed. One
    definition for every command, so an option added later is held to its range too."""

    def process_value(self, ctx: Any, value: Json) -> Json:
        for given in value if isinstance(value, (list, tuple)) else (value,):
            if given is not None and not self._fits(given):
                raise typer.BadParameter(f"must be {self._range()}, got {given}", ctx=ctx, param=self)
        return super().process_value(ctx, value)

    def display_type_rich(self, ctx: Any) -> str | None:
        """``<int>`` or ``<number>``: the range beside it says the rest ("range" would repeat it)."""
        shown = super().display_type_rich(ctx)
        return shown.replace(" range>", ">").replace("<float>", "<number>") if shown else shown

    def _get_number_range_help_str(self) -> str | None:
        """The range in the help's type column as people write one, ``0–60``, with no space
        inside, so a narrow column never breaks it (Typer's ``0<=x<=60`` reads as code)."""
        lo, hi = self.min, self.max
        if lo is None:
            return None if hi is None else f"≤{_shown(hi)}"
        return f"≥{_shown(lo)}" if hi is None else f"{_shown(lo)}–{_shown(hi)}"

    def _fits(self, given: Json) -> bool:
        try:
            n = (int if _number_type(self) is int else float)(given)
        except (TypeError, ValueError):
            return False
        if isinstance(n, float) and not math.isfinite(n):
            return False
        return (self.min is None or n >= self.min) and (self.max is None or n <= self.max)

    def _range(self) -> str:
        kind = "a whole number" if _number_type(self) is int else "a number"
        if self.min is not None and self.max is not None:
            return f"{kind} from {_number(self.min)} to {_number(self.max)}"
        if self.min is not None:
            return f"{kind} of at least {_number(self.min)}"
        if self.max is not None:
            return f"{kind} of at most {_number(self.max)}"
        return kind if kind == "a whole number" else "a finite number"


def typed_params(params: list[Any]) -> list[Any]:
    """Flags shown as flags (``_FlagOption``); numbers held to their range (``_NumberOption``)."""
    for p in params:
        if type(p) is TyperOption and p.is_flag:
            p.__class__ = _FlagOption
        elif type(p) is TyperOption and _number_type(p) is not None:
            p.__class__ = _NumberOption
    return params


class Group(TyperGroup):
    """A command group (``gravehold``, ``gravehold expedition``): its flags (--version,
    --help) shown as flags, and a usage mistake told as every other mistake is: one
    ``error:`` line naming the option, exit 2 (not Typer's boxed "Invalid value" panel)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.help = unwrapped(self.help)

    def get_params(self, ctx: Any) -> list[Any]:
        return typed_params(super().get_params(ctx))

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **kw: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, windows_expand_args, **kw)
        try:
            code = super().main(args, prog_name, complete_var, False, windows_expand_args, **kw)
        except typer.TyperException as e:  # click's errors, as Typer ships them
            exit_code = int(getattr(e, "exit_code", 1))
            if type(e).__name__ == "NoArgsIsHelpError":  # `gravehold` alone: its help, as ever
                _err.print(usage_message(e, bare=True), highlight=False, markup=False)
            else:
                _err.print(Text.assemble(("error:", "red"), " ", usage_message(e)), highlight=False, soft_wrap=True)
            sys.exit(exit_code)
        except typer.Abort:
            _err.print("Aborted.", highlight=False)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def usage_message(e: Exception, bare: bool = False) -> str:
    """A usage error as one line: ``--seed: must be a whole number ..., got abc`` (the
    option first, as the other error lines name it), then where the help is."""
    fmt = getattr(e, "format_message", None)
    msg = str(fmt()) if callable(fmt) else str(e)
    if bare:
        return msg
    msg = re.sub(r"^Invalid value for '([^']+)': ", r"\1: ", msg)
    ctx = getattr(e, "ctx", None)
    cmd = getattr(ctx, "command_path", "") or "gravehold"
    return f"{msg} (see `{cmd} --help`)"


class Command(TyperCommand):
    """Every subcommand: its flags shown as ``--json``, not ``--json <bool>``, its
    numbers held to their range, and its docstring's lines joined into paragraphs."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.help = unwrapped(self.help)

    def get_params(self, ctx: Any) -> list[Any]:
        return typed_params(super().get_params(ctx))


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


def _words_option(value: str) -> str:
    """--words: classic, new-age or auto; anything else is a usage error naming the choices."""
    from ..content.words import check

    try:
        return check(value)
    except GraveholdError as e:
        raise typer.BadParameter(str(e)) from None


WordsOpt = Annotated[str, typer.Option("--words", callback=_words_option, help=(
    "The words texts use: classic (gem, prep, power), new-age (crystal, bind, plot) or auto "
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
