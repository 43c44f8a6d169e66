"""The New Age, the fourth standalone box (wave 4), the first written in the box layout.

``supply.py`` gathers the supply cards of ``gems.py``, ``relics.py`` and ``spells.py``;
``mages.py`` the mages, their unique starting cards and their unique breaches; ``basics.py``
the basic nemesis cards and ``upgraded.py`` the upgraded basics (S-10); ``treasures.py`` the
expedition treasures; ``nemeses/`` one module per nemesis. Each step kind that serves one
card is written right above that card; ``steps.py`` holds those that several cards share.

The rulebook of this box was translated; its names for content follow the English card
names here (Maggoth, not the translation's name for it).
"""

from __future__ import annotations

from ...boxapi import Box
from . import (  # noqa: F401  (steps and event lines register on import)
    basics,
    breaches,
    events,
    expedition,
    hints,
    mages,
    nemeses,
    steps,
    supply,
    treasures,
    upgraded,
)

BOX = Box(
    id="NA", name="The New Age", wave=4, preset="na",
    cards=(*mages.UNIQUE_CARDS, *supply.CARDS, *nemeses.PLAYER_CARDS, *treasures.CARDS),
    mages=mages.MAGES, nemesis_cards=nemeses.NEMESIS_CARDS, basic_cards=basics.BASIC_CARDS,
    upgraded_cards=upgraded.UPGRADED_CARDS,
    nemeses=nemeses.NEMESES, card_types=nemeses.CARD_TYPES, markets=supply.MARKETS, treasures=treasures.TREASURES,
    words="new_age",
    expeditions=expedition.EXPEDITIONS,
    # the published counts
    counts={"mages": 8, "supply": 22, "nemeses": 4, "nemesis_cards": 47, "basic_cards": 34, "markets": 0,
            "upgraded_cards": 15, "treasures": 28},
    requires=("WE",),  # basics: War Eternal's step kinds any_player_loses_charge, self_heal
)
