"""The New Age supply cards, gathered from ``gems.py``, ``relics.py`` and ``spells.py``."""

from __future__ import annotations

from ...content.model import CardDef, Market

CARDS: tuple[CardDef, ...] = ()
MARKETS: tuple[Market, ...] = ()
