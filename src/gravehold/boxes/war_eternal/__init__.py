"""War Eternal, the second standalone box (wave 2).

``supply.py`` and ``mages.py`` hold the player cards, mages and suggested markets,
``nemeses.py`` the nemeses and their cards, ``basics.py`` the basic nemesis cards;
``player_steps.py``, ``basic_steps.py`` and ``nemesis_rules.py`` the step kinds and nemesis
hooks that only this box's content uses.
"""

from __future__ import annotations

from ...content.model import Box
from . import basic_steps, basics, mages, nemeses, nemesis_rules, player_steps, supply  # noqa: F401

BOX = Box(
    id="WE", name="War Eternal", wave=2, preset="we",
    cards=(*mages.UNIQUE_CARDS, *supply.CARDS),
    mages=mages.MAGES, nemesis_cards=nemeses.NEMESIS_CARDS, basic_cards=basics.BASIC_CARDS,
    nemeses=nemeses.NEMESES, markets=supply.MARKETS, default_setup={"market": "Deck Destruction"},
    counts={"mages": 8, "supply": 27, "nemeses": 4, "basic_cards": 25, "markets": 2},
)
