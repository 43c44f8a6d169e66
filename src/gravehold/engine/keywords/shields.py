"""K-6 Shields: every source of damage to a shielded minion takes one shield instead of life.

State: ``InPlay.shields``, the shield tokens on one minion in play (a minion enters play
with its card's ``NemesisCardDef.shields``). P-4: a shield soaks a whole source, whatever
its size, so the damage code asks ``soak`` once per source before any life is lost; a
source of 0 damage is no damage and takes no shield. No step of its own: shields are
printed on minions.
"""

from __future__ import annotations

from ..state import InPlay


def soak(c: InPlay, amount: int) -> bool:
    """A shield of ``c`` takes this source of ``amount`` damage: True when one did."""
    if c.shields > 0 and amount > 0:
        c.shields -= 1
        return True
    return False
