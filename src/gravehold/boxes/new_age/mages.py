"""The New Age mages, with their unique starting cards and unique breaches (K-13)."""

from __future__ import annotations

from ...content.model import CardDef, MageDef

UNIQUE_CARDS: tuple[CardDef, ...] = ()
MAGES: tuple[MageDef, ...] = ()
