"""War Eternal supply cards, and the box's two suggested markets.

The cards are written in ``gems.py``, ``relics.py`` and ``spells.py``, each with the step
kinds that only it uses right above it; ``CARDS`` gathers them in that order.

No War Eternal supply card has Link (K-1 first appears on cards of The Void); Link is
supported by ``turn.prep_targets`` for the boxes that use it.
"""

from __future__ import annotations

from ...boxapi import CardDef, Market
from . import gems, relics, spells

CARDS: tuple[CardDef, ...] = (*gems.CARDS, *relics.CARDS, *spells.CARDS)

MARKETS = (
    Market("Deck Destruction", "WE", (
        "Frozen Magmite", "Scoria Slag", "Erratic Ingot", "Mage's Totem", "Primordial Fetish",
        "Reduce to Ash", "Jagged Lightning", "Conjure the Lost", "Fiery Torrent")),
    Market("Reuse Spells!", "WE", (
        "Volcanic Glass", "Breach Ore", "Bloodstone Jewel", "Cairn Compass", "Vortex Gauntlet",
        "Thoughtform Familiar", "Kindle", "Nova Forge", "Crystallize")),
)
