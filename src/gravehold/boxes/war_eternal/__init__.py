"""War Eternal, the second standalone box (wave 2).

``supply.py`` gathers the supply cards of ``gems.py``, ``relics.py`` and ``spells.py`` and
holds the suggested markets; ``mages.py`` the mages and their unique starting cards;
``basics.py`` the basic nemesis cards; ``nemeses/`` one module per nemesis (its mat, cards
and special decks). Each step kind that serves one card is written right above that card;
``steps.py`` holds those that several cards of the box use.
"""

from __future__ import annotations

from ...boxapi import Box
from . import basics, events, gems, hints, mages, nemeses, relics, spells, steps, supply  # noqa: F401  (steps and event lines register on import)

BOX = Box(
    id="WE", name="War Eternal", wave=2, preset="we",
    cards=(*mages.UNIQUE_CARDS, *supply.CARDS),
    mages=mages.MAGES, nemesis_cards=nemeses.NEMESIS_CARDS, basic_cards=basics.BASIC_CARDS,
    nemeses=nemeses.NEMESES, markets=supply.MARKETS, default_setup={"market": "Deck Destruction"},
    counts={"mages": 8, "supply": 27, "nemeses": 4, "basic_cards": 25, "markets": 2},
)
