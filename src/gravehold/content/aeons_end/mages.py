"""Aeon's End mages and their unique starting cards (S-2, S-3).

Breach setups, hands and decks follow ``reference/mages.json``.
"""

from __future__ import annotations

from ..model import AbilityDef, BreachSetup, CardDef, MageDef

OPEN = BreachSetup("open")


def C(stage: int) -> BreachSetup:
    return BreachSetup("closed", stage)


UNIQUE_CARDS = (
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
