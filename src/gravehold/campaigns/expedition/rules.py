"""The expedition rules' numbers, as tables (X-2, X-4, X-6, X-7, X-9, X-16, X-17).

Each function maps a battle to what the rules give it; the steps in ``steps.py`` read only
these, so an edition that counts differently changes a table here, not a step.
"""

from __future__ import annotations

import math
from typing import Literal

Length = Literal["short", "standard", "long"]
Kind = Literal["gem", "relic", "spell"]
KINDS: tuple[Kind, ...] = ("gem", "relic", "spell")

#: X-2, X-16, X-17: the battles of each length
BATTLES: dict[str, int] = {"short": 3, "standard": 4, "long": 8}
#: X-3: the supply and mage selectors drawn into a new expedition's Barracks
START_SUPPLY: dict[Kind, int] = {"gem": 3, "relic": 2, "spell": 4}
START_MAGES = 4
#: X-4, X-11: the piles a battle's supply takes from the Barracks, by type
SUPPLY_SHAPE: dict[Kind, int] = {"gem": 3, "relic": 2, "spell": 4}

#: X-6: (upgraded V, general A) basic nemesis cards of each tier, by player count, tier and
#: column (the battle of a standard expedition). Each V + A is S-6's count for that tier.
DECK_TABLE: dict[int, dict[int, tuple[tuple[int, int], ...]]] = {
    1: {1: ((0, 1), (1, 0), (1, 0), (1, 0)),
        2: ((0, 3), (3, 0), (3, 0), (3, 0)),
        3: ((0, 7), (3, 4), (5, 2), (7, 0))},
    2: {1: ((0, 3), (1, 2), (2, 1), (3, 0)),
        2: ((0, 5), (3, 2), (4, 1), (5, 0)),
        3: ((0, 7), (3, 4), (5, 2), (7, 0))},
    3: {1: ((0, 5), (1, 4), (2, 3), (3, 2)),
        2: ((0, 6), (3, 3), (4, 2), (5, 1)),
        3: ((0, 7), (3, 4), (5, 2), (7, 0))},
    4: {1: ((0, 8), (1, 7), (2, 6), (3, 5)),
        2: ((0, 7), (3, 4), (4, 3), (5, 2)),
        3: ((0, 7), (3, 4), (5, 2), (7, 0))},
}

#: X-4: the treasure tiers each player may bring, and whether the group brings a tier 2,
#: by column: battle 1 none; 2 a tier 1 each; 3 also the group's tier 2; 4 also a tier 3 each
SEAT_TIERS: dict[int, tuple[int, ...]] = {1: (), 2: (1,), 3: (1,), 4: (1, 3)}
GROUP_TIER2: dict[int, bool] = {1: False, 2: False, 3: True, 4: True}

#: X-7: the treasures a won battle of a standard expedition draws, by battle: (tier, count)
WIN_TREASURES: dict[int, tuple[int, int]] = {1: (1, 5), 2: (2, 3), 3: (3, 5)}
#: X-17: a long expedition draws them after battles 2, 4 and 6 instead
LONG_TREASURES: dict[int, tuple[int, int]] = {2: (1, 5), 4: (2, 3), 6: (3, 5)}
#: X-7, X-16, X-17: the supply selectors a won battle adds, one of each type
WIN_SUPPLY: dict[Kind, int] = {"gem": 1, "relic": 1, "spell": 1}

#: X-9: the score of a battle won at the first, second, third try; later tries score 0
TRY_SCORE = (6, 4, 2)


def column(battle: int, length: str) -> int:
    """X-6 / X-4 column (1-4) of a battle: the battle itself, or ⌈n/2⌉ in a long expedition
    (X-17's engine reading: the nemesis level, the deck column and the treasure tiers all
    advance every two battles)."""
    return math.ceil(battle / 2) if length == "long" else battle


def first_battle(length: str) -> int:
    """X-16: a short expedition skips battle 1 and starts at battle 2."""
    return 2 if length == "short" else 1


def last_battle(length: str) -> int:
    return 8 if length == "long" else 4


def deck_counts(players: int, col: int) -> dict[int, tuple[int, int]]:
    """X-6 (X-13 for one player): tier -> (upgraded, general) basic cards of this column."""
    return {tier: DECK_TABLE[players][tier][col - 1] for tier in (1, 2, 3)}


def win_treasures(battle: int, length: str) -> tuple[int, int] | None:
    """X-7 / X-17: (tier, count) of the treasures winning this battle draws, or None."""
    return (LONG_TREASURES if length == "long" else WIN_TREASURES).get(battle)


def try_score(attempt: int) -> int:
    """X-9: a battle won at try ``attempt`` (from 1) scores 6, 4, 2, then 0."""
    return TRY_SCORE[attempt - 1] if attempt <= len(TRY_SCORE) else 0
