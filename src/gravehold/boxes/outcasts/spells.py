"""Outcasts supply spells, each with the step kinds that only it uses right above it.

*Paired Storm* has Link (K-1, ``CardDef.link``). "Deal N additional damage" is the spell's own
damage made larger, one damage source, not a bonus to the cast's other sources.

Readings decided here (the card texts leave them open):

- *Fortified Frost* asks for the discard before it deals its damage (2, or 3 with it).
- *Paired Storm* counts the Paired Storms cast this turn by the caster, by any means.
- *Gathered Will*'s spell goes onto the deck without passing through the discard pile.
- *Hasted Intellect* offers the top of the deck for every card its owner gains, on any turn.
- *Arcane Relay*: "any ally" is another player (your own seat in true solo, SO-1); the
  damage counts the cards of that ally's hand after the draw.
"""

from __future__ import annotations

from ...boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    ask_step,
    catalogue,
    damage_source,
    draw_cards,
    gain_card,
    game_cards,
    pick,
    step,
    trigger_source,
    turn_flag,
)

# ------------------------------------------------------------------ Fortified Frost


@step("damage_more_if_discard", text=lambda n, more: (
        f"Deal {n} damage; you may first discard a card in hand to deal {more} more."))
def _damage_more_if_discard(g: Engine, ctx: Ctx, n: int, more: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if not p.hand:
            damage_source(g, ctx, n)
            return
        ask_step(g, ctx, ("damage_more_if_discard", n, more), "discard", ctx.you,
                 f"Discard a card for {more} more damage?", [("card", c) for c in sorted(set(p.hand))] + [("skip",)])
        return
    if action[0] == "skip":
        damage_source(g, ctx, n)
        return
    name = str(action[1])
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=ctx.you, card=name, source=ctx.source)
    damage_source(g, ctx, n + more)


FORTIFIED_FROST = CardDef("Fortified Frost", "spell", 2, "O", cast=(("damage_more_if_discard", 2, 1),))

# ------------------------------------------------------------------ Paired Storm

CASTS = turn_flag("oc_casts:*", "how often the caster cast a card of this name this turn")[:-1]


@step("damage_on_nth_cast", text=lambda n, k, more: (
        f"Deal {n} damage, or {n + more} if this is cast number {k} of a card of this name this turn."))
def _damage_on_nth_cast(g: Engine, ctx: Ctx, n: int, k: int, more: int) -> None:
    st = g.state
    key = CASTS + ctx.source
    count = int(st.flags.get(key, 0)) + 1
    st.flags[key] = count
    damage_source(g, ctx, n + more if count == k else n)


PAIRED_STORM = CardDef("Paired Storm", "spell", 3, "O", link=True, cast=(("damage_on_nth_cast", 2, 2, 2),))

# ------------------------------------------------------------------ Twisted Fang


def _pile_empty(g: Engine, name: str) -> bool:
    st = g.state
    return name not in st.supply_names or st.supply_counts[st.supply_names.index(name)] == 0


@step("damage_more_if_pile_empty", text=lambda n, more: (
        f"Deal {n} damage, or {n + more} when this card's supply pile is empty."))
def _damage_more_if_pile_empty(g: Engine, ctx: Ctx, n: int, more: int) -> None:
    damage_source(g, ctx, n + more if _pile_empty(g, ctx.source) else n)


TWISTED_FANG = CardDef("Twisted Fang", "spell", 4, "O", cast=(("damage_more_if_pile_empty", 3, 1),))

# ------------------------------------------------------------------ the plain ones

SHATTERING_BOLT = CardDef("Shattering Bolt", "spell", 4, "O", cast=(
    ("or", (("damage", 2), pick("destroy", how="may")), (pick("discard", 1, "hand", "gem", then=(("damage", 4),)),)),))
INFUSED_IGNITION = CardDef("Infused Ignition", "spell", 4, "O", cast=(("damage", 3), ("xaxos_charge", 1, 4)))
LIGHTNING_ARROW = CardDef("Lightning Arrow", "spell", 5, "O", cast=(
    ("damage", 3), pick("discard", how="may", then=(("gravehold_life", 1),))))
RADIANT_CONFLUX = CardDef("Radiant Conflux", "spell", 5, "O", cast=(("damage", 3), ("ally_may_cycle",)))
UNSTABLE_RIFT = CardDef("Unstable Rift", "spell", 5, "O", cast=(("damage", 4),),
                        while_prepped=(("casting_end", (("damage", 1), ("aether", 1))),))
SWARM_OF_FLAME = CardDef("Swarm of Flame", "spell", 6, "O", cast=(("damage", 5), ("may_cast_prepped", 5)))
DIZZYING_BURST = CardDef("Dizzying Burst", "spell", 8, "O", cast=(("damage", 6), ("reorder_turn_order",)))

# ------------------------------------------------------------------ Gathered Will


@step("may_gain_onto_deck", text=lambda ctype, at_most: (
        f"You may gain a {ctype} costing {at_most} Æ or less from the supply and put it on top of your deck."))
def _may_gain_onto_deck(g: Engine, ctx: Ctx, ctype: str, at_most: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("gain", n) for n, c in zip(st.supply_names, st.supply_counts, strict=True)
                              if c > 0 and catalogue.CARDS[n].type == ctype and catalogue.CARDS[n].cost <= at_most]
        if opts:
            ask_step(g, ctx, ("may_gain_onto_deck", ctype, at_most), "gain", ctx.you, "Gain which card onto your deck?",
                     opts + [("skip",)])
        return
    if action[0] == "gain":
        gain_card(g, ctx.you, str(action[1]), on_your_turn=ctx.you == st.active, to_deck=True)


GATHERED_WILL = CardDef("Gathered Will", "spell", 5, "O", cast=(("damage", 2), ("may_gain_onto_deck", "spell", 4)))

# ------------------------------------------------------------------ Tornado of Insight


TORNADO_OF_INSIGHT = CardDef("Tornado of Insight", "spell", 6, "O", cast=(
    ("damage", 5), ("if", "no_closed_breaches", (("gain_charge", 1),), ())))

# ------------------------------------------------------------------ Hasted Intellect


def _hasted_in_game(st: object) -> bool:
    return "Hasted Intellect" in game_cards(st)


@trigger_source("keyword", "hasted intellect", present=_hasted_in_game)("gained")
def _gain_may_top(g: Engine, i: int, name: str) -> None:
    """While Hasted Intellect is prepped, each card its owner gains may go on top of their
    deck (one offer, however many copies are prepped)."""
    p = g.state.players[i]
    if any("Hasted Intellect" in br.spells for br in p.breaches) and p.discard and p.discard[-1] == name:
        g.push("maybe_to_deck", i, name)


#: its while-prepped rule is the trigger above; ``gain_to_deck`` writes it on the card
HASTED_INTELLECT = CardDef("Hasted Intellect", "spell", 6, "O", cast=(("damage", 4),),
                           while_prepped=(("gain_to_deck",),))

# ------------------------------------------------------------------ Arcane Relay


@step("relay_damage", text=lambda n, per: (
        f"Any ally draws a card and reveals their hand; deal {n} damage, {per} more for each card in it "
        "costing 1 Æ or more."))
def _relay_damage(g: Engine, ctx: Ctx, n: int, per: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        ask_step(g, ctx, ("relay_damage", n, per), "player", ctx.you, "Which ally draws and reveals?",
                 [("player", j) for j in g.allies(ctx.you)])
        return
    j = int(action[1])
    draw_cards(g, j, 1)
    hand = st.players[j].hand
    g.ev("revealed_hand", player=j, cards=list(hand), source=ctx.source)
    damage_source(g, ctx, n + per * sum(1 for c in hand if catalogue.CARDS[c].cost >= 1))


ARCANE_RELAY = CardDef("Arcane Relay", "spell", 8, "O", cast=(("relay_damage", 4, 1),))

CARDS = (FORTIFIED_FROST, PAIRED_STORM, TWISTED_FANG, SHATTERING_BOLT, INFUSED_IGNITION, LIGHTNING_ARROW,
         RADIANT_CONFLUX, UNSTABLE_RIFT, GATHERED_WILL, TORNADO_OF_INSIGHT, HASTED_INTELLECT, SWARM_OF_FLAME,
         ARCANE_RELAY, DIZZYING_BURST)
