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
from . import (  # noqa: F401  (bot hints register on import)
    basics,
    hints,
    mages_azer,
    mages_azer_decks,
    mages_azer_more,
    mages_gravehold,
    mages_gravehold_decks,
    mages_nook_inco,
    nemeses,
    supply_azer,
    supply_gravehold,
    upgraded,
)

BOX = Box(
    id="LOG", name="Legacy of Gravehold", wave=6, preset="log",
    # the published counts of what is written so far (the box's whole: 21 mages, 42 supply
    # cards, 13 nemeses, 24 basic and 16 upgraded basic nemesis cards)
    cards=(*supply_azer.CARDS, *supply_gravehold.CARDS, *mages_azer.UNIQUE_CARDS, *mages_azer_more.UNIQUE_CARDS,
           *mages_azer_decks.UNIQUE_CARDS, *mages_azer_decks.DECK_CARDS,
           *mages_gravehold.UNIQUE_CARDS, *mages_gravehold_decks.UNIQUE_CARDS, *mages_nook_inco.UNIQUE_CARDS,
           *nemeses.PLAYER_CARDS),
    mages=(*mages_azer.MAGES, *mages_azer_more.MAGES, *mages_azer_decks.MAGES,
           *mages_gravehold.MAGES, *mages_gravehold_decks.MAGES, *mages_nook_inco.MAGES),
    basic_cards=basics.BASIC_CARDS,
    nemeses=nemeses.NEMESES, nemesis_cards=nemeses.NEMESIS_CARDS, card_types=nemeses.CARD_TYPES,
    upgraded_cards=upgraded.UPGRADED_CARDS,
    counts={"mages": 21, "supply": 21 + 21, "nemeses": 13, "nemesis_cards": 229, "basic_cards": 24, "markets": 0,
            "upgraded_cards": 16, "treasures": 0},
    requires=("NA",),  # basics.py: The New Age's step kinds for the effects it reprints
)
