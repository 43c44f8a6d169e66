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
    expedition,
    hints,
    mages,
    nemeses,
    supply,
    treasures,
    upgraded,
    xaxos,
)

BOX = Box(
    id="O", name="Outcasts", wave=5, preset="oc", words="outcasts",
    # the published counts of what is written so far (the box's whole: 8 mages, 31 supply
    # cards, 4 nemeses, 22 basic and 15 upgraded basic nemesis cards, 13 treasures)
    cards=(*mages.UNIQUE_CARDS, *supply.CARDS, *curses.CURSES, *nemeses.PLAYER_CARDS, *treasures.CARDS),
    basic_cards=basics.BASIC_CARDS,
    upgraded_cards=upgraded.UPGRADED_CARDS,
    mages=mages.MAGES, others=xaxos.OTHERS,
    nemeses=nemeses.NEMESES, nemesis_cards=nemeses.NEMESIS_CARDS, card_types=nemeses.CARD_TYPES,
    treasures=treasures.TREASURES,
    expeditions=expedition.available(nemeses.NEMESES),
    counts={"mages": 8, "supply": 31, "nemeses": 4, "nemesis_cards": 39, "basic_cards": 22, "markets": 0,
            "upgraded_cards": 15, "treasures": 13},
    requires=("WE", "NA"),
)
