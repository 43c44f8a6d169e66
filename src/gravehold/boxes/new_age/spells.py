"""The New Age supply spells, each with the step kinds that only it uses right above it.

*Reverberating Shock* and *Bouncing Boom* have Echo (P-5, ``CardDef.echo``): their Cast
effect resolves twice, each resolution its own damage source with the breach's bonus.

Readings decided here (the card texts leave them open):

- *Deluge of Power*: the card's player names the ally (or nobody); that ally discards up to
  two cards one at a time, then draws as many as they discarded (so a card drawn is never
  one they could have discarded).
- *Spirit Lift*'s trigger fires at the first charge its owner gains on their own turn,
  by any means, and not again that turn (the main-phase purchase or a
  card); one ally of your choice gains both charges, as many as their slots hold (P-9).
- *Tethered Darts* goes from its owner's discard pile, where casting put it, into the hand
  of an ally of the caster; in true solo that is your own hand (SO-1).
- *Force Amplifier*'s "1 additional damage" is its own damage made larger, not a bonus to
  other sources; *Imbued Smash*'s 2 damage to the nemesis and *Fatal Harmony*'s 3 damage
  are damage sources of the spell, so every bonus of the cast raises them too (P-20, as
  their cards say).
"""

from __future__ import annotations

from ...boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    add_charges,
    ask_step,
    damage_source,
    deal,
    draw_cards,
    holds,
    pick,
    step,
    take_damage_bonus,
)

_HIGH = ("cast_from_opened", (2, 3))  # an opened III or IV breach

# ------------------------------------------------------------------ Deluge of Power


@step("ally_discard_then_draw", text=lambda n: (
        f"Any ally may discard up to {n} cards from hand; afterwards they draw as many cards as they discarded."))
def _ally_discard_then_draw(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you) if g.state.players[j].hand]
        if opts:
            ask_step(g, ctx, ("ally_discard_then_draw", n), "player", ctx.you,
                     f"Which ally may discard up to {n} cards, then draw as many?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, ("discard_up_to_then_draw", n, 0))


@step("discard_up_to_then_draw", text=lambda n, done: (
        f"Discard up to {n} more cards from your hand, then draw one card for each card discarded."))
def _discard_up_to_then_draw(g: Engine, ctx: Ctx, n: int, done: int, action: Action | None = None) -> None:
    """One card per decision; ``done`` counts the cards discarded so far."""
    p = g.state.players[ctx.you]
    if action is None:
        if n > 0 and p.hand:
            opts: list[Action] = [("card", c) for c in sorted(set(p.hand))] + [("done",)]
            ask_step(g, ctx, ("discard_up_to_then_draw", n, done), "discard", ctx.you,
                     f"Discard a card from hand? (up to {n} more; you draw one for each)", opts)
            return
    elif action[0] != "done":
        name = str(action[1])
        p.hand.remove(name)
        p.discard.append(name)
        g.ev("discard", player=ctx.you, card=name, source=ctx.source)
        g.push("s", ctx.you, ctx.owner, ctx.source, ("discard_up_to_then_draw", n - 1, done + 1))
        return
    if done:
        draw_cards(g, ctx.you, done)


DELUGE_OF_POWER = CardDef("Deluge of Power", "spell", 6, "NA",
                          cast=(("damage", 4), ("ally_discard_then_draw", 2)))
REVERBERATING_SHOCK = CardDef("Reverberating Shock", "spell", 4, "NA", echo=True,
                              cast=(("damage", 1), ("aether_for", 1, "card")))
FATAL_HARMONY = CardDef("Fatal Harmony", "spell", 5, "NA",
                        cast=(("damage", 4), ("ally_copy_offer", (("damage", 3),), ())))
BOUNCING_BOOM = CardDef("Bouncing Boom", "spell", 6, "NA", echo=True, cast=(("damage", 2),))

# ------------------------------------------------------------------ Spirit Lift


@step("one_ally_charges", text=lambda n: f"An ally of your choice gains {n} charges.")
def _one_ally_charges(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)
                              if st.players[j].charges < st.players[j].max_charges]
        if opts:
            ask_step(g, ctx, ("one_ally_charges", n), "player", ctx.you, f"Which ally gains {n} charges?", opts)
        return
    add_charges(g, int(action[1]), n, ctx.source)


SPIRIT_LIFT = CardDef("Spirit Lift", "spell", 8, "NA", cast=(("damage", 5),),
                      while_prepped=(("on_charge", (("one_ally_charges", 2),)),))

# ------------------------------------------------------------------ Tethered Darts


@step("may_this_to_ally_hand", text=lambda: "You may put this spell into the hand of an ally of your choice.")
def _may_this_to_ally_hand(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    d = st.players[ctx.owner].discard
    if ctx.source not in d:
        return
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)]
        ask_step(g, ctx, ("may_this_to_ally_hand",), "player", ctx.you,
                 f"Put {ctx.source} into which ally's hand?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    j = int(action[1])
    del d[len(d) - 1 - d[::-1].index(ctx.source)]
    st.players[j].hand.append(ctx.source)
    g.ev("card_given", player=ctx.owner, to_player=j, card=ctx.source, source=ctx.source)


TETHERED_DARTS = CardDef("Tethered Darts", "spell", 3, "NA",
                         cast=(("damage", 2), ("if", _HIGH, (("may_this_to_ally_hand",),), ())))

# ------------------------------------------------------------------ Force Amplifier


@step("damage_more_if_high", text=lambda n, more: (
        f"Deal {n} damage, or {n + more} when this spell's breach is III or IV and opened."))
def _damage_more_if_high(g: Engine, ctx: Ctx, n: int, more: int) -> None:
    damage_source(g, ctx, n + more if holds(g, ctx, _HIGH) else n)


FORCE_AMPLIFIER = CardDef("Force Amplifier", "spell", 4, "NA", cast=(("damage_more_if_high", 3, 1),))

# ------------------------------------------------------------------ Imbued Smash


@step("damage_nemesis", text=lambda n: f"Deal {n} damage to the nemesis.")
def _damage_nemesis(g: Engine, ctx: Ctx, n: int) -> None:
    """A damage source that may only hit the nemesis; a bonus of the cast raises it (P-20)."""
    st = g.state
    amount = n + take_damage_bonus(st, ctx.source)
    targets = g.on.get("targets")
    if targets is not None and "nemesis" not in targets(g, ctx.you, ["nemesis"]):
        return  # the nemesis' mat says it cannot be damaged now
    custom = g.on.get("damage_target")
    if custom is not None and custom(g, ctx.you, "nemesis", amount, ctx.source):
        return
    deal(g, "nemesis", amount, ctx.source)


IMBUED_SMASH = CardDef("Imbued Smash", "spell", 5, "NA", cast=(
    ("damage", 4), ("may_pay", "you", (pick("discard"),), (("damage_nemesis", 2),), ())))
PATTERN_STRIKE = CardDef("Pattern Strike", "spell", 7, "NA", cast=(
    ("damage", 4), pick("to_hand", 2, "discard", ("cost", 0), how="up_to")))

CARDS = (DELUGE_OF_POWER, REVERBERATING_SHOCK, FATAL_HARMONY, BOUNCING_BOOM, SPIRIT_LIFT, TETHERED_DARTS,
         FORCE_AMPLIFIER, IMBUED_SMASH, PATTERN_STRIKE)
