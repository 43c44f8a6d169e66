"""The 25 basic nemesis cards of War Eternal."""

from __future__ import annotations

from ..model import NemesisCardDef

BASIC_CARDS: tuple[NemesisCardDef, ...] = ()
