"""Aeon's End mages and their unique starting cards (S-2, S-3).

Breach setups, hands and decks follow ``reference/mages.json``. Each mage comes with its
unique starting card; the step kinds of that card and of the mage's ability are written
right above them. ``UNIQUE_CARDS`` and ``MAGES`` at the end list them in catalogue order.

Readings decided here:

* Jian's *Black Mirror*: the first cast leaves the spell prepped and goes through the same
  breach bonus as a normal cast; the second is a normal cast (P-2). Jian is "you" on both
  (P-18) and an ally's spell returns to its owner's discard.
* Kadir's *Otherworldly Gate*: "that player" is the player whose main phase it is; they
  pick the spells (one by one, up to three) and may then prep a second spell to each
  opened breach during the rest of that turn (a closed breach still takes one).
* Lash's *Quicken Thought*: any player card in the turn order discard but the wild card
  (T-3); a "1/2" or "3/4" card (T-4) names either player of its pair, Lash picks; in true
  solo every player card is Lash's player (T-5). *Quartz Shard*: a wild or paired card
  counts as a player's card. The mage's title is "Breach Mage Scout" (the Clojure engine
  has a typo).
* Phaedraxa's *Auspex Rune*: it shields the whole turn that the drawn card starts,
  including damage the players deal themselves (Tourmaline Shard, Quicken Thought).
  *Tourmaline Shard*: the ally still destroys a card when that damage is prevented.
  Phaedraxa has no breach I (its slot is "none").
"""

from __future__ import annotations

from ...boxapi import (
    WARD_TOKEN,
    AbilityDef,
    Action,
    BreachSetup,
    CardDef,
    Ctx,
    Engine,
    MageDef,
    ask_step,
    cast_spell,
    damage_source,
    gain_aether,
    nemesis_turn_card,
    op,
    pick,
    player_damage,
    return_turn_card,
    reveal_turn_order_top,
    step,
    turn_card_seats,
    turn_order_top_to_bottom,
)

OPEN = BreachSetup("open")
NONE = BreachSetup("none")


def C(stage: int) -> BreachSetup:
    return BreachSetup("closed", stage)


# ================================================================== Adelheim

AMETHYST_SHARD = CardDef("Amethyst Shard", "gem", 0, "AE", play=(("aether", 1), ("ally_may_cycle",)),
                         starter=True, mage="Adelheim")


@step("cancel_nemesis_card", text=lambda: (
        "When the nemesis draws an attack or power, discard it before it resolves; it does "
        "nothing and is not replaced."))
def _cancel_nemesis_card(g: Engine, ctx: Ctx) -> None:
    st = g.state
    if st.phase == "nemesis_draw" and st.flags.get("drawn"):
        st.flags["cancelled"] = st.flags["drawn"]


ADELHEIM = MageDef(
    "Adelheim", "Adelheim", "Breach Mage Weaponsmith", "AE",
    AbilityDef("Aethereal Ward", "nemesis_draw", 5, (("cancel_nemesis_card",),)),
    hand=("Amethyst Shard", "Crystal", "Crystal", "Spark", "Spark"),
    deck=("Crystal",) * 5,
    breaches=(OPEN, C(2), C(0), C(1)), uniques=("Amethyst Shard",),
)

# ================================================================== Brama

BURIED_LIGHT = CardDef("Buried Light", "spell", 0, "AE", cast=(("damage", 1), ("aether", 1)),
                       starter=True, mage="Brama")

BRAMA = MageDef(
    "Brama", "Brama", "Breach Mage Elder", "AE",
    AbilityDef("Brink Siphon", "your_main", 5, (("life", 4, "any_player"),)),
    hand=("Buried Light", "Crystal", "Crystal", "Crystal", "Crystal"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(1), C(0), C(2)), uniques=("Buried Light",),
)

# ================================================================== Mist

GARNET_SHARD = CardDef("Garnet Shard", "gem", 0, "AE",
                       play=(("or", (("aether", 1),), (("cast_prepped_any", False),)),),
                       starter=True, mage="Mist")

MIST = MageDef(
    "Mist", "Mist", "Dagger Captain", "AE",
    AbilityDef("Divine Augury", "your_main", 5, (("draw", 4, "any_ally"),)),
    hand=("Garnet Shard", "Crystal", "Crystal", "Crystal", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(2), C(1), C(1)), uniques=("Garnet Shard",),
)

# ================================================================== Xaxos


@step("flare", text=lambda hit, miss: (
        f"Look at the top turn order card and leave it there. Deal {hit} damage if it is a "
        f"player's card, else deal {miss}."))
def _flare(g: Engine, ctx: Ctx, hit: int, miss: int) -> None:
    top = reveal_turn_order_top(g)
    damage_source(g, ctx, miss if nemesis_turn_card(top) else hit)


FLARE = CardDef("Flare", "spell", 0, "AE", cast=(("flare", 3, 1),), starter=True, mage="Xaxos")


@step("reorder_turn_order", text=lambda: "Look at the whole turn order deck and put it back in any order.")
def _reorder_turn_order(g: Engine, ctx: Ctx, placed: int = 0, action: Action | None = None) -> None:
    """Reveal the whole turn order deck and put it back in an order of your choice."""
    st = g.state
    if action is not None:
        rest = st.to_deck[placed:]
        rest.remove(action[1])
        st.to_deck[placed:] = [action[1]] + rest
        placed += 1
    elif placed == 0:
        st.tokens["to_known"] = len(st.to_deck)
        g.ev("turn_order_revealed", cards=list(st.to_deck), source=ctx.source)
    rest = st.to_deck[placed:]
    if len(set(rest)) <= 1:
        return
    opts: list[Action] = [("card", c) for c in sorted(set(rest))]
    g.ask("order", ctx.you, ctx.source, f"Turn order card for position {placed + 1}?", opts,
          ("s", ctx.you, ctx.owner, ctx.source, ("reorder_turn_order", placed + 0)))


XAXOS = MageDef(
    "Xaxos", "Xaxos", "Breach Mage Adept", "AE",
    AbilityDef("Metaphysical Link", "any_main", 5,
               (("ally_charges", 4), ("reorder_turn_order",))),
    hand=("Flare", "Crystal", "Crystal", "Crystal", "Crystal"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(0), C(0), C(1)), uniques=("Flare",),
)

# ================================================================== Jian

MOONSTONE_SHARD = CardDef("Moonstone Shard", "gem", 0, "AE", play=(("aether", 1), ("aether_for", 1, "gem")),
                          starter=True, mage="Jian")


@step("cast_prepped_twice", text=lambda: (
        "Pick any player's prepped spell: cast it while it stays prepped, then cast it once more "
        "as usual."))
def _cast_prepped_twice(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Jian's Black Mirror: cast a prepped spell keeping it prepped, then cast it (P-2, P-18)."""
    st = g.state
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for j, p in enumerate(st.players)
                              for b, br in enumerate(p.breaches) for k in range(len(br.spells))]
        if opts:
            ask_step(g, ctx, ("cast_prepped_twice",), "spell", ctx.you,
                     "Cast which prepped spell twice?", opts)
        return
    j, b, k = int(action[1]), int(action[2]), int(action[3])
    name = st.players[j].breaches[b].spells[k]
    g.push("ae_cast_again", ctx.you, j, b, name)
    cast_spell(g, ctx.you, j, b, k, keep=True)


@op("ae_cast_again")
def _ae_cast_again(g: Engine, caster: int, owner: int, b: int, name: str) -> None:
    spells = g.state.players[owner].breaches[b].spells
    if name in spells:
        cast_spell(g, caster, owner, b, spells.index(name))


JIAN = MageDef(
    "Jian", "Jian", "Breach Mage Orphan", "AE",
    AbilityDef("Black Mirror", "your_main", 4, (("cast_prepped_twice",),)),
    hand=("Moonstone Shard", "Crystal", "Crystal", "Spark", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, OPEN, C(0), C(1)), uniques=("Moonstone Shard",),
)

# ================================================================== Kadir

EMERALD_SHARD = CardDef("Emerald Shard", "gem", 0, "AE",
                        play=(("or", (("aether", 1),), (("life", 1, "any_player"),)),),
                        starter=True, mage="Kadir")


@step("double_prep", text=lambda: "This turn, each opened breach of that player may hold two spells.")
def _double_prep(g: Engine, ctx: Ctx) -> None:
    """Kadir: turn flag ``two_per_open`` read by turn.main_options / prep_targets."""
    st = g.state
    if st.active >= 0:
        st.flags["two_per_open"] = tuple(st.flags.get("two_per_open", ())) + (st.active,)


KADIR = MageDef(
    "Kadir", "Kadir", "Breach Mage Delver", "AE",
    AbilityDef("Otherworldly Gate", "any_main", 5,
               (pick("to_hand", 3, "discard", "spell", who="active", how="up_to"), ("double_prep",))),
    hand=("Emerald Shard", "Crystal", "Crystal", "Crystal", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(2), C(1), C(2)), uniques=("Emerald Shard",),
)

# ================================================================== Lash


@step("turn_order_peek", text=lambda bonus: (
        "Look at the top turn order card, showing it to all; leave it on top or move it to the "
        f"bottom. Gain {bonus} more Æ if it is a player's card."))
def _turn_order_peek(g: Engine, ctx: Ctx, bonus: int, action: Action | None = None) -> None:
    """Quartz Shard: reveal the top turn order card (T-2), keep it or move it to the bottom."""
    st = g.state
    if action is None:
        top = reveal_turn_order_top(g)
        ask_step(g, ctx, ("turn_order_peek", bonus), "turn_order", ctx.you,
                 f"The top turn order card is {top}: leave it on top or put it at the bottom?",
                 [("top",), ("bottom",)])
        return
    top = st.to_deck[0]
    if action[0] == "bottom" and len(st.to_deck) > 1:
        turn_order_top_to_bottom(g, ctx.source)
    if not nemesis_turn_card(top):
        gain_aether(g, ctx, bonus)


QUARTZ_SHARD = CardDef("Quartz Shard", "gem", 0, "AE", play=(("aether", 1), ("turn_order_peek", 1)),
                       starter=True, mage="Lash")



@step("shuffle_player_turn", text=lambda dmg: (
        "Pick a player's card (never the wild card) from the turn order discard; it goes back "
        f"in the turn order deck, which is then shuffled. Its player suffers {dmg} damage."))
def _shuffle_player_turn(g: Engine, ctx: Ctx, dmg: int, action: Action | None = None) -> None:
    """Lash's Quicken Thought: a player card of the turn order discard is shuffled back."""
    st = g.state
    if action is None:
        n = len(st.players)
        opts: list[Action] = [("turn_card", c, j) for c in sorted(set(st.to_discard))
                              for j in turn_card_seats(n, c)]
        if opts:
            ask_step(g, ctx, ("shuffle_player_turn", dmg), "turn_order", ctx.you,
                     "Shuffle which player's turn order card back into the deck?", opts)
        return
    card, j = str(action[1]), int(action[2])
    return_turn_card(g, st.to_discard.index(card), ctx.source)
    player_damage(g, j, dmg, ctx.source)


LASH = MageDef(
    "Lash", "Lash", "Breach Mage Scout", "AE",
    AbilityDef("Quicken Thought", "any_main", 5, (("shuffle_player_turn", 1),)),
    hand=("Quartz Shard", "Crystal", "Crystal", "Crystal", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(2), C(0), C(2)), uniques=("Quartz Shard",),
)

# ================================================================== Phaedraxa


@step("ally_may_suffer_destroy", text=lambda: (
        "An ally of your choice may take 1 damage; if so, they destroy a card from their hand."))
def _ally_may_suffer_destroy(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Tourmaline Shard: an ally may take 1 damage; then they destroy a card in hand (K-10)."""
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)] + [("skip",)]
        ask_step(g, ctx, ("ally_may_suffer_destroy",), "player", ctx.you,
                 "Which ally takes 1 damage to destroy a card in hand?", opts)
        return
    if action[0] == "skip":
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, pick("destroy", 1))
    player_damage(g, j, 1, ctx.source)


TOURMALINE_SHARD = CardDef("Tourmaline Shard", "gem", 0, "AE", play=(("aether", 1), ("ally_may_suffer_destroy",)),
                           starter=True, mage="Phaedraxa")


@step("ward_turn", text=lambda: "For the turn now starting, players and Gravehold suffer no damage.")
def _ward_turn(g: Engine, ctx: Ctx) -> None:
    """Phaedraxa's Auspex Rune: table token naming the coming turn (read in engine/damage.py).

    The window is right after a turn order card is drawn, before that turn starts and
    counts itself, so the warded turn is the next turn number.
    """
    st = g.state
    st.tokens[WARD_TOKEN] = st.turn + 1
    g.ev("ward", warded_turn=st.turn + 1, source=ctx.source)


PHAEDRAXA = MageDef(
    "Phaedraxa", "Phaedraxa", "Breach Mage Seer", "AE",
    AbilityDef("Auspex Rune", "after_turn_order_draw", 5, (("ward_turn",),)),
    hand=("Tourmaline Shard", "Crystal", "Crystal", "Crystal", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(NONE, OPEN, C(1), C(2)), uniques=("Tourmaline Shard",),
)

# ================================================================== in catalogue order

UNIQUE_CARDS = (BURIED_LIGHT, GARNET_SHARD, AMETHYST_SHARD, FLARE, MOONSTONE_SHARD, EMERALD_SHARD, QUARTZ_SHARD,
                TOURMALINE_SHARD)

MAGES = (ADELHEIM, BRAMA, MIST, XAXOS, JIAN, KADIR, LASH, PHAEDRAXA)
