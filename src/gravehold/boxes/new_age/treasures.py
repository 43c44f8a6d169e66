"""The New Age expedition treasures (X-5, X-14): ten tier-1 cards, eight tier-2, ten tier-3.

A tier-1 treasure is a player card (``CardDef`` with ``starter=True``: it is dealt into a
starting deck by the setup, never into the supply) and a ``TreasureDef`` naming it. Tiers 2
and 3 are ``TreasureDef`` records whose rules are the treasure rules of
``engine.keywords.treasures`` (a trigger and its steps), so most of them are pure data; the
step kinds and the condition only they use are written right above them.

Readings decided here:

* *Xaxo's Pyre*: the ally decides first whether to discard; then the spell deals its damage
  as one source, 1 or 3 (the "additional" damage raises that source, so the breach bonus and
  any treasure bonus apply once, P-20). The caster names the ally (or none), who then picks
  the card.
* *Xaxo's Flare* and *Lash's Quartz Shard*: a "player turn order card" is every card but a
  nemesis one (the wild card and the paired cards are players' turns too, T-3, T-4).
* *Glutton's Tooth*: the player who emptied the pile chooses which player deals the damage
  (on the nemesis' turn, the players choose); a pile emptied by gaining counts, and so does
  one emptied by a nemesis or card that destroys supply cards (``treasures.pile_emptied``).
* *Cleansing Amulet*: after any player's ability, one player of their choice may destroy a
  card in hand.
* *Carapace Fragment*: the gaining player focuses one of their closed breaches of their
  choice (a focus at the last stage opens it, P-11); nothing happens with none closed.
* *Bones of Deathmind* and *Thorned Whip*: "opens a breach" includes the open that a focus at
  the last stage makes (P-11) and an effect that opens one.
* *Bladed Crystal*: each damage source of a spell of yours that goes to the nemesis deals 1
  more (P-20 applies a bonus per source); damage to a minion is not raised.
* *Prism of Destruction* and *Precision Magnifier*: damage bonuses of the spell cast (P-20:
  each damage source of the spell deals that much more; a spell without damage deals the
  bonus as its own source, P-3). "You" is whoever casts the spell (P-18).
* *Shroud of Obfuscation*: when you cast your second spell during your own casting phase,
  once per turn (a third spell adds nothing more).
* *Brooch of Attunement*: once per turn, counting spells cast in any phase.
* *Accelerating Gauntlets* and *Forgotten Trinket*: "your first turn" is the first turn you
  take in the game, before its casting phase.
* *Flowing Mantle*: the aether comes at the start of each of your turns and lapses at its end
  (K-11); "place it on top of your deck" is offered when the relic lands on your discard pile.
* The tier-1 cards cost 0 (a treasure has no cost; it is never bought).
"""

from __future__ import annotations

from ...boxapi import (
    DISCARD_ONE,
    Action,
    CardDef,
    Ctx,
    Engine,
    TreasureDef,
    ask_step,
    condition,
    focus_breach,
    focusable,
    nemesis_turn_card,
    pick,
    reveal_turn_order_top,
    step,
    turn_order_top_to_bottom,
)

BOX = "NA"


def _player_card(top: str) -> bool:
    """A turn order card that gives a player's turn (every card but the nemesis')."""
    return not nemesis_turn_card(top)


# ================================================================== tier 1: cards
KADIRS_EMERALD_SHARD = CardDef("Kadir's Emerald Shard", "gem", 0, BOX, starter=True,
                               play=(("or", (("aether", 1),), (("life", 1, "any_player"),)),))
GEXS_SHATTERED_GEODE = CardDef("Gex's Shattered Geode", "gem", 0, BOX, starter=True,
                               play=(("aether", 1), pick("take", 1, "discard_top", who="ally", how="may")))
JIANS_MOONSTONE_SHARD = CardDef("Jian's Moonstone Shard", "gem", 0, BOX, starter=True,
                                play=(("aether", 1), ("aether_for", 1, "gem")))


@step("turn_order_top_either_end", text=lambda n: (
        "Reveal the top turn order card; leave it there or move it under the turn order deck. "
        f"If it shows a player's turn, gain {n} Æ."))
def _turn_order_top_either_end(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Lash's Quartz Shard: the revealed card's kind decides the aether, wherever it goes."""
    st = g.state
    if action is None:
        top = reveal_turn_order_top(g)
        if _player_card(top):
            st.players[ctx.you].aether += n
            g.ev("aether", player=ctx.you, amount=n, source=ctx.source)
        if len(st.to_deck) > 1:  # under a one-card deck is its top again
            ask_step(g, ctx, ("turn_order_top_either_end", n), "turn_order", ctx.you,
                     f"Leave the revealed {top} as the top turn order card, or move it under the deck?",
                     [("top",), ("bottom",)])
        return
    if action[0] != "bottom":
        return
    turn_order_top_to_bottom(g, ctx.source)


LASHS_QUARTZ_SHARD = CardDef("Lash's Quartz Shard", "gem", 0, BOX, starter=True,
                             play=(("aether", 1), ("turn_order_top_either_end", 1)))


@step("reveal_turn_order_top", text=lambda: "Reveal the top turn order card and leave it on top.")
def _reveal_turn_order_top(g: Engine, ctx: Ctx) -> None:
    reveal_turn_order_top(g)


@condition("turn_order_top_is_player", lambda *, they=False: "the top turn order card is a player's")
def _turn_order_top_is_player(g: Engine, ctx: Ctx) -> bool:
    deck = g.state.to_deck
    return bool(deck) and _player_card(deck[0])


XAXOS_FLARE = CardDef("Xaxo's Flare", "spell", 0, BOX, starter=True,
                      cast=(("reveal_turn_order_top",),
                            ("if", "turn_order_top_is_player", (("damage", 3),), (("damage", 1),))))
ADELHEIMS_AMETHYST_SHARD = CardDef("Adelheim's Amethyst Shard", "gem", 0, BOX, starter=True,
                                   play=(("aether", 1), ("ally_may_cycle",)))
BRAMAS_BURIED_LIGHT = CardDef("Brama's Buried Light", "spell", 0, BOX, starter=True,
                              cast=(("damage", 1), ("aether", 1)))
GARUS_TORCH = CardDef("Garu's Torch", "spell", 0, BOX, starter=True,
                      cast=(("or", (("damage", 1),), (("focus_any",),)),))


@step("damage_more_if_ally_discards", text=lambda n, more: (
        f"An ally of your choice may discard a card from hand. Then deal {n} damage, "
        f"{n + more} if they did."))
def _damage_more_if_ally_discards(g: Engine, ctx: Ctx, n: int, more: int, action: Action | None = None) -> None:
    """Xaxo's Pyre: you name the ally who discards (or nobody; SO-1: alone, you are your own
    ally); the damage is one source."""
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you) if st.players[j].hand]
        if not opts:
            g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n))
            return
        ask_step(g, ctx, ("damage_more_if_ally_discards", n, more), "player", ctx.you,
                 f"Which ally discards a card for {more} more damage?", opts + [("skip",)])
        return
    if action[0] == "skip":
        g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n))
        return
    j = int(action[1])
    g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n + more))
    g.push("s", j, j, ctx.source, DISCARD_ONE)


XAXOS_PYRE = CardDef("Xaxo's Pyre", "spell", 0, BOX, starter=True,
                     cast=(("damage_more_if_ally_discards", 1, 2),))
MISTS_GARNET_SHARD = CardDef("Mist's Garnet Shard", "gem", 0, BOX, starter=True,
                             play=(("or", (("aether", 1),), (("cast_prepped_any", False),)),))

CARDS: tuple[CardDef, ...] = (
    KADIRS_EMERALD_SHARD, GEXS_SHATTERED_GEODE, JIANS_MOONSTONE_SHARD, LASHS_QUARTZ_SHARD, XAXOS_FLARE,
    ADELHEIMS_AMETHYST_SHARD, BRAMAS_BURIED_LIGHT, GARUS_TORCH, XAXOS_PYRE, MISTS_GARNET_SHARD,
)
TIER_1 = tuple(TreasureDef(c.name, 1, BOX, card=c.name) for c in CARDS)


# ================================================================== tier 2: the group's
@condition("no_closed_breaches", lambda *, they=False: f"{'that player has' if they else 'you have'} "
           "no closed breaches")
def _no_closed_breaches(g: Engine, ctx: Ctx) -> bool:
    return not any(br.state == "closed" for br in g.state.players[ctx.you].breaches)


def _can_focus_own(g: Engine, ctx: Ctx, s: tuple[object, ...]) -> bool:
    return any(focusable(g, ctx.you, b) for b in range(4))


@step("focus_own_breach", can_resolve=_can_focus_own, text=lambda *, they=False: (
        "focuses one of their closed breaches." if they else "Focus one of your closed breaches."))
def _focus_own_breach(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("breach", ctx.you, b) for b in range(4) if focusable(g, ctx.you, b)]
        if opts:
            ask_step(g, ctx, ("focus_own_breach",), "breach", ctx.you, "Focus which of your breaches?", opts)
        return
    focus_breach(g, int(action[1]), int(action[2]))


RELIC_OR_SPELL = ("types", ("relic", "spell"))
TIER_2 = (
    TreasureDef("Shimmering Cloak of the Magus", 2, BOX, rules=(("after_ability", (("damage", 2),)),)),
    TreasureDef("Imbued Shackles", 2, BOX, rules=(("pile_discount", 1),), beside=("cost_at_least", 7)),
    TreasureDef("Glutton's Tooth", 2, BOX, rules=(("pile_emptied", (("player", "any", (("damage", 6),)),)),)),
    TreasureDef("Core of Rage", 2, BOX, rules=(("on_gain_beside", (("damage", 2),)),), beside=RELIC_OR_SPELL),
    TreasureDef("Cleansing Amulet", 2, BOX,
                rules=(("after_ability", (("player", "any", (pick("destroy", 1, "hand", how="may"),)),)),)),
    TreasureDef("Carapace Fragment", 2, BOX, rules=(("on_gain_beside", (("focus_own_breach",),)),),
                beside=RELIC_OR_SPELL),
    TreasureDef("Thorned Whip", 2, BOX, rules=(("on_open", (("damage", 2),)),)),
    TreasureDef("Bones of Deathmind", 2, BOX,
                rules=(("on_open", (("gain_charge", 1),)),
                       ("on_turn_start", (("if", "no_closed_breaches", (("gain_charge", 1),), ()),)))),
)


# ================================================================== tier 3: one player's
@step("focus_each_closed", text=lambda: "Focus each of your closed breaches once.")
def _focus_each_closed(g: Engine, ctx: Ctx) -> None:
    """Breach I first; a breach at its last stage opens (P-11)."""
    for b in range(4):
        if focusable(g, ctx.you, b):
            focus_breach(g, ctx.you, b)


TIER_3 = (
    TreasureDef("Accelerating Gauntlets", 3, BOX,
                rules=(("on_first_turn", (("gain_from_supply", "any", 4, False),)),)),
    TreasureDef("Essence Extractor", 3, BOX, rules=(("on_play_gem", 5, (("aether", 1),)),)),
    TreasureDef("Brooch of Attunement", 3, BOX, rules=(("on_spell_cast", 6, True, (("gain_charge", 2),)),)),
    TreasureDef("Bladed Crystal", 3, BOX, rules=(("nemesis_spell_bonus", 1),)),
    TreasureDef("Prism of Destruction", 3, BOX, rules=(("cast_bonus", 2, 0, "no_closed_breaches"),)),
    TreasureDef("Forgotten Trinket", 3, BOX, rules=(("on_first_turn", (("focus_each_closed",),)),)),
    TreasureDef("Precision Magnifier", 3, BOX, rules=(("cast_bonus", 1, 2, None),)),
    TreasureDef("Shroud of Obfuscation", 3, BOX, rules=(("nth_casting_cast", 2, (("aether", 2),)),)),
    TreasureDef("Verdant Staff", 3, BOX, rules=(("on_gain_type", "spell", (("life", 1, "you"),)),)),
    TreasureDef("Flowing Mantle", 3, BOX,
                rules=(("on_turn_start", (("aether_for", 1, "relic"),)), ("gained_may_top", "relic"))),
)

TREASURES: tuple[TreasureDef, ...] = (*TIER_1, *TIER_2, *TIER_3)
