"""What the ``gravehold expedition`` commands share: their options, the store they open
and how they print."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated

import typer
from rich.text import Text

from ...agents import AGENTS
from ...campaigns.expedition.state import Expedition
from ...campaigns.expedition.store import ExpeditionStore
from ...engine.shapes import Json
from ...storage.saves import NotFound
from ..common import console

LENGTHS = ("short", "standard", "long")
DIFFICULTIES = ("beginner", "normal", "expert", "extinction")

DbOpt = Annotated[str | None, typer.Option("--db", help="The database URL (default: the variable "
                                           "GRAVEHOLD_DATABASE_URL, else SQLite in your data folder).")]
IdArg = Annotated[str, typer.Argument(help="The expedition's id (see `gravehold expedition list`).",
                                      show_default=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
BotsOpt = Annotated[str, typer.Option("--bots", help=f"The agent of the bot seats ({', '.join(AGENTS)}).")]


def open_store(db: str | None) -> ExpeditionStore:
    """The store at ``--db``; a URL that cannot be read or opened is one error line."""
    from sqlalchemy.exc import SQLAlchemyError

    from ...storage.saves import Store, default_url
    from ..serve import check_database_url, database_error

    url = db or default_url()
    check_database_url(url)
    try:
        return ExpeditionStore(Store(url))
    except (SQLAlchemyError, OSError) as e:
        raise database_error(url, e) from None


def get(xs: ExpeditionStore, eid: str) -> Expedition:
    """The stored expedition ``eid``; an unknown id names the command that lists them."""
    try:
        return xs.get(eid).exp
    except NotFound:
        raise NotFound(f"no expedition {eid!r}; list them with `gravehold expedition list`") from None


def say(line: str | Text = "") -> None:
    """One line of output; names are printed as typed, never read as markup."""
    console().print(line, highlight=False, markup=False)


def heading(line: str) -> None:
    console().print(Text(line, style="bold"), highlight=False)


def print_json(data: Json) -> None:
    print(json.dumps(data))


def choice_option(choices: tuple[str, ...], flag: str) -> Callable[[str], str]:
    """A callback that takes one of ``choices`` (any case) and refuses the rest by name."""
    def check(value: str) -> str:
        folded = value.strip().casefold()
        if folded not in choices:
            raise typer.BadParameter(f"{flag} must be {', '.join(choices[:-1])} or {choices[-1]}, not {value!r}")
        return folded
    return check
