"""Legacy of Gravehold, the sixth standalone box (wave 6), written in the box layout on the house.

Its content arrives in parts (issues "Legacy of Gravehold, the players' side" and "..., the
nemeses"): each module adds its records to ``BOX`` and its published count to ``counts`` as
it is written, so the box always loads whole. Its keywords (Conjure, Recall, Silence, aether
and fire tokens, marks on a copy) are engine keywords (``engine/keywords/``), since the
campaign and later boxes use them too. Its rulebook (LoG) decides where RULES.md names it;
its cards beat the book (K-14). As single games its content plays under the preset ``log``
(C-16).
"""

from __future__ import annotations

from ...boxapi import Box
from . import supply_azer, supply_gravehold

BOX = Box(
    id="LOG", name="Legacy of Gravehold", wave=6, preset="log",
    cards=(*supply_azer.CARDS, *supply_gravehold.CARDS),
    # the published counts of what is written so far (the box's whole: 21 mages, 42 supply
    # cards, 13 nemeses, 24 basic and 16 upgraded basic nemesis cards)
    counts={"mages": 0, "supply": 21 + 21, "nemeses": 0, "nemesis_cards": 0, "basic_cards": 0, "markets": 0,
            "upgraded_cards": 0, "treasures": 0},
)
