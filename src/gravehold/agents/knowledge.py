"""What a bot knows about cards without reading them: values derived from effect steps.

Everything here is computed from the encoded content (public card facts), cached per
card name, and cheap to look up in a bot's inner loop. The generic steps are read by their
parts (``engine.generic``: ``pick``, ``if``; ``engine.amounts``: counted amounts), each
valued as the bot valued the step kind that said the same thing before them.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..content import registry as content
from ..content.model import Steps

#: every spell's name (a corruption or an unknown card is none)
SPELLS = frozenset(n for n, c in content.CARDS.items() if c.type == "spell")


def plain_hand_loss(s: tuple[Any, ...], act: str | None = None) -> int:
    """n when ``s`` is ``pick``: n cards of your own hand, any of them, as many as there are
    (a plain discard or destroy, optionally only ``act``); else 0."""
    if s[0] != "pick" or s[1] != "you" or s[2] != "hand" or s[3] != "any" or s[6] != "must":
        return 0
    return int(s[4]) if act is None or s[5] == act else 0


def counter_of(a: Any) -> tuple[str, tuple[Any, ...], int, int]:
    """(counter name, its arguments, each, plus) of a counted amount ``("per", ...)``."""
    what = a[1]
    name, args = (what[0], tuple(what[1:])) if isinstance(what, tuple) else (what, ())
    return str(name), args, int(a[2]), int(a[3])


def _aether(steps: Steps) -> float:
    total = 0.0
    for s in steps:
        k = s[0]
        if k == "aether":
            total += s[1]
        elif k == "aether_for":
            total += 0.8 * s[1]
        elif k == "if":  # aether on a condition: about half of it
            total += 0.5 * _aether(s[2])
        elif k == "or":
            total += max(_aether(s[1]), _aether(s[2]))
        elif k == "may_pay":  # an optional extra cost (K-15): paid about half the time
            total += 0.5 * _aether(s[3] + s[4])
        elif k == "ally_copy_offer":  # an ally seldom holds a copy
            total += 0.3 * _aether(s[1]) + 0.7 * _aether(s[2])
    return total


def _damage(steps: Steps) -> float:
    total = 0.0
    for s in steps:
        k = s[0]
        if k == "damage":
            if isinstance(s[1], int):
                total += s[1]
            else:  # a counted amount: plus, and each times the count on an average turn
                name, _, each, plus = counter_of(s[1])
                total += plus + each * _COUNT.get(name, 1.0)
        elif k == "crystallize":
            total += 2 * s[1]
        elif k == "flare":
            total += (s[1] + s[2]) / 2
        elif k == "or":
            total += max(_damage(s[1]), _damage(s[2]))
        elif k == "may_destroy_this":
            total += _damage(s[1])
        elif k == "pick":  # what follows "if you do"
            total += _damage(s[7])
        elif k == "hand_for_damage":  # a card or two of the hand, each worth ``per``
            total += 1.5 * s[3]
        elif k == "damage_charge_boost":  # the boost when a charge is spared
            total += s[1] + 0.5 * s[2]
        elif k == "damage_gem_boost":  # a gem's cost added
            total += s[1] + 1.5
        elif k in ("damage_nemesis", "plain_damage"):
            total += s[1]
        elif k == "damage_more_if_high":  # more from an opened III or IV, about half the time
            total += s[1] + 0.5 * s[2]
        elif k == "may_pay":  # an optional extra cost (K-15): paid about half the time
            total += 0.5 * _damage(s[3] + s[4])
        elif k == "ally_copy_offer":  # an ally seldom holds a copy
            total += 0.3 * _damage(s[1]) + 0.7 * _damage(s[2])
        elif k == "destroy_from_own_pile":
            total += _damage(s[1])
    return total


#: what a counter of counted damage is on an average turn: about two opened breaches, one
#: neighbouring spell, half a copy or another spell prepped
_COUNT = {"your_opened_breaches": 2.5, "all_opened": 0.3, "adjacent_prepped": 1.0, "copies_prepped": 0.5,
          "your_other_prepped": 0.5}


@cache
def aether_of(name: str) -> float:
    c = content.CARDS.get(name)
    return _aether(c.play) if c is not None else 0.0


@cache
def damage_of(name: str) -> float:
    c = content.CARDS.get(name)
    if c is None:
        return 0.0
    d = _damage(c.cast) * (2 if c.echo else 1)  # P-5: Echo resolves the Cast effect twice
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


#: the threat of a counted amount of damage, by what it hits and what it counts (any other: 1)
_COUNTED_THREAT = {("gravehold_damage", "tokens"): 3.0, ("gravehold_damage", "this_minion_life"): 3.0,
                   ("suffer", "your_prepped"): 4.0, ("suffer", "this_minion_life"): 3.0}


def _counted_threat(k: str, a: Any) -> float:
    name, _, _, plus = counter_of(a)
    if k == "suffer" and name == "tokens" and plus:  # a base and a token count on top
        return 4.0
    return _COUNTED_THREAT.get((k, name), 1.0)


def _harm(steps: Steps) -> float:
    total = 0.0
    for s in steps:
        k = s[0]
        if k in ("gravehold_damage", "suffer"):
            total += s[1] if isinstance(s[1], int) else _counted_threat(k, s[1])
        elif k == "unleash":
            total += 2.5 * s[1]
        elif k == "strike":
            total += 4 * s[1]
        elif k == "player":
            total += _harm(s[2])
        elif k == "or":
            total += min(_harm(s[1]), _harm(s[2]))
        elif plain_hand_loss(s):
            total += 0.8 * plain_hand_loss(s)
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
    # attached relics (K-2) stay under a breach and pay off at every cast from it; Pain
    # Conduit pays once (+2) and then takes a hand's slot again: below the buying bar
    "Aether Conduit": 6.0, "Link Conduit": 5.0, "Pain Conduit": 4.0, "Galvanized Bauble": 4.0,
    "Well of Energy": 2.5, "Caged Fire": 2.0, "Marble Galaxy": 2.0,
}


@cache
def relic_value(name: str) -> float:
    return _RELIC.get(name, 1.0 + 0.4 * content.CARDS[name].cost)
