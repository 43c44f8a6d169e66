"""N-8 Wandering (Outcasts): a wandering minion is hard to hit with cards but aether can hurt it.

State: ``NemesisCardDef.wandering`` (a printed fact of the minion; nothing of the game state
is its own). Two hook points:

* damage from cards and abilities to it is 1 less (``reduced``, which ``damage.minion_damage``
  applies unless the damage was bought with aether);
* in their main phase a player may spend ``COST`` Æ to deal 1 damage to it, not reduced
  (``option``, read once per card into ``turn.main_options``' cached facts, and the main
  action ``pay_damage``, whose wording is declared with the other action heads in
  ``engine.decisions``).
"""

from __future__ import annotations

from ...content.model import NemesisCardDef
from ..core import Engine
from ..state import Action
from .exclusive_aether import pay

#: Æ a player spends for 1 damage to a wandering minion (aether usable for "other")
COST = 1


def reduced(amount: int) -> int:
    """Card or ability damage to a wandering minion: 1 less, never below 0."""
    return max(0, amount - 1)


def option(card: NemesisCardDef, name: str) -> Action | None:
    """The ``pay_damage`` action this card offers in a main phase, or None if it does not wander."""
    return ("pay_damage", name) if card.wandering else None


def pay_damage(g: Engine, i: int, action: Action) -> None:
    """Spend ``COST`` Æ to deal 1 damage to the wandering minion ``action[1]``, not reduced."""
    from ..damage import minion_damage  # damage reads ``reduced``: imported when first used

    pay(g.state.players[i], COST, "other")
    minion_damage(g, action[1], 1, "aether", reduce=False)
