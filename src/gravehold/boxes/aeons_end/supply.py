"""The 27 supply cards of Aeon's End (7 gems, 6 relics, 14 spells).

Readings decided here (sources: the randomizer's texts, the Clojure engine's texts and the
rulebooks; see also ``engine/effects_ae_players.py``):

* *Sifter's Pearl* is named as printed and in the Clojure engine; the randomizer spells it
  "Sifters Pearl". Each player decides for their own revealed card.
* *Diamond Cluster* / *Clouded Sapphire* count this turn's plays of that card, each
  resolution of its play effect counting once (so Unstable Prism's double play counts two).
  Only the second (Diamond Cluster) or the first (Clouded Sapphire) play gets the extra.
* *Flexing Dagger*: the discount applies to the next focus or opening you pay for in your
  main phase (free focuses from cards do not use it up); two daggers add up.
* *Wildfire Whip* carries no "once per turn", unlike Arcane Nexus and Oblivion Swell, so it
  may be used any number of times, 2 Æ each (it may cast itself).
* *Lava Tendril* deals its 1 damage at the end of the casting phase only if it is still
  prepped then; the breach bonus does not apply to it (no cast).
* *Chaos Arc* counts the spells prepped on the owner's breaches next to the one it was cast
  from (a spell spanning two breaches counts once).
* *Amplify Vision* focuses first; breaches a mat lacks (or destroyed ones) do not count
  against "all opened".
* *Phoenix Flame*, *Oblivion Swell*, *Dark Fire* and *Consuming Void* deal their damage as
  one source (P-3), base and extra together.
* *Blasting Staff*'s +2 is added like a breach bonus: to the first damage the spell deals,
  or dealt on its own if the spell deals none (P-3).
"""

from __future__ import annotations

from ...content.model import CardDef

_ALLY_CHARGE = ("ally_charges", 1)

CARDS: tuple[CardDef, ...] = (
    # gems
    CardDef("Jade", "gem", 2, "AE", play=(("aether", 2),)),
    CardDef("Vriswood Amber", "gem", 3, "AE", play=(("aether", 2),),
            on_gain=(("may_gain_to_deck",),)),
    CardDef("Sifter's Pearl", "gem", 3, "AE",
            play=(("aether", 2), ("each_player_steps", (("sift_top",),)))),
    CardDef("Diamond Cluster", "gem", 4, "AE",
            play=(("aether", 2), ("nth_play", 2, (("aether", 2),)))),
    CardDef("Searing Ruby", "gem", 4, "AE", play=(("aether", 2), ("aether_for", 1, "spell"))),
    CardDef("Burning Opal", "gem", 5, "AE",
            play=(("aether", 3), ("may_discard_hand", (("draw", 1, "any_ally"),)))),
    CardDef("Clouded Sapphire", "gem", 6, "AE",
            play=(("aether", 3), ("nth_play", 1, (_ALLY_CHARGE,)))),
    # relics
    CardDef("Flexing Dagger", "relic", 2, "AE",
            play=(("or", (("breach_discount", 3),), (("destroy_this",), ("damage", 1))),)),
    CardDef("Unstable Prism", "relic", 3, "AE",
            play=(("or", (("play_gem_twice",),), (("aether", 2),)),)),
    CardDef("Bottled Vortex", "relic", 3, "AE",
            play=(("destroy_this",), ("may_destroy_cards", 2, "hand_discard"), ("draw", 1, "you"))),
    CardDef("Blasting Staff", "relic", 4, "AE", play=(("cast_fresh_prepped", 2),)),
    CardDef("Focusing Orb", "relic", 4, "AE",
            play=(("or", (("focus_any",),), (("destroy_this",), ("gravehold_life", 3))),)),
    CardDef("Mage's Talisman", "relic", 5, "AE", play=(("gain_charge", 1), _ALLY_CHARGE)),
    # spells
    CardDef("Spectral Echo", "spell", 3, "AE", cast=(("damage", 2), ("may_destroy_cards", 1, "hand"))),
    CardDef("Phoenix Flame", "spell", 3, "AE", cast=(("damage_charge_boost", 2, 2),)),
    CardDef("Ignite", "spell", 4, "AE", cast=(("damage", 2), _ALLY_CHARGE)),
    CardDef("Amplify Vision", "spell", 4, "AE",
            cast=(("focus_lowest", "you"), ("damage_plus", 2, 1, "all_opened"))),
    CardDef("Lava Tendril", "spell", 4, "AE", cast=(("damage", 3),),
            while_prepped=(("casting_end", (("damage", 1),)),)),
    CardDef("Essence Theft", "spell", 5, "AE",
            cast=(("damage", 3), ("may_discard_hand", (("life", 1, "any_player"),)))),
    CardDef("Feral Lightning", "spell", 5, "AE", cast=(("damage", 3),), prep_closed=True),
    CardDef("Dark Fire", "spell", 5, "AE", cast=(("hand_for_damage", "discard", 2, 3),)),
    CardDef("Oblivion Swell", "spell", 5, "AE", cast=(("damage_gem_boost", 2),),
            while_prepped=(("main", (("aether", 1),)),)),
    CardDef("Chaos Arc", "spell", 6, "AE", cast=(("damage_plus", 3, 2, "adjacent_prepped"),)),
    CardDef("Planar Insight", "spell", 6, "AE", cast=(("damage_plus", 2, 1, "your_opened_breaches"),)),
    CardDef("Wildfire Whip", "spell", 6, "AE", cast=(("damage", 4),),
            while_prepped=(("main_paid", 2, (("cast_prepped_any", False),)),)),
    CardDef("Consuming Void", "spell", 7, "AE", cast=(("hand_for_damage", "destroy", 2, 3),)),
    CardDef("Arcane Nexus", "spell", 7, "AE", cast=(("damage", 4),),
            while_prepped=(("main", (("return_played_gem",),)),)),
)
