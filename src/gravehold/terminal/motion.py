"""A board that moves: what changed between two views of the table, as marks on the panes.

After each step (a person's action, a bot's, the nemesis' turn) the app compares the view
the panes were drawn from with the new one, as the browser board's ``motion.js`` does, and
marks for a moment the text that shows each change: a card played or prepped, a supply pile
gained from, a discard that grew, a life that fell or rose (a minion's too), the card the
nemesis drew. A mark is a style laid over text already on screen (``render`` notes where
each thing is said: ``Said.anchors``), so no text changes and nothing moves; the app makes
none for its first view, after an undo, or when its animation level is ``none``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from rich.text import Text

from ..engine.shapes import ViewDoc
from .render import Anchor, Said

#: how long a mark stays, in seconds: long enough to see, gone before the next bot step
SECONDS = 0.5

#: each kind of change's style; a hit and a heal are told apart by their colour
STYLES = {
    "play": "reverse",
    "gain": "reverse",
    "discard": "reverse",
    "draw": "reverse",
    "hit": "bold white on red",
    "heal": "bold white on green",
}


class Mark(NamedTuple):
    """One change to show: the pane that says it, where in that pane's text, and its kind
    (a key of ``STYLES``)."""

    pane: str
    at: Anchor
    kind: str


def added(before: list[str], after: list[str]) -> list[str]:
    """The names in ``after`` beyond those in ``before``, each as often as it is new."""
    left = Counter(before)
    out = []
    for name in after:
        if left[name]:
            left[name] -= 1
        else:
            out.append(name)
    return out


def _life(pane: str, at: Anchor, was: int, now: int) -> list[Mark]:
    if now < was:
        return [Mark(pane, at, "hit")]
    return [Mark(pane, at, "heal")] if now > was else []


def _player(i: int, p: dict[str, Any], q: dict[str, Any]) -> list[Mark]:
    out = _life("players", ("life", i), p["life"], q["life"])
    if added(p["played"], q["played"]):
        out.append(Mark("players", ("played", i), "play"))
    for b, (was, now) in enumerate(zip(p["breaches"], q["breaches"], strict=False)):
        if added(was.get("spells", []), now.get("spells", [])):
            out.append(Mark("players", ("breach", i, b), "play"))
    if len(q["discard"]) > len(p["discard"]):
        out.append(Mark("players", ("discard", i), "discard"))
    return out


def _nemesis(v: ViewDoc, w: ViewDoc) -> list[Mark]:
    n, m = v["nemesis"], w["nemesis"]
    out = _life("nemesis", ("nemesis",), n["life"], m["life"])
    out += _life("nemesis", ("gravehold",), v["gravehold"]["life"], w["gravehold"]["life"])
    was, now = n["in_play"], m["in_play"]
    for k, (c, d) in enumerate(zip(was, now, strict=False)):  # a card that stayed where it was
        if c["name"] == d["name"] and "life" in c and "life" in d:
            out += _life("nemesis", ("in_play", k), c["life"], d["life"])
    if m["deck_size"] < n["deck_size"]:  # a draw: the deck line, and the card if it stays in play
        out.append(Mark("nemesis", ("deck",), "draw"))
        new = Counter(added([c["name"] for c in was], [d["name"] for d in now]))
        for k in reversed(range(len(now))):  # the newest lie last
            if new[now[k]["name"]]:
                new[now[k]["name"]] -= 1
                out.append(Mark("nemesis", ("in_play", k), "draw"))
    return out


def changes(v: ViewDoc, w: ViewDoc) -> list[Mark]:
    """What changed from view ``v`` to view ``w`` of the same game, as marks to show."""
    out = []
    for i, (p, q) in enumerate(zip(v["players"], w["players"], strict=False)):
        out += _player(i, p, q)
    out += _nemesis(v, w)
    was = dict(v["supply"])
    out += [Mark("supply", ("pile", name), "gain") for name, count in w["supply"] if count < was.get(name, 0)]
    return out


def spans(marks: list[Mark], text: Text) -> list[tuple[int, int, str]]:
    """Where ``marks`` lie in a pane's ``text`` (its anchors) and each one's style; a mark
    whose place the text does not say is left out."""
    anchors = text.anchors if isinstance(text, Said) else {}
    return [(*anchors[m.at], STYLES[m.kind]) for m in marks if m.at in anchors]
