"""What the ``gravehold expedition`` commands share: their options, the store they open
and how they print."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer

from ...campaigns.expedition.state import Expedition
from ...campaigns.expedition.store import ExpeditionStore
from ...storage.saves import NotFound
from .. import campaigns_common as shared
from ..campaigns_common import BotsOpt, DbOpt, JsonOpt, heading, print_json, say

LENGTHS = ("short", "standard", "long")
DIFFICULTIES = ("beginner", "normal", "expert", "extinction")

IdArg = Annotated[str, typer.Argument(help="The expedition's id (see `gravehold expedition list`).",
                                      show_default=False)]


def open_store(db: str | None) -> ExpeditionStore:
    """The store at ``--db``; a URL that cannot be read or opened is one error line."""
    return shared.open_store(db, ExpeditionStore)


def get(xs: ExpeditionStore, eid: str) -> Expedition:
    """The stored expedition ``eid``; an unknown id names the command that lists them."""
    try:
        return xs.get(eid).exp
    except NotFound:
        raise NotFound(f"no expedition {eid!r}; list them with `gravehold expedition list`") from None


def choice_option(choices: tuple[str, ...], flag: str) -> Callable[[str], str]:
    """A callback that takes one of ``choices`` (any case) and refuses the rest by name."""
    def check(value: str) -> str:
        folded = value.strip().casefold()
        if folded not in choices:
            raise typer.BadParameter(f"{flag} must be {', '.join(choices[:-1])} or {choices[-1]}, not {value!r}")
        return folded
    return check


__all__ = ["DIFFICULTIES", "LENGTHS", "BotsOpt", "DbOpt", "IdArg", "JsonOpt", "choice_option", "get", "heading",
           "open_store", "print_json", "say"]
