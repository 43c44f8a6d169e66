"""What the command lines of every campaign kind share (``gravehold expedition``, ``gravehold
campaign``): their options and printing, the store they open, export and import, the loop of
``play`` and the sweep's files and figures. Each kind's commands keep their own options, help
and wording and pass what differs (the kind's store, its noun) here, so the two cannot drift.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Protocol, TypeVar

import typer
from rich.text import Text

from ..agents import AGENTS
from ..campaigns.kind import D
from ..engine.shapes import Doc, Json, Row
from ..errors import GraveholdError
from ..storage.saves import NotFound
from .common import console, err_console, fail, refusals

if TYPE_CHECKING:
    from ..campaigns.store import CampaignStore, Stored
    from ..campaigns.sweep import Job
    from ..campaigns.transfer import Transfer
    from ..storage.saves import Store

S = TypeVar("S")

DbOpt = Annotated[str | None, typer.Option("--db", help="The database URL (default: the variable "
                                           "GRAVEHOLD_DATABASE_URL, else SQLite in your data folder).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
BotsOpt = Annotated[str, typer.Option("--bots", help=f"The agent of the bot seats ({', '.join(AGENTS)}).")]


def say(line: str | Text = "") -> None:
    """One line of output; names are printed as typed, never read as markup."""
    console().print(line, highlight=False, markup=False)


def heading(line: str) -> None:
    console().print(Text(line, style="bold"), highlight=False)


def print_json(data: Json) -> None:
    print(json.dumps(data))


def open_store(db: str | None, make: Callable[[Store], S]) -> S:
    """The kind's store (``make``) at ``--db``; a URL that cannot be read or opened is one error line."""
    from sqlalchemy.exc import SQLAlchemyError

    from ..storage.saves import Store, default_url
    from .serve import check_database_url, database_error

    url = db or default_url()
    check_database_url(url)
    try:
        return make(Store(url))
    except (SQLAlchemyError, OSError) as e:
        raise database_error(url, e) from None


# ------------------------------------------------------------------ export and import
def export(read: Callable[[], bytes], output: Path | None) -> None:
    """``export``: the file ``read`` makes (the store opened, the id checked), printed or
    written to ``--output``; a folder, or a file that cannot be written, is one error line."""
    with refusals():
        raw = read()
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


def import_(path: Path, new_id: bool, files: Transfer[Any], open_: Callable[[], CampaignStore[D]],
            noun: str) -> Stored[D]:
    """``import``: the file at ``path`` read (its size first), checked, then replayed whole and
    stored (under a new id if ``new_id``); every refusal names the file. ``noun`` is the kind's
    name with its article ("an expedition")."""
    from ..campaigns.transfer import NotAnExport

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
            raise GraveholdError(f"{path} is {e.what}, not {noun} export; "
                                 f"{e.hint.replace('FILE', str(path))}") from None
        except GraveholdError as e:  # the message names the file, then the field
            raise GraveholdError(f"{path}: {e}") from None
        if new_id:
            doc.id = None
        store = open_()
        if doc.id and _stored(store, doc.id):  # before the whole replay, not after
            raise GraveholdError(f"{path}: {noun} {doc.id!r} is already stored; add --new-id to store "
                                 "this file under a new id")
        try:
            return store.import_(doc)
        except GraveholdError as e:
            raise GraveholdError(f"{path}: {e}") from None


def _stored(store: CampaignStore[Any], cid: str) -> bool:
    try:
        store.get(cid)
    except NotFound:
        return False
    except GraveholdError:  # stored, though damaged
        return True
    return True


# ------------------------------------------------------------------ play
class Run(Protocol):
    """One ``play`` run: the battles it has played, and the step it takes next."""

    played: int

    def recover(self) -> None: ...
    def step(self) -> bool: ...


def play_steps(run: Run, all_: bool, resume: str) -> None:
    """Take the steps of one ``play`` (a crashed battle's outcome first): one battle, or all
    of them with ``--all``. A Ctrl+C stops it with every action stored, and says how it resumes."""
    run.recover()
    try:
        while (run.played == 0 or all_) and run.step():
            pass
    except KeyboardInterrupt:
        err_console().print(f"stopped; every action so far is stored. `{resume}` resumes.", highlight=False,
                            markup=False)
        raise typer.Exit(130) from None


def begun_doc(cid: str, doc: Any, gid: str, seats: list[Doc]) -> Doc:
    """A battle just begun, for ``--json``: its nemesis, choices and each seat's link."""
    import msgspec

    assert doc.current is not None
    links = [f"/g/{gid}?t={s['token']}" if s.get("token") else None for s in seats]
    return {"id": cid, "battle": doc.battle, "attempt": doc.attempt, "nemesis": doc.nemesis, "game": gid,
            "choices": msgspec.to_builtins(doc.current.choices), "links": links}


def say_lines(as_json: bool, *lines: str) -> None:
    """A run's lines, said unless it prints JSON at its end."""
    if not as_json:
        for line in lines:
            say(line)


# ------------------------------------------------------------------ simulate
def sweep(variant: Any, games: int, seed: int, workers: int | None, backend: str, what: str,
          as_json: bool) -> tuple[list[Row], int, float]:
    """Play the sweep's campaigns (``what``: their name on the progress bar): its rows, the
    workers that played them and the seconds it took."""
    import time

    from ..campaigns.sweep import jobs_for
    from ..sim.run import default_workers
    from .render import progress_bar

    jobs = jobs_for(variant, games, seed)
    n_workers = workers or default_workers()
    t0 = time.perf_counter()
    with progress_bar(err_console(), what, len(jobs), as_json) as tick:
        rows = sweep_rows(jobs, n_workers, backend, tick)
    return rows, n_workers, time.perf_counter() - t0


def sweep_rows(jobs: list[Job], workers: int, backend: str, tick: Callable[[int], None]) -> list[Row]:
    """The sweep's rows, played by local processes or by ray."""
    from ..campaigns.sweep import run_local, run_ray

    if backend == "ray":
        return run_ray(jobs, num_cpus=workers, progress=tick)
    return run_local(jobs, workers, progress=tick)


def write_sweep(write: Callable[[Path, list[Row], Doc, Doc], list[Path]], folder: Path | None, rows: list[Row],
                summary: Doc, meta: Doc, as_json: bool) -> None:
    """The files of ``--out`` (the kind's ``write``), if asked; a folder that cannot be written
    is one error line."""
    if folder is None:
        return
    try:
        files = write(folder, rows, summary, meta)
    except OSError as e:
        fail(GraveholdError(f"--out {folder}: cannot write {e.filename or folder}: {e.strerror}"))
    if not as_json:
        console().print("wrote " + ", ".join(str(f) for f in files), highlight=False, soft_wrap=True)


def pct(r: Doc) -> str:
    """A rate with its 95 % interval."""
    return f"{r['rate']:.1%} ({r['ci_low']:.1%}–{r['ci_high']:.1%})"


def spread(d: Doc | None) -> str:
    """A spread of numbers: mean, median, quartiles, range."""
    if d is None:
        return "—"
    return (f"mean {d['mean']:.1f}, median {d['median']:g}, quartiles {d['q1']:g}–{d['q3']:g}, "
            f"range {d['min']}–{d['max']}")
