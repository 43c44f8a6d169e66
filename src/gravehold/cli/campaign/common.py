"""What the ``gravehold campaign`` commands share: their options, the store they open and
how they print (the expedition commands' conventions: ``--db``, ``--json``, ``error:``)."""

from __future__ import annotations

from typing import Annotated

import typer

from ...campaigns.legacy import LEGACY, Legacy, ScriptError
from ...campaigns.legacy.script import Script, find
from ...campaigns.store import CampaignStore
from ...errors import GraveholdError
from ...storage.saves import NotFound
from .. import campaigns_common as shared
from ..campaigns_common import BotsOpt, DbOpt, JsonOpt, heading, print_json, say

#: the Legacy campaigns of a store
LegacyStore = CampaignStore[Legacy]

IdArg = Annotated[str, typer.Argument(help="The campaign's id (see `gravehold campaign list`).",
                                      show_default=False)]
ScriptOpt = Annotated[str, typer.Option("--script", help="The campaign script: a shipped one's id (project) "
                                        "or a script file (TOML or JSON).")]


def open_store(db: str | None) -> LegacyStore:
    """The store at ``--db``; a URL that cannot be read or opened is one error line."""
    return shared.open_store(db, lambda store: CampaignStore(store, LEGACY))


def get(cs: LegacyStore, cid: str) -> Legacy:
    """The stored campaign ``cid``; an unknown id names the command that lists them."""
    try:
        return cs.get(cid).doc
    except NotFound:
        raise NotFound(f"no campaign {cid!r}; list them with `gravehold campaign list`") from None


def script_of(name: str) -> Script:
    """``--script``: a shipped script's id or a file, read and checked; a fault names the field."""
    try:
        return find(name)
    except ScriptError as e:
        raise GraveholdError(f"--script {name}: {e}") from None


#: a step's refusal as the rules word it ("players: …"), said by the option that gave it
OPTION_FIELDS = {"players": "--players", "city": "--city", "enhancement": "--buy", "mage": "--mage",
                 "copy": "--copy", "cover": "--cover", "option": "--option", "vestige": "--vestige"}


def by_option(e: GraveholdError) -> GraveholdError:
    """A step's refusal, its field named by the option that gave it."""
    msg = str(e)
    field, sep, rest = msg.partition(":")
    if sep and field in OPTION_FIELDS:
        return GraveholdError(f"{OPTION_FIELDS[field]}:{rest}")
    return e


__all__ = ["BotsOpt", "DbOpt", "IdArg", "JsonOpt", "LegacyStore", "ScriptOpt", "by_option", "get", "heading",
           "open_store", "print_json", "say", "script_of"]
