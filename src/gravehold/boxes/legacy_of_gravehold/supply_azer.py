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
- *Temporal Strike* counts the spells its owner casts while it lies prepped (from an ally's
  breach too); a spell cast returns to its owner's hand, asked after its Cast effect.
- *Frozen Light* is discarded in an ally's main phase (the project's reading of "during any
  ally's turn", ``engine/keywords/ally_hand.py``).
- *Voidsteel Vein*'s holder is asked as the ally's spell begins, before its Cast effect.
- *Brimstone Battery*: you name the player, who chooses their card; the boost marks the copy
  in your play area (a copy attached later keeps its marks). Three boost circles (no source
  counts them: the project's reading, ``circles``); a copy under a breach gives Gravehold 1
  life per cast from it only while all three are filled.
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
    cast_spell,
    catalogue,
    chooser,
    damage_source,
    destroy_from,
    focus_breach,
    focusable,
    fully_marked,
    game_cards,
    gravehold_damage,
    hand_act,
    hand_cast_bonus,
    mark_copy,
    nemesis_turn_card,
    offer,
    pick,
    prep_spell,
    reveal_turn_order_top,
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


@step("aether_per_casting_cast", text=lambda: "Gain as many Æ as you have cast spells in this turn's casting phase.")
def _aether_per_casting_cast(g: Engine, ctx: Ctx) -> None:
    n = int(g.state.flags.get(CASTING_CASTS, 0)) if ctx.you == g.state.active else 0
    if n:
        g.push_steps((("aether", n),), ctx)


NEBULA_SHARD = CardDef(
    "Nebula Shard", "gem", 3, "LOG", city=CITY, play=(("or", (("aether", 2),), (("aether_per_casting_cast",),)),))
STARGLASS = CardDef(
    "Starglass", "gem", 3, "LOG", city=CITY, play=(("or", (("aether", 2),), (("conjure",),)),))

# ------------------------------------------------------------------ Leviathan Shell


def _costly_others_played(g: Engine, ctx: Ctx, at_least: int) -> int:
    """The gems and relics its owner played this turn costing ``at_least`` or more, this copy aside."""
    played = list(g.state.players[ctx.owner].played)
    if ctx.source in played:
        played.remove(ctx.source)
    return sum(1 for c in played if catalogue.CARDS[c].type in ("gem", "relic") and catalogue.CARDS[c].cost >= at_least)


@step("boost_if_played", text=lambda k, at_least: (
        f"Once {k} or more other gems or relics of cost {at_least} Æ or above have been played by you this turn, "
        "this copy takes a boost; "
        "gain 1 Æ more for each boost mark on this card."))
def _boost_if_played(g: Engine, ctx: Ctx, k: int, at_least: int) -> None:
    """The marks this copy had when played are in its own effect (``boost``); the mark made
    now gives its 1 Æ here, once it is on the card (a fully boosted card takes none)."""
    if _costly_others_played(g, ctx, at_least) >= k and mark_copy(g, ctx.owner, ctx.source, "boost", ctx.source):
        g.push_steps((("aether", 1),), ctx)


LEVIATHAN_SHELL = CardDef(
    "Leviathan Shell", "gem", 5, "LOG", city=CITY, play=(("aether", 2), ("boost_if_played", 2, 3)),
    boost=(("amount", 1, 1),))

# ------------------------------------------------------------------ Irradiated Jewel


@step("jewel_reveal", text=lambda more, harm: (
        f"You may reveal the top turn order card to gain {more} Æ more; a player's card overheats this card. "
        f"Fully overheated, this card is destroyed and Gravehold suffers {harm} damage."))
def _jewel_reveal(g: Engine, ctx: Ctx, more: int, harm: int, action: Action | None = None) -> None:
    if action is None:
        ask_step(g, ctx, ("jewel_reveal", more, harm), "yes_no", ctx.you, "Reveal the top turn order card?",
                 [("yes",), ("no",)])
        return
    if action[0] != "yes":
        return
    card = reveal_turn_order_top(g)
    g.push_steps((("aether", more),), ctx)
    if nemesis_turn_card(card):
        return
    new = mark_copy(g, ctx.owner, ctx.source, "overheat", ctx.source)
    if new is not None and fully_marked(catalogue.CARDS[new], "overheat"):
        destroy_from(g, ctx.owner, "played", new, ctx.source)
        gravehold_damage(g, harm, ctx.source)


#: its overheats change nothing of its effect but the count (three circles: the project's reading)
IRRADIATED_JEWEL = CardDef(
    "Irradiated Jewel", "gem", 4, "LOG", city=CITY, play=(("aether", 2), ("jewel_reveal", 1, 3)), circles=(0, 3))

# ================================================================== relics

# ------------------------------------------------------------------ Shifter's Cloak


@step("cloak_focus", text=lambda more: (
        "Focus any player's breach; if it opens, boost this. Fully boosted, this card casts any player's "
        f"prepped spell, which deals {more} damage more."))
def _cloak_focus(g: Engine, ctx: Ctx, more: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("breach", j, b) for j in range(len(st.players)) for b in range(4) if focusable(g, j, b)]
        if opts:
            ask_step(g, ctx, ("cloak_focus", more), "breach", ctx.you, "Focus which breach?", opts)
        else:
            _cloak_cast(g, ctx, ctx.source, more)
        return
    if action[0] == "breach":
        j, b = int(action[1]), int(action[2])
        focus_breach(g, j, b)
        name = ctx.source
        if st.players[j].breaches[b].state == "open":
            name = mark_copy(g, ctx.owner, ctx.source, "boost", ctx.source) or name
        _cloak_cast(g, ctx, name, more)
        return
    j, b, k = int(action[1]), int(action[2]), int(action[3])
    cast_spell(g, ctx.you, j, b, k, extra=more)


def _cloak_cast(g: Engine, ctx: Ctx, name: str, more: int) -> None:
    """Fully boosted (now, or from before): the cast, asked as the same step's second half."""
    if not fully_marked(catalogue.CARDS[name], "boost"):
        return
    opts: list[Action] = [("spell", j, b, k) for j, p in enumerate(g.state.players)
                          for b, br in enumerate(p.breaches) for k in range(len(br.spells))]
    if opts:
        ask_step(g, ctx, ("cloak_focus", more), "spell", ctx.you, "Cast which prepped spell?", opts)


#: a boost changes nothing of its effect but the count (three circles: the project's reading)
SHIFTERS_CLOAK = CardDef(
    "Shifter's Cloak", "relic", 3, "LOG", city=CITY, play=(("cloak_focus", 1),), circles=(3, 0))

# ------------------------------------------------------------------ Martyr's Bone

_FOCUS_OR_CONJURE = ("or", (("focus_own",),), (("conjure",),))


@step("focus_or_conjure_both_for_charge", text=lambda: (
        "Either focus a breach of yours or Conjure; spending 1 charge lets you do the two."))
def _focus_or_conjure(g: Engine, ctx: Ctx) -> None:
    offer(g, ctx, "you", (("lose_charges", 1),), (), (("focus_own",), ("conjure",)), (_FOCUS_OR_CONJURE,),
          "Lose 1 charge to focus and Conjure both?")


MARTYRS_BONE = CardDef(
    "Martyr's Bone", "relic", 3, "LOG", city=CITY, play=(("focus_or_conjure_both_for_charge",),))

# ------------------------------------------------------------------ Phoenix Quill


@step("return_cheap_from_discard", text=lambda at_most: (
        f"Take a card of cost {at_most} Æ or below from your discard pile back into your hand."))
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
    "Phoenix Quill", "relic", 6, "LOG", city=CITY, play=(("different_players", 2, (("gain_life", 1),)),),
    recall=(("may_pay", "you", (("lose_charges", 1),), (("return_cheap_from_discard", 3),), ()),))

# ------------------------------------------------------------------ Lightbringer Staff



@step("players_destroy_from_hands", text=lambda n: (
        f"The players between them destroy up to {n} cards in their hands."))
def _players_destroy(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """One card at a time: the players name whose hand (or are done), then the card."""
    if action is None:
        opts: list[Action] = [("player", k) for k, p in enumerate(g.state.players) if p.hand]
        if n > 0 and opts:
            ask_step(g, ctx, ("players_destroy_from_hands", n), "player", chooser(g, ctx),
                     "Whose hand does the next card to destroy come from?", opts + [("done",)])
        return
    if action[0] == "player":
        g.push_steps((("destroy_from_hand_of", int(action[1]), n),), ctx)


@step("destroy_from_hand_of", text=lambda j, n: f"Player {j + 1} destroys a card in their hand.")
def _destroy_from_hand_of(g: Engine, ctx: Ctx, j: int, n: int, action: Action | None = None) -> None:
    """The second half of the step above: ``n`` cards were left to destroy."""
    if action is None:
        ask_step(g, ctx, ("destroy_from_hand_of", j, n), "destroy", chooser(g, ctx),
                 "Destroy which card?", [("card", c) for c in dict.fromkeys(g.state.players[j].hand)])
        return
    destroy_from(g, j, "hand", str(action[1]), ctx.source)
    if n > 1:
        g.push_steps((("players_destroy_from_hands", n - 1),), ctx)


LIGHTBRINGER_STAFF = CardDef(
    "Lightbringer Staff", "relic", 6, "LOG", city=CITY, play=(
    ("or", (("players_destroy_from_hands", 2),),
     (("or", (("silence",), ("silence",)), (("destroy_this",), ("remove_fire", 1))),)),))

# ------------------------------------------------------------------ Summoner's Horn


@step("any_player_preps_from_discard", text=lambda: (
        "Any player may prep a spell out of their discard pile onto a breach of theirs, opened or closed."))
def _any_player_preps(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """A closed breach takes it too, focused or not; a breach holding a spell takes none."""
    ps = g.state.players
    if action is None:
        opts: list[Action] = [
            ("prep", j, name, b) for j, p in enumerate(ps) for name in dict.fromkeys(p.discard)
            if catalogue.CARDS[name].type == "spell" and not catalogue.CARDS[name].two_breaches
            for b, br in enumerate(p.breaches) if br.state in ("open", "closed") and not br.spells
            and br.covered_by < 0]
        if opts:
            ask_step(g, ctx, ("any_player_preps_from_discard",), "prep", chooser(g, ctx),
                     "Who preps which spell from their discard pile, to which breach?", opts + [("skip",)])
        return
    if action[0] == "prep":
        prep_spell(g, int(action[1]), str(action[2]), int(action[3]), "discard")


SUMMONERS_HORN = CardDef(
    "Summoner's Horn", "relic", 5, "LOG", city=CITY, play=(("any_player_preps_from_discard",),),
    recall=(pick("discard", then=(("gain_charge", 1),)),))

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
        "You may turn up your deck's two top cards and discard whichever of them you like."))
def _reveal_two(g: Engine, ctx: Ctx, *revealed: str, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if not revealed:  # first: whether to reveal at all
            if p.deck:
                ask_step(g, ctx, ("reveal_two_may_discard", "?"), "yes_no", ctx.you,
                         "Turn up your deck's two top cards?", [("yes",), ("no",)])
            return
        ask_step(g, ctx, ("reveal_two_may_discard", *revealed), "discard", ctx.you,
                 "Put which revealed card on your discard pile?",
                 [("card", n) for n in dict.fromkeys(revealed)] + [("done",)])  # two alike: one option
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


# ------------------------------------------------------------------ Paradigm Flux


@step("remove_minion_shields", text=lambda n: f"Remove up to {n} shield tokens from minions.")
def _remove_minion_shields(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """One token at a time, from any shielded minion in play (the same one again if it holds more)."""
    in_play = g.state.nemesis.in_play
    if action is None:
        opts: list[Action] = [("minion", c) for c in dict.fromkeys(c.name for c in in_play if c.shields > 0)]
        if n > 0 and opts:
            ask_step(g, ctx, ("remove_minion_shields", n), "minion", ctx.you,
                     "Remove a shield token from which minion?", opts + [("done",)])
        return
    if action[0] == "done":
        return
    c = next(c for c in in_play if c.name == action[1] and c.shields > 0)
    c.shields -= 1
    g.ev("shield_lost", card=c.name, shields=c.shields, source=ctx.source)
    if n > 1:
        g.push_steps((("remove_minion_shields", n - 1),), ctx)


PARADIGM_FLUX = CardDef(
    "Paradigm Flux", "spell", 7, "LOG", city=CITY, cast=(("remove_minion_shields", 2), ("damage", 5)))

ENTWINED_TREMOR = CardDef(
    "Entwined Tremor", "spell", 8, "LOG", city=CITY, cast=(("tremor_damage", 6, 2),))

# ------------------------------------------------------------------ Temporal Strike


@step("may_cast_to_hand", text=lambda: "You may return that spell to your hand.")
def _may_cast_to_hand(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """The spell just cast (the source of a cast bonus' steps) back from its owner's discard pile."""
    p = g.state.players[ctx.owner]
    if ctx.source not in p.discard:
        return
    if action is None:
        ask_step(g, ctx, ("may_cast_to_hand",), "yes_no", ctx.owner, f"Return {ctx.source} to your hand?",
                 [("yes",), ("no",)])
        return
    if action[0] == "yes":
        del p.discard[len(p.discard) - 1 - p.discard[::-1].index(ctx.source)]
        p.hand.append(ctx.source)
        g.ev("returned_to_hand", player=ctx.owner, card=ctx.source, source="Temporal Strike")


TEMPORAL_STRIKE = CardDef(
    "Temporal Strike", "spell", 6, "LOG", city=CITY, cast=(("damage", 4),),
    while_prepped=(("on_cheap_cast", 2, 1, (("may_cast_to_hand",),)),))

# ------------------------------------------------------------------ Frozen Light

FROZEN_LIGHT = CardDef("Frozen Light", "gem", 5, "LOG", city=CITY, play=(("aether", 3),))
hand_act("Frozen Light", "discard", holder=(("gain_charge", 1),), active=(("gain_charge", 1),), any_turn=True)

# ------------------------------------------------------------------ Voidsteel Vein

VOIDSTEEL_VEIN = CardDef("Voidsteel Vein", "gem", 4, "LOG", city=CITY, play=(("aether", 2),))
hand_cast_bonus("Voidsteel Vein", 1, 2)

# ------------------------------------------------------------------ Brimstone Battery


@step("any_player_destroys_boost_if_costly", text=lambda at_least: (
        "Choose any player: they destroy one card from their hand or discard pile. If its cost is "
        f"{at_least} Æ or more, boost this."))
def _any_player_destroys(g: Engine, ctx: Ctx, at_least: int, action: Action | None = None) -> None:
    """You name the player; they choose their card (hand or discard pile)."""
    me = ("any_player_destroys_boost_if_costly", at_least)
    if action is None:
        opts: list[Action] = [("player", k) for k, p in enumerate(g.state.players) if p.hand or p.discard]
        if opts:
            ask_step(g, ctx, me, "player", chooser(g, ctx),
                     "Which player destroys one of their cards (hand or discard pile)?", opts)
        return
    g.push_steps((("destroy_own_boost_if_costly", int(action[1]), at_least),), ctx)


@step("destroy_own_boost_if_costly", text=lambda j, at_least: (
        f"Player {j + 1} destroys one card from their hand or discard pile; if its cost is {at_least} Æ or "
        "more, boost this."))
def _destroy_own(g: Engine, ctx: Ctx, j: int, at_least: int, action: Action | None = None) -> None:
    p = g.state.players[j]
    if action is None:
        opts: list[Action] = [("card", zone, c) for zone in ("hand", "discard")
                              for c in dict.fromkeys(getattr(p, zone))]
        if opts:
            ask_step(g, ctx, ("destroy_own_boost_if_costly", j, at_least), "destroy", j,
                     "Destroy which card of your hand or discard pile?", opts)
        return
    zone, name = str(action[1]), str(action[2])
    destroy_from(g, j, zone, name, ctx.source)
    if catalogue.CARDS[name].cost >= at_least:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("mark_this", "boost"))


BRIMSTONE_BATTERY = CardDef(
    "Brimstone Battery", "relic", 4, "LOG", city=CITY, play=(
        ("or", (("any_player_destroys_boost_if_costly", 3),), (("attach", "any"),)),),
    attached=(("on_cast_if_full", "boost", (("gravehold_life", 1),)),), circles=(3, 0))

CARDS: tuple[CardDef, ...] = (
    NEBULA_SHARD, STARGLASS, IRRADIATED_JEWEL, LEVIATHAN_SHELL, SHIFTERS_CLOAK, MARTYRS_BONE, SUMMONERS_HORN,
    PHOENIX_QUILL, LIGHTBRINGER_STAFF, AETHER_RIPPLE, DOUSE, GALVANIZE, MAGNETIC_BURST, BACKFIRE, PARALLEL_SELF,
    PARADIGM_FLUX, ENTWINED_TREMOR, TEMPORAL_STRIKE, FROZEN_LIGHT, VOIDSTEEL_VEIN,
    BRIMSTONE_BATTERY)
