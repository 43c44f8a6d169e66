"""Legacy mages of the city Gravehold and their unique starting cards (K-13): Claudia,
Gygar, Kadir, Lost, Soskel and Talix.

One section per mage: the step kinds of its unique starting cards right above them, then
the mage. Gygar's storm tokens and Kadir's Path tokens are in ``tokens_gravehold.py``.
``UNIQUE_CARDS`` and ``MAGES`` gather them at the end.

Every Legacy mage shares a name with a mage of another box, so each is catalogued, saved and
shown as ``"<name> (LOG)"``. Hands, decks, charges and breach setups follow the mats (the
wiki's setups); no source disagrees on these six but for wording.

Readings decided here:

- *Aetherial Echo* (Claudia): the ally is named when her next gain of the turn happens; the
  card is taken from where the gain put it (discard, deck top or hand). The ally's copy
  comes from the same supply pile, when it still has one. With no ally, nothing happens.
  Where the sources word "an ally" / "any ally" differently, the printed "an ally" is kept:
  one ally takes both cards.
- *Jubilant Halo* (Claudia): the aether is part of the Cast effect (K-11, only for a gem).
- *Mirror Shard* (Claudia): it resolves the played effect of another gem in the hand, which
  stays in the hand; with none, it does nothing.
- *Bide* (Gygar): the aether is a main-phase action of the prepped card, once per turn.
- *Contained Burst* (Gygar): two different prepped spells, one at a time; both stay prepped
  and keep their storm tokens.
- *Encase in Steel* / *Bronze Ingot* (Lost): the spells counted are those in the discard
  pile when the step resolves.
- *Soaring Ash* (Talix): the Sparks are cast one at a time, in the order he picks; Sparks
  of other names (a marked copy of a Spark is a Spark) do not count.
- *Ancient Emerald* (Kadir): "any ally" is any player but an exhausted one (the engine's
  ``any_ally``, yourself included in true solo).
- *Tactician's Gambit* (Soskel): the players pick the (up to) two cards one at a time, each
  from any player's discard pile, and each goes to its owner's hand.
- *Blinding Gambit* (Soskel): "your turn order card" is one that would give him the turn
  as it is drawn (``drawn_card_seats``: his own, a pair card his pair may take, the wild
  card while he holds the wild token; in true solo every player card). It is offered only
  while the turn order deck holds a card that is not his (else his turn would only come
  back, again and again), and only for the prepped copy at the time of the draw. The next
  card is then drawn at once, as after any turn (T-1).
- *Bastion Flint* (Soskel): "player cards" (one source says "player turn order cards": the
  same) are the cards in the turn order discard that are not the nemesis', the wild card
  among them (T-3).
"""

from __future__ import annotations

from ...boxapi import (
    CARD_RULES,
    AbilityDef,
    Action,
    CardDef,
    Ctx,
    Engine,
    MageDef,
    ask_step,
    base_name,
    cast_spell,
    chooser,
    condition,
    counter,
    drawn_card_seats,
    drawn_turn_card_to_bottom,
    event_text,
    gain_card,
    nemesis_turn_card,
    op,
    per,
    pick,
    seat,
    step,
    trigger_source,
    turn_flag,
)
from ...boxapi import catalogue as content
from .mats import GRAVEHOLD, OPEN, C
from .tokens_gravehold import GYGAR, KADIR, register_mat_rules

CLAUDIA = "Claudia (LOG)"
LOST = "Lost (LOG)"
SOSKEL = "Soskel (LOG)"
TALIX = "Talix (LOG)"
CITY = GRAVEHOLD

# ================================================================== shared counters


@counter("log_discard_spells", "per spell in {your} discard pile")
def _discard_spells(g: Engine, ctx: Ctx) -> int:
    cards = content.CARDS
    return sum(1 for c in g.state.players[ctx.you].discard if c in cards and cards[c].type == "spell")


@condition("log_discard_spells_at_least", lambda n, *, they=False: (
        f"{'that player has' if they else 'you have'} {n} or more spells in {'their' if they else 'your'} "
        "discard pile"))
def _discard_spells_at_least(g: Engine, ctx: Ctx, n: int) -> bool:
    return _discard_spells(g, ctx) >= n


@condition("log_charges_at_least", lambda n, *, they=False: (
        f"{'that player has' if they else 'you have'} {n} or more charges"))
def _charges_at_least(g: Engine, ctx: Ctx, n: int) -> bool:
    return g.state.players[ctx.you].charges >= n


def _is_spark(name: str) -> bool:
    return base_name(name) == "Spark"


@counter("log_prepped_sparks", "per Spark {you} have prepped")
def _prepped_sparks(g: Engine, ctx: Ctx) -> int:
    return sum(1 for br in g.state.players[ctx.you].breaches for s in br.spells if _is_spark(s))


# ================================================================== Claudia

JUBILANT_HALO = CardDef("Jubilant Halo", "spell", 0, "LOG", cast=(("damage", 1), ("aether_for", 1, "gem")),
                        starter=True, mage=CLAUDIA, city=CITY)


@step("log_play_as_gem", text=lambda: "Resolve the effect of another gem in your hand, as if you played it.")
def _play_as_gem(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Mirror Shard: the copied gem stays in hand (only its effect is borrowed)."""
    p = g.state.players[ctx.you]
    cards = content.CARDS
    gems = [c for c in dict.fromkeys(p.hand) if cards[c].type == "gem" and c != ctx.source]
    if action is None:
        if gems:
            ask_step(g, ctx, ("log_play_as_gem",), "card", ctx.you, "Play Mirror Shard as a copy of which gem?",
                     [("card", c) for c in gems])
        return
    name = str(action[1])
    g.ev("played_as_copy", player=ctx.you, card=name, source=ctx.source)
    g.push_steps(cards[name].play, Ctx(ctx.you, ctx.you, ctx.source))


event_text("played_as_copy", lambda e: f"{seat(e['player'])} plays {e['source']} as a copy of {e['card']}")

MIRROR_SHARD = CardDef("Mirror Shard", "gem", 0, "LOG", play=(("log_play_as_gem",),), starter=True, mage=CLAUDIA,
                       city=CITY)

SHARE_GAIN = turn_flag("log_share_next_gain", "Aetherial Echo: this player's next gain of the turn may go to an ally")


@step("log_share_next_gain", text=lambda: (
        "This turn, the next card you gain may be put into an ally's hand instead; that ally then gains one "
        "more card from the same pile, into their hand."))
def _share_next_gain(g: Engine, ctx: Ctx) -> None:
    g.state.flags[SHARE_GAIN] = ctx.you


def _claudia_in_game(st: object) -> bool:
    return any(p.mage == CLAUDIA for p in st.players)  # type: ignore[attr-defined]


@trigger_source("keyword", "aetherial echo", present=_claudia_in_game)("gained")
def _echo_gained(g: Engine, i: int, name: str) -> None:
    st = g.state
    if st.flags.get(SHARE_GAIN) == i:
        del st.flags[SHARE_GAIN]
        if g.allies(i):
            g.push("log_echo", i, name)


@op("log_echo")
def _echo(g: Engine, i: int, name: str, action: Action | None = None) -> None:
    """Claudia names the ally (or keeps the card); the ally then gains a copy into their hand."""
    st = g.state
    if action is None:
        g.ask("player", i, "Aetherial Echo", f"Put {name} into which ally's hand?",
              [("player", j) for j in g.allies(i)] + [("skip",)], ("log_echo", i, name))
        return
    if action[0] == "skip":
        return
    j = int(action[1])
    p = st.players[i]
    for zone in (p.discard, p.hand, p.deck):
        if name in zone:
            idx = len(zone) - 1 - zone[::-1].index(name) if zone is not p.deck else zone.index(name)
            del zone[idx]
            st.players[j].hand.append(name)
            g.ev("hand_card_given", player=i, to_player=j, source="Aetherial Echo")
            break
    gain_card(g, j, content.base_of(name), on_your_turn=j == st.active, to_hand=True)  # its pile (C-17)


CLAUDIA_MAGE = MageDef(
    CLAUDIA, CLAUDIA, "Visionary", "LOG",
    AbilityDef("Aetherial Echo", "your_main", 4,
               (("or", (("life", 3, "any_player"),), (("log_share_next_gain",),)),)),
    hand=("Crystal", "Crystal", "Crystal", "Jubilant Halo", "Spark"),
    deck=("Crystal", "Crystal", "Mirror Shard", "Spark", "Spark"),
    breaches=(OPEN, C(2), C(1), C(0)), uniques=("Jubilant Halo", "Mirror Shard"), city=CITY,
)

# ================================================================== Gygar

BIDE = CardDef("Bide", "spell", 0, "LOG", cast=(("damage", 1),), while_prepped=(("main", (("aether", 1),)),),
               starter=True, mage=GYGAR, city=CITY)


@step("log_cast_two_kept", text=lambda: "Cast two of your prepped spells, one at a time; both stay prepped.")
def _cast_two_kept(g: Engine, ctx: Ctx, left: int = 2, done: int = 0, action: Action | None = None) -> None:
    """Contained Burst: ``done`` marks the spells cast (bit 8 * breach + slot)."""
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("spell", ctx.you, b, k) for b, br in enumerate(p.breaches)
                              for k in range(len(br.spells)) if not done & (1 << (8 * b + k))]
        if left > 0 and opts:
            ask_step(g, ctx, ("log_cast_two_kept", left, done), "spell", ctx.you,
                     f"Cast which prepped spell (it stays prepped)? ({left} to cast)", opts)
        return
    b, k = int(action[2]), int(action[3])
    g.push("s", ctx.you, ctx.owner, ctx.source, ("log_cast_two_kept", left - 1, done | (1 << (8 * b + k))))
    cast_spell(g, ctx.you, ctx.you, b, k, keep=True)


GYGAR_MAGE = MageDef(
    GYGAR, GYGAR, "Treasure Hunter", "LOG",
    AbilityDef("Contained Burst", "your_main", 5, (("log_cast_two_kept",),)),
    hand=("Crystal", "Crystal", "Crystal", "Bide", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(1), C(1), C(1)), uniques=("Bide",), city=CITY,
)

# ================================================================== Kadir

ANCIENT_EMERALD = CardDef("Ancient Emerald", "gem", 0, "LOG",
                          play=(("aether", 1), ("if", ("log_charges_at_least", 4), (("life", 1, "any_ally"),), ())),
                          starter=True, mage=KADIR, city=CITY)

KADIR_MAGE = MageDef(
    KADIR, KADIR, "Gemcrafter", "LOG",
    AbilityDef("Refine Prototype", "your_main", 5, (("log_refine_path",),)),
    hand=("Crystal", "Crystal", "Crystal", "Ancient Emerald", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(1), C(1), C(1)), uniques=("Ancient Emerald",), city=CITY,
)

# ================================================================== Lost

MOLTEN_FORGE = CardDef("Molten Forge", "spell", 0, "LOG",
                       cast=(("or", (("damage", 1),), (("aether_for", 2, "spell"),)),), starter=True, mage=LOST,
                       city=CITY)
BRONZE_INGOT = CardDef("Bronze Ingot", "gem", 0, "LOG",
                       play=(("aether", 1), ("if", ("log_discard_spells_at_least", 5), (("aether", 2),), ())),
                       starter=True, mage=LOST, city=CITY)

LOST_MAGE = MageDef(
    LOST, LOST, "Forgotten Forge", "LOG",
    AbilityDef("Encase in Steel", "your_main", 4, (("damage", per("log_discard_spells")),)),
    hand=("Crystal", "Crystal", "Crystal", "Molten Forge", "Spark"),
    deck=("Crystal", "Crystal", "Bronze Ingot", "Spark", "Spark"),
    breaches=(OPEN, OPEN, C(0), C(1)), uniques=("Molten Forge", "Bronze Ingot"), city=CITY,
)

# ================================================================== Soskel


@step("log_players_return_from_discards", text=lambda n: (
        f"Across all players, up to {n} cards go back from discard piles into their owners' hands."))
def _players_return(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """One card at a time: the players name whose discard pile (or are done), then the card."""
    if action is None:
        opts: list[Action] = [("player", k) for k, p in enumerate(g.state.players) if p.discard]
        if n > 0 and opts:
            ask_step(g, ctx, ("log_players_return_from_discards", n), "player", chooser(g, ctx),
                     "Whose discard pile does the next card return from?", opts + [("done",)])
        return
    if action[0] == "player":
        g.push_steps((("log_return_from_discard_of", int(action[1]), n),), ctx)


@step("log_return_from_discard_of", text=lambda j, n: f"Player {j + 1} returns a card from their discard pile.")
def _return_from_discard_of(g: Engine, ctx: Ctx, j: int, n: int, action: Action | None = None) -> None:
    """The second half of the step above: ``n`` cards were left to return."""
    p = g.state.players[j]
    if action is None:
        ask_step(g, ctx, ("log_return_from_discard_of", j, n), "to_hand", chooser(g, ctx),
                 f"Return which card of player {j + 1}'s discard pile to their hand?",
                 [("card", c) for c in dict.fromkeys(p.discard)])
        return
    name = str(action[1])
    del p.discard[len(p.discard) - 1 - p.discard[::-1].index(name)]
    p.hand.append(name)
    g.ev("returned_to_hand", player=j, card=name, source=ctx.source)
    if n > 1:
        g.push_steps((("log_players_return_from_discards", n - 1),), ctx)


@condition("log_turn_order_player_cards_at_least", lambda n, *, they=False: (
        f"the turn order discard pile holds at least {n} player cards"))
def _turn_order_player_cards_at_least(g: Engine, ctx: Ctx, n: int) -> bool:
    return sum(1 for c in g.state.to_discard if not nemesis_turn_card(c)) >= n


BASTION_FLINT = CardDef("Bastion Flint", "gem", 0, "LOG",
                        play=(("aether", 1),
                              ("if", ("log_turn_order_player_cards_at_least", 3), (("gain_charge", 1),), ())),
                        starter=True, mage=SOSKEL, city=CITY)
BLINDING_GAMBIT = CardDef("Blinding Gambit", "spell", 0, "LOG", cast=(("damage", 1),), starter=True, mage=SOSKEL,
                          city=CITY)


@trigger_source("card", "Blinding Gambit", zone="prepped")("turn_card_drawn")
def _gambit_drawn(g: Engine, i: int, card: str, b: int, name: str) -> bool:
    """Player i's turn order card was drawn while Blinding Gambit is prepped: ask first,
    unless every card left in the deck is his too (the turn would only come back)."""
    st = g.state
    if all(i in drawn_card_seats(st, c) for c in st.to_deck):
        return False
    g.push("log_blinding_gambit", i, card)
    return True


@op("log_blinding_gambit")
def _blinding_gambit(g: Engine, i: int, card: str, action: Action | None = None) -> None:
    if action is None:
        g.ask("yes_no", i, "Blinding Gambit",
              f"Blinding Gambit: put {card} under the turn order deck instead of taking this turn?",
              [("yes",), ("no",)], ("log_blinding_gambit", i, card))
        return
    if action[0] == "yes":
        drawn_turn_card_to_bottom(g, "Blinding Gambit")
        g.push("next_turn")
    else:
        g.push("turn_card_resolves", card)


SOSKEL_MAGE = MageDef(
    SOSKEL, SOSKEL, "Tactician", "LOG",
    AbilityDef("Tactician's Gambit", "your_main", 5,
               (("log_players_return_from_discards", 2), ("reorder_turn_order",))),
    hand=("Crystal", "Crystal", "Crystal", "Blinding Gambit", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Bastion Flint", "Spark"),
    breaches=(OPEN, C(2), C(0), C(0)), uniques=("Blinding Gambit", "Bastion Flint"), city=CITY,
)

CARD_RULES["Blinding Gambit"] = ("While this is prepped, you may answer the draw of your turn order card by putting "
                                 "it beneath the turn order deck; the next card is then drawn in place of your turn.")

# ================================================================== Talix


@step("log_aether_per_prepped_spark", text=lambda: "Gain 1 Æ for each Spark you have prepped.")
def _aether_per_prepped_spark(g: Engine, ctx: Ctx) -> None:
    n = _prepped_sparks(g, ctx)
    if n:
        g.push_steps((("aether", n),), ctx)


POWDERED_INFINITUM = CardDef("Powdered Infinitum", "gem", 0, "LOG", play=(("log_aether_per_prepped_spark",),),
                             starter=True, mage=TALIX, city=CITY)


@step("log_cast_sparks", text=lambda n: (
        f"Cast any number of your prepped Sparks, one at a time; each deals {n} more damage."))
def _cast_sparks(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("spell", ctx.you, b, k) for b, br in enumerate(p.breaches)
                              for k, s in enumerate(br.spells) if _is_spark(s)]
        if opts:
            ask_step(g, ctx, ("log_cast_sparks", n), "spell", ctx.you, "Cast which prepped Spark?",
                     opts + [("done",)])
        return
    if action[0] == "done":
        return
    g.push("s", ctx.you, ctx.owner, ctx.source, ("log_cast_sparks", n))
    cast_spell(g, ctx.you, ctx.you, int(action[2]), int(action[3]), extra=n)


TALIX_MAGE = MageDef(
    TALIX, TALIX, "Heart of Flame", "LOG",
    AbilityDef("Soaring Ash", "your_main", 5,
               (("log_cast_sparks", 2), pick("destroy", 1, "discard", ("named", "Spark"), how="may"))),
    hand=("Crystal", "Powdered Infinitum", "Spark", "Spark", "Spark"),
    deck=("Crystal", "Spark", "Spark", "Spark", "Powdered Infinitum"),
    breaches=(OPEN, OPEN, C(1), C(0)), uniques=("Powdered Infinitum",), city=CITY,
)

UNIQUE_CARDS = (JUBILANT_HALO, MIRROR_SHARD, BIDE, ANCIENT_EMERALD, MOLTEN_FORGE, BRONZE_INGOT, BLINDING_GAMBIT,
                BASTION_FLINT, POWDERED_INFINITUM)
MAGES = (CLAUDIA_MAGE, GYGAR_MAGE, KADIR_MAGE, LOST_MAGE, SOSKEL_MAGE, TALIX_MAGE)
register_mat_rules()
