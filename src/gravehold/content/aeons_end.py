"""Aeon's End (first box, wave 1): mages, nemesis and basic nemesis cards encoded so far.

Breach setups, hands and decks follow ``reference/mages.json``; nemesis card stats follow
``reference/nemesis_cards.json``. Source decision: *Cauterizer* is listed by one source
with 0 life and 3 shields and by another with 3 life; the Aeon's End printing predates
shield tokens (P-4 names them for LoG/OC), so it is encoded as 3 life with every hit
reduced to 1 damage.
"""

from __future__ import annotations

from .model import AbilityDef, BreachSetup, CardDef, MageDef, NemesisCardDef, NemesisDef

OPEN = BreachSetup("open")


def C(stage: int) -> BreachSetup:
    return BreachSetup("closed", stage)


CARDS = (
    CardDef("Buried Light", "spell", 0, "AE", cast=(("damage", 1), ("aether", 1)),
            starter=True, mage="Brama"),
    CardDef("Garnet Shard", "gem", 0, "AE",
            play=(("or", (("aether", 1),), (("cast_prepped_any", False),)),),
            starter=True, mage="Mist"),
    CardDef("Amethyst Shard", "gem", 0, "AE", play=(("aether", 1), ("ally_may_cycle",)),
            starter=True, mage="Adelheim"),
    CardDef("Flare", "spell", 0, "AE", cast=(("flare", 3, 1),), starter=True, mage="Xaxos"),
)

MAGES = (
    MageDef(
        "Adelheim", "Adelheim", "Breach Mage Weaponsmith", "AE",
        AbilityDef("Aethereal Ward", "nemesis_draw", 5, (("cancel_nemesis_card",),)),
        hand=("Amethyst Shard", "Crystal", "Crystal", "Spark", "Spark"),
        deck=("Crystal",) * 5,
        breaches=(OPEN, C(2), C(0), C(1)), uniques=("Amethyst Shard",),
    ),
    MageDef(
        "Brama", "Brama", "Breach Mage Elder", "AE",
        AbilityDef("Brink Siphon", "your_main", 5, (("life", 4, "any_player"),)),
        hand=("Buried Light", "Crystal", "Crystal", "Crystal", "Crystal"),
        deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
        breaches=(OPEN, C(1), C(0), C(2)), uniques=("Buried Light",),
    ),
    MageDef(
        "Mist", "Mist", "Dagger Captain", "AE",
        AbilityDef("Divine Augury", "your_main", 5, (("draw", 4, "any_ally"),)),
        hand=("Garnet Shard", "Crystal", "Crystal", "Crystal", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
        breaches=(OPEN, C(2), C(1), C(1)), uniques=("Garnet Shard",),
    ),
    MageDef(
        "Xaxos", "Xaxos", "Breach Mage Adept", "AE",
        AbilityDef("Metaphysical Link", "any_main", 5,
                   (("ally_charges", 4), ("reorder_turn_order",))),
        hand=("Flare", "Crystal", "Crystal", "Crystal", "Crystal"),
        deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
        breaches=(OPEN, C(0), C(0), C(1)), uniques=("Flare",),
    ),
)

# ----------------------------------------------------------------- Rageborne
_R = "Rageborne"


def _N(name: str, type_: str, tier: int, **kw: object) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "AE", nemesis=_R, **kw)  # type: ignore[arg-type]


def _S(name: str, *effect: tuple[object, ...]) -> NemesisCardDef:
    return NemesisCardDef(name, "strike", 0, "AE", nemesis=_R, effect=effect, deck="strike")


NEMESIS_CARDS = (
    _N("Cleave", "attack", 1, effect=(("strike", 1),)),
    _N("Provoker", "minion", 1, life=5, persistent=(("gravehold_damage_token", "fury"),)),
    _N("Unrelenting Ire", "attack", 1,
       effect=(("unleash", 1), ("if_nemesis_turns_discarded", 2, (("unleash", 2),)))),
    _N("Blood Cry", "power", 2, power_tokens=2, to_discard=(("lose_charges", 4),),
       power=(("unleash", 4),)),
    _N("Invoke Carnage", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),),
       power=(("unleash", 1), ("player", "any", (("suffer_token", 1, "fury"),)))),
    _N("Scorn", "minion", 2, life=9,
       persistent=(("or", (("gravehold_damage", 3),), (("unleash", 2),)),)),
    _N("Avatar of Wrath", "minion", 3, life=16, persistent=(("strike", 1),)),
    _N("Onslaught", "attack", 3,
       effect=(("unleash", 3), ("collective_discard_hand", "fury"))),
    _N("Rolling Death", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
       power=(("strike", 2),)),
    _S("Convoke", ("player", "any", (("suffer", 4),))),
    _S("Devastate", ("gravehold_damage", 5)),
    _S("Eviscerate", ("player", "lowest_life", (("suffer", 2),))),
    _S("Frenzy", ("player", "most_opened_breaches", (("suffer", 3),))),
    _S("Raze", ("gravehold_damage", 3), ("player", "any", (("suffer", 1),))),
    _S("Seize", ("collective_discard_prepped_expensive", 2)),
)

NEMESES = (
    NemesisDef(
        "Rageborne", "Rageborne", "AE", life=70, difficulty=2,
        unleash=(("gain_token", "fury", 1),),
        cards=("Cleave", "Provoker", "Unrelenting Ire", "Blood Cry", "Invoke Carnage",
               "Scorn", "Avatar of Wrath", "Onslaught", "Rolling Death"),
        special_decks={"strike": ("Convoke", "Devastate", "Eviscerate", "Frenzy", "Raze", "Seize")},
        tokens={"fury": 1},
        end_of_turn=(("if_token_at_least", "fury", 4, (("strike", 1),)),),
        rules={"strike": {"deck": "strike", "lose_token": "fury", "lose": 3}},
        increased_difficulty={"strike": {"lose": 1}},
    ),
)

# ----------------------------------------------------------- basic nemesis cards


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
