"""War Eternal supply cards, and the box's two suggested markets.

Source decision: *Crystallize* spans two adjacent breaches; when cast it takes the
larger breach bonus of the two it covers (a spell gets one bonus, not two).
*Pyrotechnic Surge* is prepped across two adjacent breaches the same way.

Readings decided here (the card texts leave them open):

- "this card's supply pile is empty" (*Celestial Spire*, *Conclave Scroll*): the pile of
  that name is in this game's supply and holds no card; a card whose name has no pile
  (gained some other way) does not count as having an empty pile.
- *Equilibrium* lowers each damage its owner would suffer by 1 (never below 1) before
  E-3's redirection of an exhausted player's damage; several copies each lower it by 1.
- *Dread Diamond* and *Pyrotechnic Surge* act on your own prepped spells / discard pile.
- *Carbonize* and *Fiend Catcher* reveal the top turn order card (T-2 reshuffles an empty
  deck first); moved under the deck, it is no longer known to be on top.
- No War Eternal supply card has Link (K-1 first appears on cards of The Void); Link is
  supported by ``turn.prep_targets`` for the boxes that use it.
"""

from __future__ import annotations

from ...content.model import CardDef, Market

_FOCUS_LOWEST = ("focus_lowest", "any_player")

CARDS = (
    # gems
    CardDef("Frozen Magmite", "gem", 3, "WE", play=(("aether", 2), ("next_gain_to_deck",))),
    CardDef("Scoria Slag", "gem", 4, "WE", play=(("aether", 2), ("aether_if", 1, "tier_2"))),
    CardDef("Erratic Ingot", "gem", 5, "WE",
            play=(("aether", 2), ("aether_if", 2, "nemesis_turn_discarded"))),
    CardDef("Volcanic Glass", "gem", 3, "WE", play=(("aether", 2),),
            on_gain=(("pay_for_ally_copy", 2),)),
    CardDef("Breach Ore", "gem", 4, "WE",
            play=(("or", (("aether", 2),), (("focus_lowest", "you"),)),)),
    CardDef("Bloodstone Jewel", "gem", 6, "WE", play=(("aether", 3),),
            on_gain=(("aether_first_gain", 3),)),
    CardDef("Dread Diamond", "gem", 3, "WE",
            play=(("aether", 2), ("may_discard_prepped", (("aether", 1),)))),
    # relics
    CardDef("Mage's Totem", "relic", 2, "WE",
            play=(("or", (("destroy_played",),), (("destroy_this",), ("gravehold_life", 1))),)),
    CardDef("Primordial Fetish", "relic", 4, "WE",
            play=(("or", (("focus_any",),), (("destroy_this",), ("life", 3, "you"))),)),
    CardDef("Cairn Compass", "relic", 4, "WE", play=(("ally_prep_from_discard",),)),
    CardDef("Vortex Gauntlet", "relic", 6, "WE", play=(("cast_prepped_any", True),)),
    CardDef("Fiend Catcher", "relic", 3, "WE",
            play=(("may_destroy_hand_or_discard",), ("turn_order_top_may_bottom", "nemesis"))),
    CardDef("Conclave Scroll", "relic", 3, "WE",
            play=(("gain_charge", 1), ("if_pile_empty", (("may_destroy_ally_discard_top",),)))),
    # spells
    CardDef("Jagged Lightning", "spell", 4, "WE",
            cast=(("damage", 3), ("may_discard_hand", (_FOCUS_LOWEST,)))),
    CardDef("Fiery Torrent", "spell", 5, "WE",
            cast=(("damage_scaled", 2, 2, "other_same_prepped_any"),)),
    CardDef("Conjure the Lost", "spell", 6, "WE",
            cast=(("damage", 5), ("may_destroy_this", (("gravehold_life", 4),)))),
    CardDef("Reduce to Ash", "spell", 7, "WE", cast=(("damage", 4),),
            while_prepped=(("casting_start", (("reveal_top_may_destroy",),)),)),
    CardDef("Thoughtform Familiar", "spell", 3, "WE",
            cast=(("damage_scaled", 2, 1, "your_other_prepped"),)),
    CardDef("Kindle", "spell", 4, "WE", cast=(("damage", 3),),
            while_prepped=(("extra_spark", "Spark"),)),
    CardDef("Nova Forge", "spell", 6, "WE", cast=(("damage", 4),),
            while_prepped=(("main", (("aether_for", 2, "spell"),)),)),
    CardDef("Crystallize", "spell", 8, "WE", two_breaches=True,
            cast=(("crystallize", 2),)),
    CardDef("Carbonize", "spell", 4, "WE",
            cast=(("damage", 3), ("turn_order_top_may_bottom", "any"))),
    CardDef("Equilibrium", "spell", 7, "WE", cast=(("damage", 4),),
            while_prepped=(("reduce_damage", 1),)),
    CardDef("Convection Field", "spell", 5, "WE",
            cast=(("or", (("damage", 4),), (("damage", 2), ("ally_may_destroy_hand",))),)),
    CardDef("Celestial Spire", "spell", 5, "WE",
            cast=(("damage", 3), ("if_pile_empty", (("draw", 1, "any_ally"),)))),
    CardDef("Pyrotechnic Surge", "spell", 4, "WE", two_breaches=True,
            cast=(("damage", 4), ("may_destroy_discard",))),
    CardDef("Aurora", "spell", 5, "WE", cast=(("damage", 3),),
            while_prepped=(("main", (("gain_charge", 1),)),)),
)

MARKETS = (
    Market("Deck Destruction", "WE", (
        "Frozen Magmite", "Scoria Slag", "Erratic Ingot", "Mage's Totem", "Primordial Fetish",
        "Reduce to Ash", "Jagged Lightning", "Conjure the Lost", "Fiery Torrent")),
    Market("Reuse Spells!", "WE", (
        "Volcanic Glass", "Breach Ore", "Bloodstone Jewel", "Cairn Compass", "Vortex Gauntlet",
        "Thoughtform Familiar", "Kindle", "Nova Forge", "Crystallize")),
)
