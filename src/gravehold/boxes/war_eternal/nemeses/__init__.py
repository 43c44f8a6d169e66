"""War Eternal nemeses: one module per nemesis, gathered here.

Each module holds the nemesis' mat (``NEMESIS``, a NemesisDef), its own cards (``CARDS``)
and special decks, the step kinds, marker steps and trigger handlers that only it uses (each
right above the card or mat that uses it), and the readings decided for it. The mat rules
that change the engine's procedures are trigger handlers its mat declares (``gravehold.engine.triggers``); the
steps of ``rules`` / ``increased_difficulty`` are what the mat reads, and those handlers take
their numbers from them. What several of them share is in ``_shared.py`` (their token,
card makers) and in the box's ``steps.py`` (step kinds).
"""

from __future__ import annotations

from types import ModuleType

from ....boxapi import NemesisCardDef, NemesisDef, modules_in

#: every nemesis module of this folder (a new nemesis is a new module, listed nowhere else)
MODULES: tuple[ModuleType, ...] = modules_in(__name__, __path__)

NEMESES: tuple[NemesisDef, ...] = tuple(m.NEMESIS for m in MODULES)
NEMESIS_CARDS: tuple[NemesisCardDef, ...] = tuple(
    c for m in MODULES for c in (*m.CARDS, *getattr(m, "ACOLYTES", ())))
