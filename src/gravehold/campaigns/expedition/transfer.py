"""Export and import: one JSON file holds an expedition, its seed and every finished
battle's record, and the battle being fought with its actions so far.

An import is refused unless the file replays: the expedition is set out again from its
seed and options, each recorded battle is set up again from the recorded choices (its
setup must come out the same), its game is replayed from the recorded actions (its result
must come out the same), each recorded support is taken again, and the rebuilt state must
equal the file's. So a file that was edited by hand, cut short or mixed from two runs is
refused, naming the first thing that differs, and a file that passes continues exactly.

A replay costs about what its actions do (each step shares the records before it,
``steps.clone``), and it is done once: :func:`load` hands the store the running battle's
game with the decision each of its actions was taken at. What one import may cost is
bounded before anything is replayed (the ``MAX_*`` limits below).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import msgspec

from ...engine import schema
from ...engine.game import Game
from ...errors import GraveholdError, StateFormatError
from . import steps
from .state import FORMAT, Choices, Event, Expedition, _Doc

KIND = "gravehold expedition"
#: an expedition's id, as every store keys it
ID = re.compile(r"[A-Za-z0-9_-]{1,32}")

# What one import may cost, checked before the replay (``read``). A long expedition played
# at a table (8 battles, a few tries each, four players) stays far below every one; a file
# at all three replays in some 0.75 s of CPU (``scripts/long_expedition.py --tries 200
# --actions 150``; docs/expeditions.md). An export past one is refused, the limit named.
#: bytes in one export file (a long expedition's, 8 to 18 tries, is some 150 to 400 KB)
MAX_BYTES = 2 * 1024 * 1024
#: finished battles (tries) one file records: 8 battles tried 25 times each
MAX_RECORDS = 200
#: recorded actions in all, every record's and the running battle's (a battle takes some
#: 150 to 550; the replay costs some 25 µs an action)
MAX_ACTIONS = 30_000


class ExportDoc(_Doc):
    """The file: a tag, the expedition, and the running battle's actions (if one runs)."""

    kind: str
    expedition: Expedition
    actions: list[schema.ActionDoc] = msgspec.field(default_factory=list)
    id: str | None = None


class TooCostly(StateFormatError):
    """An export past one of the import limits (``MAX_BYTES``, ``MAX_RECORDS``,
    ``MAX_ACTIONS``): refused before it is replayed; the web answers 413."""


#: an action of the running battle as the games table keeps it: (decision number, seat, action)
Move = tuple[int, int, list[Any]]


@dataclass
class Loaded:
    """A file that replays: its document, and the battle being fought (None if none) as a
    game with its actions applied and each action's move, for the store to keep."""

    doc: ExportDoc
    game: Game | None
    moves: list[Move]


def export(exp: Expedition, actions: list[list[Any]] | None = None, eid: str | None = None) -> bytes:
    doc = ExportDoc(kind=KIND, expedition=exp, actions=list(actions or []), id=eid)
    return msgspec.json.format(msgspec.json.encode(doc), indent=1)


def read(raw: bytes | str, where: str = "") -> ExportDoc:
    """The file's document, before any replay: its size, its nesting and its types (every
    field named on error), its kind and format, and the import limits."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise TooCostly(where.removesuffix(": ") or "document",
                        f"is {size:,} bytes; an import takes at most {MAX_BYTES:,} (MAX_BYTES)")
    doc = schema.decode(raw, ExportDoc, where, max_depth=schema.MAX_DEPTH)
    if doc.kind != KIND:
        raise StateFormatError(f"{where}kind", f"must be {KIND!r}: this is not an expedition export")
    if doc.id is not None and doc.id != "" and not ID.fullmatch(doc.id):
        raise StateFormatError(f"{where}id", "must be 1 to 32 letters, digits, '-' or '_' (an id a database "
                                             "can key by); remove it to import the file under a new id")
    if doc.expedition.format != FORMAT:
        raise StateFormatError(f"{where}expedition.format",
                               f"is {doc.expedition.format}; this gravehold reads {FORMAT}")
    records = len(doc.expedition.history)
    if records > MAX_RECORDS:
        raise TooCostly(f"{where}expedition.history", f"holds {records:,} battle records; an import takes at "
                                                      f"most {MAX_RECORDS:,} (MAX_RECORDS)")
    actions = sum(len(r.actions) for r in doc.expedition.history) + len(doc.actions)
    if actions > MAX_ACTIONS:
        raise TooCostly(f"{where}actions", f"the file records {actions:,} actions in all (its battles' and the "
                                           f"running one's); an import takes at most {MAX_ACTIONS:,} (MAX_ACTIONS)")
    return doc


def load(raw: bytes | str | ExportDoc, where: str = "") -> Loaded:
    """:func:`read`, then :func:`check`: the file replayed once, what the store keeps."""
    doc = raw if isinstance(raw, ExportDoc) else read(raw, where)
    game, moves = _check(doc.expedition, doc.actions, where)
    return Loaded(doc, game, moves)


def parse(raw: bytes | str, where: str = "") -> ExportDoc:
    """A file read and checked (:func:`load`), as its document."""
    return load(raw, where).doc


def _support_choice(ev: Event, where: str) -> str:
    """The X-8 choice a recorded support event was taken by (its one item's kind)."""
    from ...content import registry as content

    items = [*ev.supply, *ev.mages, *ev.treasures]
    if len(items) != 1:
        raise StateFormatError(where, f"a support brings one item (X-8), not {len(items)}")
    if ev.supply and ev.supply[0] in content.CARDS:
        return content.CARDS[ev.supply[0]].type
    if ev.mages:
        return "mage"
    if ev.treasures and ev.treasures[0] in content.TREASURES:
        return f"treasure{content.TREASURES[ev.treasures[0]].tier}"
    raise StateFormatError(where, f"{items[0]!r} is no supply card or treasure")


def _support_again(got: Expedition, file: Expedition, upcoming: Choices | None) -> Expedition:
    """Take again the support the file recorded for the lost battle ``got`` waits at.

    The file's events are in order, so the replay's so far are its first ones (if not, the
    final comparison names where they part). The next one, when it is this battle's
    support, was taken at this loss or at a later loss of the same battle with nothing
    recorded between (the group may take none, X-8). It is this loss's unless the next
    try (its ``upcoming`` choices) then sets up other than recorded: a supply taken now is
    banished or chosen at once, and a choice may use what was taken. Taken at either loss
    and unused, a mage or a treasure leaves the same expedition behind."""
    k = len(got.events)
    where = f"expedition.events[{k}]"
    ev = file.events[k] if k < len(file.events) else None
    if ev is None or ev.kind != "support" or ev.battle != got.battle:
        return _support(got, None, where)
    now = _support(got, _support_choice(ev, where), where)
    if upcoming is not None and not _begins_as_recorded(now, upcoming, file):
        return _support(got, None, where)
    return now


def _support(got: Expedition, choice: str | None, where: str) -> Expedition:
    try:
        return steps.support(got, choice)
    except GraveholdError as e:
        raise StateFormatError(where, str(e)) from None


def _begins_as_recorded(exp: Expedition, choices: Choices, file: Expedition) -> bool:
    """The battle ``exp`` chooses sets up with these choices, adding the events the file has next."""
    try:
        begun, _ = steps.begin(exp, choices)
    except GraveholdError:
        return False
    k, n = len(exp.events), len(begun.events)
    return begun.events[k:] == file.events[k:n]


def replay(exp: Expedition) -> Expedition:
    """The expedition rebuilt from its seed, options, recorded choices and actions."""
    o = exp.options
    try:
        got = steps.new(o.players, length=o.length, endless=o.endless, score=o.score, boxes=o.boxes, seed=exp.seed,
                        story=o.story, ruleset=o.ruleset, difficulty=o.difficulty, title=exp.title,
                        destroyed_returns=o.destroyed_returns, max_tries=o.max_tries)
    except GraveholdError as e:
        raise StateFormatError("expedition.options", f"cannot set out again ({e})") from None
    for k, rec in enumerate(exp.history):
        where = f"expedition.history[{k}]"
        if got.phase == "support":
            got = _support_again(got, exp, rec.choices)
        if (got.phase, got.battle, got.attempt) != ("choose", rec.battle, rec.attempt):
            raise StateFormatError(where, f"is battle {rec.battle} try {rec.attempt}, but the expedition "
                                          f"replays to battle {got.battle} try {got.attempt} ({got.phase})")
        try:
            got, game = steps.begin(got, rec.choices)
        except GraveholdError as e:
            raise StateFormatError(f"{where}.choices", str(e)) from None
        assert got.current is not None
        if got.current.config != rec.config:
            raise StateFormatError(f"{where}.config", "differs from the setup its choices and the seed give")
        _replay_actions(game, rec.actions, f"{where}.actions")
        if rec.reason == steps.CONCEDED and not game.over:  # given up after its last action
            steps.concede(game)
        if not game.over:
            raise StateFormatError(f"{where}.actions", "end before the game does")
        got = steps.finish(got, game, game_id=rec.game, actions=rec.actions)
    if got.phase == "support" and exp.phase in ("choose", "battle"):  # the support came before the retry
        got = _support_again(got, exp, exp.current.choices if exp.current is not None else None)
    if exp.current is not None and got.phase == "choose":
        try:
            got, _ = steps.begin(got, exp.current.choices)
        except GraveholdError as e:
            raise StateFormatError("expedition.current.choices", str(e)) from None
        assert got.current is not None
        got.current.game = exp.current.game
    return got


def _replay_actions(game: Game, actions: list[list[Any]], where: str) -> list[Move]:
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


def _first_difference(a: Any, b: Any, path: str) -> str | None:
    """The path of the first place two plain documents differ, or None."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys(), key=str):
            found = _first_difference(a.get(key), b.get(key), f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for k, (x, y) in enumerate(zip(a, b, strict=False)):
            found = _first_difference(x, y, f"{path}[{k}]")
            if found is not None:
                return found
        return None if len(a) == len(b) else f"{path}[{min(len(a), len(b))}]"
    return None if a == b else path


def check(exp: Expedition, actions: list[list[Any]] | None = None, where: str = "") -> Game | None:
    """Refuse an expedition that does not replay to itself; returns the running battle's
    game, its recorded actions applied (None when no battle is being fought)."""
    return _check(exp, list(actions or []), where)[0]


def _check(exp: Expedition, actions: list[list[Any]], where: str) -> tuple[Game | None, list[Move]]:
    got = replay(exp)
    path = None if got == exp else _first_difference(msgspec.to_builtins(exp), msgspec.to_builtins(got),
                                                     "expedition")
    if path is not None:
        raise StateFormatError(f"{where}{path}", "differs from what the seed, the options and the recorded "
                                                 "battles give")
    if exp.current is None:
        if actions:
            raise StateFormatError(f"{where}actions", "no battle is being fought, so there are no actions")
        return None, []
    game = Game.from_config(exp.current.config)
    return game, _replay_actions(game, actions, f"{where}actions")
