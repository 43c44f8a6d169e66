"""The unique breaches of Legacy's Azer mages (K-13): Taqren's Fortified and Garrison
breaches, Thraxir's Memory breach and Yan Magda's two Incanted breaches.

A unique breach is named on its mat (``BreachSetup.special``), so it has none of the
standard damage bonus (``turn.breach_bonus``) and gives what its mat says, read at the
trigger point ``cast_bonus`` (P-20) when a spell is cast from it:

* Fortified Breach (Taqren, III): while opened, the caster of a spell cast from it gains as
  many Æ as the nemesis' tier (N-5).
* Garrison Breach (Taqren, IV): while opened, a spell cast from it deals as many more damage
  as the nemesis' tier.
* Memory Breach (Thraxir, I, opened at setup): a spell cast from it lets its caster focus
  the cheapest closed breach of a player they name.
* Incanted Breach (Yan Magda, III and IV): no rule of its own; her ability casts a spell from
  one and then turns it back to its setup stage (``mages_azer``).

Readings decided here:

- *Fortified and Garrison costs*: the one source that prints them gives the standard costs of
  slots III and IV, so nothing differs from a standard breach there.
- *Memory Breach*: "the lowest focus cost" is read per player: the caster names a player
  with a closed breach, and that player's cheapest closed breach is focused (the engine's
  ``focus_lowest`` step).
- *Incanted costs*: the sources disagree (one gives both the costs of a breach II, the other
  the standard III and IV costs); the standard costs of their slots are kept
  (``READINGS["incanted_costs"]``).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import BREACH_RULES, Bonus, Engine, special_breach, trigger_source
from ...boxapi import catalogue as content

FORTIFIED = "Fortified Breach"
GARRISON = "Garrison Breach"
MEMORY = "Memory Breach"
INCANTED_III = "Incanted Breach III"
INCANTED_IV = "Incanted Breach IV"
INCANTED = (INCANTED_III, INCANTED_IV)

#: the values this module decides where the sources are silent or disagree
READINGS: dict[str, object] = {
    "incanted_costs": "standard costs of their slots (III and IV)",
    "memory_lowest": "per named player",
}

BREACH_RULES.update({
    FORTIFIED: "while it is opened, whoever casts a spell from it gains as many Æ as the nemesis' tier.",
    GARRISON: "while it is opened, a spell cast from it deals as many more damage as the nemesis' tier.",
    MEMORY: ("when a spell is cast from it, its caster names a player, who focuses their closed breach "
             "with the cheapest focus cost."),
    INCANTED_III: "no rule of its own; Yan Magda's ability reads it (standard costs: the project's reading).",
    INCANTED_IV: "no rule of its own; Yan Magda's ability reads it (standard costs: the project's reading).",
})

_MEMORY = Bonus(steps=(("focus_lowest", "any"),))


def _has(st: Any, names: tuple[str, ...]) -> bool:
    for p in st.players:
        m = content.MAGES.get(p.mage)
        if m is not None and any(b.special in names for b in m.breaches):
            return True
    return False


@trigger_source("keyword", "Azer breaches", present=lambda st: _has(st, (FORTIFIED, GARRISON, MEMORY)))(
    "cast_bonus")
def _cast_bonus(g: Engine, caster: int, owner: int, b: int, spell: str) -> Bonus | None:
    """What Taqren's and Thraxir's breaches add to a spell cast from them."""
    p = g.state.players[owner]
    name = special_breach(p, b)
    if name == MEMORY:
        return _MEMORY
    if name not in (FORTIFIED, GARRISON) or p.breaches[b].state != "open":
        return None
    tier = g.tier()
    return Bonus(steps=(("aether", tier),)) if name == FORTIFIED else Bonus(damage=tier)
