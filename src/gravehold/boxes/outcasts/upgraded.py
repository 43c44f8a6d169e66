"""The 15 upgraded basic nemesis cards of Outcasts (S-10; 3 of tier 1, 5 of tier 2, 7 of tier 3).

Outside an expedition they go into a nemesis deck only when a setup names them
(``Game.new(..., upgraded=[...])``); the Outcasts preset puts them all in first, with the
solo caps (S-10, option ``upgraded_basics``). They share the standing damage rules and the
curse step with ``basics.py`` and ``curses.py``. Sacrifice and Ray of Desolation carry the
names of upgraded basics of The New Age with the same effects: catalogued as
``"<name> (O)"``, ``shown`` as printed.

Readings decided here:

* *Rescind*, *Blighted Magic*: a card's costliest-spell player is whoever
  holds the costliest prepped spell of all (ties: the players pick, N-6); with no spell
  prepped, nothing is discarded or destroyed and nobody suffers the damage that follows.
* *Blighted Magic*'s "different player" is any other player the players pick; in true solo
  there is none, and that part does nothing. Its "destroyed" is read as "destroys".
* *Mage Devourer*, *Scion of the Void* answer each hit a player deals that takes life from
  them (a hit that defeats them included), as Crooked Mask's Corrupter does.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    Steps,
    ask_step,
    chooser,
    pick,
    prepped_spells,
    remove_prepped,
    step,
    who_does,
)
from .basics import ON_PLAYER_DAMAGE, PLAYER_DAMAGE_LESS, RULED


def _U(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "O", upgraded=True, **kw)


def _reprint(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(f"{name} (O)", type_, tier, "O", upgraded=True, shown=name, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


# ================================================================== tier 1

CHAOS_STRIKE = _U("Chaos Strike", "attack", 1, effect=(
    ("unleash", 1), ("gravehold_damage", 4), _any(("gain_curse", "Cursed Shard", "deck"))))
LABYRINTH_WRAITH = _U("Labyrinth Wraith", "minion", 1, life=6, wandering=True,
                      persistent=(("unleash", 1), _any(("suffer", 1))))
RAIN_OF_DEVASTATION = _U("Rain of Devastation", "power", 1, power_tokens=2, to_discard=(("spend_aether", 6),),
                         power=(("unleash", 2), _any(("suffer", 3))))

# ================================================================== tier 2


def _holder_text(act: str, then: Steps, others: Steps) -> str:
    verb = {"destroy": "destroys", "discard": "discards"}[act]
    out = f"The player holding the costliest prepped spell of all {verb} it."
    if then:
        out += " " + who_does("That player", then)
    if others:
        out += " " + who_does("Another player of your choice", others)
    return out


@step("costliest_prepped_holder", text=_holder_text)
def _costliest_prepped_holder(g: Engine, ctx: Ctx, act: str, then: Steps, others: Steps,
                              action: Action | None = None) -> None:
    """The costliest prepped spell of all is discarded or destroyed; its holder then resolves
    ``then``, and another player of the players' choice ``others``."""
    if action is None:
        spells = prepped_spells(g, list(range(len(g.state.players))))
        if not spells:
            return
        top = max(s[0] for s in spells)
        opts: list[Action] = [("spell", j, b, k) for c, j, b, k in spells if c == top]
        ask_step(g, ctx, ("costliest_prepped_holder", act, then, others), "spell", chooser(g, ctx),
                 f"Which of the costliest prepped spells is {act}ed?", opts)
        return
    j, b, k = int(action[1]), int(action[2]), int(action[3])
    remove_prepped(g, j, b, k, destroy=act == "destroy", source=ctx.source)
    if others:
        g.push("s", -1, ctx.owner, ctx.source, ("another_player", j, others))
    if then:
        g.push_steps(then, Ctx(j, ctx.owner, ctx.source))


@step("another_player", text=lambda j, steps: who_does(f"A player other than player {j + 1}", steps))
def _another_player(g: Engine, ctx: Ctx, j: int, steps: Steps, action: Action | None = None) -> None:
    """A player other than ``j``, of the players' choice, resolves ``steps`` (none in true solo)."""
    if action is None:
        opts: list[Action] = [("player", i) for i in range(len(g.state.players)) if i != j]
        if opts:
            ask_step(g, ctx, ("another_player", j, steps), "player", chooser(g, ctx), "Which other player?", opts)
        return
    g.push_steps(steps, Ctx(int(action[1]), ctx.owner, ctx.source))


HUNT_THE_WEAK = _U("Hunt the Weak", "attack", 2, effect=(_any(("suffer", 3)), ("gravehold_damage", 3)))
RESCIND = _U("Rescind", "attack", 2, effect=(
    ("unleash", 2), ("costliest_prepped_holder", "discard", (("suffer", 2),), ())))
HARBINGER_OF_MONSTROSITY = _U("Harbinger of Monstrosity", "minion", 2, life=8, passive=((PLAYER_DAMAGE_LESS, 2),),
                              persistent=(("gravehold_damage", 2), _any(pick("discard", 1))))
MAGE_DEVOURER = _U("Mage Devourer", "minion", 2, life=11,
                   passive=((ON_PLAYER_DAMAGE, (("player", "most_opened_breaches", (("suffer", 1),)),)),),
                   persistent=(("unleash", 1), ("gravehold_damage", 1)))
SILENT_DECAY = _U("Silent Decay", "power", 2, power_tokens=2, to_discard=(("spend_aether", 8),), power=(
    ("unleash", 2), ("gravehold_damage", 3), _any(("gain_curse", "Cursed Bolt", "deck"))))

# ================================================================== tier 3

SKY_CRUSH = _U("Sky Crush", "attack", 3, effect=(("unleash", 3), _any(pick("destroy", 2), ("suffer", 2))))
SCOUR = _U("Scour", "attack", 3, effect=(
    ("unleash", 3), ("player", "costliest_in_hand", (pick("discard", 3, filt="costliest"),))))
SACRIFICE = _reprint("Sacrifice", "attack", 3,
                     effect=(("or", (("unleash", 4),), (("gravehold_damage", 4), _any(("suffer", 4)))),))
SCION_OF_THE_VOID = _U("Scion of the Void", "minion", 3, life=13, passive=((ON_PLAYER_DAMAGE, (("unleash", 1),)),),
                       persistent=(("unleash", 2),))
RAY_OF_DESOLATION = _reprint("Ray of Desolation", "power", 3, power_tokens=1, power=(
    ("unleash", 2), pick("destroy", 2, "prepped", "costliest", who="players")))
BLIGHTED_MAGIC = _U("Blighted Magic", "power", 3, power_tokens=2, power=(
    ("unleash", 1), ("costliest_prepped_holder", "destroy", (),
                     (pick("destroy", 2, filt=("cost_at_least", 1)),))))
BLACKENED_STARS = _U("Blackened Stars", "power", 3, power_tokens=2, to_discard=(("spend_aether", 9),),
                     power=(_any(("suffer", 7)),))

UPGRADED_CARDS = (
    CHAOS_STRIKE, LABYRINTH_WRAITH, RAIN_OF_DEVASTATION,
    HUNT_THE_WEAK, RESCIND, HARBINGER_OF_MONSTROSITY, MAGE_DEVOURER, SILENT_DECAY,
    SKY_CRUSH, SCOUR, SACRIFICE, SCION_OF_THE_VOID, RAY_OF_DESOLATION, BLIGHTED_MAGIC, BLACKENED_STARS,
)
RULED.update(c.name for c in UPGRADED_CARDS if c.passive)
