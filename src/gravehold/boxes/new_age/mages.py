"""The New Age mages, with their unique starting cards and unique breaches (K-13).

One section per mage: the step kinds of its unique starting card right above that card,
then the step kinds of its ability right above the mage. The unique breaches and the
Energize tokens are cast bonuses in ``breaches.py``. ``UNIQUE_CARDS`` and ``MAGES`` gather
them at the end.

Hands, decks, charges and breach setups follow the mats (the wiki's setups; every mage has
its five-card hand and deck). Card names follow the English cards: Taqren's starter is
"Gift of Spirit" (one source writes "Gift Of Spirit").

Readings decided here:

- *Unique breaches* replace the standard breach of their slot, so they add none of its
  standard damage: Sahala's opened Celestial Breach IV adds 2 (not 1 + 2), Taqren's opened
  Defender Breach IV adds no damage but 1 Gravehold life, and Gygar's Ancient Breach I adds
  1 per Surge token (as the War Eternal Sigil breach replaces its breach's bonus).
- *Star Bind* (Sahala) may be activated in her casting phase or her main phase (window
  ``your_casting_main``); the casting phase is then offered even with no spell prepped.
  Revealing three from a deck that holds fewer turns the discard over beneath it (P-16);
  the spell taken is one of the revealed cards (none: nothing), the others go back on top
  in the order she chooses (P-17). Spells prepped by it may share the Celestial Breach
  whether it is opened or closed (P-13's exception); a spell that must lie across two
  breaches cannot be prepped there.
- *High Tide* (Gygar): a Surge token beyond the tenth is not placed (the OR then prefers
  casting); the cast spell takes the Ancient Breach's bonus like any cast from it.
- *Energized Sigil* (Soskel): a token may go on any player's breach that exists (opened or
  closed), never one destroyed or missing; discarding one heals the breach's owner.
- *Soaring Ash* (Talix): "your turn order card" is the topmost card of the turn order
  discard that gives this player a turn: their own card, their pair's card, any player card
  in true solo, or the wild card when it lies on top (it gave this turn). Two Sparks must be
  destroyed (Forged Sparks count); with fewer, or no such card, nothing happens.
- *Sublimate* (Rhia): only a card whose supply pile is in this game can be returned (never
  a starting card); the gained card comes from any pile with a card left.
- *Aeplosion* (Claudia): activated in an ally's main phase (in true solo, her own: SO-1);
  "that ally" is the player whose turn it is. The copy is gained from the same supply pile
  onto Claudia's discard pile, if that pile still has a card.
- *Aetherscope* (Claudia): "gain 2 charges" is hers (the text speaks to the player); she
  names the ally (in true solo herself), who loses 1 charge.
- *Lucky Coin* (Soskel): losing the charge is an optional extra cost (K-15), the shared
  ``may_pay`` step of ``engine/keywords/extra_cost.py``, offered only with a charge to lose.
- *Furnacium* (Talix): the relic goes from the play area onto the deck's top when chosen.
- *The Forged deck* (Lost): the box has 9 Forged cards (the rulebook's component list); the
  data does not list them. Decided: 5 Forged Crystals and 4 Forged Sparks, one for each
  Crystal and Spark of Lost's starting cards. Their texts are not given either; the
  treasure cards named after them in later boxes give a Forged Crystal "gain 2 Æ" and a
  Forged Spark "deal 2 damage", so they are encoded so (gem and spell costing 0). They lie
  beside Lost's mat (``MageDef.set_aside`` -> ``Player.set_aside``), are gained only by
  Heart Forge, into hand, and count as Crystals and Sparks for this box's cards (Heart
  Forge, Soaring Ash); other boxes' cards that name a Spark do not see them yet.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    BREACH_NAMES,
    AbilityDef,
    Action,
    BreachSetup,
    CardDef,
    Ctx,
    Engine,
    MageDef,
    Player,
    State,
    ask_step,
    cast_spell,
    count_of,
    destroy_from,
    flip_discard,
    gain_card,
    op,
    own_turn_card,
    pick,
    prep_spell,
    receive_gained,
    return_turn_card,
    step,
)
from ...boxapi import catalogue as content
from .breaches import ANCIENT, CELESTIAL, DEFENDER, ENERGIZE_KEYS, MAX_SURGE, SURGE, slot_of

OPEN = BreachSetup("open")
NONE = BreachSetup("none")


def C(stage: int, special: str | None = None) -> BreachSetup:
    return BreachSetup("closed", stage, special)


#: Forged cards and the starting card each counts as (the Forged deck, Lost)
COUNTS_AS = {"Forged Crystal": "Crystal", "Forged Spark": "Spark"}
FORGED = {v: k for k, v in COUNTS_AS.items()}


def kind_of(name: str) -> str | None:
    """``"Crystal"`` / ``"Spark"`` for a Crystal or Spark, Forged ones included; else None."""
    return name if name in FORGED else COUNTS_AS.get(name)


# ================================================================== Sahala

SPARKLING_METEORITE = CardDef("Sparkling Meteorite", "gem", 0, "NA",
                              play=(("or", (("aether", 1),), (("aether_for", 3, "breach"),)),),
                              starter=True, mage="Sahala")


@step("reveal_take_spell", text=lambda n: (
        f"Reveal your deck's top {count_of(n, 'card')}; one spell among them goes to your hand, the "
        "rest return on top in an order you pick."))
def _reveal_take_spell(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Star Bind: the revealed cards stay on the deck while the choices are made."""
    p = g.state.players[ctx.you]
    if action is None:
        if len(p.deck) < n and p.discard:  # P-16: the discard turned over goes beneath
            flip_discard(g, ctx.you)
        top = p.deck[:n]
        if not top:
            return
        g.ev("revealed", player=ctx.you, cards=list(top), source=ctx.source)
        spells = list(dict.fromkeys(c for c in top if content.CARDS[c].type == "spell"))
        if not spells:
            g.push("na_order_top", ctx.you, ctx.source, 0, len(top))
            return
        ask_step(g, ctx, ("reveal_take_spell", n), "to_hand", ctx.you,
                 "Which revealed spell goes into your hand?", [("card", c) for c in spells])
        return
    name = str(action[1])
    k = min(n, len(p.deck))
    del p.deck[p.deck[:k].index(name)]
    p.hand.append(name)
    g.ev("put_in_hand", player=ctx.you, card=name, source=ctx.source)
    g.push("na_order_top", ctx.you, ctx.source, 0, k - 1)


@op("na_order_top")
def _na_order_top(g: Engine, i: int, source: str, start: int, k: int, action: Action | None = None) -> None:
    """P-17: cards ``start .. start + k`` of the deck go back in the order the player picks,
    the next one from the top each time."""
    p = g.state.players[i]
    window = p.deck[start:start + k]
    if action is None:
        names = list(dict.fromkeys(window))
        if len(names) > 1:
            g.ask("order", i, source, "Which revealed card goes back on top next?",
                  [("card", c) for c in names], ("na_order_top", i, source, start, k))
        return
    name = str(action[1])
    del p.deck[start + window.index(name)]
    p.deck.insert(start, name)
    g.push("na_order_top", i, source, start + 1, k - 1)


@step("prep_to_special", text=lambda special, n: (
        f"If no spell is prepped to your {special}, prep as many as {n} spells from your hand to it."))
def _prep_to_special(g: Engine, ctx: Ctx, special: str, n: int) -> None:
    p = g.state.players[ctx.you]
    b = slot_of(p, special)
    if b is None:
        return
    br = p.breaches[b]
    if br.state in ("none", "destroyed") or br.spells or br.covered_by >= 0:
        return
    g.push("na_prep_to_breach", ctx.you, ctx.source, b, n)


@op("na_prep_to_breach")
def _na_prep_to_breach(g: Engine, i: int, source: str, b: int, n: int, action: Action | None = None) -> None:
    """Prep up to n spells from hand to breach b, opened or closed, sharing it (Star Bind)."""
    p = g.state.players[i]
    if action is None:
        names = list(dict.fromkeys(c for c in p.hand if content.CARDS[c].type == "spell"
                                   and not content.CARDS[c].two_breaches))
        if n > 0 and names:
            g.ask("prep", i, source, f"Prep a spell to breach {BREACH_NAMES[b]}? ({n} at most)",
                  [("prep", c, b) for c in names] + [("done",)], ("na_prep_to_breach", i, source, b, n))
        return
    if action[0] == "done":
        return
    prep_spell(g, i, str(action[1]), b, from_zone="hand")
    g.push("na_prep_to_breach", i, source, b, n - 1)


SAHALA = MageDef(
    "Sahala", "Sahala", "Oracle", "NA",
    AbilityDef("Star Bind", "your_casting_main", 4,
               (("reveal_take_spell", 3), ("prep_to_special", CELESTIAL, 2))),
    hand=("Crystal", "Crystal", "Crystal", "Sparkling Meteorite", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(2), C(0), C(0, CELESTIAL)), uniques=("Sparkling Meteorite",),
)

# ================================================================== Gygar

TIDAL_SURGE = CardDef("Tidal Surge", "spell", 0, "NA", cast=(("gain_charge", 1),), starter=True, mage="Gygar")


def _surge_room(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return g.state.players[ctx.you].tokens.get(SURGE, 0) < MAX_SURGE


@step("surge_token", can_resolve=_surge_room, text=lambda: (
        f"Your Ancient Breach takes one more Surge token ({MAX_SURGE} at most); each adds 1 damage to "
        "the spells cast from it."))
def _surge_token(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    if p.tokens.get(SURGE, 0) < MAX_SURGE:
        p.tokens[SURGE] = p.tokens.get(SURGE, 0) + 1
        g.ev("token", player=ctx.you, token=SURGE, amount=1, total=p.tokens[SURGE])


def _special_prepped(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    p = g.state.players[ctx.you]
    b = slot_of(p, s[1])
    return b is not None and bool(p.breaches[b].spells)


@step("cast_from_special", can_resolve=_special_prepped, text=lambda special: (
        f"Cast a spell prepped to your {special}."))
def _cast_from_special(g: Engine, ctx: Ctx, special: str, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    b = slot_of(p, special)
    if b is None:
        return
    if action is None:
        opts: list[Action] = [("spell", ctx.you, b, k) for k in range(len(p.breaches[b].spells))]
        if opts:
            ask_step(g, ctx, ("cast_from_special", special), "spell", ctx.you, f"Cast which spell of your {special}?",
                     opts)
        return
    cast_spell(g, ctx.you, ctx.you, b, int(action[3]))


GYGAR = MageDef(
    "Gygar", "Gygar", "Tide Master", "NA",
    AbilityDef("High Tide", "your_main", 5,
               (("or", (("surge_token",),), (("cast_from_special", ANCIENT), ("gain_charge", 2))),)),
    hand=("Crystal", "Crystal", "Crystal", "Tidal Surge", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Tidal Surge", "Spark"),
    breaches=(BreachSetup("open", 0, ANCIENT), OPEN, C(1), C(1)), uniques=("Tidal Surge",),
)

# ================================================================== Soskel


# K-15: losing a charge is an optional extra cost, offered while the card resolves
LUCKY_COIN = CardDef("Lucky Coin", "gem", 0, "NA",
                     play=(("aether", 1), ("may_pay", "you", (("lose_charges", 1),), (("aether", 2),), ())),
                     starter=True, mage="Soskel")


def _breaches_without_energize(st: State) -> list[Action]:
    return [("breach", j, b) for j, p in enumerate(st.players) for b, br in enumerate(p.breaches)
            if br.state in ("open", "closed") and not p.tokens.get(ENERGIZE_KEYS[b])]


def _breaches_with_energize(st: State) -> list[Action]:
    return [("breach", j, b) for j, p in enumerate(st.players) for b in range(4) if p.tokens.get(ENERGIZE_KEYS[b])]


@step("place_energize", can_resolve=lambda g, ctx, s: bool(_breaches_without_energize(g.state)), text=lambda: (
        "Put an Energize token on a breach of any player that lacks one; casting a spell from that "
        "breach gives the caster 1 charge."))
def _place_energize(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts = _breaches_without_energize(st)
        if opts:
            ask_step(g, ctx, ("place_energize",), "breach", ctx.you, "Place the Energize token on which breach?", opts)
        return
    j, b = int(action[1]), int(action[2])
    st.players[j].tokens[ENERGIZE_KEYS[b]] = 1
    g.ev("token", player=j, token=ENERGIZE_KEYS[b], amount=1, total=1, source=ctx.source)


@step("discard_energize_life", can_resolve=lambda g, ctx, s: bool(_breaches_with_energize(g.state)),
      text=lambda n: f"Discard an Energize token from any player's breach; that player gains {n} life.")
def _discard_energize_life(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    from ...boxapi import heal_player

    st = g.state
    if action is None:
        opts = _breaches_with_energize(st)
        if opts:
            ask_step(g, ctx, ("discard_energize_life", n), "breach", ctx.you, "Discard which Energize token?", opts)
        return
    j, b = int(action[1]), int(action[2])
    del st.players[j].tokens[ENERGIZE_KEYS[b]]
    g.ev("token", player=j, token=ENERGIZE_KEYS[b], amount=-1, total=0, source=ctx.source)
    heal_player(g, j, n, ctx.source)


SOSKEL = MageDef(
    "Soskel", "Soskel", "Aristocrat", "NA",
    AbilityDef("Energized Sigil", "your_main", 4,
               (("or", (("place_energize",),), (("discard_energize_life", 4),)),)),
    hand=("Crystal", "Crystal", "Crystal", "Lucky Coin", "Spark"),
    deck=("Spark", "Crystal", "Crystal", "Crystal", "Crystal"),
    breaches=(OPEN, C(1), C(0), C(0)), uniques=("Lucky Coin",),
)

# ================================================================== Taqren

GIFT_OF_SPIRIT = CardDef("Gift of Spirit", "spell", 0, "NA",
                         cast=(("or", (("damage", 1),), (("draw", 1, "any_ally"),)),),
                         starter=True, mage="Taqren")


@step("life_per_opened", text=lambda: "A player of your choice gains as much life as you have opened breaches.")
def _life_per_opened(g: Engine, ctx: Ctx) -> None:
    n = sum(1 for br in g.state.players[ctx.you].breaches if br.state == "open")
    if n > 0:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("life", n, "any_player"))


TAQREN = MageDef(
    "Taqren", "Taqren", "The Shield", "NA",
    AbilityDef("Breach Siphon", "your_main", 4, (("focus_any",), ("life_per_opened",))),
    hand=("Crystal", "Crystal", "Crystal", "Crystal", "Gift of Spirit"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(1), C(0), C(1, DEFENDER)), uniques=("Gift of Spirit",),
)

# ================================================================== Talix


@step("discard_spells_for_aether", text=lambda n: (
        f"Discard up to {n} spells from hand, each for 1 Æ."))
def _discard_spells_for_aether(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        names = list(dict.fromkeys(c for c in p.hand if content.CARDS[c].type == "spell"))
        if n > 0 and names:
            ask_step(g, ctx, ("discard_spells_for_aether", n), "discard", ctx.you,
                     f"Discard a spell for 1 Æ? ({n} at most)", [("card", c) for c in names] + [("done",)])
        return
    if action[0] == "done":
        return
    name = str(action[1])
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=ctx.you, card=name, source=ctx.source)
    p.aether += 1
    g.ev("aether", player=ctx.you, amount=1, source=ctx.source)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("discard_spells_for_aether", n - 1))


@step("may_put_this_on_deck", text=lambda: "You may put this card on top of your deck.")
def _may_put_this_on_deck(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if ctx.source not in p.played:
        return
    if action is None:
        ask_step(g, ctx, ("may_put_this_on_deck",), "yes_no", ctx.you, f"Put {ctx.source} on top of your deck?",
                 [("yes",), ("no",)])
        return
    if action[0] == "yes":
        p.played.remove(ctx.source)
        p.deck.insert(0, ctx.source)
        g.ev("to_deck", player=ctx.you, card=ctx.source)


FURNACIUM = CardDef("Furnacium", "relic", 0, "NA",
                    play=(("aether", 1), ("discard_spells_for_aether", 3), ("may_put_this_on_deck",)),
                    starter=True, mage="Talix")



def _sparks_in_hand(p: Player) -> list[str]:
    return [c for c in p.hand if kind_of(c) == "Spark"]


def _can_soar(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    st = g.state
    return len(_sparks_in_hand(st.players[ctx.you])) >= s[1] and own_turn_card(st, ctx.you) is not None


@step("destroy_sparks_shuffle_turn", can_resolve=_can_soar, text=lambda n: (
        f"Destroy {n} Sparks from hand (Forged Sparks count); then your turn order card goes back "
        "into the turn order deck, which is shuffled."))
def _destroy_sparks_shuffle_turn(g: Engine, ctx: Ctx, n: int) -> None:
    st = g.state
    if len(_sparks_in_hand(st.players[ctx.you])) >= n and own_turn_card(st, ctx.you) is not None:
        g.push("na_soaring_ash", ctx.you, ctx.source, n)


@op("na_soaring_ash")
def _na_soaring_ash(g: Engine, i: int, source: str, left: int, action: Action | None = None) -> None:
    """Destroy the Sparks one by one (a Spark or a Forged Spark), then move the turn order card."""
    st = g.state
    p = st.players[i]
    if left <= 0:
        idx = own_turn_card(st, i)
        if idx is None:
            return
        return_turn_card(g, idx, source)
        return
    if action is None:
        names = list(dict.fromkeys(_sparks_in_hand(p)))
        if names:
            g.ask("destroy", i, source, f"Destroy which Spark? ({left} to go)", [("card", c) for c in names],
                  ("na_soaring_ash", i, source, left))
        return
    destroy_from(g, i, "hand", str(action[1]), source)
    g.push("na_soaring_ash", i, source, left - 1)


TALIX = MageDef(
    "Talix", "Talix", "The Chain", "NA",
    AbilityDef("Soaring Ash", "your_main", 5,
               (("or", (("destroy_sparks_shuffle_turn", 2),), (("gravehold_life", 5),)),)),
    hand=("Furnacium", "Spark", "Spark", "Spark", "Spark"),
    deck=("Spark", "Spark", "Spark", "Spark", "Furnacium"),
    breaches=(OPEN, C(2), C(1), C(1)), uniques=("Furnacium",),
)

# ================================================================== Rhia

PLANAR_POCKET = CardDef("Planar Pocket", "gem", 0, "NA", play=(("aether", 1), ("aether_for", 2, "relic")),
                        starter=True, mage="Rhia")


def _returnable(st: State, p: Player) -> list[Action]:
    piles = set(st.supply_names)
    return [("card", zone, c) for zone in ("hand", "discard")
            for c in dict.fromkeys(getattr(p, zone)) if c in piles]


@step("sublimate", text=lambda more, relic_more: (
        "Put a card of your hand or discard pile back on its supply pile; then take one costing at "
        f"most {more} Æ more ({relic_more} Æ more for a relic put back) from any supply pile into "
        "your hand."))
def _sublimate(g: Engine, ctx: Ctx, more: int, relic_more: int, action: Action | None = None) -> None:
    st = g.state
    p = st.players[ctx.you]
    if action is None:
        opts = _returnable(st, p)
        if opts:
            ask_step(g, ctx, ("sublimate", more, relic_more), "card", ctx.you,
                     "Return which card to its supply pile?", opts)
        return
    zone, name = str(action[1]), str(action[2])
    cards: list[str] = getattr(p, zone)
    del cards[len(cards) - 1 - cards[::-1].index(name)]  # the topmost copy of a discard pile
    st.supply_counts[st.supply_names.index(name)] += 1
    g.ev("returned_to_supply", player=ctx.you, card=name, source=ctx.source)
    card = content.CARDS[name]
    g.push("na_gain_to_hand", ctx.you, ctx.source, card.cost + (relic_more if card.type == "relic" else more))


@op("na_gain_to_hand")
def _na_gain_to_hand(g: Engine, i: int, source: str, most: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("gain", n) for n, k in zip(st.supply_names, st.supply_counts, strict=True)
                              if k > 0 and content.CARDS[n].cost <= most]
        if opts:
            g.ask("gain", i, source, f"Take which card (costing at most {most} Æ) into your hand?", opts,
                  ("na_gain_to_hand", i, source, most))
        return
    gain_card(g, i, str(action[1]), on_your_turn=i == st.active, to_hand=True)


RHIA = MageDef(
    "Rhia", "Rhia", "Relic Hunter", "NA",
    AbilityDef("Sublimate", "your_main", 4, (("sublimate", 2, 3),)),
    hand=("Crystal", "Crystal", "Crystal", "Planar Pocket", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Crystal"),
    breaches=(NONE, C(2), C(1), C(1)), uniques=("Planar Pocket",),
)

# ================================================================== Claudia


def _ally_has_charge(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return any(g.state.players[j].charges >= s[1] for j in g.allies(ctx.you))


@step("ally_may_lose_charge_you_gain", can_resolve=_ally_has_charge, text=lambda lose, gain: (
        f"An ally of your choice may lose {count_of(lose, 'charge')}; if they do, you gain "
        f"{count_of(gain, 'charge')}."))
def _ally_may_lose_charge_you_gain(g: Engine, ctx: Ctx, lose: int, gain: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you) if st.players[j].charges >= lose]
        if opts:
            ask_step(g, ctx, ("ally_may_lose_charge_you_gain", lose, gain), "player", ctx.you,
                     f"Which ally loses {count_of(lose, 'charge')} so that you gain {gain}?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    j = int(action[1])
    st.players[j].charges -= lose
    g.ev("charges_lost", player=j, amount=lose, source=ctx.source)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("gain_charge", gain))


AETHERSCOPE = CardDef("Aetherscope", "gem", 0, "NA",
                      play=(("or", (("aether", 1),), (("ally_may_lose_charge_you_gain", 1, 2),)),),
                      starter=True, mage="Claudia")


@step("active_aether", text=lambda n: f"The player whose turn it is gains {n} Æ.")
def _active_aether(g: Engine, ctx: Ctx, n: int) -> None:
    st = g.state
    if st.active >= 0:
        st.players[st.active].aether += n
        g.ev("aether", player=st.active, amount=n, source=ctx.source)


@step("copy_next_gain", text=lambda: (
        "Later this turn, when that player next takes a supply card, you also take one from "
        "the same pile."))
def _copy_next_gain(g: Engine, ctx: Ctx) -> None:
    """Turn flag ``copy_gain`` (read by ``turn.gain_card``): (the active player, you)."""
    st = g.state
    if st.active >= 0:
        st.flags["copy_gain"] = (st.active, ctx.you)


CLAUDIA = MageDef(
    "Claudia", "Claudia", "Prospector", "NA",
    AbilityDef("Aeplosion", "ally_main", 5,
               (("or", (("active_aether", 2), ("copy_next_gain",)), (("active_aether", 5),)),)),
    hand=("Crystal", "Crystal", "Crystal", "Crystal", "Aetherscope"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(NONE, C(0), C(1), C(3)), uniques=("Aetherscope",),
)

# ================================================================== Lost

FORGED_CRYSTAL = CardDef("Forged Crystal", "gem", 0, "NA", play=(("aether", 2),), starter=True, mage="Lost")
FORGED_SPARK = CardDef("Forged Spark", "spell", 0, "NA", cast=(("damage", 2),), starter=True, mage="Lost")


def _forge_options(st: State, p: Player) -> list[Action]:
    left = {c for q in st.players for c in q.set_aside}
    return [("card", c) for c in dict.fromkeys(p.hand) if (k := kind_of(c)) is not None and FORGED[k] in left]


@step("forge", can_resolve=lambda g, ctx, s: bool(_forge_options(g.state, g.state.players[ctx.you])), text=lambda: (
        "Destroy a Spark or Crystal from your hand (Forged ones count); take a Forged card of the same "
        "kind from the Forged deck into your hand."))
def _forge(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Heart Forge: the Forged deck lies beside its owner's mat (``Player.set_aside``)."""
    st = g.state
    p = st.players[ctx.you]
    if action is None:
        opts = _forge_options(st, p)
        if opts:
            ask_step(g, ctx, ("forge",), "destroy", ctx.you, "Destroy which Spark or Crystal for a Forged card?", opts)
        return
    name = str(action[1])
    forged = FORGED[kind_of(name) or ""]
    destroy_from(g, ctx.you, "hand", name, ctx.source)
    for q in st.players:
        if forged in q.set_aside:
            q.set_aside.remove(forged)
            receive_gained(g, ctx.you, forged, on_your_turn=ctx.you == st.active, to_hand=True)
            return


HEART_FORGE = CardDef("Heart Forge", "gem", 0, "NA", play=(("or", (("aether", 1),), (("forge",),)),),
                      starter=True, mage="Lost")

LOST = MageDef(
    "Lost", "Lost", "Living Forge", "NA",
    AbilityDef("Meek's Might", "your_main", 5, (pick("to_hand", 4, "discard", ("cost", 0), how="up_to"),)),
    hand=("Crystal", "Crystal", "Heart Forge", "Spark", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(2), C(0), C(0)), uniques=("Heart Forge",),
    set_aside=("Forged Crystal",) * 5 + ("Forged Spark",) * 4,
)

UNIQUE_CARDS = (SPARKLING_METEORITE, TIDAL_SURGE, LUCKY_COIN, GIFT_OF_SPIRIT, FURNACIUM, PLANAR_POCKET,
                AETHERSCOPE, HEART_FORGE, FORGED_CRYSTAL, FORGED_SPARK)

MAGES = (SAHALA, GYGAR, SOSKEL, TAQREN, TALIX, RHIA, CLAUDIA, LOST)
