"""Z'hana (Legacy of Gravehold): the other last nemesis of the campaign, played here as a single
game. Z'hana the mage keeps her name; this nemesis is catalogued as "Z'hana (Legacy of
Gravehold)".

Her mat is shared with Brama's (``final_battle.py``): 70 life, difficulty 7, an Unleash that
draws, resolves and discards a Mage Attack card. Her nemesis deck holds the 13 Final Battle
cards and Brama's four Commander cards (Brama fights beside the players against Z'hana).

Readings decided here (the values are ``final_battle.READINGS``, one table for both nemeses):

* ``deck_shape`` / ``deck_tiers``, ``commander_type``, ``mage_attack_deck``, ``story_cards``,
  ``map_fire`` and the Mage Attack readings: as for Brama (``brama_legacy.py``).
* ``remnant``: the one card a source files as Z'hana's own (Remnant, a minion) is, by its card
  id, one of the campaign's event-deck minions; it is not in her deck and is not encoded.
* ``increased_difficulty``: none is printed, so expert games play as normal ones.
"""

from __future__ import annotations

from .final_battle import READINGS, commander, final_nemesis

__all__ = ["CARDS", "NEMESIS", "READINGS"]

NAME = "Z'hana (Legacy of Gravehold)"

#: Brama's Commander cards, in Z'hana's deck
COMMANDERS = (
    commander("Brink Siphon", NAME, ("collective_heal", 5)),
    commander("Glowing Flare", NAME, ("commander_hits_minion", 6)),
    commander("Word of the Ancients", NAME, ("each_player", (("draw", 1, "you"),))),
    commander("Buried Light", NAME, ("each_player", (("gain_aether_tokens", 1),))),
)

NEMESIS = final_nemesis(NAME, COMMANDERS)
CARDS = COMMANDERS
