"""The New Age supply cards, gathered from ``gems.py``, ``relics.py`` and ``spells.py``.

The rulebook's first game takes its nine piles from a pre-sorted card packet without naming
them, so the box prints no suggested market of its own; a game with The New Age draws its
market as any other (a market setup, or one written out pile by pile).
"""

from __future__ import annotations

from ...boxapi import CardDef, Market
from . import gems, relics, spells

CARDS: tuple[CardDef, ...] = (*gems.CARDS, *relics.CARDS, *spells.CARDS)
MARKETS: tuple[Market, ...] = ()
