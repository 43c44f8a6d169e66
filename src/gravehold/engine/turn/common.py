"""What the parts of a turn share: the frames and contexts built once, a charged ability's
activation (P-10) and its main-phase window, and how many uses a prepped spell has left.

It sits below the other turn modules (``order`` starts a player's or the nemesis' turn,
``casting`` reaches the main phase, ``main`` lists what ``actions`` resolves), so each
imports only downwards and none imports at its end.
"""

from __future__ import annotations

from ...content import registry as content
from ..core import Ctx, Engine
from ..state import Breach

_new_ctx = tuple.__new__  # Ctx(you, owner, source) without the Python-level __new__ (hot path)
#: frames and contexts that are always the same, built once
_END_TURN = ("end_turn",)
_NEMESIS_DRAW = ("nemesis_draw",)
_UNLEASH_END = ("unleash_end",)
_UNLEASH_CTX = Ctx(-1, -1, "Unleash")


def activate_ability(g: Engine, owner: int, actor: int) -> None:
    """P-10: discard every charge, then resolve the ability."""
    p = g.state.players[owner]
    ab = content.MAGES[p.mage].ability
    p.charges = 0
    g.ev("ability", player=owner, name=ab.name)
    h = g.on.get("ability")
    if h is not None:  # pushed first: resolves once the ability has
        h(g, owner)
    g.push_steps(ab.steps, Ctx(owner, owner, ab.name))


def main_ability(window: str, owner: int, active: int, players: int) -> bool:
    """P-10: may a charged ability with this window be activated in ``active``'s main phase?

    ``ally_main`` is any ally's main phase; in true solo the one player is their own ally
    (SO-1), as with every "any ally".
    """
    if window in ("your_main", "your_casting_main"):
        return owner == active
    if window == "ally_main":
        return owner != active or players == 1
    return window == "any_main"


def _usable(used: tuple[tuple[int, str], ...], brs: list[Breach], b: int, name: str) -> bool:
    """Turn flag ``used`` lists (breach, spell) per use. A copy on breach b is usable while that
    breach has more copies than uses, and the player more copies prepped than uses of it."""
    on_b = sum(1 for u in used if u[0] == b and u[1] == name)
    total = sum(1 for u in used if u[1] == name)
    return on_b < brs[b].spells.count(name) and total < sum(br.spells.count(name) for br in brs)
