"""Aeon's End, the first standalone box (wave 1).

``supply.py`` and ``mages.py`` hold the player cards and mages, ``nemeses/`` one module per
nemesis (its mat, cards and special decks), ``basics.py`` the basic nemesis cards. A step
kind or nemesis hook that one card, mage or nemesis alone uses is written right above it;
``steps.py`` holds the step kinds that several player cards share.
"""

from __future__ import annotations

from ...boxapi import Box
from . import basics, events, hints, mages, nemeses, steps, supply  # noqa: F401  (steps and event lines register on import)

BOX = Box(
    id="AE", name="Aeon's End", wave=1, preset="ae",
    cards=(*mages.UNIQUE_CARDS, *supply.CARDS, *nemeses.CORRUPTION_CARDS),
    mages=mages.MAGES, nemesis_cards=nemeses.NEMESIS_CARDS, basic_cards=basics.BASIC_CARDS,
    nemeses=nemeses.NEMESES, card_types=nemeses.CARD_TYPES,
    counts={"mages": 8, "supply": 27, "nemeses": 4, "basic_cards": 22},
    default_setup={"nemesis": "Rageborne"},
)
