"""Legacy of Gravehold supply cards of the city Gravehold, each with the step kinds only it uses.

Readings decided here (the card texts leave them open):

- *Scrying Sugilite* always reveals: revealing costs nothing and can only gain aether.
- *Electrum Rod*: you choose the player and which of their closed breaches is focused (or
  none); the charge goes to you, when that player holds a prepped spell costing 5 Æ or more
  after the focus.
- *Aether Dust* / *Void Anchor*: "ally" is another player (your own seat in true solo, SO-1).
- *Volcanic Shrapnel* deals three separate 1-damage sources.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    FILTERS,
    Action,
    CardDef,
    Ctx,
    Engine,
    ask_step,
    catalogue,
    focus_breach,
    focusable,
    pick,
    step,
)

CITY = "Gravehold"

FILTERS.setdefault("cost_at_most", type(FILTERS["cost"])(lambda c, k: c.cost <= k, 1, text=" costing {0} Æ or less"))


def _card(name: str, ctype: str, cost: int, **kw: Any) -> CardDef:
    return CardDef(name, ctype, cost, "LOG", city=CITY, **kw)


# ------------------------------------------------------------------ Darklite Sample


@step("may_deck_to_discard", text=lambda: (
        "You may put your whole deck onto your discard pile, keeping its order."))
def _may_deck_to_discard(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if p.deck:
            ask_step(g, ctx, ("may_deck_to_discard",), "yes_no", ctx.you,
                     "Put your deck onto your discard pile?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        moved, p.deck = list(p.deck), []
        # the deck's top card ends on top of the discard pile, the order kept
        p.discard.extend(reversed(moved))
        g.ev("deck_to_discard", player=ctx.you, cards=len(moved), source=ctx.source)


DARKLITE_SAMPLE = _card("Darklite Sample", "gem", 3, play=(("aether", 2), ("may_deck_to_discard",)))

# ------------------------------------------------------------------ Scrying Sugilite


@step("reveal_top_spell_aether", text=lambda n: (
        f"Reveal the top card of your deck; if it is a spell, gain {n} Æ more."))
def _reveal_top_spell_aether(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    if not p.deck:
        return
    top = p.deck[0]
    g.ev("revealed", player=ctx.you, card=top, source=ctx.source)
    if catalogue.CARDS[top].type == "spell":
        p.aether += n
        g.ev("aether", player=ctx.you, amount=n, source=ctx.source)


SCRYING_SUGILITE = _card("Scrying Sugilite", "gem", 3, play=(("aether", 2), ("reveal_top_spell_aether", 1)))

# ------------------------------------------------------------------ Glint Splinter

GLINT_SPLINTER = _card("Glint Splinter", "gem", 4, play=(("aether", 2),), recall=(
    pick("discard", 1, "prepped", how="may", then=(("aether", 1), ("next_gain_to_deck",))),))

# ------------------------------------------------------------------ Aether Dust and Void Anchor


@step("allies_aether_tokens", text=lambda n, each: (
        f"{'Each ally' if each else 'An ally of your choice'} gains {n} aether token{'s' if n != 1 else ''}."))
def _allies_aether_tokens(g: Engine, ctx: Ctx, n: int, each: bool, action: Action | None = None) -> None:
    allies = g.allies(ctx.you)
    if each:
        for j in reversed(allies):
            g.push("s", j, j, ctx.source, ("gain_aether_tokens", n))
        return
    if action is None:
        ask_step(g, ctx, ("allies_aether_tokens", n, each), "player", ctx.you,
                 "Which ally gains the aether tokens?", [("player", j) for j in allies])
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, ("gain_aether_tokens", n))


AETHER_DUST = _card("Aether Dust", "gem", 5, play=(("aether", 2), ("allies_aether_tokens", 1, True)))
VOID_ANCHOR = _card("Void Anchor", "relic", 5, play=(("silence",), ("allies_aether_tokens", 2, False)),
                    recall=(("gravehold_life", 1),))

# ------------------------------------------------------------------ Electrum Rod


def _focus_options(g: Engine) -> list[Action]:
    return [("breach", j, b) for j, p in enumerate(g.state.players) for b in range(len(p.breaches))
            if focusable(g, j, b)]


@step("focus_then_charge_if_costly", text=lambda cost: (
        "A player of your choice may focus one of their breaches; if they then have a prepped spell "
        f"costing {cost} Æ or more, gain 1 charge."))
def _focus_then_charge(g: Engine, ctx: Ctx, cost: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts = _focus_options(g)
        if opts:
            ask_step(g, ctx, ("focus_then_charge_if_costly", cost), "breach", ctx.you,
                     "Focus which player's breach?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    j, b = int(action[1]), int(action[2])
    focus_breach(g, j, b)
    if any(catalogue.CARDS[s].cost >= cost for br in st.players[j].breaches for s in br.spells):
        g.push("s", ctx.you, ctx.owner, ctx.source, ("gain_charge", 1))


ELECTRUM_ROD = _card("Electrum Rod", "relic", 3, play=(("focus_then_charge_if_costly", 5),))

# ------------------------------------------------------------------ the plain ones

CHAOS_CHARM = _card("Chaos Charm", "relic", 5, play=(
    ("different_players", 2, (pick("destroy", how="may"),)), ("may_destroy_played", (("remove_fire", 1),))))
EVAPORATING_RAY = _card("Evaporating Ray", "spell", 4, cast=(("damage_more_if_ally_discards_costly", 3, 2, 2),))
CASCADE = _card("Cascade", "spell", 5, cast=(
    ("damage", 3), pick("to_hand", 1, "discard", ("cost_at_most", 4), how="may")))
FLAMEQUAKE = _card("Flamequake", "spell", 6, cast=(("damage", 5),), recall=(
    ("may_pay", "you", (("lose_charges", 2),), (("remove_fire", 1),), ()),))
VOLCANIC_SHRAPNEL = _card("Volcanic Shrapnel", "spell", 8, cast=(
    ("damage", 1), ("damage", 1), ("damage", 1), pick("to_hand", 2, "discard", ("cost", 0), how="up_to")))

# ------------------------------------------------------------------ Evaporating Ray


@step("damage_more_if_ally_discards_costly", text=lambda n, at_least, more: (
        f"Deal {n} damage; an ally of your choice may first discard a card in hand costing {at_least} Æ or more "
        f"to deal {more} more."))
def _damage_more_if_ally_discards_costly(g: Engine, ctx: Ctx, n: int, at_least: int, more: int,
                                         action: Action | None = None) -> None:
    """One damage source, made larger by the ally's discard (the ally discards, you name them)."""
    st = g.state
    me = ("damage_more_if_ally_discards_costly", n, at_least, more)
    if action is None:
        opts: list[Action] = [("gem", j, c) for j in g.allies(ctx.you)
                              for c in sorted(set(st.players[j].hand)) if catalogue.CARDS[c].cost >= at_least]
        if not opts:
            g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n))
            return
        ask_step(g, ctx, me, "discard", ctx.you, f"An ally discards which card for {more} more damage?",
                 opts + [("skip",)])
        return
    if action[0] == "skip":
        g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n))
        return
    j, name = int(action[1]), str(action[2])
    p = st.players[j]
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=j, card=name, source=ctx.source)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n + more))


CARDS: tuple[CardDef, ...] = (
    DARKLITE_SAMPLE, SCRYING_SUGILITE, GLINT_SPLINTER, AETHER_DUST, ELECTRUM_ROD, CHAOS_CHARM, VOID_ANCHOR,
    EVAPORATING_RAY, CASCADE, FLAMEQUAKE, VOLCANIC_SHRAPNEL,
)
