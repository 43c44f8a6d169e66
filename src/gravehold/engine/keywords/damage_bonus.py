"""P-20 Damage sources and bonuses: a "+X damage" raises every damage source of a spell.

Every "deal N damage" printed on a card is its own source (P-3). A bonus to a spell (an
opened breach, a unique breach, a relic attached to the breach, a treasure) is no new
source: each source of the spell deals X more. A spell that deals no damage counts as
dealing 0, so its bonus is dealt once as a source of its own when the Cast effect ends
(P-3). Echo (P-5) resolves the Cast effect twice, and the bonus raises each resolution.

State: ``State.cast_bonus``, one ``(bonus, sources)`` pair for each spell being cast
(innermost last): the bonus of that cast and how many damage sources have taken it, so the
end of the Cast effect knows whether the bonus still has to be dealt on its own.

A source adds a bonus at the trigger point ``cast_bonus`` (``engine.triggers``): a handler
asked once per cast with the caster, the breach's owner, the breach and the spell, returning
a :class:`Bonus` or ``None``. It may change state when it applies (a relic that is discarded
once it has given its bonus). Its ``steps`` are the bonus' other effects ("Gravehold gains 1
life"), resolved after each resolution of the Cast effect (P-5: bonuses apply to both). Only
the sources present in a game are asked (the game's trigger index).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...content import registry as content
from ...content.model import Steps

if TYPE_CHECKING:
    from ..core import Engine
    from ..state import State


@dataclass(frozen=True)
class Bonus:
    """What one rule adds to one cast: damage to each source, and other effects."""

    damage: int = 0
    steps: Steps = ()
    #: steps resolved before the first resolution of the Cast effect, once its bonus is set
    #: (a player asked whether to add to it: :func:`add`)
    first: Steps = ()


def collect(g: Engine, caster: int, owner: int, b: int, spell: str) -> tuple[int, Steps, Steps]:
    """The damage bonus, the other bonus effects and the steps before the Cast effect that
    every source gives this cast, in declaration order (the order their steps resolve)."""
    h = g.on.get("cast_bonus")
    if h is None:
        return 0, (), ()
    damage = 0
    steps: Steps = ()
    first: Steps = ()
    for got in h(g, caster, owner, b, spell):
        damage += got.damage
        steps += got.steps
        first += got.first
    return damage, steps, first


def add(st: State, n: int) -> None:
    """A bonus decided once the Cast effect has begun (``Bonus.first``): each damage source of
    the spell being cast deals n more from now on."""
    if st.cast_bonus:
        bonus, sources = st.cast_bonus[-1]
        st.cast_bonus[-1] = (bonus + n, sources)


def take(st: State, source: str) -> int:
    """P-20: the bonus one more damage source of ``source`` deals, if it is the spell being cast."""
    if st.cast_bonus:
        card = content.CARDS.get(source)
        if card is not None and card.type == "spell":
            bonus, sources = st.cast_bonus[-1]
            st.cast_bonus[-1] = (bonus, sources + 1)
            return int(bonus)
    return 0


def unspent(st: State) -> int:
    """End of a Cast effect: the bonus to deal as its own source (P-3), 0 when a source took it."""
    bonus, sources = st.cast_bonus.pop()
    return bonus if sources == 0 else 0
