"""What a bot knows about cards without reading them: values derived from effect steps.

Everything here is computed from the encoded content (public card facts), cached per
card name, and cheap to look up in a bot's inner loop. The generic steps are read by their
parts (``engine.generic``: ``pick``, ``if``; ``engine.amounts``: counted amounts), each
valued as the bot valued the step kind that said the same thing before them.
"""

from __future__ import annotations

from functools import cache

from ..content import registry as content
from ..content.hints import Board, Seat, hints
from ..content.model import Step, Steps
from ..engine.shapes import Json

#: every spell's name (a card a nemesis deals into a deck, or an unknown card, is none)
SPELLS = frozenset(n for n, c in content.CARDS.items() if c.type == "spell")


def plain_hand_loss(s: Step, act: str | None = None) -> int:
    """n when ``s`` is ``pick``: n cards of your own hand, any of them, as many as there are
    (a plain discard or destroy, optionally only ``act``); else 0."""
    if s[0] != "pick" or s[1] != "you" or s[2] != "hand" or s[3] != "any" or s[6] != "must":
        return 0
    return int(s[4]) if act is None or s[5] == act else 0


def counter_of(a: Json) -> tuple[str, tuple[Json, ...], int, int]:
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
        elif k == "allies_aether_tokens":  # aether for the team, spent on an ally's turn
            total += 0.5 * s[1]
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
        elif k == "damage_more_if_ally_discards_costly":  # an ally holds a costly card about half the time
            total += s[1] + 0.5 * s[3]
        elif k == "damage_boost_on_minion_discard":  # its boost heals later: the damage is the worth now
            total += s[1]
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
        return -1.0  # e.g. a nemesis' card dealt into a deck: worse than anything
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


def _counted_threat(k: str, a: Json) -> float:
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


@cache
def relic_value(name: str) -> float:
    """A relic's worth to a deck: its box's hint (cost is a poor guide for relics), else by cost."""
    return hints.card_values.get(content.base_of(name), 1.0 + 0.4 * content.CARDS[name].cost)  # K-9: a copy's card


def branch_worth(b: Board, me: Seat, br: Steps) -> float:
    """Worth to player ``me`` of a branch of effect steps offered as a choice ("or"), on board ``b``."""
    kinds = [s[0] for s in br]
    v = 0.0
    for s in br:
        if s[0] == "aether":
            v += s[1]
        elif s[0] == "aether_for" and s[2] == "breach":  # only worth it with a breach to focus or open
            v += 0.8 * s[1] if any(br2.state == "closed" for br2 in me.breaches) else 0.0
        elif s[0] == "aether_for":
            v += 0.8 * s[1]
        elif s[0] == "active_aether":
            v += s[1]
        elif s[0] == "copy_next_gain":
            v += 1.0
        elif s[0] in ("surge_token", "place_energize"):
            v += 2.0
        elif s[0] == "cast_from_special":  # a spell cast from a mage's unique breach I
            spells = me.breaches[0].spells
            v += damage_of(spells[0]) + me.tokens.get("surge", 0) + 2 if spells else -5  # and 2 charges
        elif s[0] == "discard_energize_life":
            v += 0.6 * min(s[1], max((q.max_life - q.life for q in b.players if not q.exhausted), default=0)) - 1
        elif s[0] == "destroy_sparks_shuffle_turn":  # another turn soon
            v += 4.0
        elif s[0] in ("forge", "ally_may_lose_charge_you_gain"):
            v += 2.0
        elif s[0] == "destroy_from_own_pile":
            v += sum(x[1] for x in s[1] if x[0] == "damage")
        elif s[0] == "destroy_any_discard_top":  # thinning: worth it on a starter card
            v += 1.0 if any(p.discard and content.CARDS[p.discard[-1]].cost == 0 for p in b.players) else -1.0
        elif s[0] in ("cast_prepped_any", "cast_prepped_may_destroy"):
            v += 3 if any(br2.spells for p in b.players for br2 in p.breaches) else -5
        elif s[0] in ("focus_lowest", "focus_any", "focus_ally_breach"):
            v += 1.5
        elif s[0] == "pick" and s[2] == "played" and s[5] == "destroy":  # a played card destroyed
            v += 2.5 if any(content.CARDS[c].cost == 0 for c in me.played if c in content.CARDS) else -1
        elif s[0] == "life":
            v += 0.6 * min(s[1], max(q.max_life - q.life for q in b.players if not q.exhausted) if
                           any(not q.exhausted for q in b.players) else 0)
        elif s[0] == "gravehold_life":
            v += 0.5 * min(s[1], b.gravehold_max - b.gravehold)
        elif s[0] == "damage":
            v += s[1]
        elif s[0] == "play_gem_twice":
            v += 2.5 if "Crystal" in me.hand else -5
        elif s[0] == "breach_discount":
            v += 2.0
    if "destroy_this" in kinds:
        v -= 1.5
    return v
