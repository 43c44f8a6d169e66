"""The New Age basic nemesis cards (S-6)."""

from __future__ import annotations

from ...content.model import NemesisCardDef

BASIC_CARDS: tuple[NemesisCardDef, ...] = ()
