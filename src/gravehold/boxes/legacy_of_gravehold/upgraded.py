"""The 16 upgraded basic nemesis cards of Legacy of Gravehold (S-10; 3 of tier 1, 6 of tier 2, 7 of tier 3).

Outside a campaign they go into a nemesis deck only when a setup names them
(``Game.new(..., upgraded=[...])``); the ``log`` preset puts every named one in first and
lets a tier grow past its S-6 number (``upgraded_overflow`` "all"). Most add fire tokens
(K-8, ``add_fire``). Stifle, Breach Shatter, Chitin Killer and Soul Rend sever a mage
(C-8) and strike out the sentence that did it, in the ``crossed:*`` table tokens of
``basics.py``: within one game a struck sentence does nothing more (Chitin Killer severs
once, however many turns it stays in play); a campaign reads the strikes later.

Readings decided here (the values in ``READINGS``):

* *Inescapable Torment*: one source runs the name together ("InescapableTorment"); the
  card as printed has two words. Its player is whoever has the most life (ties: the players
  pick, N-6), and they suffer one hit of their life as it is then.
* *Stifle*, *Breach Shatter*, *Chitin Killer*: "exhausted because of this" is a player who
  was not exhausted before the hit and is after it; an exhausted player who takes the hit
  (E-3 sends it to Gravehold) is not severed.
* *The Ceaseless Observer* counts the shields it holds when its PERSISTENT resolves.
* *Explosion*: the players together discard the two costliest cards of all their hands
  (ties: the players pick).
* *Revive* brings back the minion discarded most recently with its printed life and
  shields; its IMMEDIATELY does not resolve again.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    ask_step,
    base_name,
    chooser,
    per,
    pick,
    player_damage,
    sever,
    step,
)
from ...boxapi import catalogue as content
from .basics import cross, crossable, is_crossed

#: the project's readings where the sources are silent or disagree (see the docstring)
READINGS: dict[str, Any] = {
    "inescapable_torment_name": "Inescapable Torment",
    "exhausted_by_this": "not exhausted before the hit, exhausted after it",
    "ceaseless_observer_shields": "counted as its PERSISTENT resolves",
    "revive_life": "printed life and shields",
}


def _U(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", upgraded=True, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


@step("suffer_severing", text=lambda n, part, *, they=False: (
        f"suffers {n} damage. If that exhausts them and part {part} of this card is not struck out, their mage is "
        f"severed and part {part} is struck out."))
def _suffer_severing(g: Engine, ctx: Ctx, n: int, part: int) -> None:
    """The hit, then C-8 when it is the hit that exhausted the player (see the readings)."""
    p = g.state.players[ctx.you]
    before = p.exhausted
    player_damage(g, ctx.you, n, ctx.source)
    name = base_name(ctx.source)
    if not before and p.exhausted and not is_crossed(g, name, part):
        sever(g, ctx.you, ctx.source)
        cross(g, name, part)


@step("most_life_suffers_own_life", text=lambda: (
        "The player whose life is highest suffers damage equal to their own life total."))
def _most_life_suffers_own_life(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    ps = g.state.players
    if action is None:
        top = max(p.life for p in ps)
        opts: list[Action] = [("player", j) for j, p in enumerate(ps) if p.life == top and top > 0]
        if opts:
            ask_step(g, ctx, ("most_life_suffers_own_life",), "player", chooser(g, ctx),
                     "Which player with the most life is affected?", opts)
        return
    j = int(action[1])
    player_damage(g, j, ps[j].life, ctx.source)


@step("collective_discard_costliest", text=lambda n: (
        f"The players discard the {n} costliest cards of all their hands between them."))
def _collective_discard_costliest(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """One card per decision: a player holding a card of the highest cost in any hand
    discards one of their costliest (ties between players: the players pick)."""
    ps = g.state.players
    if action is None:
        top = max((content.CARDS[c].cost for p in ps for c in p.hand), default=None)
        opts: list[Action] = [("player", j) for j, p in enumerate(ps)
                              if top is not None and any(content.CARDS[c].cost == top for c in p.hand)]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_discard_costliest", n), "player", chooser(g, ctx),
                     f"Who discards a costliest card? ({n} to go)", opts)
        return
    j = int(action[1])
    if n > 1:
        g.push_steps((("collective_discard_costliest", n - 1),), ctx)
    g.push_steps((pick("discard", 1, filt="costliest"),), Ctx(j, j, ctx.source))


# ================================================================== tier 1

CARRIODE_RAIDERS = _U("Carriode Raiders", "minion", 1, life=3, shields=3,
                      persistent=(("gravehold_damage", 2), ("add_fire", 1)))
INCENSE = _U("Incense", "attack", 1, effect=(
    ("or", (("unleash", 2), _any(("suffer", 1))), (("gravehold_damage", 5), ("add_fire", 2))),))
SPREADING_BRUSHFIRE = _U("Spreading Brushfire", "power", 1, power_tokens=2, to_discard=(("spend_aether", 7),),
                         power=(("unleash", 2), ("gravehold_damage", 3), ("add_fire", 1)))

# ================================================================== tier 2

BLACKEN = _U("Blacken", "attack", 2, effect=(
    ("unleash", 2), ("gravehold_damage", 5), ("if", ("fire_at_most", 4), (("add_fire", 2),), ())))
BREACH_SHATTER = _U(crossable("Breach Shatter", 1), "power", 2, power_tokens=2, to_discard=(("spend_aether", 8),),
                    power=(("unleash", 2), ("player", "lowest_life", (("suffer_severing", 4, 1),))))
CHITIN_KILLER = _U(crossable("Chitin Killer", 1), "minion", 2, life=13,
                   persistent=(("player", "most_prepped", (("suffer_severing", 3, 1),)),))
MAGMA_LORD_ZALA = _U("Magma Lord Zala", "minion", 2, life=10, shields=2,
                     persistent=(("gravehold_damage", 2), _any(("suffer", 2)), ("add_fire", 1)))
SOUL_REND = _U(crossable("Soul Rend", 1), "power", 2, power_tokens=2, to_discard=(("spend_aether", 9),), power=(
    ("if", ("part_standing", 1),
     (("or", (("unleash", 3), ("add_fire", 2)),
       (("unleash", 2), ("player", "lowest_life", (("suffer", 1), ("sever",))), ("cross_out_part", 1))),),
     (("unleash", 3), ("add_fire", 2))),))
STIFLE = _U(crossable("Stifle", 1), "attack", 2, effect=(
    ("unleash", 2), ("player", "lowest_life", (("suffer_severing", 3, 1),))))

# ================================================================== tier 3

DREAD_IGNITION = _U("Dread Ignition", "power", 3, power_tokens=1, power=(
    ("or", (("unleash", 2), ("player", "most_charges", (("suffer", 3), ("lose_all_charges",)))),
     (("gravehold_damage", 5), ("add_fire", 2))),))
EXPLOSION = _U("Explosion", "attack", 3, effect=(
    ("unleash", 3), ("collective_discard_costliest", 2), ("add_fire", 2)))
INESCAPABLE_TORMENT = _U(READINGS["inescapable_torment_name"], "power", 3, power_tokens=2,
                         power=(("most_life_suffers_own_life",),))
NYX_OF_BURNING_BONES = _U("Nyx of Burning Bones", "minion", 3, life=15,
                          persistent=(("unleash", 2), ("gravehold_damage", 2), ("add_fire", 1)))
RAVAGE = _U("Ravage", "attack", 3, effect=(
    ("or", (("unleash", 4),), (("or", (("add_fire", 3),), (("gravehold_damage", 7),)),)),))
REVIVE = _U("Revive", "attack", 3, effect=(("unleash", 2), ("return_minion",)))
THE_CEASELESS_OBSERVER = _U("The Ceaseless Observer", "minion", 3, life=7, shields=3,
                            persistent=(("gravehold_damage", 3), ("add_fire", per("this_minion_shields"))))

UPGRADED_CARDS = (
    CARRIODE_RAIDERS, INCENSE, SPREADING_BRUSHFIRE,
    BLACKEN, BREACH_SHATTER, CHITIN_KILLER, MAGMA_LORD_ZALA, SOUL_REND, STIFLE,
    DREAD_IGNITION, EXPLOSION, INESCAPABLE_TORMENT, NYX_OF_BURNING_BONES, RAVAGE, REVIVE, THE_CEASELESS_OBSERVER,
)
