"""War Eternal nemeses: one module per nemesis, gathered here.

Each module holds the nemesis' mat (``NEMESIS``, a NemesisDef), its own cards (``CARDS``)
and special decks, the step kinds, marker steps and nemesis hooks that only it uses (each
right above the card or mat that uses it), and the readings decided for it. The mat rules
that change the engine's procedures are nemesis hooks (``gravehold.engine.hooks``); the
steps of ``rules`` / ``increased_difficulty`` are what the mat reads, and those hooks take
their numbers from them. What several of them share is in ``_shared.py`` (their token,
card makers) and in the box's ``steps.py`` (step kinds).
"""

from __future__ import annotations

from ....content.model import NemesisCardDef, NemesisDef
from . import gate_witch, hollow_crown, magus_of_cloaks, umbra_titan

NEMESIS_CARDS: tuple[NemesisCardDef, ...] = (
    *gate_witch.CARDS, *hollow_crown.CARDS, *hollow_crown.ACOLYTES, *magus_of_cloaks.CARDS, *umbra_titan.CARDS)

NEMESES: tuple[NemesisDef, ...] = (
    gate_witch.NEMESIS, hollow_crown.NEMESIS, magus_of_cloaks.NEMESIS, umbra_titan.NEMESIS)
