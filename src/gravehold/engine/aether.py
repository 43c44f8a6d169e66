"""Aether, including aether that may only pay for some things (K-11).

A player's aether is a general pool plus restricted pools keyed by restriction:

``spell`` / ``gem`` / ``relic``  only to gain a card of that type
``card``                       only to gain a card (any type)
``no_relic_spell``             anything except gaining a relic or a spell

A purpose is what the aether pays for: ``"gem"``, ``"relic"``, ``"spell"`` (gaining a
card of that type), or ``"charge"``, ``"focus"``, ``"open"``, ``"other"``. Payment takes
restricted aether first, the narrowest pool first, so general aether is kept longest.
"""

from __future__ import annotations

from .state import Player

GAIN_PURPOSES = ("gem", "relic", "spell")
_ORDER = ("spell", "gem", "relic", "card", "no_relic_spell")


def allows(restriction: str, purpose: str) -> bool:
    if restriction in GAIN_PURPOSES:
        return purpose == restriction
    if restriction == "card":
        return purpose in GAIN_PURPOSES
    if restriction == "no_relic_spell":
        return purpose not in ("relic", "spell")
    raise ValueError(f"unknown aether restriction {restriction!r}")


def available(p: Player, purpose: str) -> int:
    total = p.aether
    if p.aether_for:
        for k, v in p.aether_for.items():
            if allows(k, purpose):
                total += v
    return total


def pay(p: Player, amount: int, purpose: str) -> None:
    """Spend ``amount`` for ``purpose``; the caller has checked it is available."""
    if p.aether_for:
        for k in _ORDER:
            v = p.aether_for.get(k, 0)
            if v and allows(k, purpose):
                use = min(v, amount)
                amount -= use
                if v - use:
                    p.aether_for[k] = v - use
                else:
                    del p.aether_for[k]
                if not amount:
                    return
    p.aether -= amount
