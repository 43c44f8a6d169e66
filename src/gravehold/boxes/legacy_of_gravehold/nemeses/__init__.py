"""The Legacy of Gravehold nemeses: one module per nemesis, gathered here.

Each module holds the nemesis' mat (``NEMESIS``), its own cards (``CARDS``) and its special
decks, the player cards it hands out (``PLAYER_CARDS``, if any: never in the supply), the step
kinds and trigger handlers only it uses, and the readings decided for it.
"""

from __future__ import annotations

from types import ModuleType

from ....boxapi import CardDef, CardType, NemesisCardDef, NemesisDef, modules_in

#: every module of this folder: a nemesis (a new nemesis is a new module, listed nowhere else)
#: or a module of cards two nemeses share (``final_battle``), which has no ``NEMESIS``
ALL_MODULES: tuple[ModuleType, ...] = modules_in(__name__, __path__)
#: the nemesis modules: those that export ``NEMESIS``
MODULES: tuple[ModuleType, ...] = tuple(m for m in ALL_MODULES if hasattr(m, "NEMESIS"))

#: the player card types its nemeses bring (a nemesis module's ``CARD_TYPES``, if any)
CARD_TYPES: tuple[CardType, ...] = tuple(t for m in MODULES for t in getattr(m, "CARD_TYPES", ()))
NEMESES: tuple[NemesisDef, ...] = tuple(m.NEMESIS for m in MODULES)
NEMESIS_CARDS: tuple[NemesisCardDef, ...] = tuple(c for m in ALL_MODULES for c in getattr(m, "CARDS", ()))
PLAYER_CARDS: tuple[CardDef, ...] = tuple(c for m in MODULES for c in getattr(m, "PLAYER_CARDS", ()))
