"""The 27 supply cards of Aeon's End (gems, relics, spells)."""

from __future__ import annotations

from ..model import CardDef

CARDS: tuple[CardDef, ...] = ()
