"""Outcasts supply cards, gathered from ``gems.py``, ``relics.py`` and ``spells.py``.

The box's own market setups are not written yet; a game with Outcasts draws its market as
any other (a market setup of another box, or one written out pile by pile).
"""

from __future__ import annotations

from ...boxapi import CardDef, Market
from . import gems, relics, spells, steps  # noqa: F401  (steps registers the shared step kinds)

CARDS: tuple[CardDef, ...] = (*gems.CARDS, *relics.CARDS, *spells.CARDS)
MARKETS: tuple[Market, ...] = ()
