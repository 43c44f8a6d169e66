"""Legacy of Gravehold supply cards of the city Azer, each with the step kinds only it uses above it.

The box's 42 supply cards come from two cities; these are Azer's (``CardDef.city``). They use
the Legacy keywords of the engine: Conjure (K-3), Recall (K-4), Silence (K-5), aether tokens
(K-7) and fire tokens (K-8).

Readings decided here (the card texts leave them open):

- *Nebula Shard* counts the spells its player cast in their own casting phase this turn, by
  any means (a prepped spell of an ally cast by them counts too).
- *Martyr's Bone* asks for the charge first: paid, both effects resolve (focus, then
  Conjure); not paid, one of the two.
- *Lightbringer Staff*'s "up to two minions" is two silences; the same minion may be named
  twice (a second token on it does nothing, K-5).
- *Magnetic Burst* reveals what the deck holds (an empty deck is not refilled for it).
- *Backfire* returns to its owner's hand, and only from the discard pile where the cast put it.
- *Entwined Tremor* reads the breaches beside the one it was cast from, of that breach's
  owner; a face-down card there costs what the table sees (2).
"""

from __future__ import annotations

from ...boxapi import (
    Action,
    CardDef,
    Ctx,
    Engine,
    ask_step,
    catalogue,
    chooser,
    damage_source,
    destroy_from,
    game_cards,
    offer,
    step,
    trigger_source,
    turn_flag,
    who_does,
)

CITY = "Azer"


# ================================================================== gems

# ------------------------------------------------------------------ Nebula Shard

CASTING_CASTS = turn_flag("log_casting_casts", "spells the active player cast in their casting phase this turn")


@trigger_source("keyword", "log casting casts", present=lambda st: "Nebula Shard" in game_cards(st))("cast")
def _count_casting_cast(g: Engine, caster: int, name: str) -> None:
    st = g.state
    if st.phase == "casting" and caster == st.active:
        st.flags[CASTING_CASTS] = int(st.flags.get(CASTING_CASTS, 0)) + 1


@step("aether_per_casting_cast", text=lambda: "Gain 1 Æ for each spell you cast in your casting phase this turn.")
def _aether_per_casting_cast(g: Engine, ctx: Ctx) -> None:
    n = int(g.state.flags.get(CASTING_CASTS, 0)) if ctx.you == g.state.active else 0
    if n:
        g.push_steps((("aether", n),), ctx)


NEBULA_SHARD = CardDef(
    "Nebula Shard", "gem", 3, "LOG", city=CITY, play=(("or", (("aether", 2),), (("aether_per_casting_cast",),)),))
STARGLASS = CardDef(
    "Starglass", "gem", 3, "LOG", city=CITY, play=(("or", (("aether", 2),), (("conjure",),)),))

# ================================================================== relics

# ------------------------------------------------------------------ Martyr's Bone

_FOCUS_OR_CONJURE = ("or", (("focus_own",),), (("conjure",),))


@step("focus_or_conjure_both_for_charge", text=lambda: (
        "Focus one of your breaches or Conjure; you may lose 1 charge to do both."))
def _focus_or_conjure(g: Engine, ctx: Ctx) -> None:
    offer(g, ctx, "you", (("lose_charges", 1),), (), (("focus_own",), ("conjure",)), (_FOCUS_OR_CONJURE,),
          "Lose 1 charge to focus and Conjure both?")


MARTYRS_BONE = CardDef(
    "Martyr's Bone", "relic", 3, "LOG", city=CITY, play=(("focus_or_conjure_both_for_charge",),))

# ------------------------------------------------------------------ Phoenix Quill


@step("return_cheap_from_discard", text=lambda at_most: (
        f"Return a card costing {at_most} Æ or less from your discard pile to your hand."))
def _return_cheap(g: Engine, ctx: Ctx, at_most: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", n) for n in dict.fromkeys(p.discard) if catalogue.CARDS[n].cost <= at_most]
        if opts:
            ask_step(g, ctx, ("return_cheap_from_discard", at_most), "to_hand", ctx.you,
                     "Return which card to your hand?", opts)
        return
    name = str(action[1])
    del p.discard[len(p.discard) - 1 - p.discard[::-1].index(name)]
    p.hand.append(name)
    g.ev("returned_to_hand", player=ctx.you, card=name, source=ctx.source)


PHOENIX_QUILL = CardDef(
    "Phoenix Quill", "relic", 6, "LOG", city=CITY, play=(("different_players", 2, (("life", 1, "you"),)),),
    recall=(("may_pay", "you", (("lose_charges", 1),), (("return_cheap_from_discard", 3),), ()),))

# ------------------------------------------------------------------ Lightbringer Staff



@step("players_destroy_from_hands", text=lambda n: (
        f"The players between them destroy up to {n} cards in their hands."))
def _players_destroy(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """One card at a time, from any player's hand; the players decide together (``chooser``)."""
    ps = g.state.players
    if action is None:
        opts: list[Action] = [("card", j, c) for j, p in enumerate(ps) for c in dict.fromkeys(p.hand)]
        if n > 0 and opts:
            ask_step(g, ctx, ("players_destroy_from_hands", n), "destroy", chooser(g, ctx),
                     "Destroy which card in a hand?", opts + [("done",)])
        return
    if action[0] == "done":
        return
    destroy_from(g, int(action[1]), "hand", str(action[2]), ctx.source)
    if n > 1:
        g.push_steps((("players_destroy_from_hands", n - 1),), ctx)


LIGHTBRINGER_STAFF = CardDef(
    "Lightbringer Staff", "relic", 6, "LOG", city=CITY, play=(
    ("or", (("players_destroy_from_hands", 2),),
     (("or", (("silence",), ("silence",)), (("destroy_this",), ("remove_fire", 1))),)),))

# ================================================================== spells

# ------------------------------------------------------------------ Aether Ripple


@step("each_ally", text=lambda steps: who_does("Each ally", steps))
def _each_ally(g: Engine, ctx: Ctx, steps: tuple[tuple[object, ...], ...]) -> None:
    """Every ally resolves ``steps`` as "you" (in true solo, SO-1: you)."""
    for j in reversed(g.allies(ctx.you)):
        g.push_steps(steps, Ctx(j, ctx.owner, ctx.source))


AETHER_RIPPLE = CardDef(
    "Aether Ripple", "spell", 3, "LOG", city=CITY, cast=(("damage", 2), ("each_ally", (("gain_aether_tokens", 1),))))
DOUSE = CardDef(
    "Douse", "spell", 4, "LOG", city=CITY, cast=(("damage", 3), ("may_destroy_this", (("remove_fire", 1),))))
GALVANIZE = CardDef(
    "Galvanize", "spell", 4, "LOG", city=CITY, cast=(("damage", 2),), while_prepped=(("main", (("conjure",),)),))

# ------------------------------------------------------------------ Magnetic Burst


@step("reveal_two_may_discard", text=lambda *revealed: (
        "You may reveal the top two cards of your deck and put any of them on your discard pile."))
def _reveal_two(g: Engine, ctx: Ctx, *revealed: str, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if not revealed:  # first: whether to reveal at all
            if p.deck:
                ask_step(g, ctx, ("reveal_two_may_discard", "?"), "yes_no", ctx.you,
                         "Reveal the top two cards of your deck?", [("yes",), ("no",)])
            return
        ask_step(g, ctx, ("reveal_two_may_discard", *revealed), "discard", ctx.you,
                 "Put which revealed card on your discard pile?", [("card", n) for n in revealed] + [("done",)])
        return
    if action[0] == "yes":
        top = tuple(p.deck[:2])
        for name in top:
            g.ev("revealed", player=ctx.you, card=name, source=ctx.source)
        g.push_steps((("reveal_two_may_discard", *top),), ctx)
        return
    if action[0] in ("no", "done"):
        return
    name = str(action[1])
    at = p.deck[:len(revealed)].index(name)
    del p.deck[at]
    p.discard.append(name)
    g.ev("discard", player=ctx.you, card=name, source=ctx.source)
    rest = list(revealed)
    rest.remove(name)
    if rest:
        g.push_steps((("reveal_two_may_discard", *rest),), ctx)


MAGNETIC_BURST = CardDef(
    "Magnetic Burst", "spell", 4, "LOG", city=CITY, cast=(("damage", 3), ("reveal_two_may_discard",)))

# ------------------------------------------------------------------ Backfire


@step("cast_this_to_hand", text=lambda: "Return this card to your hand.")
def _cast_this_to_hand(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.owner]
    if ctx.source in p.discard:
        del p.discard[len(p.discard) - 1 - p.discard[::-1].index(ctx.source)]
        p.hand.append(ctx.source)
        g.ev("returned_to_hand", player=ctx.owner, card=ctx.source, source=ctx.source)


BACKFIRE = CardDef(
    "Backfire", "spell", 5, "LOG", city=CITY, cast=(
    ("damage", 4), ("may_pay", "you", (("lose_charges", 1),), (("cast_this_to_hand",),), ())))
PARALLEL_SELF = CardDef(
    "Parallel Self", "spell", 6, "LOG", city=CITY, cast=(("damage", 5),),
    recall=(("may_pay", "you", (("spend_aether", 2),), (("damage", 2),), ()),))

# ------------------------------------------------------------------ Entwined Tremor


def _beside(g: Engine) -> list[int]:
    """The costs of the spells prepped beside the breach being cast from."""
    st = g.state
    where = st.flags.get("cast_from")
    if not where:
        return []
    owner, b = int(where[0]), int(where[1])
    brs = st.players[owner].breaches
    return [catalogue.CARDS[s].cost for j in (b - 1, b + 1) if 0 <= j < len(brs) for s in brs[j].spells]


@step("tremor_damage", text=lambda n, more: (
        f"Deal {n} damage, {more} more if a spell costing 5 Æ or more is prepped to a breach beside this one; "
        "gain 1 charge if a spell costing 4 Æ or less is."))
def _tremor_damage(g: Engine, ctx: Ctx, n: int, more: int) -> None:
    costs = _beside(g)
    if any(c <= 4 for c in costs):
        g.push_steps((("gain_charge", 1),), ctx)
    damage_source(g, ctx, n + more if any(c >= 5 for c in costs) else n)


ENTWINED_TREMOR = CardDef(
    "Entwined Tremor", "spell", 8, "LOG", city=CITY, cast=(("tremor_damage", 6, 2),))

CARDS: tuple[CardDef, ...] = (
    NEBULA_SHARD, STARGLASS, MARTYRS_BONE, PHOENIX_QUILL, LIGHTBRINGER_STAFF, AETHER_RIPPLE, DOUSE, GALVANIZE,
    MAGNETIC_BURST, BACKFIRE, PARALLEL_SELF, ENTWINED_TREMOR)
