"""The four nemeses of Aeon's End, one module each: ``rageborne``, ``carapace_queen``,
``crooked_mask`` and ``prince_of_gluttons``.

A nemesis module holds its mat (``NEMESIS``, a ``NemesisDef``), its cards (``CARDS``, special
decks included), the step kinds and nemesis hooks that only it uses, each right above the
card or mat that uses it, and the readings decided for it. The rules that change the
engine's procedures are nemesis hooks (``@nemesis_hook``); the marker steps in a mat's
``rules`` / ``increased_difficulty`` and in a card's ``passive`` only describe a rule (they
resolve to nothing), and the hooks take their numbers from them. What several of them share
is in ``_shared.py``.
"""

from __future__ import annotations

from . import carapace_queen, crooked_mask, prince_of_gluttons, rageborne
from .carapace_queen import SWARM_TABLE
from .crooked_mask import CORRUPTION_CARDS

NEMESES = (rageborne.NEMESIS, carapace_queen.NEMESIS, crooked_mask.NEMESIS, prince_of_gluttons.NEMESIS)

NEMESIS_CARDS = (*rageborne.CARDS, *carapace_queen.CARDS, *crooked_mask.CARDS, *prince_of_gluttons.CARDS)

__all__ = ["CORRUPTION_CARDS", "NEMESES", "NEMESIS_CARDS", "SWARM_TABLE"]
