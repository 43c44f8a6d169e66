"""Aeon's End mages and their unique starting cards (S-2, S-3).

Breach setups, hands and decks follow ``reference/mages.json``.

Readings decided here (steps in ``engine/effects_ae_players.py``):

* Jian's *Black Mirror*: the first cast leaves the spell prepped and goes through the same
  breach bonus as a normal cast; the second is a normal cast (P-2). Jian is "you" on both
  (P-18) and an ally's spell returns to its owner's discard.
* Kadir's *Otherworldly Gate*: "that player" is the player whose main phase it is; they
  pick the spells (one by one, up to three) and may then prep a second spell to each
  opened breach during the rest of that turn (a closed breach still takes one).
* Lash's *Quicken Thought*: any player card in the turn order discard but the wild card
  (T-3); a "1/2" or "3/4" card (T-4) names either player of its pair, Lash picks; in true
  solo every player card is Lash's player (T-5). *Quartz Shard*: a wild or paired card
  counts as a player's card. The mage's title is "Breach Mage Scout" (the Clojure engine
  has a typo).
* Phaedraxa's *Auspex Rune*: it shields the whole turn that the drawn card starts,
  including damage the players deal themselves (Tourmaline Shard, Quicken Thought).
  *Tourmaline Shard*: the ally still destroys a card when that damage is prevented.
  Phaedraxa has no breach I (its slot is "none").
"""

from __future__ import annotations

from ...content.model import AbilityDef, BreachSetup, CardDef, MageDef

OPEN = BreachSetup("open")
NONE = BreachSetup("none")


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
    CardDef("Moonstone Shard", "gem", 0, "AE", play=(("aether", 1), ("aether_for", 1, "gem")),
            starter=True, mage="Jian"),
    CardDef("Emerald Shard", "gem", 0, "AE",
            play=(("or", (("aether", 1),), (("life", 1, "any_player"),)),),
            starter=True, mage="Kadir"),
    CardDef("Quartz Shard", "gem", 0, "AE", play=(("aether", 1), ("turn_order_peek", 1)),
            starter=True, mage="Lash"),
    CardDef("Tourmaline Shard", "gem", 0, "AE", play=(("aether", 1), ("ally_may_suffer_destroy",)),
            starter=True, mage="Phaedraxa"),
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
    MageDef(
        "Jian", "Jian", "Breach Mage Orphan", "AE",
        AbilityDef("Black Mirror", "your_main", 4, (("cast_prepped_twice",),)),
        hand=("Moonstone Shard", "Crystal", "Crystal", "Spark", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
        breaches=(OPEN, OPEN, C(0), C(1)), uniques=("Moonstone Shard",),
    ),
    MageDef(
        "Kadir", "Kadir", "Breach Mage Delver", "AE",
        AbilityDef("Otherworldly Gate", "any_main", 5, (("spells_to_hand", 3), ("double_prep",))),
        hand=("Emerald Shard", "Crystal", "Crystal", "Crystal", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
        breaches=(OPEN, C(2), C(1), C(2)), uniques=("Emerald Shard",),
    ),
    MageDef(
        "Lash", "Lash", "Breach Mage Scout", "AE",
        AbilityDef("Quicken Thought", "any_main", 5, (("shuffle_player_turn", 1),)),
        hand=("Quartz Shard", "Crystal", "Crystal", "Crystal", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
        breaches=(OPEN, C(2), C(0), C(2)), uniques=("Quartz Shard",),
    ),
    MageDef(
        "Phaedraxa", "Phaedraxa", "Breach Mage Seer", "AE",
        AbilityDef("Auspex Rune", "after_turn_order_draw", 5, (("ward_turn",),)),
        hand=("Tourmaline Shard", "Crystal", "Crystal", "Crystal", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
        breaches=(NONE, OPEN, C(1), C(2)), uniques=("Tourmaline Shard",),
    ),
)
