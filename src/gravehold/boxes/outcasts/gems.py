"""Outcasts supply gems, each with the step kinds that only it uses right above it.

Readings decided here (the card texts leave them open):

- *Unstable Pyrite* is one choice: keep it for 1 Æ, or destroy it for 3 Æ in all.
- *Helix of Amber* asks for the card to destroy first, then deals the 1 damage: with no
  0 Æ card in hand there is nothing to suffer for.
- *Elongated Looq* waits for a breach of your own (the engine's "focused or opened a
  breach of theirs"), on your own turn.
- *Vigorous Sunstone* counts the cards the player whose turn it is gained this turn (K-16).
- *Duplicating Sazite*: "any ally" is another player (your own seat in true solo, SO-1); the
  card gained costs at most what the gained card cost, and the ally may decline.
"""

from __future__ import annotations

from ...boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    add_charges,
    ask_step,
    catalogue,
    condition,
    face_up,
    gain_card,
    game_cards,
    pick,
    step,
    trigger_source,
    turn_flag,
)

# ------------------------------------------------------------------ the plain ones

UNSTABLE_PYRITE = CardDef("Unstable Pyrite", "gem", 2, "O",
                          play=(("aether", 1), ("may_destroy_played", (("aether", 2),))))
MOLTEN_PERIDOT = CardDef("Molten Peridot", "gem", 3, "O", play=(
    ("aether", 2), ("nth_play", 2, (("may_destroy_played", (("gain_from_supply", "any", 4, False),)),))))
HELIX_OF_AMBER = CardDef("Helix of Amber", "gem", 3, "O", play=(
    ("aether", 2), pick("destroy", 1, "hand", ("cost", 0), how="may", then=(("you_suffer", 1),))))
PETRIFIED_PHOENIXIUM = CardDef("Petrified Phoenixium", "gem", 4, "O", play=(
    ("aether", 2), ("wait_next_gain", (("may_cast_prepped", -1),))))
GALVANIZED_SAPPHIRE = CardDef("Galvanized Sapphire", "gem", 4, "O", play=(("aether", 2), ("xaxos_charge", 1, -1)))

# ------------------------------------------------------------------ Elongated Looq

LOOQ = turn_flag("oc_focus_charge", "charges the player whose turn it is gains at their next focus or opening")


@step("next_focus_charge", text=lambda n: (
        f"Your next focus or opening of a breach this turn gains you {n} charge{'s' if n != 1 else ''}."))
def _next_focus_charge(g: Engine, ctx: Ctx, n: int) -> None:
    g.state.flags[LOOQ] = int(g.state.flags.get(LOOQ, 0)) + n


def _looq_in_game(st: object) -> bool:
    return "Elongated Looq" in game_cards(st)


@trigger_source(
    "keyword", "outcasts next focus", present=_looq_in_game)("breach_focused")
def _on_focus(g: Engine, i: int) -> None:
    st = g.state
    n = int(st.flags.get(LOOQ, 0)) if st.flags else 0
    if n and i == st.active:
        del st.flags[LOOQ]
        add_charges(g, i, n, "Elongated Looq")


ELONGATED_LOOQ = CardDef("Elongated Looq", "gem", 4, "O", play=(("aether", 2), ("next_focus_charge", 1)))

# ------------------------------------------------------------------ Vigorous Sunstone


@condition("nth_gain", lambda k, *, they=False: f"this is the card number {k} gained this turn")
def _nth_gain(g: Engine, ctx: Ctx, k: int) -> bool:
    st = g.state
    return ctx.you == st.active and len(st.flags.get("gained", ())) == k


@step("gained_to_hand", text=lambda: "Put this card into your hand.")
def _gained_to_hand(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    for zone in (p.discard, p.deck):
        if ctx.source in zone:
            idx = len(zone) - 1 - zone[::-1].index(ctx.source) if zone is p.discard else zone.index(ctx.source)
            del zone[idx]
            p.hand.append(ctx.source)
            g.ev("returned_to_hand", player=ctx.you, card=ctx.source)
            return


VIGOROUS_SUNSTONE = CardDef("Vigorous Sunstone", "gem", 5, "O", play=(("aether", 3),),
                            on_gain=(("if", ("nth_gain", 2), (("gained_to_hand",),), ()),))

# ------------------------------------------------------------------ Duplicating Sazite


def _spells_costing(g: Engine, i: int) -> list[Action]:
    p = g.state.players[i]
    return [("spell", i, b, k) for b, br in enumerate(p.breaches) for k, sp in enumerate(br.spells)
            if catalogue.CARDS[sp].cost >= 1]


@step("share_gain", text=lambda cost: (
        "You may discard a prepped spell costing 1 Æ or more; then any ally gains a supply card "
        "costing at most what the card you gained cost."))
def _share_gain(g: Engine, ctx: Ctx, cost: int, action: Action | None = None) -> None:
    """``cost`` is the gained card's, filled in when the gain happens."""
    st = g.state
    p = st.players[ctx.you]
    if action is None:
        opts = _spells_costing(g, ctx.you)
        if opts:
            ask_step(g, ctx, ("share_gain", cost), "discard", ctx.you,
                     "Discard a prepped spell so that an ally gains a card?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    if action[0] == "spell":
        b, k = int(action[2]), int(action[3])  # the engine's spell head: (player, breach, slot)
        br = p.breaches[b]
        name = face_up(br, br.spells.pop(k))  # K-3: a face-down card turns face up
        p.discard.append(name)
        g.ev("discard", player=ctx.you, card=name, source=ctx.source)
        allies: list[Action] = [("player", j) for j in g.allies(ctx.you)]
        ask_step(g, ctx, ("share_gain", cost), "player", ctx.you, "Which ally gains a card?", allies)
        return
    j = int(action[1])
    opts2 = [n for n, c in zip(st.supply_names, st.supply_counts, strict=True)
             if c > 0 and catalogue.CARDS[n].cost <= cost]
    if opts2:
        g.push("s", j, j, ctx.source, ("share_gain_pick", cost))


@step("share_gain_pick", text=lambda cost: f"You may gain a card costing {cost} Æ or less from the supply.")
def _share_gain_pick(g: Engine, ctx: Ctx, cost: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("gain", n) for n, c in zip(st.supply_names, st.supply_counts, strict=True)
                              if c > 0 and catalogue.CARDS[n].cost <= cost]
        if opts:
            ask_step(g, ctx, ("share_gain_pick", cost), "gain", ctx.you, "Gain which card?", opts + [("skip",)])
        return
    if action[0] != "skip":
        gain_card(g, ctx.you, str(action[1]), on_your_turn=ctx.you == st.active)


DUPLICATING_SAZITE = CardDef("Duplicating Sazite", "gem", 6, "O", play=(
    ("aether", 3), ("wait_next_gain", (("share_gain", -1),))))

CARDS = (UNSTABLE_PYRITE, MOLTEN_PERIDOT, HELIX_OF_AMBER, PETRIFIED_PHOENIXIUM, GALVANIZED_SAPPHIRE,
         ELONGATED_LOOQ, VIGOROUS_SUNSTONE, DUPLICATING_SAZITE)
