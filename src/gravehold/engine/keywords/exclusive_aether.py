"""K-11 Exclusive aether: aether that may only pay for what its text names.

State: ``Player.aether_for``, restricted pools keyed by restriction beside the general pool
``Player.aether``; both lapse at the end of every turn (``lapse``):

``spell`` / ``gem`` / ``relic``  only to gain a card of that type
``card``                       only to gain a card (any type)
``no_relic_spell``             anything except gaining a relic or a spell
``breach``                     only to focus or open a breach

A purpose is what the aether pays for: ``"gem"``, ``"relic"``, ``"spell"`` (gaining a
card of that type), or ``"charge"``, ``"focus"``, ``"open"``, ``"other"``. Payment takes
restricted aether first, the narrowest pool first, so general aether is kept longest.
Step: ``aether_for`` fills a pool. Every payment goes through ``available`` and ``pay``
so that no spending path can overlook a restriction. Aether tokens (K-7,
``keywords.aether_tokens``) pay for anything, after the general pool.
"""

from __future__ import annotations

from ..core import Ctx, Engine, step
from ..state import Player

GAIN_PURPOSES = ("gem", "relic", "spell")
_ORDER = ("spell", "gem", "relic", "breach", "spell_breach", "gem_relic", "card", "no_relic_spell")

#: what each pool may pay for, as the boards say it ("+2 Æ only to gain a spell")
PAYS_FOR = {
    "spell": "only to gain a spell", "gem": "only to gain a gem", "relic": "only to gain a relic",
    "card": "only to gain cards", "no_relic_spell": "for anything but gaining a relic or a spell",
    "breach": "only to focus or open a breach",
    "spell_breach": "only for gaining a spell, or focusing or opening a breach",
    "gem_relic": "only to gain a gem or a relic",
}


def pays_for(restriction: str) -> str:
    """What aether of ``restriction`` may pay for, in words (the boards show it)."""
    return PAYS_FOR.get(restriction, f"only for {restriction}")


def allows(restriction: str, purpose: str) -> bool:
    if restriction in GAIN_PURPOSES:
        return purpose == restriction
    if restriction == "card":
        return purpose in GAIN_PURPOSES
    if restriction == "no_relic_spell":
        return purpose not in ("relic", "spell")
    if restriction == "breach":
        return purpose in ("focus", "open")
    if restriction == "spell_breach":
        return purpose in ("spell", "focus", "open")
    if restriction == "gem_relic":
        return purpose in ("gem", "relic")
    raise ValueError(f"unknown aether restriction {restriction!r}")


def available(p: Player, purpose: str) -> int:
    total = p.aether + p.aether_tokens
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
    use = min(p.aether, amount)
    p.aether -= use
    if amount - use:  # K-7: aether tokens pay the rest
        p.aether_tokens -= amount - use


def lapse(p: Player) -> None:
    """End of turn: unspent restricted aether is lost, as general aether is."""
    p.aether_for = {}


@step("aether_for", text=lambda n, t: (
        f"Gain {n} Æ usable for anything except gaining a relic or a spell." if t == "no_relic_spell"
        else f"Gain {n} Æ usable only to focus or open a breach." if t == "breach"
        else f"Gain {n} Æ usable {PAYS_FOR[t]}." if t in ("spell_breach", "gem_relic")
        else f"Gain {n} Æ usable only to gain a {t}."))
def _aether_for(g: Engine, ctx: Ctx, n: int, ctype: str) -> None:
    """Aether into a restricted pool (the restrictions are listed above)."""
    pools = g.state.players[ctx.you].aether_for
    pools[ctype] = pools.get(ctype, 0) + n
    g.ev("aether", player=ctx.you, amount=n, source=ctx.source, only=ctype)
