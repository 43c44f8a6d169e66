"""K-1 Link: one breach can hold a pair of spells when each of the two carries Link.

State: ``CardDef.link``, a printed fact of the spell; the two spells then share the breach's
``Breach.spells`` (nothing of the game state is its own). ``turn.prep_targets`` asks
``share`` when a breach already holds one spell, so every way of prepping (the main phase,
an effect that preps) follows the same rule. No step of its own.
"""

from __future__ import annotations

from ...content.model import CardDef


def share(card: CardDef, prepped: CardDef) -> bool:
    """May ``card`` be prepped beside ``prepped``, the one spell on a breach? Both need Link."""
    return card.link and prepped.link
