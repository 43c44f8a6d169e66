"""Outcasts' unique breaches (K-13): Thraxir's four and Dezmodia's Void breach.

A unique breach is named on its mage's mat (``BreachSetup.special``), so it is catalogue
data; it has none of the standard damage bonus and gives what its mat says:

* Forged Breach (Thraxir, I): when it opens, Thraxir takes a card costing 4 Æ or less from
  the supply without paying for it.
* Honed Breach (Thraxir, II): when it opens, he takes a spell costing 5 Æ or less so.
* Refined Breach (Thraxir, III): when it opens, his turn order card is shuffled into the
  turn order deck.
* Serrated Breach (Thraxir, IV): when it opens, he takes any spell so.
* Void Breach (Dezmodia, IV): while opened it holds any number of spells, and each spell
  cast from it deals 1 more damage; an exhausted Dezmodia never destroys it (E-1).

Readings decided here:

- *Which breach opened*: the engine's ``breach_opened`` point names the player only; a
  Thraxir breach's reward is given once, the first time the open state of that breach is
  seen after an opening (a breach never closes again), and the breaches already opened at
  setup give nothing. The rewarded breaches are kept in ``Player.tokens["rewarded"]`` as a
  bit mask (bit b for breach b).
- *Void Breach bonus*: one source (a card bot's transcription of the mat) gives the opened
  Void breach +1 damage per cast; the others only name it. The +1 is kept
  (``VOID_BONUS``); a better source changes that one number.
- *Costs*: the breaches focus and open at the standard costs of their slots (one source
  gives the Forged breach a focus cost of 1 with opening costs of 2/3/4: the same as the
  standard breach I's, so nothing differs).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    BREACH_RULES,
    KEPT_ON_EXHAUST,
    MANY_SPELLS,
    Bonus,
    Ctx,
    Engine,
    Steps,
    own_turn_card,
    return_turn_card,
    special_breach,
    step,
    trigger_source,
)
from ...boxapi import catalogue as content

FORGED = "Forged Breach"
HONED = "Honed Breach"
REFINED = "Refined Breach"
SERRATED = "Serrated Breach"
VOID = "Void Breach"
VOID_BONUS = 1
REWARDED = "breach_rewards"

#: what each of Thraxir's breaches gives when it opens (one table: the mat's four rules)
ON_OPEN: dict[str, Steps] = {
    FORGED: (("gain_from_supply", "any", 4, False),),
    HONED: (("gain_from_supply", "spell", 5, False),),
    REFINED: (("shuffle_own_turn_card",),),
    SERRATED: (("gain_from_supply", "spell", -1, False),),
}

BREACH_RULES.update({
    FORGED: "when you open it, take a card costing 4 Æ or less from the supply without paying for it.",
    HONED: "when you open it, take a spell costing 5 Æ or less from the supply without paying for it.",
    REFINED: "when you open it, your turn order card is shuffled back into its deck.",
    SERRATED: "when you open it, take a spell from the supply without paying for it.",
    VOID: (f"while it is opened, it holds any number of prepped spells and each spell cast from it deals "
           f"{VOID_BONUS} more damage; when you are exhausted you never destroy it."),
})
MANY_SPELLS.add(VOID)
KEPT_ON_EXHAUST.add(VOID)

_VOID = Bonus(damage=VOID_BONUS)


def _has(st: Any, names: tuple[str, ...]) -> bool:
    for p in st.players:
        m = content.MAGES.get(p.mage)
        if m is not None and any(b.special in names for b in m.breaches):
            return True
    return False


def _thraxir_in_game(st: Any) -> bool:
    return _has(st, tuple(ON_OPEN))


def _void_in_game(st: Any) -> bool:
    return _has(st, (VOID,))


@trigger_source("keyword", "Thraxir's breaches", present=_thraxir_in_game)("breach_opened")
def _opened(g: Engine, i: int) -> None:
    """Each of Thraxir's breaches rewards its first opening (the reading above)."""
    p = g.state.players[i]
    done = p.tokens.get(REWARDED, 0)
    for b, br in enumerate(p.breaches):
        name = special_breach(p, b)
        if name in ON_OPEN and br.state == "open" and not done & (1 << b):
            done |= 1 << b
            p.tokens[REWARDED] = done
            g.push_steps(ON_OPEN[name], Ctx(i, i, str(name)))



@step("shuffle_own_turn_card", text=lambda: (
        "Your turn order card goes back into the turn order deck, which is then shuffled."))
def _shuffle_own_turn_card(g: Engine, ctx: Ctx) -> None:
    """Refined Breach: nothing happens while no card in the turn order discard is yours."""
    st = g.state
    idx = own_turn_card(st, ctx.you)
    if idx is None:
        return
    return_turn_card(g, idx, ctx.source)


@trigger_source("keyword", "Thraxir's breaches at setup", present=_thraxir_in_game)("setup")
def _setup(st: Any) -> None:
    """Breaches opened at setup were never opened in play: they give nothing."""
    for p in st.players:
        done = 0
        for b, br in enumerate(p.breaches):
            if special_breach(p, b) in ON_OPEN and br.state == "open":
                done |= 1 << b
        if done:
            p.tokens[REWARDED] = done


@trigger_source("keyword", "Void Breach", present=_void_in_game)("cast_bonus")
def _void(g: Engine, caster: int, owner: int, b: int, spell: str) -> Bonus | None:
    p = g.state.players[owner]
    if p.breaches[b].state == "open" and special_breach(p, b) == VOID:
        return _VOID
    return None
