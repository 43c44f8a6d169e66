"""Outcasts supply relics, each with the step kinds that only it uses right above it.

Readings decided here (the card texts leave them open):

- *Carnivorous Roox*: the aether of a destroyed card is its printed cost; its second
  branch focuses twice, each time the closed breach cheapest to focus then.
- *Rift Dagger*: "any other supply pile" is any pile but Rift Dagger's own; destroying it
  is decided with the pick (a card costing 4 Æ is the destroying pick), and the 1 Æ for
  putting the card into your hand is asked afterwards, only when you hold 1 Æ.
- *Destiny Forger*: "any ally" is another player (your own seat in true solo, SO-1); the
  gained card costs at most 2 Æ more than the destroyed card's printed cost.
- *Unhinged Vortex*: "any ally" draws three and then discards one; the second branch lets
  one ally's breach be focused and one ally return any card of their discard pile.
"""

from __future__ import annotations

from ...boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    action_head,
    ask_step,
    catalogue,
    chooser,
    destroy_from,
    draw_cards,
    focus_breach,
    focusable,
    gain_card,
    pick,
    step,
)

# ------------------------------------------------------------------ the plain ones

_FOCUS = ("focus_lowest", "you")
ORB_OF_THE_DEEP = CardDef("Orb of the Deep", "relic", 2, "O", play=(
    ("or", (_FOCUS,), (("destroy_this",), ("gain_charge", 1))),))
RECONSTITUTING_CIRCUIT = CardDef("Reconstituting Circuit", "relic", 3, "O", play=(
    ("xaxos_charge", 1, -1), pick("destroy", how="may")))
BOTTLED_SUN = CardDef("Bottled Sun", "relic", 6, "O", play=(("xaxos_charge", 3, -1),))
TRANSMUTERS_LENS = CardDef("Transmuter's Lens", "relic", 5, "O", play=(
    ("destroy_this",), ("may_destroy_hand_or_discard",), ("gain_from_supply", "any", 6, False)))

# ------------------------------------------------------------------ Carnivorous Roox


@step("destroy_for_aether", text=lambda: "You may destroy one card from your hand; gain as much Æ as it cost.")
def _destroy_for_aether(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if p.hand:
            ask_step(g, ctx, ("destroy_for_aether",), "destroy", ctx.you, "Destroy which card for its cost in Æ?",
                     [("card", c) for c in sorted(set(p.hand))] + [("skip",)])
        return
    if action[0] != "skip":
        name = str(action[1])
        destroy_from(g, ctx.you, "hand", name, ctx.source)
        g.push_steps((("aether", catalogue.CARDS[name].cost),), ctx)


CARNIVOROUS_ROOX = CardDef("Carnivorous Roox", "relic", 3, "O", play=(
    ("or", (("aether", 1), ("destroy_for_aether",)), (("destroy_this",), _FOCUS, _FOCUS)),))

# ------------------------------------------------------------------ Rift Dagger


def _other_piles(g: Engine, ctx: Ctx, at_most: int) -> list[str]:
    st = g.state
    return [n for n, c in zip(st.supply_names, st.supply_counts, strict=True)
            if c > 0 and n != ctx.source and catalogue.CARDS[n].cost <= at_most]


action_head("destroy_gain", ("card",), text=lambda c: f"destroy this card to gain {c}")
action_head("to_hand", ("card",), text=lambda c: f"spend 1 Æ: {c} into your hand")


@step("rift_gain", text=lambda low, high: (
        f"Gain a card costing {low} Æ or less from any other supply pile; or destroy this card to gain one "
        f"costing up to {high} Æ instead. You may then spend 1 Æ to put that card into your hand."))
def _rift_gain(g: Engine, ctx: Ctx, low: int, high: int, action: Action | None = None) -> None:
    st = g.state
    p = st.players[ctx.you]
    if action is None:
        opts: list[Action] = [("gain", n) for n in _other_piles(g, ctx, low)]
        if ctx.source in st.players[ctx.owner].played:
            opts += [("destroy_gain", n) for n in _other_piles(g, ctx, high)]
        if opts:
            ask_step(g, ctx, ("rift_gain", low, high), "gain", ctx.you, "Gain which card?", opts)
        return
    if action[0] in ("gain", "destroy_gain"):
        if action[0] == "destroy_gain":
            destroy_from(g, ctx.owner, "played", ctx.source, ctx.source)
        name = str(action[1])
        gain_card(g, ctx.you, name, on_your_turn=ctx.you == st.active)
        if p.aether >= 1 and name in p.discard:
            ask_step(g, ctx, ("rift_gain", low, high), "yes_no", ctx.you,
                     f"Spend 1 Æ to put {name} into your hand?", [("to_hand", name), ("no",)])
        return
    if action[0] == "to_hand":
        name = str(action[1])
        if name in p.discard and p.aether >= 1:
            p.aether -= 1
            del p.discard[len(p.discard) - 1 - p.discard[::-1].index(name)]
            p.hand.append(name)
            g.ev("returned_to_hand", player=ctx.you, card=name, source=ctx.source)


RIFT_DAGGER = CardDef("Rift Dagger", "relic", 3, "O", play=(("rift_gain", 3, 4),))

# ------------------------------------------------------------------ Destiny Forger


@step("forge_destiny", text=lambda more: (
        f"Any ally may destroy a card in their hand; that player may then gain a card costing up to {more} Æ "
        "more than it, into their hand."))
def _forge_destiny(g: Engine, ctx: Ctx, more: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you) if st.players[j].hand]
        if opts:
            ask_step(g, ctx, ("forge_destiny", more), "player", ctx.you, "Which ally may destroy a card?",
                     opts + [("skip",)])
        return
    if action[0] == "player":
        j = int(action[1])
        g.push("s", j, j, ctx.source, ("forge_destiny_card", more))


@step("forge_destiny_card", text=lambda more: (
        f"You may destroy one card from your hand, then gain a card costing up to {more} Æ more into your hand."))
def _forge_destiny_card(g: Engine, ctx: Ctx, more: int, action: Action | None = None) -> None:
    st = g.state
    p = st.players[ctx.you]
    if action is None:
        if p.hand:
            ask_step(g, ctx, ("forge_destiny_card", more), "destroy", ctx.you, "Destroy which card?",
                     [("card", c) for c in sorted(set(p.hand))] + [("skip",)])
        return
    if action[0] == "card":
        name = str(action[1])
        destroy_from(g, ctx.you, "hand", name, ctx.source)
        top = catalogue.CARDS[name].cost + more
        opts: list[Action] = [("gain", n) for n, c in zip(st.supply_names, st.supply_counts, strict=True)
                              if c > 0 and catalogue.CARDS[n].cost <= top]
        if opts:
            ask_step(g, ctx, ("forge_destiny_card", more), "gain", ctx.you, "Gain which card into your hand?",
                     opts + [("skip",)])
        return
    if action[0] == "gain":
        gain_card(g, ctx.you, str(action[1]), on_your_turn=ctx.you == st.active, to_hand=True)


DESTINY_FORGER = CardDef("Destiny Forger", "relic", 4, "O", play=(
    ("or", (("forge_destiny", 2),), (("destroy_this",), ("gain_charge", 2))),))
CHAIN_OF_RETRIEVAL = CardDef("Chain of Retrieval", "relic", 4, "O", play=(
    ("or", (("focus_ally_breach",),), (pick("to_hand", 1, "discard", ("cost_at_most", 6)),)),))

# ------------------------------------------------------------------ Unhinged Vortex


@step("ally_draw_discard", text=lambda n: f"Any ally draws {n} cards, then discards a card in hand.")
def _ally_draw_discard(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    if action is None:
        ask_step(g, ctx, ("ally_draw_discard", n), "player", ctx.you, f"Which ally draws {n}?",
                 [("player", j) for j in g.allies(ctx.you)])
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, pick("discard"))
    draw_cards(g, j, n)


@step("may_focus_ally_breach", text=lambda: "You may focus a breach of any ally.")
def _may_focus_ally_breach(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("breach", j, b) for j in g.allies(ctx.you) for b in range(4) if focusable(g, j, b)]
        if opts:
            ask_step(g, ctx, ("may_focus_ally_breach",), "breach", chooser(g, ctx), "Focus which ally's breach?",
                     opts + [("skip",)])
        return
    if action[0] == "breach":
        focus_breach(g, int(action[1]), int(action[2]))


UNHINGED_VORTEX = CardDef("Unhinged Vortex", "relic", 7, "O", play=(
    ("or", (("ally_draw_discard", 3),),
     (("may_focus_ally_breach",), pick("to_hand", 1, "discard", who="ally", how="may"))),))

CARDS = (ORB_OF_THE_DEEP, CARNIVOROUS_ROOX, RIFT_DAGGER, RECONSTITUTING_CIRCUIT, DESTINY_FORGER,
         CHAIN_OF_RETRIEVAL, BOTTLED_SUN, TRANSMUTERS_LENS, UNHINGED_VORTEX)
