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
from ..amounts import Amount, amount, amount_at, amount_text
from ..core import Ctx, Engine, step


def discard(g: Engine, i: int) -> None:
    """P-15 / K-7: the end of player i's draw phase: unused aether tokens are discarded."""
    p = g.state.players[i]
    if p.aether_tokens:
        n, p.aether_tokens = p.aether_tokens, 0
        g.ev("aether_tokens", player=i, amount=-n, total=0, source="draw phase")


@step("gain_aether_tokens", check=amount_at(1), text=lambda n: f"Gain {amount_text(n, 'aether token', noun=True)}.")
def _gain(g: Engine, ctx: Ctx, a: Amount) -> None:
    p, n = g.state.players[ctx.you], amount(g, ctx, a)
    p.aether_tokens += n
    g.ev("aether_tokens", player=ctx.you, amount=n, total=p.aether_tokens, source=ctx.source)


def _holds(g: Engine, ctx: Ctx, s: Step) -> bool:
    return g.state.players[ctx.you].aether_tokens >= amount(g, ctx, s[1])


@step("lose_aether_tokens", can_resolve=_holds, check=amount_at(1),
      text=lambda n: f"Lose {amount_text(n, 'aether token', noun=True)}.")
def _lose(g: Engine, ctx: Ctx, a: Amount) -> None:
    """As many as are held, at most the amount (P-7: fewer held is a partial resolution)."""
    p, n = g.state.players[ctx.you], amount(g, ctx, a)
    lost = min(n, p.aether_tokens)
    p.aether_tokens -= lost
    g.ev("aether_tokens", player=ctx.you, amount=-lost, total=p.aether_tokens, source=ctx.source)
