"""Outcasts' expedition treasures (X-5, X-14): five tier-1 cards, three tier-2, five tier-3.

These are the thirteen treasures of the Outcasts box (the reference's expansion ``O``), the
ones its story expedition hands out (``expedition.py``). As in The New Age, a tier-1 treasure
is a player card (``CardDef`` with ``starter=True``) and a ``TreasureDef`` naming it; tiers 2
and 3 are ``TreasureDef`` records whose rules are treasure rules. Where the engine's rule
kinds (``engine.keywords.treasures``) say what a treasure does, it is pure data; the four
that need more declare a rule kind of their own here (its wording) and answer at a trigger
point as the source ``("treasure", name)``, asking ``works_for`` whose it is.

Readings decided here (``READINGS`` keeps them in one table):

* *The box's treasures*: the thirteen of expansion ``O`` (5 tier-1, 3 tier-2, 5 tier-3:
  the story's rewards). The reference gives the tier-1 ones no card numbers (no source has
  them); their texts and levels are complete, so nothing of their play is guessed. The five
  Kickstarter promo treasures (expansion "promos") are not the box's.
* *Lost's Forged Spark*: "when the game starts" is the end of the setup; the Crystal comes
  from outside the game (the box's stock of starter gems), one for the seat that chose it.
* *Rhia's Planar Pocket*: the extra aether is K-11 restricted aether for a relic, lapsing at
  the end of the turn like all aether.
* *Mazra's Thesis*: "any player's III breach" is breach III of a player of the caster's
  choice, focused once (P-11); nothing when no breach III can be focused.
* *Rejuvenating Diamond*: only a gain of Gravehold's life that heals some life gets the extra
  1 (never above its maximum); with Xaxos: Outcast his life is Gravehold's, so his gains count.
* *Broken Tooth*: the opener's ally draws, chosen by the opener (in a solo game the opener
  is their own ally, SO-1).
* *Poison Heart*: every damage source of a spell of that pile deals 1 more (P-20, as The New
  Age's cast bonuses); a spell of that pile without damage deals the 1 as its own source.
* *World Marble*: one closed breach of yours, focused up to three times; it stops when the
  breach opens (P-11) or can be focused no more (``last_stage_focus: locked``).
* *Rebound Gauntlet*: once per turn, counted when used (declining keeps it for a later
  cast); the cast spell returns from your discard pile (a spell cast from an ally's breach
  goes to its owner, P-18, and stays there).
* *Armored Pauldrons* and *Bloodshot Geode*: "play" is playing the card from hand (P-13).
* The tier-1 cards cost 0 (a treasure has no cost; it is never bought).
"""

from __future__ import annotations

from ...boxapi import (
    CARD_RULES,
    Action,
    Bonus,
    CardDef,
    Ctx,
    Engine,
    State,
    TreasureDef,
    ask_step,
    catalogue,
    focus_breach,
    focusable,
    render_steps,
    rule,
    step,
    trigger_source,
    works_for,
)

BOX = "O"

#: every reading of this module, named (the docs and the card texts say these are the project's)
READINGS = {
    "box": "the 13 treasures of expansion O (5/3/5 by tier); the 5 Kickstarter promo treasures are not the box's",
    "forged_spark": "at the end of the setup, one Crystal from outside the game for the seat that chose it",
    "rejuvenating": "only a gain that heals some life gets the extra 1, never above the maximum",
    "broken_tooth": "the opener chooses which of their allies draws",
    "poison_heart": "each damage source of a spell of that pile deals 1 more (P-20)",
    "world_marble": "one closed breach, focused up to three times while it can be",
    "rebound": "once per turn, used only when a spell is discarded; the spell returns from your discard pile",
}

# ================================================================== tier 1: cards
FORGED_SPARK = "Lost's Forged Spark"
#: the card Lost's Forged Spark adds at setup, and how many per copy
FORGED_SPARK_ADDS = ("Crystal", 1)

RHIAS_PLANAR_POCKET = CardDef("Rhia's Planar Pocket", "gem", 0, BOX, starter=True,
                              play=(("aether", 1), ("aether_for", 1, "relic")))
TALIXS_EVERBURN = CardDef("Talix's Everburn", "gem", 0, BOX, starter=True,
                          play=(("aether", 1), ("discard_spells_for_aether", 3)))
RAZRAS_TRAINING_WHISTLE = CardDef("Razra's Training Whistle", "gem", 0, BOX, starter=True,
                                  play=(("or", (("aether", 1),), (("gain_charge", 1),)),))
LOSTS_FORGED_SPARK = CardDef(FORGED_SPARK, "spell", 0, BOX, starter=True, cast=(("damage", 2),))
CARD_RULES[FORGED_SPARK] = (f"When the game starts, {FORGED_SPARK_ADDS[1]} {FORGED_SPARK_ADDS[0]} is added to "
                            "your discard pile (the project's reading: from outside the game).")


def _forged_spark_seats(st: State) -> list[int]:
    """The seats whose tier-1 treasure is Lost's Forged Spark (``config["treasures"]``)."""
    seats = (st.config.get("treasures") or {}).get("players", ())
    return [k for k, s in enumerate(seats) if s.get("tier1") == FORGED_SPARK]


@trigger_source("keyword", FORGED_SPARK, present=lambda st: bool(_forged_spark_seats(st)))("setup")
def _forged_spark_setup(st: State) -> None:
    """Its seat's Crystal, at the end of the setup (READINGS["forged_spark"])."""
    card, n = FORGED_SPARK_ADDS
    for k in _forged_spark_seats(st):
        st.players[k].discard.extend([card] * n)


def _can_focus_third(g: Engine, ctx: Ctx, s: tuple[object, ...]) -> bool:
    return any(focusable(g, j, int(str(s[1]))) for j in range(len(g.state.players)))


@step("focus_any_players_breach", can_resolve=_can_focus_third, check=lambda s: _check_breach(s[1]),
      text=lambda b: f"Focus breach {('I', 'II', 'III', 'IV')[b]} of any player.")
def _focus_any_players_breach(g: Engine, ctx: Ctx, b: int, action: Action | None = None) -> None:
    """Mazra's Thesis: the caster picks the player (READINGS: nothing when none can be focused)."""
    if action is None:
        opts: list[Action] = [("breach", j, b) for j in range(len(g.state.players)) if focusable(g, j, b)]
        if opts:
            ask_step(g, ctx, ("focus_any_players_breach", b), "breach", ctx.you, "Focus whose breach?", opts)
        return
    focus_breach(g, int(action[1]), int(action[2]))


def _check_breach(b: object) -> None:
    if type(b) is not int or not 0 <= b <= 3:
        raise ValueError(f"a breach is 0 to 3 (I to IV), got {b!r}")


MAZRAS_THESIS = CardDef("Mazra's Thesis", "spell", 0, BOX, starter=True,
                        cast=(("damage", 1), ("focus_any_players_breach", 2)))

CARDS: tuple[CardDef, ...] = (RHIAS_PLANAR_POCKET, TALIXS_EVERBURN, LOSTS_FORGED_SPARK, MAZRAS_THESIS,
                              RAZRAS_TRAINING_WHISTLE)
TIER_1 = tuple(TreasureDef(c.name, 1, BOX, card=c.name) for c in CARDS)


# ================================================================== tier 2: the group's
REJUVENATING = "Rejuvenating Diamond"
POISON_HEART = "Poison Heart"
#: Rejuvenating Diamond's extra life; Poison Heart's pile (a spell costing at most this) and bonus
REJUVENATING_EXTRA = 1
POISON_HEART_PILE = ("type_cost_at_most", "spell", 5)
POISON_HEART_BONUS = 1

GRAVEHOLD_EXTRA_LIFE = rule("gravehold_extra_life", lambda n: (
    f"When Gravehold gains life, it gains {n} more (never above its maximum)."))
BESIDE_CAST_BONUS = rule("beside_cast_bonus", lambda n: (
    f"Spells of the supply pile beside this treasure deal {n} more damage with each of their damage sources."))


@trigger_source("treasure", REJUVENATING)("gravehold_heal")
def _rejuvenating(g: Engine, amount: int, source: str) -> int:
    """READINGS["rejuvenating"]: the group's, so it is in play whenever it is chosen; the
    maximum still caps the whole gain."""
    return amount + REJUVENATING_EXTRA if amount > 0 else amount


@trigger_source("treasure", POISON_HEART)("cast_bonus")
def _poison_heart(g: Engine, caster: int, owner: int, b: int, spell: str) -> Bonus | None:
    """P-20: a spell of the pile beside it (READINGS["poison_heart"])."""
    st = g.state
    if works_for(st, POISON_HEART, caster) and st.config.get("treasures", {}).get("pile") == spell:
        return Bonus(damage=POISON_HEART_BONUS)
    return None


TIER_2 = (
    TreasureDef(REJUVENATING, 2, BOX, rules=((GRAVEHOLD_EXTRA_LIFE, REJUVENATING_EXTRA),)),
    TreasureDef("Broken Tooth", 2, BOX, rules=(("on_open", (("draw", 1, "any_ally"),)),)),
    TreasureDef(POISON_HEART, 2, BOX, rules=((BESIDE_CAST_BONUS, POISON_HEART_BONUS),), beside=POISON_HEART_PILE),
)


# ================================================================== tier 3: one player's
PAULDRONS = "Armored Pauldrons"
REBOUND = "Rebound Gauntlet"
#: Armored Pauldrons: a relic costing at least this, and what it does
PAULDRONS_RULE = (3, (("damage", 1),))
#: Rebound Gauntlet: a spell costing at most this
REBOUND_MAX_COST = 5
#: the engine's once-per-turn treasure flag: [seat, treasure] of each one used this turn
ONCE = "treasure_once"

ON_PLAY_RELIC = rule("on_play_relic", lambda cost, steps: (
    f"When you play a relic costing {cost} Æ or more: {render_steps(steps)}"))
REBOUND_RULE = rule("rebound_spell_rule", lambda cost: (
    f"At most once a turn, after casting a spell of cost {cost} Æ or less, you may trade a spell in your "
    "hand for it: discard the one in hand and take the cast spell back into your hand."))


@trigger_source("treasure", PAULDRONS)("played")
def _pauldrons(g: Engine, i: int, name: str) -> None:
    card = catalogue.CARDS[name]
    least, steps = PAULDRONS_RULE
    if card.type == "relic" and card.cost >= least and works_for(g.state, PAULDRONS, i):
        g.ev("treasure", player=i, treasure=PAULDRONS)
        g.push_steps(steps, Ctx(i, i, PAULDRONS))


def _used(st: State, i: int) -> bool:
    return any(tuple(u) == (i, REBOUND) for u in st.flags.get(ONCE, ()))


@trigger_source("treasure", REBOUND)("cast")
def _rebound(g: Engine, caster: int, name: str) -> None:
    st = g.state
    if (catalogue.CARDS[name].cost <= REBOUND_MAX_COST and works_for(st, REBOUND, caster)
            and not _used(st, caster)):
        g.push("s", caster, caster, REBOUND, ("rebound_spell", name))


@step("rebound_spell", text=lambda name: (
        f"You may discard a spell from your hand to return {name} from your discard pile to your hand."))
def _rebound_spell(g: Engine, ctx: Ctx, name: str, action: Action | None = None) -> None:
    """Rebound Gauntlet, after the cast spell's effect: whether to (READINGS["rebound"])."""
    st = g.state
    p = st.players[ctx.you]
    if action is None:
        if name in p.discard and _spells_in_hand(p.hand) and not _used(st, ctx.you):
            ask_step(g, ctx, ("rebound_spell", name), "yes_no", ctx.you,
                     f"Discard a spell from your hand to return {name} to your hand?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        st.flags[ONCE] = (*st.flags.get(ONCE, ()), (ctx.you, REBOUND))
        g.push("s", ctx.you, ctx.owner, ctx.source, ("rebound_discard", name))


def _spells_in_hand(hand: list[str]) -> list[str]:
    return sorted({c for c in hand if catalogue.CARDS[c].type == "spell"})


@step("rebound_discard", text=lambda name: (
        f"Discard a spell from your hand; {name} returns from your discard pile to your hand."))
def _rebound_discard(g: Engine, ctx: Ctx, name: str, action: Action | None = None) -> None:
    """Which spell goes; then the cast spell (its topmost copy in your discard) comes back."""
    p = g.state.players[ctx.you]
    if action is None:
        spells = _spells_in_hand(p.hand)
        if spells and name in p.discard:
            ask_step(g, ctx, ("rebound_discard", name), "discard", ctx.you, f"Discard which spell for {name}?",
                     [("card", c) for c in spells])
        return
    gone = str(action[1])
    del p.discard[len(p.discard) - 1 - p.discard[::-1].index(name)]  # the topmost copy
    p.hand.remove(gone)
    p.discard.append(gone)
    g.ev("discard", player=ctx.you, card=gone, source=REBOUND)
    p.hand.append(name)
    g.ev("treasure", player=ctx.you, treasure=REBOUND)


@step("focus_own_times", text=lambda n: f"Focus one of your closed breaches up to {n} times.")
def _focus_own_times(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """World Marble (READINGS["world_marble"]): the same breach each time."""
    if action is None:
        opts: list[Action] = [("breach", ctx.you, b) for b in range(4) if focusable(g, ctx.you, b)]
        if opts:
            ask_step(g, ctx, ("focus_own_times", n), "breach", ctx.you, f"Focus which breach {n} times?", opts)
        return
    b = int(action[2])
    for _ in range(n):
        if not focusable(g, ctx.you, b):
            break
        focus_breach(g, ctx.you, b)


TIER_3 = (
    TreasureDef("World Marble", 3, BOX, rules=(("on_first_turn", (("focus_own_times", 3),)),)),
    TreasureDef(PAULDRONS, 3, BOX, rules=((ON_PLAY_RELIC, *PAULDRONS_RULE),)),
    TreasureDef("Bloodshot Geode", 3, BOX, rules=(("on_play_gem", 5, (("damage", 2),)),)),
    TreasureDef("Treasured Stone", 3, BOX, rules=(("on_first_turn", (("gain_from_supply", "gem", -1, False),)),)),
    TreasureDef(REBOUND, 3, BOX, rules=((REBOUND_RULE, REBOUND_MAX_COST),)),
)

TREASURES: tuple[TreasureDef, ...] = (*TIER_1, *TIER_2, *TIER_3)
