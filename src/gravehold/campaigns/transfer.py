"""Export and import, for any kind: one JSON file holds a campaign, its seed and every
finished battle's record, and the battle being fought with its actions so far.

An import is refused unless the file replays: the kind rebuilds the campaign from its seed,
options and records (``CampaignKind.replay``: each battle set up again from its recorded
choices, its game replayed from its actions, each step between battles taken again), and
the rebuilt document must equal the file's. So a file that was edited by hand, cut short
or mixed from two runs is refused, naming the first thing that differs, and a file that
passes continues exactly.

A replay costs about what its actions do, and it is done once: :meth:`Transfer.load`
hands the store the running battle's game with the decision each of its actions was taken
at. What one import may cost is bounded before anything is replayed (the ``MAX_*`` limits,
attributes of a :class:`Transfer` so that a test may lower them on one kind's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic

import msgspec

from ..engine import schema
from ..engine.game import Game
from ..engine.shapes import Json
from ..errors import GraveholdError, StateFormatError
from .kind import CampaignKind, D

#: a campaign's id, as every store keys it
ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
#: an action of the running battle as the games table keeps it: (decision number, seat, action)
Move = tuple[int, int, list[Json]]


class NotAnExport(StateFormatError):
    """A file of another kind than an export: a game record, or one game's saved state.
    ``what`` names it, and ``hint`` what opens it, for a caller to say with the file's name."""

    def __init__(self, field: str, what: str, hint: str) -> None:
        self.what, self.hint = what, hint
        super().__init__(field, f"is {what}, not an export of a campaign; {hint}")

    def __reduce__(self) -> tuple[type[NotAnExport], tuple[str, str, str]]:  # type: ignore[override]
        return type(self), (self.field, self.what, self.hint)


#: the files a campaign import is given by mistake, by their ``format``: what each is, and
#: what opens it (``FILE`` stands for its name)
OTHER_FILES = {
    "gravehold-record/": ("a game record (what `gravehold play --record` writes)",
                          "replay it with `gravehold replay FILE` (add --web to watch it in the browser)"),
    "gravehold-state/": ("one game's saved state", "a game is resumed from the server that saved it "
                                                   "(`gravehold serve`)"),
}


class _Head(msgspec.Struct):
    """What tells one of the project's files from another: its ``format`` (other fields ignored)."""

    format: str | None = None


def other_file(raw: bytes | str, where: str) -> NotAnExport | None:
    """The refusal of a file that is a game record or a saved game, or None."""
    try:
        fmt = msgspec.json.decode(raw, type=_Head).format
    except (msgspec.MsgspecError, RecursionError):
        return None
    for prefix, (what, hint) in OTHER_FILES.items():
        if fmt is not None and fmt.startswith(prefix):
            return NotAnExport(where.removesuffix(": ") or "document", what, hint)
    return None


class TooCostly(StateFormatError):
    """An export past one of the import limits (``MAX_BYTES``, ``MAX_RECORDS``,
    ``MAX_ACTIONS``): refused before it is replayed; the web answers 413."""


@dataclass
class Loaded(Generic[D]):
    """A file that replays: its document (``doc.<kind's field>``), and the battle being
    fought (None if none) as a game with its actions applied and each action's move."""

    doc: Any
    campaign: D
    game: Game | None
    moves: list[Move]


def replay_actions(game: Game, actions: Sequence[list[Json]], where: str) -> list[Move]:
    """Apply the recorded actions; each one's move (the decision it answered, its seat)."""
    moves: list[Move] = []
    for i, a in enumerate(actions):
        if game.over:
            raise StateFormatError(f"{where}[{i}]", "comes after the game has ended")
        d = game.decision
        seq, seat = game.state.seq, d.seat if d is not None else 0
        try:
            game.apply(a)
        except GraveholdError as e:
            raise StateFormatError(f"{where}[{i}]", f"cannot be applied ({e})") from None
        moves.append((seq, seat, a))
    return moves


def first_difference(a: Json, b: Json, path: str) -> str | None:
    """The path of the first place two plain documents differ, or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys(), key=str):
            found = first_difference(a.get(key), b.get(key), f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for k, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, f"{path}[{k}]")
            if found is not None:
                return found
        return None if len(a) == len(b) else f"{path}[{min(len(a), len(b))}]"
    return None if a == b else path


class Transfer(Generic[D]):
    """One kind's export file: its document type (``kind``, the campaign under the kind's
    ``field``, ``actions``, ``id``), and export, read, load and check of it.

    The limits below bound one import. A long expedition played at a table (8 battles, a
    few tries each, four players) stays far below every one; a file at all three replays
    in some 0.75 s of CPU (``scripts/long_expedition.py --tries 200 --actions 150``)."""

    #: bytes in one export file (a long expedition's, 8 to 18 tries, is some 150 to 400 KB)
    MAX_BYTES = 2 * 1024 * 1024
    #: finished battles (tries) one file records: 8 battles tried 25 times each
    MAX_RECORDS = 200
    #: recorded actions in all, every record's and the running battle's (a battle takes
    #: some 150 to 550; the replay costs some 25 µs an action)
    MAX_ACTIONS = 30_000
    TooCostly = TooCostly

    def __init__(self, kind: CampaignKind[D, Any]) -> None:
        self.kind = kind
        self.ExportDoc: type[msgspec.Struct] = msgspec.defstruct(
            "ExportDoc", [("kind", str), (kind.field, kind.doc),
                          ("actions", list[schema.ActionDoc], msgspec.field(default_factory=list)),
                          ("id", str | None, None)],
            forbid_unknown_fields=True, omit_defaults=True)

    def campaign(self, doc: Any) -> D:
        """The campaign a file's document holds."""
        got: D = getattr(doc, self.kind.field)
        return got

    def export(self, campaign: D, actions: Sequence[list[Json]] | None = None, cid: str | None = None) -> bytes:
        doc = self.ExportDoc(self.kind.tag, campaign, list(actions or []), cid)
        return msgspec.json.format(msgspec.json.encode(doc), indent=1)

    def read(self, raw: bytes | str, where: str = "") -> Any:
        """The file's document, before any replay: its size, its nesting and its types
        (every field named on error), its kind and format, and the import limits."""
        size = len(raw.encode() if isinstance(raw, str) else raw)
        if size > self.MAX_BYTES:
            raise TooCostly(where.removesuffix(": ") or "document",
                            f"is {size:,} bytes; an import takes at most {self.MAX_BYTES:,} (MAX_BYTES)")
        try:
            doc = schema.decode(raw, self.ExportDoc, where, max_depth=schema.MAX_DEPTH)
        except StateFormatError:
            other = other_file(raw, where)  # a record or a saved game says what it is
            if other is not None:
                raise other from None
            raise
        self._check_head(doc, where)
        return doc

    def _check_head(self, doc: Any, where: str) -> None:
        k, field = self.kind, self.kind.field
        if doc.kind != k.tag:
            raise StateFormatError(f"{where}kind", f"must be {k.tag!r}: this is not an {k.name} export")
        if doc.id is not None and doc.id != "" and not ID.fullmatch(doc.id):
            raise StateFormatError(f"{where}id", "must be 1 to 32 letters, digits, '-' or '_' (an id a database "
                                                 "can key by); remove it to import the file under a new id")
        c = self.campaign(doc)
        if c.format != k.format:
            raise StateFormatError(f"{where}{field}.format", f"is {c.format}; this gravehold reads {k.format}")
        records = len(c.history)
        if records > self.MAX_RECORDS:
            raise TooCostly(f"{where}{field}.history", f"holds {records:,} battle records; an import takes at "
                                                       f"most {self.MAX_RECORDS:,} (MAX_RECORDS)")
        actions = sum(len(r.actions) for r in c.history) + len(doc.actions)
        if actions > self.MAX_ACTIONS:
            raise TooCostly(f"{where}actions", f"the file records {actions:,} actions in all (its battles' and the "
                                               f"running one's); an import takes at most {self.MAX_ACTIONS:,} "
                                               "(MAX_ACTIONS)")

    def load(self, raw: Any, where: str = "") -> Loaded[D]:
        """:meth:`read`, then the check: the file replayed once, what the store keeps.
        ``raw``: the file's bytes, or its document already read."""
        doc: Any = raw if isinstance(raw, self.ExportDoc) else self.read(raw, where)
        c = self.campaign(doc)
        game, moves = self._check(c, doc.actions, where)
        return Loaded(doc, c, game, moves)

    def parse(self, raw: bytes | str, where: str = "") -> Any:
        """A file read and checked (:meth:`load`), as its document."""
        return self.load(raw, where).doc

    def replay(self, campaign: D) -> D:
        """The campaign rebuilt from its seed, options and records (the kind's replay)."""
        return self.kind.replay(campaign)

    def check(self, campaign: D, actions: Sequence[list[Json]] | None = None, where: str = "") -> Game | None:
        """Refuse a campaign that does not replay to itself; returns the running battle's
        game, its recorded actions applied (None when no battle is being fought)."""
        return self._check(campaign, list(actions or []), where)[0]

    def _check(self, c: D, actions: Sequence[list[Json]], where: str) -> tuple[Game | None, list[Move]]:
        got = self.replay(c)
        field = self.kind.field
        path = None if got == c else first_difference(msgspec.to_builtins(c), msgspec.to_builtins(got), field)
        if path is not None:
            raise StateFormatError(f"{where}{path}", "differs from what the seed, the options and the recorded "
                                                     "battles give")
        if c.current is None:
            if actions:
                raise StateFormatError(f"{where}actions", "no battle is being fought, so there are no actions")
            return None, []
        game = Game.from_config(c.current.config)
        return game, replay_actions(game, actions, f"{where}actions")


_FILES: dict[str, Transfer[Any]] = {}


def files_of(kind: CampaignKind[D, Any]) -> Transfer[D]:
    """The one :class:`Transfer` of ``kind``: every front end and the store share it, and
    with it its document type (a file read by one is loaded by another) and its limits."""
    got = _FILES.get(kind.name)
    if got is None or got.kind is not kind:
        got = _FILES[kind.name] = Transfer(kind)
    return got
