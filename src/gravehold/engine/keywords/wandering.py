"""N-8 Wandering (the OC rulebook): a wandering minion is hard to hit with cards but aether can hurt it.

State: ``NemesisCardDef.wandering`` (a printed fact of the minion; nothing of the game state
is its own) and the ruleset option ``wandering``, which picks one of two readings of how much
damage from cards and abilities gets through (``READINGS``): ``to_one``, the cards' text
(any such damage becomes 1; the default, since cards beat the book, K-14), or
``minus_one``, the rulebook's translation (1 less). Two hook points:

* damage from cards and abilities to it is cut (``reduced``, which ``damage.minion_damage``
  applies unless the damage was bought with aether);
* in their main phase a player may spend ``COST`` Æ to deal 1 damage to it, not reduced
  (``option``, read once per card into ``turn.main_options``' cached facts, and the main
  action ``pay_damage``, resolved with the other main actions in ``turn.actions`` and
  worded with the other action heads in ``engine.decisions``).
"""

from __future__ import annotations

from ...content.model import NemesisCardDef
from ..state import Action

#: Æ a player spends for 1 damage to a wandering minion (aether usable for "other")
COST = 1


#: the option's values: how card and ability damage to a wanderer is cut
READINGS = ("to_one", "minus_one")
#: the reading a game without the option plays (the card text)
DEFAULT = "to_one"


def reduced(amount: int, reading: str = DEFAULT) -> int:
    """Card or ability damage to a wandering minion under ``reading``: at most 1 (``to_one``;
    no damage stays none) or 1 less, never below 0 (``minus_one``)."""
    if reading == "minus_one":
        return max(0, amount - 1)
    return min(amount, 1)


def option(card: NemesisCardDef, name: str) -> Action | None:
    """The ``pay_damage`` action this card offers in a main phase, or None if it does not wander."""
    return ("pay_damage", name) if card.wandering else None
