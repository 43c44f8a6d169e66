"""Step kinds, a filter and a turn rule that several Outcasts supply cards share.

Readings decided here (the card texts leave them open):

- *Without Xaxos: Outcast* (the four cards that give him charges: Galvanized Sapphire,
  Reconstituting Circuit, Bottled Sun, Infused Ignition) the charges go to the card's player,
  as many as their slots hold (P-9); Infused Ignition's "4 or fewer" then reads that
  player's charges. The table ``XAXOS_ABSENT`` keeps this reading in one place.
- *"When you next gain a card this turn"* (Petrified Phoenixium, Duplicating Sazite)
  waits for the next card the player whose turn it is gains, by any means; every such
  card played before that gain triggers on it, in the order played.
"""

from __future__ import annotations

from ...boxapi import (
    FILTERS,
    Action,
    Ctx,
    Engine,
    Steps,
    add_charges,
    ask_step,
    cast_spell,
    catalogue,
    destroy_from,
    game_cards,
    render_steps,
    step,
    trigger_source,
    turn_flag,
)
from . import xaxos

#: who gains the charges that a card gives Xaxos: Outcast when he is not in the game (a reading)
XAXOS_ABSENT = "you"

FILTERS.setdefault("cost_at_most", type(FILTERS["cost"])(lambda c, k: c.cost <= k, 1, text=" costing {0} Æ or less"))


@step("xaxos_charge", text=lambda n, at_most: (
        (f"If Xaxos: Outcast has {at_most} or fewer charges, he" if at_most >= 0 else "Xaxos: Outcast")
        + f" gains {n} charge{'s' if n != 1 else ''} (without him in the game, the project's reading: "
        + ("you" if XAXOS_ABSENT == "you" else "an ally") + " gain them instead)."))
def _xaxos_charge(g: Engine, ctx: Ctx, n: int, at_most: int) -> None:
    """K-18's charges; without Xaxos: Outcast, the reading ``XAXOS_ABSENT``."""
    st = g.state
    if xaxos.in_game(st):
        if at_most < 0 or st.tokens[xaxos.CHARGES] <= at_most:
            xaxos.give_charges(g, n, ctx.source)
        return
    p = st.players[ctx.you]
    if at_most >= 0 and p.charges > at_most:
        return
    add_charges(g, ctx.you, n, ctx.source)


@step("may_destroy_played", text=lambda then: f"You may destroy this card; if you do: {render_steps(then)}")
def _may_destroy_played(g: Engine, ctx: Ctx, then: Steps, action: Action | None = None) -> None:
    """A gem or relic that may destroy itself from the play area for a reward."""
    p = g.state.players[ctx.owner]
    if ctx.source not in p.played:
        return
    if action is None:
        ask_step(g, ctx, ("may_destroy_played", then), "yes_no", ctx.you, f"Destroy {ctx.source}?",
                 [("yes",), ("no",)])
        return
    if action[0] == "yes":
        destroy_from(g, ctx.owner, "played", ctx.source, ctx.source)
        g.push_steps(then, ctx)


def _prepped_at_most(g: Engine, at_most: int) -> list[Action]:
    st = g.state
    return [("spell", j, b, k) for j, p in enumerate(st.players) for b, br in enumerate(p.breaches)
            for k, sp in enumerate(br.spells) if at_most < 0 or catalogue.CARDS[sp].cost <= at_most]


@step("may_cast_prepped", text=lambda at_most: (
        "You may cast a spell prepped by any player"
        + (f" that costs {at_most} Æ or less." if at_most >= 0 else ".")))
def _may_cast_prepped(g: Engine, ctx: Ctx, at_most: int, action: Action | None = None) -> None:
    """P-18: you cast it; it goes to its owner's discard pile."""
    if action is None:
        opts = _prepped_at_most(g, at_most)
        if opts:
            ask_step(g, ctx, ("may_cast_prepped", at_most), "spell", ctx.you, "Cast which prepped spell?",
                     opts + [("skip",)])
        return
    if action[0] != "skip":
        cast_spell(g, ctx.you, int(action[1]), int(action[2]), int(action[3]))


# ------------------------------------------------------------------ the next gain of this turn

#: [card name, ...] of each "when you next gain a card this turn" still waiting
NEXT_GAIN = turn_flag("oc_next_gain", "the cards whose effect waits for the next card gained this turn")

@step("wait_next_gain", text=lambda then: f"When you next gain a card this turn: {render_steps(then)}")
def _wait_next_gain(g: Engine, ctx: Ctx, then: Steps) -> None:
    st = g.state
    st.flags[NEXT_GAIN] = [*st.flags.get(NEXT_GAIN, ()), ctx.source]


def _then_of(name: str) -> Steps:
    """The steps a card's ``wait_next_gain`` holds (none when it has none)."""
    return next((tuple(s[1]) for s in catalogue.CARDS[name].play if s[0] == "wait_next_gain"), ())


def _waiting(st: object) -> bool:
    """Present in a game that holds a card that waits for the next gain."""
    return any(_then_of(n) for n in game_cards(st) if n in catalogue.CARDS)


@trigger_source("keyword", "outcasts next gain", present=_waiting)("gained")
def _on_next_gain(g: Engine, i: int, name: str) -> None:
    st = g.state
    waiting = st.flags.get(NEXT_GAIN) if st.flags else None
    if not waiting or i != st.active:
        return
    del st.flags[NEXT_GAIN]
    cost = catalogue.CARDS[name].cost
    for src in reversed(list(waiting)):  # pushed last first: the first played resolves first
        then = tuple((s[0], cost) if s[0] == "share_gain" else s for s in _then_of(src))
        g.push_steps(then, Ctx(i, i, src))
