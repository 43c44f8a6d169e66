"""Every card a game holds, wherever it lies: the multiset only named effects may change.

Split from ``engine/game.py`` (which checks a loaded state against it) so the walk over the
zones is written once: the census of marked copies a campaign keeps
(``keywords.marks.census``) reads the same zones.
"""

from __future__ import annotations

from collections import Counter

from ..content import registry as content
from .keywords.conjure import FACE_DOWN
from .state import State


def card_names(st: State) -> list[str]:
    """Every card name in the game's zones, player and nemesis cards alike (not the supply
    piles, which are counts): one list, so a census counts it once."""
    names: list[str] = []  # one list, counted once: Counter's C loop does the work
    for p in st.players:
        names += p.hand
        names += p.deck
        names += p.discard
        names += p.played
        names += p.set_aside
        names += [c for d in p.decks.values() for c in d]  # K-13: the mage's own decks
        for br in p.breaches:
            names += br.spells
            names += br.attached
            names += br.face_down
    n = st.nemesis
    names += st.destroyed
    names += st.banished
    names += n.deck
    names += n.discard
    names += n.resolving
    names += [x.name for x in n.in_play]
    for d in n.decks.values():
        names += d
    names += st.to_deck
    names += st.to_discard
    return names


def card_census(st: State) -> Counter[str]:
    """Every player card and nemesis card the game holds, wherever it is.

    Only named effects may change this multiset: gaining moves cards out of the supply
    counts, destroying moves them to ``destroyed``; nothing else creates or removes. A
    marked copy counts as its card, so marking a copy changes nothing here."""
    names = card_names(st)  # Counter's C loop does the work
    c = Counter(names)
    c.pop(FACE_DOWN, None)  # K-3: the stand-in of a face-down card; the card is in ``face_down``
    for name, count in zip(st.supply_names, st.supply_counts, strict=True):
        c[name] += count
    if any("{" in name for name in c):
        merged: Counter[str] = Counter()
        for name, k in c.items():
            merged[content.base_of(name)] += k
        return merged
    return c
