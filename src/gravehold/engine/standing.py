"""Standing rules of the nemesis cards in play, looked up by rule kind.

A card's printed standing rules (its ``passive``, such as "shielded while husks are in
play") are rule kinds (``vocabulary.rule``), not steps. The catalogue indexes them by kind
as cards register (``registry.STANDING``), so a hook asks "which cards in play have rule
X?" with one dict lookup and a walk over the few cards in play, never over every card.
"""

from __future__ import annotations

from typing import Any

from ..content import registry as content
from .core import Engine
from .damage import copy_ref


def standing(g: Engine, kind: str) -> list[tuple[str, tuple[Any, ...]]]:
    """(copy reference, rule) of each card in play whose printed rules hold ``kind``."""
    table = content.STANDING.get(kind)
    if not table:
        return []
    in_play = g.state.nemesis.in_play
    return [(copy_ref(in_play, k), table[c.name]) for k, c in enumerate(in_play) if c.name in table]


def printed_rule(name: str, kind: str) -> tuple[Any, ...] | None:
    """Card ``name``'s rule of ``kind`` (``name`` may be a copy reference), or None."""
    from .damage import base_name

    table = content.STANDING.get(kind)
    return table.get(base_name(name)) if table else None
