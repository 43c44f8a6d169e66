"""``gravehold expedition export`` and ``import``: an expedition as one JSON file, and back
(after the whole file replays)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ...campaigns.expedition.store import ExpeditionStore
from ...campaigns.transfer import NotAnExport
from ...errors import GraveholdError
from ...storage.saves import NotFound
from ..common import refusals
from .common import DbOpt, IdArg, JsonOpt, get, open_store, print_json, say


def export_(
    eid: IdArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the file here (default: print "
                                                "it).")] = None,
    db: DbOpt = None,
) -> None:
    """Write an expedition as one JSON file: its seed, every battle's record, the running battle."""
    with refusals():
        xs = open_store(db)
        get(xs, eid)
        raw = xs.export(eid)
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
    path: Annotated[Path, typer.Argument(help="A file written by `gravehold expedition export`.",
                                         show_default=False)],
    new_id: Annotated[bool, typer.Option("--new-id", help="Store it under a new id (the file's id is kept "
                                         "otherwise, and refused if already stored).")] = False,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Store an exported expedition, after replaying it whole: a file that does not replay is refused."""
    from ...campaigns.expedition import transfer

    with refusals():
        try:
            size = path.stat().st_size
            if size > transfer.MAX_BYTES:  # refused unread
                raise transfer.TooCostly(f"{path}", f"is {size:,} bytes; an import takes at most "
                                                    f"{transfer.MAX_BYTES:,} (MAX_BYTES)")
            raw = path.read_bytes()
        except OSError as e:
            raise GraveholdError(f"{path}: cannot be read ({e.strerror})") from None
        try:
            doc = transfer.read(raw)  # types and limits: the id is known before the replay
        except NotAnExport as e:  # say what the file is, and the command that opens it
            raise GraveholdError(f"{path} is {e.what}, not an expedition export; "
                                 f"{e.hint.replace('FILE', str(path))}") from None
        except GraveholdError as e:  # the message names the file, then the field
            raise GraveholdError(f"{path}: {e}") from None
        if new_id:
            doc.id = None
        xs = open_store(db)
        if doc.id and _stored(xs, doc.id):  # before the whole replay, not after
            raise GraveholdError(f"{path}: an expedition {doc.id!r} is already stored; add --new-id to store "
                                 "this file under a new id")
        try:
            stored = xs.import_(doc)
        except GraveholdError as e:
            raise GraveholdError(f"{path}: {e}") from None
    eid, exp = stored.row.id, stored.exp
    if as_json:
        print_json({"id": eid, "title": exp.title, "phase": exp.phase, "battle": exp.battle, "score": exp.score})
        return
    say(f"imported {eid}: {exp.title} (battle {exp.battle}, {exp.phase}, score {exp.score})")


def _stored(xs: ExpeditionStore, eid: str) -> bool:
    try:
        xs.get(eid)
    except NotFound:
        return False
    except GraveholdError:  # stored, though damaged
        return True
    return True


