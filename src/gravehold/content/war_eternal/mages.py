"""War Eternal mages and their unique starting cards."""

from __future__ import annotations

from ..model import CardDef, MageDef

UNIQUE_CARDS: tuple[CardDef, ...] = ()
MAGES: tuple[MageDef, ...] = ()
