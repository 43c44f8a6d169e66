"""The 22 basic nemesis cards of Aeon's End.

Source decision: *Cauterizer* is listed by one source with 0 life and 3 shields and by
another with 3 life; the Aeon's End printing predates shield tokens (P-4 names them for
LoG/OC), so it is encoded as 3 life with every hit reduced to 1 damage.
"""

from __future__ import annotations

from ...content.model import NemesisCardDef


def _B(name: str, type_: str, tier: int, **kw: object) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "AE", **kw)  # type: ignore[arg-type]


BASIC_CARDS = (
    _B("Agony Field", "power", 1, power_tokens=2, to_discard=(("destroy_hand_min_cost", 2, 1),),
       power=(("unleash", 1), ("player", "any", (("discard", 3), ("draw", 1, "you"))))),
    _B("Bane Sire", "minion", 1, life=6, persistent=(("unleash", 1),)),
    _B("Bleed Static", "power", 1, power_tokens=3,
       power=(("player", "most_prepped", (("suffer_per_prepped", 2),)),)),
    _B("Eye of Nothing", "power", 1, power_tokens=2, to_discard=(("spend_aether", 6),),
       power=(("unleash", 2),)),
    _B("Haze Spewer", "minion", 1, life=5,
       persistent=(("gravehold_damage_self_life",), ("self_damage", 1))),
    _B("Skewer", "attack", 1,
       effect=(("unleash", 1), ("player", "any", (("suffer", 3), ("draw", 1, "you"))))),
    _B("Slaughter", "attack", 1, effect=(("unleash", 1), ("gravehold_damage", 3))),
    _B("Woven Sky", "power", 1, power_tokens=2, to_discard=(("discard", 3),),
       power=(("unleash", 1), ("player", "any", (("suffer", 4),)))),
    _B("Awaken", "attack", 2,
       effect=(("or", (("unleash", 2), ("gravehold_damage", 3)), (("return_minion",),)),)),
    _B("Cauterizer", "minion", 2, life=3, damage_cap=1,
       persistent=(("player", "any", (("suffer_source_life",),)),)),
    _B("Dispel", "attack", 2,
       effect=(("unleash", 2), ("player", "most_prepped", (("discard_prepped_expensive",),)))),
    _B("Needlemaw", "minion", 2, life=11, persistent=(("gravehold_damage", 2),)),
    _B("Lay Waste", "attack", 2, effect=(("unleash", 2), ("player", "any", (("suffer", 2),)))),
    _B("Pulverizing Ray", "power", 2, power_tokens=1, power=(("pulverize", 18, 6, 3),)),
    _B("Venomite", "minion", 2, life=9,
       persistent=(("or", (("player", "lowest_life", (("suffer", 2),)),),
                    (("player", "any_prepped_min_cost", (("discard_prepped_min_cost", 3),)),)),)),
    _B("Doom Aegis", "power", 3, power_tokens=1, to_discard=(("spend_aether", 7),),
       power=(("player", "most_charges", (("suffer", 4), ("lose_all_charges",))),)),
    _B("Gather Darkness", "attack", 3,
       effect=(("player", "any", (("recycle_and_destroy", 4),)), ("unleash", 2))),
    _B("Jagged One", "minion", 3, life=14, persistent=(("unleash", 2),)),
    _B("Obliterate", "attack", 3,
       effect=(("unleash", 2), ("player", "most_opened_breaches",
                                (("or", (("destroy_hand", 4),), (("suffer", 4),)),)))),
    _B("Reality Rupture", "power", 3, power_tokens=1,
       to_discard=(("destroy_prepped_min_cost", 2, 3),), power=(("unleash", 3),)),
    _B("Sunder", "attack", 3,
       effect=(("or", (("gravehold_damage", 4), ("player", "lowest_life", (("suffer", 4),))),
                (("shuffle_nemesis_turns",),)),)),
    _B("Topple", "attack", 3, effect=(("unleash", 2), ("gravehold_damage", 4))),
)
