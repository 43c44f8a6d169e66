"""What one player may see (DESIGN: "Hidden information is respected by views")."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..content import registry as content
from .state import State


def view_for(st: State, player: int | None) -> dict[str, Any]:
    """A plain-data view: no deck order (P-16), no nemesis deck order (S-6), no turn order
    deck beyond the cards revealed to everyone, no other player's hand, no generator."""
    d = st.to_dict()
    for k in ("rng", "stack", "deferred", "cast_bonus", "unleash_depth"):
        d.pop(k, None)
    for i, p in enumerate(d["players"]):
        p["deck_size"] = len(p.pop("deck"))
        if i != player:
            p["hand_size"] = len(p.pop("hand"))
    n = d["nemesis"]
    deck = n.pop("deck")
    n["deck_size"] = len(deck)
    n["deck_tiers"] = dict(Counter(str(content.NEMESIS_CARDS[c].tier) for c in deck))
    n["decks"] = {k: len(v) for k, v in n["decks"].items()}
    to = d["turn_order"]
    tdeck = to.pop("deck")
    known = st.tokens.get("to_known", 0)
    to["deck_size"] = len(tdeck)
    to["known_top"] = tdeck[:known]
    dec = d.get("decision")
    if dec is not None:
        dec.pop("resume", None)
        if dec["player"] != player:
            dec["options"] = []
    d["viewer"] = player
    return d
