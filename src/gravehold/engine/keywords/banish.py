"""C-10 Banishing: "banish this card": a nemesis card leaves the game, and the campaign.

State: ``State.banished``, the cards banished in this game; the card census counts them
there, the game's summary (``Game.summary``) lists them, so a campaign reads them when the
game is over and keeps them out of its later games (C-10). Within the game a banished card
is out of the game like a destroyed one (K-10).

Step: ``("banish_this",)`` on a nemesis card: the card that resolves it leaves the game at
once, from wherever it is (being resolved, in play, or the nemesis discard pile). Put after
the other steps of an attack, the card is banished instead of being discarded once it has
resolved; in a minion's or power's effect it is banished as it is discarded.
"""

from __future__ import annotations

from ..copies import base_name, find_ref
from ..core import Ctx, Engine
from ..vocabulary import step


def banish(g: Engine, ref: str, source: str) -> bool:
    """Nemesis card ``ref`` leaves the game; False when it is nowhere the nemesis holds it."""
    n = g.state.nemesis
    name = base_name(ref)
    if name in n.resolving:
        n.resolving.remove(name)
        zone = "resolving"
    elif (k := find_ref(n.in_play, ref)) >= 0:
        del n.in_play[k]
        zone = "in_play"
    elif name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        zone = "discard"
    else:
        return False
    g.state.banished.append(name)
    g.ev("banished", card=name, zone=zone, source=source)
    return True


@step("banish_this", text=lambda: "This card is banished.")
def _banish_this(g: Engine, ctx: Ctx) -> None:
    banish(g, ctx.source, ctx.source)
