"""Step kinds and conditions that several cards of The New Age use.

A step kind that serves one card is written right above that card (``gems.py``,
``relics.py``, ``spells.py``, the mages and nemeses); the ones here serve several. The
box's optional extra costs are the engine's K-15 offer (``engine/keywords/extra_cost.py``):
``("may_pay", who, cost, reward, then)``; a charge given up for 2 aether, say, is
``("may_pay", "you", (("lose_charges", 1),), (("aether", 2),), ())``.

Readings decided here:

- An ally's offer to give up a copy of the card from hand for a fresh draw (*Resonant
  Pearl*, *Marble Galaxy*, *Fatal Harmony*: ``ally_copy_offer``) is one K-15 offer: only an
  ally holding a copy of the card is asked; the card's player names the ally (or nobody),
  the ally discards the copy and draws, and only then is the card's bonus had. In true solo
  you are your own ally (SO-1), so you may discard a second copy from your own hand.
- The test of breach III or IV, opened (*Force Amplifier*, *Tethered Darts*: the condition
  ``cast_from_opened``) reads the breach the spell was prepped on (turn flag ``cast_from``),
  the owner's breach when an ally's spell is cast (P-18: "this breach" is the owner's).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import BREACH_NAMES, Ctx, Engine, condition, offer, pick, render_steps, step

Steps = tuple[tuple[Any, ...], ...]


def _copy_cost(name: str) -> Steps:
    """What the ally pays: a copy of the card from hand, then a draw."""
    return (pick("discard", 1, "hand", ("named", name)), ("draw", 1, "you"))


def _copy_offer_text(then: Steps, otherwise: Steps) -> str:
    out = f"Any ally may trade a copy of this card from their hand for a new draw; if one does: {render_steps(then)}"
    return out + (f" If none does: {render_steps(otherwise)}" if otherwise else "")


@step("ally_copy_offer", text=_copy_offer_text)
def _ally_copy_offer(g: Engine, ctx: Ctx, then: Steps, otherwise: Steps) -> None:
    """K-15 with a named card as the cost: ``then`` when an ally paid, else ``otherwise``."""
    offer(g, ctx, "ally", _copy_cost(ctx.source), (), then, otherwise,
          f"Which ally discards a {ctx.source} from hand and draws a card?")


def _breaches(bs: tuple[int, ...]) -> str:
    return " or ".join(BREACH_NAMES[b] for b in bs)


@condition("cast_from_opened", lambda bs, *, they=False: f"this spell's breach is {_breaches(bs)} and opened")
def _cast_from_opened(g: Engine, ctx: Ctx, bs: tuple[int, ...]) -> bool:
    """The breach this spell was prepped on is opened and one of ``bs`` (0 = I ... 3 = IV)."""
    where = g.state.flags.get("cast_from")
    if not where:
        return False
    j, b = int(where[0]), int(where[1])
    return b in bs and g.state.players[j].breaches[b].state == "open"
