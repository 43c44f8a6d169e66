"""Aeon's End, the first standalone box (wave 1).

``supply.py`` and ``mages.py`` hold the player cards and mages, ``nemeses.py`` the nemeses
and their cards, ``basics.py`` the basic nemesis cards; ``player_steps.py`` and
``nemesis_rules.py`` the step kinds and nemesis hooks that only this box's content uses.
"""

from __future__ import annotations

from ...content.model import Box
from . import basics, mages, nemeses, nemesis_rules, player_steps, supply  # noqa: F401  (steps register on import)

BOX = Box(
    id="AE", name="Aeon's End", wave=1, preset="ae",
    cards=(*mages.UNIQUE_CARDS, *supply.CARDS, *nemeses.CORRUPTION_CARDS),
    mages=mages.MAGES, nemesis_cards=nemeses.NEMESIS_CARDS, basic_cards=basics.BASIC_CARDS,
    nemeses=nemeses.NEMESES,
    counts={"mages": 8, "supply": 27, "nemeses": 4, "basic_cards": 22},
    default_setup={"nemesis": "Rageborne"},
)
