"""K-14 Cards that replace their own discard or destruction: their text beats the effect
that moves them (LoG supply cards first).

A card declared with :func:`declare` (``boxapi.keeps_itself``) may go back to its owner's
hand when another card or effect would discard or destroy it: the engine's ways of doing so
(``generic``'s discard and destroy of a picked card, ``effects.cards.destroy_from``,
``effects.breaches``' removal of a prepped spell) call :func:`intercept` first. When it
takes over, the card stays where it lies and its owner is asked (their own decision, in
whoever's turn it is: step ``keep_self``); answered no, the discard or destruction goes on as
it would have (``proceed``), answered yes, the card goes to their hand. A card declared with
``reprep`` that was prepped may then be prepped again to the breach it left (a second
question).

Readings decided here (``READINGS``): "another card or effect" is any source but the card
itself (its own "destroy this" and the rules' discards of played and cast cards are not
effects that discard it); the replacement covers the engine's shared ways of discarding and
destroying a player's card, not a box's own moves of its cards, and a card face up (hand, play
area, discard pile, breach), not one in a deck; what the effect does after ("if you do ...")
still resolves, as the card was taken care of.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...content import registry as content
from ...content.text import CARD_RULES
from ..core import Ctx, Engine, step
from ..damage import uncover
from ..effects.base import ask_step
from ..state import Action
from ..turn import prep_spell

#: the project's reading (module docstring)
READINGS = {"another": "any source but the card itself",
            "covers": "the engine's shared discards and destructions of a player's card",
            "then": "the effect's own follow-up still resolves",
            "deck": "a card in a deck is not asked about"}

#: the zones a card keeps itself from (a deck's cards are face down: "destroy the top n" goes on)
ZONES = ("hand", "played", "discard", "prepped")
#: how a card that was not kept leaves, as the modules that call :func:`intercept` do it
#: (they register these themselves, so this module imports none of them): "destroy" is
#: ``destroy_from(g, j, zone, name, source, kept=True)``, "prepped" is
#: ``_remove_prepped(g, j, breach, slot, destroy, source, kept=True)``
LEAVES: dict[str, Callable[..., Any]] = {}
#: card name -> may it be prepped again when it left a breach
KEEPERS: dict[str, bool] = {}


def declare(name: str, reprep: bool = False) -> None:
    """Card ``name`` may go back to its owner's hand instead of being discarded or destroyed by
    another card or effect (and, ``reprep``, be prepped again if it was prepped)."""
    KEEPERS[name] = reprep
    tail = " If it left a breach, you may then prep it once more." if reprep else ""
    CARD_RULES[name] = ("When another card or effect would make you discard or destroy this, you may return it "
                        f"to your hand instead.{tail}")


def intercept(g: Engine, j: int, zone: str, name: str, destroy: bool, source: str, breach: int = -1) -> bool:
    """Would player j's ``name`` in ``zone`` (a breach: ``breach``) be kept? Then its owner is
    asked first and the caller does nothing now (True)."""
    if not KEEPERS or source == name or zone not in ZONES or content.base_of(name) not in KEEPERS:
        return False
    g.push("s", j, j, name, ("keep_self", zone, name, destroy, source, breach))
    return True


def _where(g: Engine, j: int, zone: str, name: str, breach: int) -> list[str] | None:
    p = g.state.players[j]
    cards: list[str] = p.breaches[breach].spells if zone == "prepped" else getattr(p, zone)
    return cards if name in cards else None


@step("keep_self", text=lambda zone, name, destroy, source, breach: (
        f"You may return {name} to your hand instead of {'destroying' if destroy else 'discarding'} it."))
def _keep_self(g: Engine, ctx: Ctx, zone: str, name: str, destroy: bool, source: str, breach: int,
               action: Action | None = None) -> None:
    j = ctx.you
    cards = _where(g, j, zone, name, breach)
    if cards is None:  # it left meanwhile: nothing to replace
        return
    me = ("keep_self", zone, name, destroy, source, breach)
    if action is None:
        ask_step(g, ctx, me, "yes_no", j, f"{source} would {'destroy' if destroy else 'discard'} your {name}: "
                 "return it to your hand instead?", [("yes",), ("no",)])
        return
    if action[0] == "no":
        proceed(g, j, zone, name, destroy, source, breach)
        return
    _to_hand(g, j, zone, name, breach)
    if zone == "prepped" and KEEPERS[content.base_of(name)]:
        g.push("s", j, j, name, ("may_reprep", name, breach))


def _to_hand(g: Engine, j: int, zone: str, name: str, breach: int) -> None:
    p = g.state.players[j]
    if zone == "prepped":
        br = p.breaches[breach]
        br.spells.remove(name)
        if content.CARDS[name].two_breaches:  # it covered the breach beside it too
            uncover(p, breach)
    else:
        cards: list[str] = getattr(p, zone)
        del cards[len(cards) - 1 - cards[::-1].index(name)]
    p.hand.append(name)
    g.ev("returned_to_hand", player=j, card=name, source=name)


@step("may_reprep", text=lambda name, breach: f"You may prep {name} again to the breach it left.")
def _may_reprep(g: Engine, ctx: Ctx, name: str, breach: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    br = p.breaches[breach]
    if name not in p.hand or br.spells or br.covered_by >= 0:
        return
    if action is None:
        ask_step(g, ctx, ("may_reprep", name, breach), "yes_no", ctx.you, f"Prep {name} again?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        prep_spell(g, ctx.you, name, breach, "hand")


def proceed(g: Engine, j: int, zone: str, name: str, destroy: bool, source: str, breach: int) -> None:
    """The discard or destruction the card did not replace, as its caller would have done it."""
    p = g.state.players[j]
    if zone == "prepped":
        LEAVES["prepped"](g, j, breach, p.breaches[breach].spells.index(name), destroy, source)
    elif destroy:
        LEAVES["destroy"](g, j, zone, name, source)
    else:
        cards: list[str] = getattr(p, zone)
        cards.remove(name)
        p.discard.append(name)
        g.ev("discard", player=j, card=name, source=source)
