"""K-5 Silence: a silenced minion skips its next PERSISTENT effect (N-1), then loses the token.

State: ``InPlay.silenced``, one flag per minion in play (a token: a minion holds one at
most). The nemesis main phase asks ``skips`` for each minion before its PERSISTENT effect,
so the skip and the loss of the token are one rule in one place. A state may start with a
silenced minion (``docs/state-format.md``).

Step: ``silence``, from a player card: "you" choose a minion in play (decision ``silence``,
options ``("minion", name)``; never a power or the nemesis) and it takes a silence token.
**Unstated** (K-5): a minion that holds one already takes no second (tokens do not stack);
it may still be chosen, and nothing changes. Of two minions of one name, the chosen name
silences the first that holds no token.
"""

from __future__ import annotations

from ...content import registry as content
from ...content.model import Step
from ..core import Ctx, Engine, step
from ..effects.base import ask_step, chooser
from ..state import Action, InPlay


def skips(c: InPlay) -> bool:
    """Does minion ``c`` skip this PERSISTENT effect? Silence is used up by skipping."""
    if c.silenced:
        c.silenced = False
        return True
    return False


def minions(g: Engine) -> list[InPlay]:
    """The minions in play, oldest first (powers are never silenced)."""
    cards = content.NEMESIS_CARDS
    return [c for c in g.state.nemesis.in_play if cards[c.name].type == "minion"]


def _any_minion(g: Engine, ctx: Ctx, s: Step) -> bool:
    return bool(minions(g))


@step("silence", can_resolve=_any_minion, text=lambda: "A minion in play of your choice takes a silence token.")
def _silence(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    ms = minions(g)
    if action is None:
        if ms:  # P-7: no minion, nothing to silence
            opts: list[Action] = [("minion", n) for n in dict.fromkeys(c.name for c in ms)]
            ask_step(g, ctx, ("silence",), "silence", chooser(g, ctx), "Silence which minion?", opts)
        return
    named = [c for c in ms if c.name == action[1]]
    if not named:  # it left play meanwhile
        return
    c = next((m for m in named if not m.silenced), named[0])
    if not c.silenced:
        c.silenced = True
        g.ev("silenced", card=c.name, source=ctx.source)
