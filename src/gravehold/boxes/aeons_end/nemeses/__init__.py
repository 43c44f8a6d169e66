"""The four nemeses of Aeon's End, one module each, found in this folder.

A nemesis module holds its mat (``NEMESIS``, a ``NemesisDef``), its cards (``CARDS``, special
decks included), the step kinds and trigger handlers that only it uses, each right above the
card or mat that uses it, and the readings decided for it. The rules that change the
engine's procedures are trigger handlers its mat declares (``engine.triggers``); the marker steps in a mat's
``rules`` / ``increased_difficulty`` and in a card's ``passive`` only describe a rule (they
resolve to nothing), and the handlers take their numbers from them. What several of them share
is in ``_shared.py``.
"""

from __future__ import annotations

from types import ModuleType

from ....boxapi import CardType, NemesisCardDef, NemesisDef, modules_in
from .carapace_queen import SWARM_TABLE
from .crooked_mask import CORRUPTION_CARDS

#: every nemesis module of this folder (a new nemesis is a new module, listed nowhere else)
MODULES: tuple[ModuleType, ...] = modules_in(__name__, __path__)

#: the player card types its nemeses bring (a nemesis module's ``CARD_TYPES``, if any)
CARD_TYPES: tuple[CardType, ...] = tuple(t for m in MODULES for t in getattr(m, "CARD_TYPES", ()))
NEMESES: tuple[NemesisDef, ...] = tuple(m.NEMESIS for m in MODULES)
NEMESIS_CARDS: tuple[NemesisCardDef, ...] = tuple(
    c for m in MODULES for c in (*m.CARDS, *getattr(m, "ACOLYTES", ())))

__all__ = ["CARD_TYPES", "CORRUPTION_CARDS", "NEMESES", "NEMESIS_CARDS", "SWARM_TABLE"]
