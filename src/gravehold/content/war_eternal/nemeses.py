"""War Eternal nemeses: each one's mat (NemesisDef) and its own cards."""

from __future__ import annotations

from ..model import NemesisCardDef, NemesisDef

NEMESIS_CARDS: tuple[NemesisCardDef, ...] = ()
NEMESES: tuple[NemesisDef, ...] = ()
