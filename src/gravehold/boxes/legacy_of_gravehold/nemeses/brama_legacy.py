"""Brama (Legacy of Gravehold): one of the two last nemeses of the campaign, played here as a
single game. Brama the mage of Aeon's End keeps her name; this nemesis is catalogued as
"Brama (Legacy of Gravehold)".

Her mat is shared with Z'hana's (``final_battle.py``): 70 life, difficulty 7, an Unleash that
draws, resolves and discards a Mage Attack card. Her nemesis deck holds the 13 Final Battle
cards and Z'hana's four Commander cards (Z'hana fights beside the players against Brama).

Readings decided here (the values are ``final_battle.READINGS``, one table for both nemeses):

* ``deck_shape`` / ``deck_tiers``: no source says how the deck is built. The Final Battle cards
  keep their printed tiers (11 of tier 1, 2 of tier 2); the four Commander cards, printed
  without a tier, make tier 3; basic cards are added per S-6 as for any nemesis: 11/2/4.
* ``commander_type``: a Commander card drawn from the nemesis deck resolves at once, like an
  attack, and helps the players.
* ``mage_attack_deck``: the Unleash deck is the 21 Mage Attack cards the mat lists.
* ``story_cards``: the four cards that only point at the story book do nothing here.
* ``map_fire``: fire on the campaign map is kept as the nemesis token "map fire", read only by
  Monstrous Inferno (over 3 tokens, it Unleashes instead of adding 2).
* ``claudia``, ``nook``, ``thraxir_max_cost``, ``xaxos``, ``yan_magda``: see the table.
* ``increased_difficulty``: none is printed, so expert games play as normal ones.
"""

from __future__ import annotations

from .final_battle import READINGS, commander, final_nemesis

__all__ = ["CARDS", "NEMESIS", "READINGS"]

NAME = "Brama (Legacy of Gravehold)"

#: Z'hana's Commander cards, in Brama's deck
COMMANDERS = (
    commander("Eternal Ember", NAME, ("gravehold_life", 5)),
    commander("Sanctum Glyph", NAME, ("commander_hits_minion", 6)),
    commander("Inscribe", NAME, ("collective_gain_charges", 2)),
    commander("Glyph Carver", NAME, ("each_player", (("focus_lowest", "you"),))),
)

NEMESIS = final_nemesis(NAME, COMMANDERS)
CARDS = COMMANDERS
