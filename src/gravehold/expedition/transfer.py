"""Export and import: one JSON file holds an expedition, its seed and every finished
battle's record, and the battle being fought with its actions so far.

An import is refused unless the file replays: the expedition is set out again from its
seed and options, each recorded battle is set up again from the recorded choices (its
setup must come out the same), its game is replayed from the recorded actions (its result
must come out the same), each recorded support is taken again, and the rebuilt state must
equal the file's. So a file that was edited by hand, cut short or mixed from two runs is
refused, naming the first thing that differs, and a file that passes continues exactly.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..engine import schema
from ..engine.game import Game
from ..errors import GraveholdError, StateFormatError
from . import steps
from .state import Event, Expedition, _Doc

KIND = "gravehold expedition"


class ExportDoc(_Doc):
    """The file: a tag, the expedition, and the running battle's actions (if one runs)."""

    kind: str
    expedition: Expedition
    actions: list[schema.ActionDoc] = msgspec.field(default_factory=list)
    id: str | None = None


def export(exp: Expedition, actions: list[list[Any]] | None = None, eid: str | None = None) -> bytes:
    doc = ExportDoc(kind=KIND, expedition=exp, actions=list(actions or []), id=eid)
    return msgspec.json.format(msgspec.json.encode(doc), indent=1)


def parse(raw: bytes | str, where: str = "") -> ExportDoc:
    """Types first (every field named on error), then :func:`check`."""
    doc = schema.decode(raw, ExportDoc, where)
    if doc.kind != KIND:
        raise StateFormatError(f"{where}kind", f"must be {KIND!r}: this is not an expedition export")
    if doc.expedition.format != 1:
        raise StateFormatError(f"{where}expedition.format", f"is {doc.expedition.format}; this gravehold reads 1")
    check(doc.expedition, doc.actions, where)
    return doc


def _support_choice(ev: Event) -> str:
    from ..content import registry as content

    if ev.supply:
        return content.CARDS[ev.supply[0]].type
    if ev.mages:
        return "mage"
    return f"treasure{content.TREASURES[ev.treasures[0]].tier}"


def _support_again(got: Expedition, supports: list[Event]) -> Expedition:
    """Take again the recorded support of the lost battle ``got`` waits at (the first one
    left for that battle; none recorded: none taken)."""
    ev = next((s for s in supports if s.battle == got.battle), None)
    if ev is not None:
        supports.remove(ev)
    return steps.support(got, _support_choice(ev) if ev is not None else None)


def replay(exp: Expedition) -> Expedition:
    """The expedition rebuilt from its seed, options, recorded choices and actions."""
    o = exp.options
    try:
        got = steps.new(o.players, length=o.length, endless=o.endless, score=o.score, boxes=o.boxes, seed=exp.seed,
                        story=o.story, ruleset=o.ruleset, difficulty=o.difficulty, title=exp.title,
                        destroyed_returns=o.destroyed_returns, max_tries=o.max_tries)
    except GraveholdError as e:
        raise StateFormatError("expedition.options", f"cannot set out again ({e})") from None
    supports = [ev for ev in exp.events if ev.kind == "support"]
    for k, rec in enumerate(exp.history):
        where = f"expedition.history[{k}]"
        if got.phase == "support":
            got = _support_again(got, supports)
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
    if got.phase == "support" and exp.phase == "choose":
        got = _support_again(got, supports)
    if exp.current is not None and got.phase == "choose":
        try:
            got, _ = steps.begin(got, exp.current.choices)
        except GraveholdError as e:
            raise StateFormatError("expedition.current.choices", str(e)) from None
        assert got.current is not None
        got.current.game = exp.current.game
    return got


def _replay_actions(game: Game, actions: list[list[Any]], where: str) -> None:
    for i, a in enumerate(actions):
        if game.over:
            raise StateFormatError(f"{where}[{i}]", "comes after the game has ended")
        try:
            game.apply(a)
        except GraveholdError as e:
            raise StateFormatError(f"{where}[{i}]", f"cannot be applied ({e})") from None


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
    got = replay(exp)
    path = _first_difference(msgspec.to_builtins(exp), msgspec.to_builtins(got), "expedition")
    if path is not None:
        raise StateFormatError(f"{where}{path}", "differs from what the seed, the options and the recorded "
                                                 "battles give")
    if exp.current is None:
        if actions:
            raise StateFormatError(f"{where}actions", "no battle is being fought, so there are no actions")
        return None
    game = Game.from_config(exp.current.config)
    _replay_actions(game, list(actions or []), f"{where}actions")
    return game
