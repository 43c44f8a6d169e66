"""C-8 Sever: a nemesis card severs a mage; the mage plays on in this game.

State: ``State.severed``, the seats whose mage was severed, each once, in order; the
game's summary (``Game.summary``) lists them, so a campaign reads them when the game is
over and retires those mages after it (C-8, C-9: a campaign's rule, not this game's).

Step: ``("sever",)``, inside a step that names a player (``("player", selector, steps)``):
that player's mage is severed. Nothing else changes in this game: the player keeps their
life, cards and turns. Severing a mage already severed changes nothing.
"""

from __future__ import annotations

from ...errors import StateFormatError
from ..core import Ctx, Engine
from ..state import State
from ..vocabulary import step


def sever(g: Engine, i: int, source: str) -> None:
    """Record player ``i``'s mage as severed (once)."""
    st = g.state
    if i in st.severed:
        return
    st.severed.append(i)
    g.ev("severed", player=i, mage=st.players[i].mage, source=source)


@step("sever", text=lambda: "is severed (the mage plays on in this game).")
def _sever(g: Engine, ctx: Ctx) -> None:
    if ctx.you >= 0:
        sever(g, ctx.you, ctx.source)


def check_saved(st: State) -> None:
    """A saved game's severed seats: seats of the game, each once (a StateFormatError names
    the entry)."""
    for k, seat in enumerate(st.severed):
        if not 0 <= seat < len(st.players) or seat in st.severed[:k]:
            raise StateFormatError(f"severed[{k}]", f"must be a seat from 0 to {len(st.players) - 1}, each once, "
                                                   f"got {seat}")
