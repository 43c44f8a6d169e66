"""What a bot knows about cards without reading them: values derived from effect steps.

Everything here is computed from the encoded content (public card facts), cached per
card name, and cheap to look up in a bot's inner loop.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..content import registry as content

Steps = tuple[tuple[Any, ...], ...]

#: every spell's name (a corruption or an unknown card is none)
SPELLS = frozenset(n for n, c in content.CARDS.items() if c.type == "spell")


def _aether(steps: Steps) -> float:
    total = 0.0
    for s in steps:
        k = s[0]
        if k == "aether":
            total += s[1]
        elif k == "aether_for":
            total += 0.8 * s[1]
        elif k == "aether_if":
            total += 0.5 * s[1]
        elif k == "or":
            total += max(_aether(s[1]), _aether(s[2]))
    return total


def _damage(steps: Steps) -> float:
    total = 0.0
    for s in steps:
        k = s[0]
        if k == "damage":
            total += s[1]
        elif k == "damage_scaled":
            total += s[1] + 0.5 * s[2]
        elif k == "crystallize":
            total += 2 * s[1]
        elif k == "flare":
            total += (s[1] + s[2]) / 2
        elif k == "or":
            total += max(_damage(s[1]), _damage(s[2]))
        elif k in ("may_discard_hand", "may_destroy_this"):
            total += _damage(s[1])
        elif k == "damage_plus":  # base + per x a count: about two opened breaches or one neighbour
            total += s[1] + s[2] * _COUNT.get(s[3], 1.0)
        elif k == "hand_for_damage":  # a card or two of the hand, each worth ``per``
            total += 1.5 * s[3]
        elif k == "damage_charge_boost":  # the boost when a charge is spared
            total += s[1] + 0.5 * s[2]
        elif k == "damage_gem_boost":  # a gem's cost added
            total += s[1] + 1.5
    return total


#: what a counter of ``damage_plus`` is on an average turn
_COUNT = {"your_opened_breaches": 2.5, "all_opened": 0.3, "adjacent_prepped": 1.0}


@cache
def aether_of(name: str) -> float:
    c = content.CARDS.get(name)
    return _aether(c.play) if c is not None else 0.0


@cache
def damage_of(name: str) -> float:
    c = content.CARDS.get(name)
    if c is None:
        return 0.0
    d = _damage(c.cast)
    return d if d > 0 else (1.0 if c.type == "spell" else 0.0)


@cache
def card_value(name: str) -> float:
    """Rough worth of holding this card: aether for gems, damage for spells, cost for relics."""
    c = content.CARDS.get(name)
    if c is None:
        return -1.0  # e.g. a corruption: worse than anything
    if c.type == "gem":
        return aether_of(name) + 0.1 * c.cost
    if c.type == "spell":
        return damage_of(name) + 0.05 * c.cost
    if c.type == "relic":
        return 1.0 + 0.4 * c.cost
    return 0.0


@cache
def threat(name: str) -> float:
    """How much a nemesis card in play hurts per nemesis turn (for targeting and paying)."""
    c = content.NEMESIS_CARDS.get(name)
    if c is None:
        return 0.0
    return _harm(c.persistent) if c.type == "minion" else _harm(c.power) / max(1, c.power_tokens)


def _harm(steps: Steps) -> float:
    total = 0.0
    for s in steps:
        k = s[0]
        if k in ("gravehold_damage", "suffer"):
            total += s[1]
        elif k == "unleash":
            total += 2.5 * s[1]
        elif k == "strike":
            total += 4 * s[1]
        elif k in ("gravehold_damage_token", "gravehold_damage_self_life", "suffer_source_life"):
            total += 3
        elif k == "player":
            total += _harm(s[2])
        elif k == "or":
            total += min(_harm(s[1]), _harm(s[2]))
        elif k in ("discard", "destroy_hand"):
            total += 0.8 * s[1]
        elif k in ("suffer_token", "suffer_per_prepped"):
            total += 4
        elif k == "pulverize":
            total += s[1] / 2
        else:
            total += 1
    return total


def harm(steps: Steps) -> float:
    return _harm(steps)


#: relics by what they do for a deck (cost is a poor guide for relics)
_RELIC = {
    "Mage's Talisman": 4.0, "Vortex Gauntlet": 4.0, "Blasting Staff": 3.5, "Unstable Prism": 3.2,
    "Focusing Orb": 3.0, "Primordial Fetish": 3.0, "Conclave Scroll": 2.8, "Cairn Compass": 2.5,
    "Bottled Vortex": 2.5, "Fiend Catcher": 2.0, "Flexing Dagger": 2.0, "Mage's Totem": 1.5,
}


@cache
def relic_value(name: str) -> float:
    return _RELIC.get(name, 1.0 + 0.4 * content.CARDS[name].cost)
