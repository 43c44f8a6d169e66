"""``gravehold campaign export`` and ``import``: a Legacy campaign as one JSON file, and back
(after the whole file replays: a file edited by hand is refused, naming the field). The work
is every kind's (``cli.campaigns_common``); this module is the commands' options and words."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...campaigns.legacy import LEGACY
from ...campaigns.transfer import files_of
from .. import campaigns_common as shared
from .common import DbOpt, IdArg, JsonOpt, get, open_store, print_json, say


def export_(
    cid: IdArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the file here (default: print "
                                                "it).")] = None,
    db: DbOpt = None,
) -> None:
    """Write a campaign as one JSON file: its script, seed, decisions, every game's record, the running battle."""
    def read() -> bytes:
        cs = open_store(db)
        get(cs, cid)
        return cs.export(cid)

    shared.export(read, output)


def import_(
    path: Annotated[Path, typer.Argument(help="A file written by `gravehold campaign export`.",
                                         show_default=False)],
    new_id: Annotated[bool, typer.Option("--new-id", help="Store it under a new id (the file's id is kept "
                                         "otherwise, and refused if already stored).")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store an exported campaign, after replaying it whole: a file that does not replay is refused."""
    stored = shared.import_(path, new_id, files_of(LEGACY), lambda: open_store(db), "a campaign")
    cid, c = stored.row.id, stored.doc
    if as_json:
        print_json({"id": cid, "title": c.title, "phase": c.phase, "battle": c.battle, "experience": c.experience})
        return
    say(f"imported {cid}: {c.title} (battle {c.battle}, {c.phase}, experience {c.experience})")
