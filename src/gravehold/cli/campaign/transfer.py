"""``gravehold campaign export`` and ``import``: a Legacy campaign as one JSON file, and back
(after the whole file replays: a file edited by hand is refused, naming the field)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...campaigns.legacy import LEGACY
from ...campaigns.transfer import NotAnExport, files_of
from ...errors import GraveholdError
from ...storage.saves import NotFound
from ..common import refusals
from .common import DbOpt, IdArg, JsonOpt, LegacyStore, get, open_store, print_json, say


def export_(
    cid: IdArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the file here (default: print "
                                                "it).")] = None,
    db: DbOpt = None,
) -> None:
    """Write a campaign as one JSON file: its script, seed, decisions, every game's record, the running battle."""
    with refusals():
        cs = open_store(db)
        get(cs, cid)
        raw = cs.export(cid)
        if output is not None:
            if output.is_dir():
                raise GraveholdError(f"--output {output}: is a folder; name a file")
            if not output.parent.is_dir():
                raise GraveholdError(f"--output {output}: the folder {output.parent} does not exist")
            try:
                output.write_bytes(raw + b"\n")
            except OSError as e:
                raise GraveholdError(f"--output {output}: cannot write it ({e.strerror})") from None
    if output is None:
        typer.echo(raw.decode())
    else:
        say(f"wrote {output}")


def import_(
    path: Annotated[Path, typer.Argument(help="A file written by `gravehold campaign export`.",
                                         show_default=False)],
    new_id: Annotated[bool, typer.Option("--new-id", help="Store it under a new id (the file's id is kept "
                                         "otherwise, and refused if already stored).")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store an exported campaign, after replaying it whole: a file that does not replay is refused."""
    files = files_of(LEGACY)
    with refusals():
        try:
            size = path.stat().st_size
            if size > files.MAX_BYTES:  # refused unread
                raise files.TooCostly(f"{path}", f"is {size:,} bytes; an import takes at most "
                                                 f"{files.MAX_BYTES:,} (MAX_BYTES)")
            raw = path.read_bytes()
        except OSError as e:
            raise GraveholdError(f"{path}: cannot be read ({e.strerror})") from None
        try:
            doc = files.read(raw)  # types and limits: the id is known before the replay
        except NotAnExport as e:  # say what the file is, and the command that opens it
            raise GraveholdError(f"{path} is {e.what}, not a campaign export; "
                                 f"{e.hint.replace('FILE', str(path))}") from None
        except GraveholdError as e:  # the message names the file, then the field
            raise GraveholdError(f"{path}: {e}") from None
        if new_id:
            doc.id = None
        cs = open_store(db)
        if doc.id and _stored(cs, doc.id):  # before the whole replay, not after
            raise GraveholdError(f"{path}: a campaign {doc.id!r} is already stored; add --new-id to store "
                                 "this file under a new id")
        try:
            stored = cs.import_(doc)
        except GraveholdError as e:
            raise GraveholdError(f"{path}: {e}") from None
    cid, c = stored.row.id, stored.doc
    if as_json:
        print_json({"id": cid, "title": c.title, "phase": c.phase, "battle": c.battle, "experience": c.experience})
        return
    say(f"imported {cid}: {c.title} (battle {c.battle}, {c.phase}, experience {c.experience})")


def _stored(cs: LegacyStore, cid: str) -> bool:
    try:
        cs.get(cid)
    except NotFound:
        return False
    except GraveholdError:  # stored, though damaged
        return True
    return True
