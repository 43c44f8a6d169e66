"""The Typer classes every command is built with: how options show in ``--help`` and how a
usage mistake reads.

Flags show as flags (``--json``, not ``--json <bool>``); a number is held to its range and
the range reads as people write one (``[0–60]``, ``[0–2⁶³−1]``, never split mid-number at 80
columns); a docstring's line breaks do not show; and a usage mistake is one ``error:`` line,
exit 2, as every other mistake is (not Typer's boxed panel).
"""

from __future__ import annotations

import inspect
import math
import re
import sys
from collections.abc import Sequence
from typing import Any, get_args, get_origin

import typer
from rich.text import Text
from typer.core import TyperCommand, TyperGroup, TyperOption

from ..engine.shapes import Json
from .common import err_console


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
                err_console().print(usage_message(e, bare=True), highlight=False, markup=False)
            else:
                err_console().print(Text.assemble(("error:", "red"), " ", usage_message(e)), highlight=False,
                                    soft_wrap=True)
            sys.exit(exit_code)
        except typer.Abort:
            err_console().print("Aborted.", highlight=False)
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


