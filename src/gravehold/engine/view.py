"""What one player may see, as JSON: the view form of ``engine/observe.py``'s masking.

Hidden: the order of every deck (P-16: nobody may look at a deck), which of another
player's cards are in their hand rather than their deck, the nemesis deck beyond its
size per tier, the turn order deck beyond cards revealed to everyone, the order of
face-down special decks (and of a box's face-down pile kept in secret table tokens),
the generator state, and the seed (``HIDDEN_CONFIG``): the setup
and the seed rebuild every deck order, so a view that carried the seed would carry all of
the above. A finished game's record shows its seed; a view never does, even after the end,
so no front end has to know when it may.

Shown, because a player at the table knows it: every card a player owns (gains and
destroys happen in the open), so the viewer's own deck *contents* (sorted, not in
order) and each other player's hand-plus-deck pool (sorted); the nemesis' own cards not
yet seen; the contents of face-down special decks (sorted); face-up special decks in
order (a nemesis' ``deck_faces``); and the engine's pending work (stack), which only ever names
cards that are already public. This is exactly what a searching agent needs to sample
worlds consistent with what it knows (``agents/ismcts.py``).
"""

from __future__ import annotations

from collections import Counter

from ..content import registry as content
from ..content.text import card_text
from .flags import secret_token
from .keywords import enhancements, mage_decks
from .observe import HIDDEN_CARD, HIDDEN_CONFIG, deck_face, masked, sees_hand, special_deck
from .shapes import ViewDoc
from .state import State

__all__ = ["HIDDEN_CARD", "HIDDEN_CONFIG", "view_for"]


def view_for(st: State, player: int | None) -> ViewDoc:
    d = st.to_dict()
    d.pop("rng", None)
    d["config"] = {k: v for k, v in st.config.items() if k not in HIDDEN_CONFIG}  # a copy: state's own stays whole
    lasting = enhancements.KEY in st.config
    for i, p in enumerate(d["players"]):
        if lasting:  # C-6: what each seat's enhancements say, as a board shows them (public)
            p["enhancements"] = enhancements.view(st.config, i)
        if not sees_hand(player, i):
            for b in p["breaches"]:
                if "face_down" in b:
                    b["face_down"] = [HIDDEN_CARD] * len(b["face_down"])
        if "decks" in p:  # K-13: a mage's own decks, as their faces allow
            p["decks"] = mage_decks.view(p["mage"], p["decks"], HIDDEN_CARD)
            p["face_up_decks"] = sorted(k for k in p["decks"] if mage_decks.face(p["mage"], k) == "up")
        deck = p.pop("deck")
        p["deck_size"] = len(deck)
        if sees_hand(player, i):
            p["deck_contents"] = masked(deck)
        else:
            hand = p.pop("hand")
            p["hand_size"] = len(hand)
            p["pool"] = masked(hand + deck)
    n = d["nemesis"]
    deck = n.pop("deck")
    n["deck_size"] = len(deck)
    n["deck_tiers"] = dict(Counter(str(content.NEMESIS_CARDS[c].tier) for c in deck))
    nd = content.NEMESES.get(n["id"])
    if nd is not None:
        seen = set(st.nemesis.discard) | {c.name for c in st.nemesis.in_play} | set(st.nemesis.resolving) \
            | set(st.destroyed)
        n["unseen_own"] = sorted(c for c in nd.cards if c not in seen)
    n["decks"] = {k: special_deck(n["id"], k, v) for k, v in n["decks"].items()}
    # so a board knows which to lay face up
    n["face_up_decks"] = sorted(k for k in n["decks"] if deck_face(n["id"], k) == "up")
    to = d["turn_order"]
    tdeck = to.pop("deck")
    d["tokens"] = {k: (0 if v >= 0 and secret_token(k) else v) for k, v in d["tokens"].items()}
    known = st.tokens.get("to_known", 0)
    to["deck_size"] = len(tdeck)
    to["known_top"] = tdeck[:known]
    dec = d.get("decision")
    if dec is not None and dec["player"] != player:
        dec["options"] = []
    d["viewer"] = player
    shown = _marked_shown(d) if content.VARIANTS else None
    if shown:  # K-9: only then, so a view of a game without marked copies reads the same
        d["marked_cards"] = {n: {"type": content.CARDS[n].type, "cost": content.CARDS[n].cost,
                                 "text": card_text(content.CARDS[n])} for n in sorted(shown)}
    return d


#: the lists of a player in a view that may name a player card
_PLAYER_CARDS = ("hand", "deck_contents", "pool", "discard", "played", "set_aside")


def _marked_shown(d: ViewDoc) -> set[str]:
    """K-9: the marked copies a view names (a copy marked in this game is in no page's card
    texts, so the view carries each one's text, and only of the copies it shows). Player
    cards lie only in the players' zones, the piles out of the game and under the supply
    piles (C-17): only those are read."""
    names: list[str] = [*d["destroyed"], *d.get("banished", ())]
    for bottom in d.get("supply_bottom", {}).values():  # C-17: under the supply piles
        names += bottom
    for p in d["players"]:
        for key in _PLAYER_CARDS:
            names += p.get(key, ())
        for cards in p.get("decks", {}).values():
            names += cards
        for b in p["breaches"]:
            names += b.get("spells", ())
            names += b.get("attached", ())
            names += b.get("face_down", ())
    cards = content.CARDS
    return {n for n in names if "{" in n and n in cards}
