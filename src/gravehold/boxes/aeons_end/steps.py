"""Step kinds that several Aeon's End player cards share.

A step kind that serves one card only is written right above that card (``supply.py``,
``mages.py``); the ones here serve several. Multi-pick choices re-push a smaller step (one
pick per decision); a step may carry a hidden running count as an extra trailing argument
(``hand_for_damage``).
"""

from __future__ import annotations

from typing import Any

from ...content.text import count_of, render_steps
from ...engine.core import Ctx, Engine, step
from ...engine.effects import _damage, ask_step, destroy_from
from ...engine.flags import turn_flag
from ...engine.state import Action

#: turn flag family: the key is this prefix and the card name
PLAYS = turn_flag("plays:*", "how often a card was played this turn")[:-1]

Steps = tuple[tuple[Any, ...], ...]

_ORDINAL = {1: "first", 2: "second", 3: "third"}

_ZONES = {"hand": "your hand", "hand_discard": "your hand or your discard pile"}

_PLUS = {
    "your_opened_breaches": "for each opened breach you have",
    "adjacent_prepped": "for each spell prepped on a breach right next to this spell's breach",
    "all_opened": "when no breach of yours is still closed",
}


@step("nth_play", text=lambda k, then: f"On your {_ORDINAL[k]} play of this card this turn: {render_steps(then)}")
def _nth_play(g: Engine, ctx: Ctx, k: int, then: Steps) -> None:
    """Diamond Cluster / Clouded Sapphire: count this turn's plays of the card (turn flag)."""
    st = g.state
    key = PLAYS + ctx.source
    count = int(st.flags.get(key, 0)) + 1
    st.flags[key] = count
    if count == k:
        g.push_steps(then, ctx)


@step("may_destroy_cards", text=lambda n, zones: (
        f"You may destroy up to {count_of(n, 'card')} from {_ZONES[zones]}." if n > 1
        else f"You may destroy one card from {_ZONES[zones]}."))
def _may_destroy_cards(g: Engine, ctx: Ctx, n: int, zones: str, action: Action | None = None) -> None:
    """Spectral Echo / Bottled Vortex: destroy up to n cards (K-10), one pick at a time."""
    i = ctx.you
    p = g.state.players[i]
    if action is None:
        if n <= 0:
            return
        opts: list[Action] = [("card", "hand", c) for c in sorted(set(p.hand))]
        if zones == "hand_discard":
            opts += [("card", "discard", c) for c in sorted(set(p.discard))]
        if opts:
            ask_step(g, ctx, ("may_destroy_cards", n, zones), "destroy", i,
                     f"Destroy a card? (up to {n} more)", opts + [("done",)])
        return
    if action[0] == "done":
        return
    destroy_from(g, i, str(action[1]), str(action[2]), ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("may_destroy_cards", n - 1, zones))


def _counter(g: Engine, ctx: Ctx, counter: str) -> int:
    st = g.state
    if counter == "your_opened_breaches":
        return sum(br.state == "open" for br in st.players[ctx.you].breaches)
    if counter == "all_opened":
        brs = [br for br in st.players[ctx.you].breaches if br.state in ("open", "closed")]
        return int(all(br.state == "open" for br in brs))
    if counter == "adjacent_prepped":
        where = st.flags.get("cast_from")
        if not where:
            return 0
        owner, b = int(where[0]), int(where[1])
        brs = st.players[owner].breaches
        anchors: set[int] = set()
        for a in (b - 1, b + 1):
            if 0 <= a < len(brs):
                anchors.add(a)
                if brs[a].covered_by >= 0:  # a two-breach spell lying on this neighbour too
                    anchors.add(brs[a].covered_by)
        anchors.discard(b)
        return sum(len(brs[a].spells) for a in anchors)
    raise ValueError(counter)  # pragma: no cover - content is checked at load


@step("damage_plus", text=lambda b, per, c: f"Deal {b} damage, plus {per} {_PLUS[c]}.")
def _damage_plus(g: Engine, ctx: Ctx, base: int, per: int, counter: str) -> None:
    """Planar Insight, Chaos Arc, Amplify Vision: one source of base + per x count (P-3)."""
    _damage(g, ctx, base + per * _counter(g, ctx, counter))


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
        _damage(g, ctx, per * done)
