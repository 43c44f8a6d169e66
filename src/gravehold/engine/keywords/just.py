"""K-16 "Just": "just played" and "just gained" reach back over the whole current turn.

A player card's "just" has no shorter window than the turn of the player whose turn it is
(the rulebook says so outright). State: the turn flags ``played`` and ``gained``, the names
of the gems and relics that player played and the cards they gained this turn, in order;
``turn._play`` and ``turn.receive_gained`` write them, and like every turn flag they lapse
when the turn ends. A card left the play area since (destroyed, attached) still counts as
played. Conditions of ``if`` (the generic vocabulary): ``("played_this_turn", what)`` and
``("gained_this_turn", what)``, ``what`` a card type (``"gem"``, ``"relic"``, ``"spell"``),
``"any"``, or a card name. No card of the loaded boxes says "just" yet; these are the place
one would use.
"""

from __future__ import annotations

from ...content import registry as content
from ..core import Ctx, Engine
from ..generic import condition

_TYPES = ("gem", "relic", "spell")


def _what(what: str) -> str:
    if what == "any":
        return "a card"
    return f"a {what}" if what in _TYPES else what


def _matches(names: tuple[str, ...], what: str) -> bool:
    if what == "any":
        return bool(names)
    if what in _TYPES:
        return any(content.CARDS[n].type == what for n in names)
    return what in names


@condition("played_this_turn", lambda what, *, they=False: (
        f"{'that player' if they else 'you'} played {_what(what)} this turn"))
def _played_this_turn(g: Engine, ctx: Ctx, what: str) -> bool:
    st = g.state
    return ctx.you == st.active and _matches(tuple(st.flags.get("played", ())), what)


@condition("gained_this_turn", lambda what, *, they=False: (
        f"{'that player' if they else 'you'} gained {_what(what)} this turn"))
def _gained_this_turn(g: Engine, ctx: Ctx, what: str) -> bool:
    st = g.state
    return ctx.you == st.active and _matches(tuple(st.flags.get("gained", ())), what)
