"""War Eternal mages and their unique starting cards (S-2, S-3, K-13).

Hands, decks, charges and breach setups follow ``reference/mages.json`` (Clojure and the
wiki agree on all eight). The War Eternal Mist has the id ``"Mist (WE)"``; the Aeon's End
Mist keeps ``"Mist"``. Gex has no breach I.

Source disagreement: Gex's title is "Breach Mage Adviser" in the randomizer and Clojure,
"Breach Mage Advisor" on the wiki; we keep "Adviser".

Readings decided here:

- *Tempest Sigil* (Dezmodia): the Sigil breach is an opened breach whose spells get +2
  damage, wherever it lies (the Clojure engine: opened, bonus damage 2). It is recorded
  as the token ``sigil_I`` / ``sigil_II`` of its owner (``Player.tokens``) on a breach that
  stays ``open``, so every rule about opened breaches applies to it unchanged. A spell
  that lies across the replaced breach (two-breach spells) also goes back to hand. The
  printed text lets the player then prep to *a* breach: any breach P-13 allows (Clojure
  only offers the new Sigil breach); we follow the printed text.
- *Colossal Force* (Garu): the damage is split into one amount per target, each dealt
  as its own source (a shield stops one amount, P-4); every target takes at most one
  amount, and the last target available takes all that is left. Targets are named as the
  damage prompt names them (two minions of one name count as one target).
- *Extinguish* (Quilius): the Trophy goes to the player whose mage is Quilius, whoever
  casts it; "a minion from the nemesis deck" is a minion card of the nemesis deck
  (``NemesisCardDef.deck == "nemesis"``), not one of a special deck.
- *Illuminate* (Yan Magda): fires when a breach of its owner is focused or opened during
  the owner's turn, by any means (a breach focused at its last stage opens, and fires
  once); its damage takes no breach bonus.
- *Exalted Brand* (Mist): "different spells" means different cards (the Clojure engine
  lets three Sparks be cast). Abilities and cards that say "any ally" let you pick yourself
  in true solo (SO-1).
- *Imperium Ritual* (Yan Magda) and *Underearth Mantra* (Mazahaedron) take cards from the
  supply without paying; on-gain effects of the cards you gain still apply (your turn).
"""

from __future__ import annotations

from ...content.model import AbilityDef, BreachSetup, CardDef, MageDef

OPEN = BreachSetup("open")
NONE = BreachSetup("none")


def C(stage: int) -> BreachSetup:
    return BreachSetup("closed", stage)


UNIQUE_CARDS = (
    CardDef("Oblivion Shard", "gem", 0, "WE", play=(("aether_for", 2, "no_relic_spell"),),
            starter=True, mage="Dezmodia"),
    CardDef("Torch", "spell", 0, "WE", cast=(("or", (("damage", 1),), (("focus_any",),)),),
            starter=True, mage="Garu"),
    CardDef("Shattered Geode", "gem", 0, "WE", play=(("aether", 1), ("may_take_ally_discard_top",)),
            starter=True, mage="Gex"),
    CardDef("Worldheart Shard", "gem", 0, "WE",
            play=(("or", (("aether", 1),),
                   (("aether_for", 2, "card"), ("next_gain_to_ally_discard",))),),
            starter=True, mage="Mazahaedron"),
    CardDef("Amethyst Paragon", "gem", 0, "WE", play=(("aether", 1), ("ally_may_prep_from_hand",)),
            starter=True, mage="Mist (WE)"),
    CardDef("Extinguish", "spell", 0, "WE", cast=(("damage_trophy", 1),),
            starter=True, mage="Quilius"),
    CardDef("Coal Shard", "gem", 0, "WE",
            play=(("if_life_at_most", 2, (("destroy_this",),),
                   (("aether", 3), ("gain_charge", 1), ("you_suffer", 2))),),
            starter=True, mage="Ulgimor"),
    CardDef("Illuminate", "spell", 0, "WE", cast=(("damage", 1),),
            while_prepped=(("on_focus", (("plain_damage", 1),)),),
            starter=True, mage="Yan Magda"),
)

MAGES = (
    MageDef(
        "Dezmodia", "Dezmodia", "Voidborn Prodigy", "WE",
        AbilityDef("Tempest Sigil", "your_main", 6, (("sigil_breach",),)),
        hand=("Oblivion Shard", "Crystal", "Crystal", "Spark", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
        breaches=(OPEN, C(1), C(0), C(1)), uniques=("Oblivion Shard",),
    ),
    MageDef(
        "Garu", "Garu", "Oathsworn Protector", "WE",
        AbilityDef("Colossal Force", "your_main", 5, (("discard_prepped_then_divide", 4, 2, 4),)),
        hand=("Torch", "Crystal", "Crystal", "Crystal", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
        breaches=(OPEN, C(0), C(1), C(1)), uniques=("Torch",),
    ),
    MageDef(
        "Gex", "Gex", "Breach Mage Adviser", "WE",
        AbilityDef("Vimcraft Oath", "your_main", 5,
                   (("may_destroy_discard_cost", 0, 2), ("ally_draw_life", 1, 2))),
        hand=("Shattered Geode", "Crystal", "Crystal", "Crystal", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
        breaches=(NONE, OPEN, C(1), C(1)), uniques=("Shattered Geode",),
    ),
    MageDef(
        "Mazahaedron", "Mazahaedron", "Henge Mystic", "WE",
        AbilityDef("Underearth Mantra", "your_main", 4,
                   (("gain_from_supply", "gem", 4, True), ("gravehold_life", 4))),
        hand=("Worldheart Shard", "Crystal", "Crystal", "Spark", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
        breaches=(OPEN, C(2), C(1), C(1)), uniques=("Worldheart Shard",),
    ),
    MageDef(
        "Mist (WE)", "Mist", "Voidwalker", "WE",
        AbilityDef("Exalted Brand", "your_main", 6, (("cast_prepped_to_ally_hand", 3),)),
        hand=("Amethyst Paragon", "Crystal", "Crystal", "Crystal", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
        breaches=(OPEN, C(2), C(1), C(1)), uniques=("Amethyst Paragon",),
    ),
    MageDef(
        "Quilius", "Quilius", "Breach Mage Assassin", "WE",
        AbilityDef("Quietus Vow", "your_main", 5, (("damage_per_token", 2, "trophy"),)),
        hand=("Crystal", "Crystal", "Crystal", "Extinguish", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Extinguish", "Spark"),
        breaches=(OPEN, OPEN, C(0), C(1)), uniques=("Extinguish",),
    ),
    MageDef(
        "Ulgimor", "Ulgimor", "Shadowkin Beast", "WE",
        AbilityDef("Eidolon Shroud", "your_main", 6,
                   (("if_you_exhausted", (("life", 5, "any_ally"),), (("life", 6, "you"),)),)),
        hand=("Coal Shard", "Crystal", "Crystal", "Spark", "Spark"),
        deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
        breaches=(OPEN, C(1), C(0), C(1)), uniques=("Coal Shard",),
    ),
    MageDef(
        "Yan Magda", "Yan Magda", "Enlightened Exile", "WE",
        AbilityDef("Imperium Ritual", "your_main", 5,
                   (("gain_from_supply", "any", -1, False),
                    ("if_opened_breaches", 4, (("ally_gain_to_deck",),)))),
        hand=("Illuminate", "Crystal", "Crystal", "Crystal", "Crystal"),
        deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
        breaches=(OPEN, C(0), C(0), C(0)), uniques=("Illuminate",),
    ),
)
