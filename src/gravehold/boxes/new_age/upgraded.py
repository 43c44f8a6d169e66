"""The 15 upgraded basic nemesis cards of The New Age (S-10; 3 of tier 1, 5 of tier 2, 7 of tier 3).

The rulebook hands them out during its first expedition; outside one they go into a nemesis
deck only when a setup names them (``Game.new(..., upgraded=[...])``), each taking the place
of one basic card of its tier (S-10, option ``upgraded_basics``). They share step kinds with
the basic cards of ``basics.py``.

Readings decided here:

* The names follow the cards' English title case: *Flash of Decay*, *Ray of Desolation*
  (one transcription writes "Of").
* *Hissing Acid* reveals the top turn order card and leaves it there (T-2 when the deck is
  empty, as for War Eternal's Encroach); a player card means three Unleashes, a nemesis card
  5 damage to a player of the players' choice.
* *Thunderous Tempest*'s condition counts the nemesis cards lying face up in the turn order
  discard: two means both of the deck's two (S-5).
* *Flash of Decay* Unleashes once more when the destroyed spell cost 4 or less, or when no
  spell was prepped to destroy.
* *Ray of Desolation*: the players pick between them which spells go, each pick one of the
  costliest left (ties: their choice).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Ctx,
    Engine,
    NemesisCardDef,
    Steps,
    nemesis_turn_card,
    pick,
    render_steps,
    reveal_turn_order_top,
    step,
)
from . import basics  # noqa: F401  (the step kinds shared with the basic cards)


def _U(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "NA", upgraded=True, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


# ================================================================== tier 1


@step("turn_order_top_if", text=lambda player, nemesis: (
        f"Show the top turn order card and leave it there. If it is a player's card: {render_steps(player)} "
        f"If it is a nemesis card: {render_steps(nemesis)}"))
def _turn_order_top_if(g: Engine, ctx: Ctx, player: Steps, nemesis: Steps) -> None:
    """Hissing Acid: one branch or the other, by the revealed card (T-2 if the deck is empty)."""
    g.push_steps(nemesis if nemesis_turn_card(reveal_turn_order_top(g)) else player, ctx)


HISSING_ACID = _U("Hissing Acid", "power", 1, power_tokens=3, to_discard=(("spend_aether", 6),),
                  power=(("turn_order_top_if", (("unleash", 3),), (_any(("suffer", 5)),)),))
WRECK = _U("Wreck", "attack", 1, effect=(("unleash", 2), ("gravehold_damage", 1)))
BANE_COMMANDER = _U("Bane Commander", "minion", 1, life=6, persistent=(("unleash", 1), _any(("suffer", 1))))

# ================================================================== tier 2

SKY_TREMOR = _U("Sky Tremor", "power", 2, power_tokens=1, to_discard=(("spend_aether", 7),),
                power=(("unleash", 2), ("gravehold_damage", 4)))
ENGULFING_MADNESS = _U("Engulfing Madness", "power", 2, power_tokens=2, to_discard=(("spend_aether", 8),),
                       power=(("unleash", 2), _any(("suffer", 4))))
SEPARATE = _U("Separate", "attack", 2,
              effect=(("unleash", 2), ("gravehold_damage", 2), ("costliest_prepped", "discard", 0, (), ())))
NEEDLE_DOOM = _U("Needle Doom", "minion", 2, life=12, persistent=(("unleash", 1), ("gravehold_damage", 2)))
MARKED = _U("Marked", "attack", 2, effect=(("unleash", 2), ("player", "lowest_life", (("suffer", 3),))))

# ================================================================== tier 3

ERADICATE = _U("Eradicate", "attack", 3, effect=(("unleash", 2), _any(pick("discard", 3, filt="costliest"))))
FLASH_OF_DECAY = _U("Flash of Decay", "power", 3, power_tokens=2, power=(
    ("unleash", 2), ("costliest_prepped", "destroy", 4, (("unleash", 1),), (("unleash", 1),))))
TERRIFY = _U("Terrify", "attack", 3, effect=(("unleash", 3), ("gravehold_damage", 2), _any(pick("destroy", 2))))
RAY_OF_DESOLATION = _U("Ray of Desolation", "power", 3, power_tokens=1, power=(
    ("unleash", 2), pick("destroy", 2, "prepped", "costliest", who="players")))
THUNDEROUS_TEMPEST = _U("Thunderous Tempest", "power", 3, power_tokens=2, to_discard=(("spend_aether", 9),), power=(
    ("unleash", 1), ("if", ("nemesis_turns_at_least", 2), (_any(("suffer", 8)),), (_any(("suffer", 5)),))))
SACRIFICE = _U("Sacrifice", "attack", 3,
               effect=(("or", (("unleash", 4),), (("gravehold_damage", 4), _any(("suffer", 4)))),))
BURIALSKULK = _U("Burialskulk", "minion", 3, life=18, persistent=(("unleash", 2),))

UPGRADED_CARDS = (
    HISSING_ACID, WRECK, BANE_COMMANDER,
    SKY_TREMOR, ENGULFING_MADNESS, SEPARATE, NEEDLE_DOOM, MARKED,
    ERADICATE, FLASH_OF_DECAY, TERRIFY, RAY_OF_DESOLATION, THUNDEROUS_TEMPEST, SACRIFICE, BURIALSKULK,
)
