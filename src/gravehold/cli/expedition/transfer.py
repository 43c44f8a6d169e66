"""``gravehold expedition export`` and ``import``: an expedition as one JSON file, and back
(after the whole file replays). The work is every kind's (``cli.campaigns_common``); this
module is the commands' options and words."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import campaigns_common as shared
from .common import DbOpt, IdArg, JsonOpt, get, open_store, print_json, say


def export_(
    eid: IdArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the file here (default: print "
                                                "it).")] = None,
    db: DbOpt = None,
) -> None:
    """Write an expedition as one JSON file: its seed, every battle's record, the running battle."""
    def read() -> bytes:
        xs = open_store(db)
        get(xs, eid)
        return xs.export(eid)

    shared.export(read, output)


def import_(
    path: Annotated[Path, typer.Argument(help="A file written by `gravehold expedition export`.",
                                         show_default=False)],
    new_id: Annotated[bool, typer.Option("--new-id", help="Store it under a new id (the file's id is kept "
                                         "otherwise, and refused if already stored).")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store an exported expedition, after replaying it whole: a file that does not replay is refused."""
    from ...campaigns.expedition import transfer

    stored = shared.import_(path, new_id, transfer, lambda: open_store(db), "an expedition")
    eid, exp = stored.row.id, stored.exp
    if as_json:
        print_json({"id": eid, "title": exp.title, "phase": exp.phase, "battle": exp.battle, "score": exp.score})
        return
    say(f"imported {eid}: {exp.title} (battle {exp.battle}, {exp.phase}, score {exp.score})")
