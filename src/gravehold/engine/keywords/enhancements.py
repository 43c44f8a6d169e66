"""C-6 / C-7 / C-9 Enhancements: the lasting rules a campaign's player keeps from battle to battle.

A campaign sticks enhancements on its mages between battles; in a battle each works for its
seat's player exactly as a tier-3 treasure of that seat does (X-14), so an enhancement's
``rules`` are treasure rules (``engine.keywords.treasures``) and the treasures' trigger
points fire them: :func:`held` gives each one as a tier-3 :class:`TreasureDef` of its own,
made once per name and rules, which ``treasures.held`` yields beside the real ones. Nothing
of the treasures' code is written twice, and a game without enhancements never reads this.

Refused: the rules bound to a supply pile (``on_gain_beside``, ``pile_discount``): they speak
of "the pile beside this treasure", and an enhancement lies on a mat, beside no pile.

State: ``config["enhancements"]``, part of the setup and never changed after it: per seat
from 0, a list of ``{"name": str, "kind": one of KINDS, "rules": [rule, ...]}``, the rules
as JSON lists (a rule is a list whose first item is its kind; steps are lists too). A
starter-card enhancement is a sticker on one copy instead (``engine.keywords.stickers``).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from ...content import registry as content
from ...content.model import TreasureDef
from ...content.text import render_step
from ...errors import ContentError
from ..shapes import Doc
from ..state import tupled

KEY = "enhancements"
#: C-6: the kinds of enhancement a campaign sticks on (a starter one is a sticker, but is listed)
KINDS = ("breach", "personal", "relationship", "starter", "general", "vestige")
#: the box a made-up treasure names (no box of the catalogue is called so)
BOX = "enhancement"
#: the treasure rules an enhancement may hold, and each part's shape: ``s`` steps, ``i`` a
#: whole number, ``b`` true or false, ``t`` a player card type, ``c`` a condition or null
SHAPES = {
    "on_open": "s", "on_turn_start": "s", "on_first_turn": "s", "after_ability": "s", "pile_emptied": "s",
    "on_gain_type": "ts", "gained_may_top": "t", "on_play_gem": "is", "on_spell_cast": "ibs",
    "nth_casting_cast": "is", "cast_bonus": "iic", "nemesis_spell_bonus": "i",
}
#: the treasure rules that name the supply pile their treasure lies beside
PILE_BOUND = ("on_gain_beside", "pile_discount")


@cache
def treasure(name: str, rules: tuple[Any, ...]) -> TreasureDef:
    """The tier-3 treasure an enhancement works as (one object per name and rules)."""
    return TreasureDef(name, 3, BOX, rules=rules)


def held(st: Any) -> Iterator[tuple[TreasureDef, int]]:
    """Each enhancement of the game, as a treasure, and the seat it works for."""
    for seat, entries in enumerate(st.config.get(KEY) or ()):
        for e in entries:
            yield treasure(e["name"], tupled(e["rules"])), seat


def view(config: Doc, seat: int) -> list[Doc]:
    """What a board shows of a seat's enhancements: name, kind and the rules' text."""
    seats = config.get(KEY) or []
    entries = seats[seat] if seat < len(seats) else []
    return [{"name": e["name"], "kind": e["kind"], "text": rules_text(e["rules"])} for e in entries]


def rules_text(rules: Any) -> str:
    """Lasting rules (JSON's lists or tuples) in the engine's words, one sentence each."""
    return " ".join(render_step(r) for r in tupled(rules))


# ------------------------------------------------------------------ checking a setup
def _part_fault(shape: str, v: Any) -> str | None:
    if shape == "s":
        ok = isinstance(v, tuple) and bool(v) and all(isinstance(s, tuple) and s for s in v)
        return None if ok else f"must be a list of steps, got {v!r}"
    if shape == "i":
        return None if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else \
            f"must be a whole number, got {v!r}"
    if shape == "b":
        return None if isinstance(v, bool) else f"must be true or false, got {v!r}"
    if shape == "t":
        return None if v in content.TYPES else f"must be a player card type ({', '.join(content.TYPES)}), got {v!r}"
    from ..conditions import CONDITIONS

    if v is None or (isinstance(v, tuple) and v) or (isinstance(v, str) and v in CONDITIONS):
        return None
    return f"must be a condition (a name such as {next(iter(sorted(CONDITIONS)), 'none')}) or null, got {v!r}"


def rule_fault(r: Any) -> str | None:
    """Why ``r`` (tuple form) is no rule an enhancement may hold, or None."""
    if not isinstance(r, tuple) or not r or not isinstance(r[0], str):
        return f"must be a treasure rule, a list whose first item is its kind, got {r!r}"
    if r[0] in PILE_BOUND:
        return f"{r[0]} speaks of the supply pile beside a treasure; an enhancement lies beside no pile"
    shape = SHAPES.get(r[0])
    if shape is None:
        return f"unknown treasure rule {r[0]!r}; an enhancement holds {', '.join(SHAPES)}"
    if len(r) - 1 != len(shape):
        return f"{r[0]} takes {len(shape)} parts, got {len(r) - 1}"
    for k, (s, v) in enumerate(zip(shape, r[1:], strict=True), 1):
        why = _part_fault(s, v)
        if why is None and s == "s":
            try:  # the steps as any card's are checked (``registry`` at load)
                content.check_steps(r[0], "steps", v)
            except ContentError as e:
                why = str(e).split(": ", 1)[-1]
        if why is not None:
            return f"part {k}: {why}"
    return None


def fault(spec: Any, players: int) -> tuple[str, str] | None:
    """The first fault of ``config["enhancements"]``, as (path after the key, reason), or None."""
    if not isinstance(spec, list) or len(spec) > players:
        return "", f"must list, per seat from 0, its enhancements (at most {players} seats), got {spec!r}"
    for i, entries in enumerate(spec):
        if not isinstance(entries, list):
            return f"[{i}]", f"must list that seat's enhancements, got {entries!r}"
        for k, e in enumerate(entries):
            at = f"[{i}][{k}]"
            if not isinstance(e, dict) or set(e) != {"name", "kind", "rules"}:
                return at, f"must be an object with name, kind and rules, got {e!r}"
            if not isinstance(e["name"], str) or not 1 <= len(e["name"]) <= 80:
                return f"{at}.name", f"must be a name of 1 to 80 characters, got {e['name']!r}"
            if e["kind"] not in KINDS:
                return f"{at}.kind", f"must be one of {', '.join(KINDS)}, got {e['kind']!r}"
            if not isinstance(e["rules"], list) or not e["rules"]:
                return f"{at}.rules", f"must list the enhancement's treasure rules, got {e['rules']!r}"
            for j, r in enumerate(e["rules"]):
                why = rule_fault(tupled(r))
                if why is not None:
                    return f"{at}.rules[{j}]", why
    return None


def plain(spec: list[Any]) -> list[list[Doc]]:
    """The checked spec as it is kept in the config (lists, as JSON writes them)."""
    def listed(x: Any) -> Any:
        return [listed(v) for v in x] if isinstance(x, (list, tuple)) else x

    return [[{"name": e["name"], "kind": e["kind"], "rules": listed(e["rules"])} for e in s] for s in spec]
