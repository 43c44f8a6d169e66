"""Step kinds that several Aeon's End player cards share.

A step kind that serves one card only is written right above that card (``supply.py``,
``mages.py``); the ones here serve several. Most cards need none of their own: picking
cards, conditions and counted damage are the engine's generic steps (``engine.generic``,
``engine.amounts``). Multi-pick choices re-push a smaller step (one pick per decision); a
step may carry a hidden running count as an extra trailing argument (``hand_for_damage``).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Action,
    Ctx,
    Engine,
    ask_step,
    count_of,
    damage_source,
    destroy_from,
    render_steps,
    step,
    turn_flag,
)

#: turn flag family: the key is this prefix and the card name
PLAYS = turn_flag("plays:*", "how often a card was played this turn")[:-1]

Steps = tuple[tuple[Any, ...], ...]

_ORDINAL = {1: "first", 2: "second", 3: "third"}


@step("nth_play", text=lambda k, then: f"On your {_ORDINAL[k]} play of this card this turn: {render_steps(then)}")
def _nth_play(g: Engine, ctx: Ctx, k: int, then: Steps) -> None:
    """Diamond Cluster / Clouded Sapphire: count this turn's plays of the card (turn flag)."""
    st = g.state
    key = PLAYS + ctx.source
    count = int(st.flags.get(key, 0)) + 1
    st.flags[key] = count
    if count == k:
        g.push_steps(then, ctx)


@step("hand_for_damage", text=lambda mode, n, per: (
        f"{mode.capitalize()} up to {count_of(n, 'card')} from your hand; {per} damage per card "
        f"{'discarded' if mode == 'discard' else 'destroyed'}, dealt as one."))
def _hand_for_damage(g: Engine, ctx: Ctx, mode: str, n: int, per: int, done: int = 0,
                     action: Action | None = None) -> None:
    """Dark Fire (discard) / Consuming Void (destroy): up to n cards, then one damage source."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if n > 0 and p.hand:
            opts: list[Action] = [("card", c) for c in sorted(set(p.hand))] + [("done",)]
            verb = "Discard" if mode == "discard" else "Destroy"
            ask_step(g, ctx, ("hand_for_damage", mode, n, per, done), mode, i,
                     f"{verb} a card from hand for {per} damage? (up to {n} more)", opts)
            return
    elif action[0] != "done":
        name = str(action[1])
        if mode == "discard":
            p.hand.remove(name)
            p.discard.append(name)
            g.ev("discard", player=i, card=name, source=ctx.source)
        else:
            destroy_from(g, i, "hand", name, ctx.source)
        g.push("s", ctx.you, ctx.owner, ctx.source, ("hand_for_damage", mode, n - 1, per, done + 1))
        return
    if done:
        damage_source(g, ctx, per * done)
