"""The 22 basic nemesis cards of Aeon's End.

A step kind that one card alone uses is written right above that card; ``BASIC_CARDS``
keeps the cards in the order they are written here.

Source decision: *Cauterizer* is listed by one source with 0 life and 3 shields and by
another with 3 life; the Aeon's End printing predates shield tokens (P-4 names them for
LoG/OC), so it is encoded as 3 life with every hit reduced to 1 damage.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    ask_step,
    chooser,
    destroy_from,
    gravehold_damage,
    per,
    pick,
    recycle,
    step,
)
from ...boxapi import catalogue as content

_BASICS: list[NemesisCardDef] = []


def _B(name: str, type_: str, tier: int, **kw: Any) -> None:
    _BASICS.append(NemesisCardDef(name, type_, tier, "AE", **kw))


# ================================================================== tier 1

_B("Agony Field", "power", 1, power_tokens=2, to_discard=(pick("destroy", 1, filt=("cost_at_least", 2)),),
   power=(("unleash", 1), ("player", "any", (pick("discard", 3), ("draw", 1, "you")))))
_B("Bane Sire", "minion", 1, life=6, persistent=(("unleash", 1),))
_B("Bleed Static", "power", 1, power_tokens=3,
   power=(("player", "most_prepped", (("suffer", per("your_prepped", 2)),)),))
_B("Eye of Nothing", "power", 1, power_tokens=2, to_discard=(("spend_aether", 6),),
   power=(("unleash", 2),))
_B("Haze Spewer", "minion", 1, life=5,
   persistent=(("gravehold_damage", per("this_minion_life")), ("self_damage", 1)))
_B("Skewer", "attack", 1,
   effect=(("unleash", 1), ("player", "any", (("suffer", 3), ("draw", 1, "you")))))
_B("Slaughter", "attack", 1, effect=(("unleash", 1), ("gravehold_damage", 3)))
_B("Woven Sky", "power", 1, power_tokens=2, to_discard=(pick("discard", 3),),
   power=(("unleash", 1), ("player", "any", (("suffer", 4),))))

# ================================================================== tier 2

_B("Awaken", "attack", 2,
   effect=(("or", (("unleash", 2), ("gravehold_damage", 3)), (("return_minion",),)),))
_B("Cauterizer", "minion", 2, life=3, damage_cap=1,
   persistent=(("player", "any", (("suffer", per("this_minion_life")),)),))
_B("Dispel", "attack", 2,
   effect=(("unleash", 2), ("player", "most_prepped", (pick("discard", 1, "prepped", "costliest"),))))
_B("Needlemaw", "minion", 2, life=11, persistent=(("gravehold_damage", 2),))
_B("Lay Waste", "attack", 2, effect=(("unleash", 2), ("player", "any", (("suffer", 2),))))


@step("pulverize", text=lambda n, k, per: (
        f"Gravehold suffers {n} damage; the players may discard up to {k} gems between them, "
        f"each preventing {per} of it."))
def _pulverize(g: Engine, ctx: Ctx, dmg: int, most: int, per: int, action: Action | None = None) -> None:
    """Players may discard up to ``most`` gems between them; each prevents ``per``."""
    st = g.state
    if action is not None:
        if action[0] == "done":
            gravehold_damage(g, dmg, ctx.source)
            return
        j, name = int(action[1]), action[2]
        p = st.players[j]
        p.hand.remove(name)
        p.discard.append(name)
        g.ev("discard", player=j, card=name, source=ctx.source)
        dmg = max(0, dmg - per)
        most -= 1
    opts: list[Action] = []
    if most > 0 and dmg > 0:
        opts = [("gem", j, c) for j, p in enumerate(st.players)
                for c in sorted(set(p.hand)) if content.CARDS[c].type == "gem"]
    if not opts:
        gravehold_damage(g, dmg, ctx.source)
        return
    ask_step(g, ctx, ("pulverize", dmg, most, per), "gem", chooser(g, ctx),
             f"Discard a gem to prevent {per} of {dmg} damage to Gravehold?", opts + [("done",)])


_B("Pulverizing Ray", "power", 2, power_tokens=1, power=(("pulverize", 18, 6, 3),))
_B("Venomite", "minion", 2, life=9,
   persistent=(("or", (("player", "lowest_life", (("suffer", 2),)),),
                (("player", "any_prepped_min_cost", (pick("discard", 1, "prepped", ("cost_at_least", 3)),)),)),))

# ================================================================== tier 3

_B("Doom Aegis", "power", 3, power_tokens=1, to_discard=(("spend_aether", 7),),
   power=(("player", "most_charges", (("suffer", 4), ("lose_all_charges",))),))


@step("recycle_and_destroy", text=lambda n: (
        f"puts their discard pile onto their deck, shuffles it, and destroys its top {n} cards."))
def _recycle_and_destroy(g: Engine, ctx: Ctx, n: int) -> None:
    """Discard pile onto the deck, shuffle that deck (a named effect), destroy the top n."""
    recycle(g, ctx.you, ctx.source)
    p = g.state.players[ctx.you]
    for _ in range(min(n, len(p.deck))):
        destroy_from(g, ctx.you, "deck", p.deck[0], ctx.source)


_B("Gather Darkness", "attack", 3,
   effect=(("player", "any", (("recycle_and_destroy", 4),)), ("unleash", 2)))
_B("Jagged One", "minion", 3, life=14, persistent=(("unleash", 2),))
_B("Obliterate", "attack", 3,
   effect=(("unleash", 2), ("player", "most_opened_breaches",
                            (("or", (pick("destroy", 4),), (("suffer", 4),)),))))
_B("Reality Rupture", "power", 3, power_tokens=1,
   to_discard=(pick("destroy", 2, "prepped", ("cost_at_least", 3)),), power=(("unleash", 3),))
_B("Sunder", "attack", 3,
   effect=(("or", (("gravehold_damage", 4), ("player", "lowest_life", (("suffer", 4),))),
            (("shuffle_nemesis_turns",),)),))
_B("Topple", "attack", 3, effect=(("unleash", 2), ("gravehold_damage", 4)))

BASIC_CARDS = tuple(_BASICS)
