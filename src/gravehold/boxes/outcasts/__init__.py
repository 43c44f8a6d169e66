"""Outcasts, the fifth standalone box (wave 5), written in the box layout on the house.

Its content arrives in parts (issue "Outcasts"): each module adds its records to ``BOX`` and
its published count to ``counts`` as it is written, so the box always loads whole. The
Outcasts rulebook (OC) decides where RULES.md names it; its cards beat the book (K-14).
"""

from __future__ import annotations

from ...boxapi import Box
from . import (  # noqa: F401  (steps, rules, event lines, bot hints and xaxos register on import)
    basics,
    curses,
    events,
    hints,
    mages,
    nemeses,
    supply,
    upgraded,
    xaxos,
)

BOX = Box(
    id="O", name="Outcasts", wave=5, preset="oc",
    # the published counts of what is written so far (the box's whole: 8 mages, 31 supply
    # cards, 4 nemeses, 22 basic and 15 upgraded basic nemesis cards, 13 treasures)
    cards=(*mages.UNIQUE_CARDS, *supply.CARDS, *curses.CURSES, *nemeses.PLAYER_CARDS),
    basic_cards=basics.BASIC_CARDS,
    upgraded_cards=upgraded.UPGRADED_CARDS,
    mages=mages.MAGES,
    nemeses=nemeses.NEMESES, nemesis_cards=nemeses.NEMESIS_CARDS, card_types=nemeses.CARD_TYPES,
    counts={"mages": 8, "supply": 31, "nemeses": 1, "nemesis_cards": 11, "basic_cards": 22, "markets": 0,
            "upgraded_cards": 15, "treasures": 0},
    requires=("WE", "NA"),
)
