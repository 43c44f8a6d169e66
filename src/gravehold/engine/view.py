"""What one player may see (DESIGN: "Hidden information is respected by views").

Hidden: the order of every deck (P-16: nobody may look at a deck), which of another
player's cards are in their hand rather than their deck, the nemesis deck beyond its
size per tier, the turn order deck beyond cards revealed to everyone, the order of
face-down special decks, the generator state, and the seed (``HIDDEN_CONFIG``): the setup
and the seed rebuild every deck order, so a view that carried the seed would carry all of
the above. A finished game's record shows its seed; a view never does, even after the end,
so no front end has to know when it may.

Shown, because a player at the table knows it: every card a player owns (gains and
destroys happen in the open), so the viewer's own deck *contents* (sorted, not in
order) and each other player's hand-plus-deck pool (sorted); the nemesis' own cards not
yet seen; the contents of face-down special decks (sorted); face-up special decks in
order (``PUBLIC_DECKS``); and the engine's pending work (stack), which only ever names
cards that are already public. This is exactly what a searching agent needs to sample
worlds consistent with what it knows (``agents/ismcts.py``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..content import registry as content
from .state import State

#: Special decks that lie face up (their order is public).
PUBLIC_DECKS = frozenset({"devoured", "acolyte_discard", "exiled"})
#: Face-down cards that even their holder may not identify until drawn: shown as
#: ``HIDDEN_CARD`` in deck contents, pools and their own deck.
SECRET_DECKS = frozenset({"corruption"})
HIDDEN_CARD = "?"
#: Setup facts no seat may see: the seed (with the public setup it deals the whole game).
HIDDEN_CONFIG = frozenset({"seed"})


def _mask(cards: list[str]) -> list[str]:
    return sorted(HIDDEN_CARD if content.CARDS.get(c) is not None and content.CARDS[c].type == "corruption"
                  else c for c in cards)


def view_for(st: State, player: int | None) -> dict[str, Any]:
    d = st.to_dict()
    d.pop("rng", None)
    d["config"] = {k: v for k, v in st.config.items() if k not in HIDDEN_CONFIG}  # a copy: state's own stays whole
    for i, p in enumerate(d["players"]):
        if i != player:
            for b in p["breaches"]:
                if "face_down" in b:
                    b["face_down"] = [HIDDEN_CARD] * len(b["face_down"])
        deck = p.pop("deck")
        p["deck_size"] = len(deck)
        if i == player:
            p["deck_contents"] = _mask(deck)
        else:
            hand = p.pop("hand")
            p["hand_size"] = len(hand)
            p["pool"] = _mask(hand + deck)
    n = d["nemesis"]
    deck = n.pop("deck")
    n["deck_size"] = len(deck)
    n["deck_tiers"] = dict(Counter(str(content.NEMESIS_CARDS[c].tier) for c in deck))
    nd = content.NEMESES.get(n["id"])
    if nd is not None:
        seen = set(st.nemesis.discard) | {c.name for c in st.nemesis.in_play} | set(st.nemesis.resolving) \
            | set(st.destroyed)
        n["unseen_own"] = sorted(c for c in nd.cards if c not in seen)
    n["decks"] = {k: (list(v) if k in PUBLIC_DECKS else [HIDDEN_CARD] * len(v) if k in SECRET_DECKS
                      else sorted(v)) for k, v in n["decks"].items()}
    n["face_up_decks"] = sorted(PUBLIC_DECKS & n["decks"].keys())  # so a board knows which to lay face up
    to = d["turn_order"]
    tdeck = to.pop("deck")
    known = st.tokens.get("to_known", 0)
    to["deck_size"] = len(tdeck)
    to["known_top"] = tdeck[:known]
    dec = d.get("decision")
    if dec is not None and dec["player"] != player:
        dec["options"] = []
    d["viewer"] = player
    return d
