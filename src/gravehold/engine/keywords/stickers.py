"""C-7 Stickers: a starter-card enhancement (C-6) stuck on one physical copy.

A campaign's starter enhancement changes one copy of a starter card (one starter gem of one
mage), so it is a K-9 mark on that copy (``engine.keywords.marks``): the family
``sticker<n>``, a copy named ``"Name{sticker1}"``. What sticker ``n`` changes is no
printed fact but the campaign's, so the game's setup brings it: ``config["stickers"]`` =
``{"<n>": {"name": str, "changes": [change, ...]}}``, each change one of K-9's shapes,
``["amount", i, delta]`` or ``["step", i, step]``, or ``["add", steps]`` (the steps come
after the copy's effect); steps are numbered from 1 in the copy's effect as its other marks
leave it (a sticker's marks sort after boost, cross and overheat). The stickered copy then
enters its seat's starting cards through ``config.marked`` like any marked copy.

A marked copy is a card of the process-wide catalogue, made once, so the definitions are
registered (:func:`register`) before any copy naming them is made: at setup and when a
saved game is loaded. A number keeps its first definition for the life of the process; a
setup that gives the same number another definition is refused (a campaign numbers its
stickers uniquely), since copies made from the first would otherwise change under a game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...content import registry as content
from ...content.model import CardDef, Steps
from ...errors import ContentError
from ..state import tupled
from .marks import _changed, effect_field

KEY = "stickers"
FAMILY = "sticker"
#: sticker number -> (its name, its changes), as the setups of this process defined them
STICKERS: dict[int, tuple[str, Steps]] = {}


def _sticker(card: CardDef, n: int) -> CardDef:
    if n not in STICKERS:
        raise ValueError(f"no sticker {n} is defined by this game's setup (config.stickers)")
    field = effect_field(card)
    steps = list(getattr(card, field))
    for change in STICKERS[n][1]:
        if change[0] == "add":
            steps += list(change[1])
        else:
            _changed(steps, change, 1)
    return replace(card, cast=tuple(steps)) if field == "cast" else replace(card, play=tuple(steps))


content.register_mark_family(FAMILY, _sticker)


def change_fault(ch: Any) -> str | None:
    if not isinstance(ch, tuple) or not ch or ch[0] not in ("amount", "step", "add"):
        return f"must be [\"amount\", i, delta], [\"step\", i, step] or [\"add\", steps], got {ch!r}"
    if ch[0] == "add":
        if len(ch) != 2 or not isinstance(ch[1], tuple) or not ch[1]:
            return "[\"add\", steps] names the steps added"
        steps: Steps = ch[1]
    else:
        if len(ch) != 3 or not isinstance(ch[1], int) or isinstance(ch[1], bool) or ch[1] < 1:
            return f"[\"{ch[0]}\", i, ...] names a step by its number from 1, got {ch!r}"
        if ch[0] == "amount":
            return None if isinstance(ch[2], int) and not isinstance(ch[2], bool) else \
                f"the amount changes by a whole number, got {ch[2]!r}"
        steps = (ch[2],)
    try:
        content.check_steps("sticker", "steps", steps)
    except ContentError as e:
        return str(e).split(": ", 1)[-1]
    return None


def fault(spec: Any) -> tuple[str, str] | None:
    """The first fault of ``config["stickers"]`` as (path after the key, reason), or None."""
    if not isinstance(spec, dict):
        return "", f"must map sticker numbers to {{\"name\", \"changes\"}}, got {spec!r}"
    for key, d in spec.items():
        if not isinstance(key, str) or not key.isdigit() or key != str(int(key)):
            return f".{key}", "a sticker is numbered (\"1\", \"2\", ...), as its copies name it (sticker1)"
        if not isinstance(d, dict) or set(d) != {"name", "changes"}:
            return f".{key}", f"must be an object with name and changes, got {d!r}"
        if not isinstance(d["name"], str) or not 1 <= len(d["name"]) <= 80:
            return f".{key}.name", f"must be a name of 1 to 80 characters, got {d['name']!r}"
        if not isinstance(d["changes"], list) or not d["changes"]:
            return f".{key}.changes", "must list what the sticker changes"
        for j, ch in enumerate(d["changes"]):
            why = change_fault(tupled(ch))
            if why is not None:
                return f".{key}.changes[{j}]", why
        known = STICKERS.get(int(key))
        if known is not None and known != (d["name"], tupled(d["changes"])):
            return f".{key}", (f"sticker {key} is already defined otherwise ({known[0]}); a campaign "
                               "numbers its stickers uniquely")
    return None


def register(spec: dict[str, Any]) -> dict[str, Any]:
    """Define the stickers of a checked spec; the spec as the config keeps it (lists)."""
    out: dict[str, Any] = {}
    for key, d in spec.items():
        STICKERS.setdefault(int(key), (d["name"], tupled(d["changes"])))
        out[key] = {"name": d["name"], "changes": _listed(d["changes"])}
    return out


def _listed(x: Any) -> Any:
    return [_listed(v) for v in x] if isinstance(x, (list, tuple)) else x
