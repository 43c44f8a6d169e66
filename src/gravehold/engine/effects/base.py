"""How an effect step runs: the ``"s"`` operation that dispatches a step frame, and the
helpers every step uses to ask a choice (:func:`ask_step`), to name who chooses
(:func:`chooser`) and to tell whether steps could resolve fully now (:func:`can_resolve`).
"""

from __future__ import annotations

from ...content.model import Step, Steps
from ..core import STEPS as content_steps
from ..core import Ctx, Engine, op
from ..state import Action
from ..vocabulary import STEP_KINDS

_new_ctx = tuple.__new__  # Ctx(you, owner, source) without the Python-level __new__ (hot path)


@op("s")
def _s(g: Engine, you: int, owner: int, source: str, st: Step, action: Action | None = None) -> None:
    fn = content_steps[st[0]]
    ctx = _new_ctx(Ctx, (you, owner, source))
    if action is None:
        if len(st) == 2:
            fn(g, ctx, st[1])
        else:
            fn(g, ctx, *st[1:])
    else:
        fn(g, ctx, *st[1:], action=action)


def ask_step(g: Engine, ctx: Ctx, st: Step, kind: str, player: int, prompt: str,
             options: list[Action]) -> None:
    g.ask(kind, player, ctx.source, prompt, options, ("s", ctx.you, ctx.owner, ctx.source, st))


def chooser(g: Engine, ctx: Ctx) -> int:
    """Player cards are decided by "you"; nemesis cards by the players together."""
    return ctx.you if ctx.you >= 0 else g.team()


def can_resolve(g: Engine, ctx: Ctx, steps: Steps) -> bool:
    """P-7 / N-6: could these steps resolve fully now? Each step kind says so itself."""
    kinds = STEP_KINDS
    for s in steps:
        check = kinds[s[0]].can_resolve
        if check is not None and not check(g, ctx, s):
            return False
    return True
