"""K-7 Aether tokens (LoG): aether a player holds between turns, spent like aether in their turn.

State: ``Player.aether_tokens``, the number the player holds (saved as ``aether_tokens``,
only when some are held). A token is worth 1 Æ for anything aether pays for, any number at
a time: ``exclusive_aether.available`` counts them and ``exclusive_aether.pay`` spends them
after the player's aether, so every spending path takes them. Payments are made in the
payer's own turn, so tokens gained in another player's turn wait for their holder's turn.
Unused ones are discarded in their holder's draw phase, after drawing (P-15): ``discard``.
Steps: ``gain_aether_tokens`` and ``lose_aether_tokens``, both for "you" (a card for another
player wraps them, as any step).
"""

from __future__ import annotations

from ...content.model import Step
from ...content.text import count_of
from ..core import Ctx, Engine, step


def discard(g: Engine, i: int) -> None:
    """P-15 / K-7: the end of player i's draw phase: unused aether tokens are discarded."""
    p = g.state.players[i]
    if p.aether_tokens:
        n, p.aether_tokens = p.aether_tokens, 0
        g.ev("aether_tokens", player=i, amount=-n, total=0, source="draw phase")


@step("gain_aether_tokens", text=lambda n: f"Gain {count_of(n, 'aether token')}.")
def _gain(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    p.aether_tokens += n
    g.ev("aether_tokens", player=ctx.you, amount=n, total=p.aether_tokens, source=ctx.source)


def _holds(g: Engine, ctx: Ctx, s: Step) -> bool:
    return g.state.players[ctx.you].aether_tokens >= int(s[1])


@step("lose_aether_tokens", can_resolve=_holds, text=lambda n: f"Lose {count_of(n, 'aether token')}.")
def _lose(g: Engine, ctx: Ctx, n: int) -> None:
    """As many as are held, at most ``n`` (P-7: fewer held is a partial resolution)."""
    p = g.state.players[ctx.you]
    lost = min(n, p.aether_tokens)
    p.aether_tokens -= lost
    g.ev("aether_tokens", player=ctx.you, amount=-lost, total=p.aether_tokens, source=ctx.source)
