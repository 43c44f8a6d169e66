"""The basic nemesis cards of Legacy of Gravehold (24 published: 8 of each tier; all written).

Twenty-two of them are dealt into single games like any box's basics. The other two,
*Devil's Pact (Campaign)* and *Divide (Campaign)*, are the campaign's printings of Devil's
Pact and Divide, whose options are struck out as they are chosen: they carry
``NemesisCardDef.campaign``, so they are catalogued and counted here but the registry leaves
them out of ``BASICS`` and no random single-game setup deals them; a campaign that names
them puts them in its nemesis deck.

The box's own words are engine keywords: fire tokens (K-8, ``add_fire``), banishing (C-10,
``banish_this``) and severing (C-8, ``sever``). Cosmopod Horror and Otherling are banished as
they are discarded (their ``discarded`` steps); Collapsing Comet, Crushing Storm and
Demolishing Void when their POWER resolves; Eviscerate and Foggy Miasma once they resolve.

Ceaseless Darkness, Chaos Orb, Disorient, Rend, Crushing Storm and Hex of Destruction carry
the names of The New Age's basic cards, Eviscerate the name of a card of Rageborne, and
Divide is a word the engine's own texts use (its decision of damage divided between
targets): the catalogue is keyed by name, so each is catalogued as ``"<name> (LOG)"`` and
``shown`` as its printed name. The cards that reprint The New Age's effects use its step
kinds, so the box requires The New Age (``Box.requires``).

Struck-out parts: a Legacy nemesis card that strikes out a part of its own text keeps the
strike for the rest of the game in the table token family ``crossed:*`` (the key names the
card, the value holds one bit per part, numbered from 1). A campaign reads and deals them
later; a single game starts with none.

Readings decided here (the values in ``READINGS``):

* *Coal Whelp*: one source spells it "Coal Welp", the other "Coal Whelp"; the card as
  printed says whelp.
* *Consume*, *Disorient*: the damaged player picks the card they discard; the cost or type
  is read from the card discarded.
* *Cosmopod Horror*'s IMMEDIATELY damage lowers the life it enters play with, as New Age's
  Carriode Colony does: with eight or more players it would be defeated there.
* *Pale Reckoner* enters play with its four shields less one per player (never below 0).
* *Incinerate*: "its player" is whoever holds the costliest card in hand (ties: the players
  pick, N-6); the fire is counted from what is left in their hand after the three discards.
* *Devil's Pact (Campaign)*, *Divide (Campaign)*: the option chosen is struck out when the
  card has resolved while two or more options stand; the last one standing is resolved
  without a choice and never struck.
"""

from __future__ import annotations

import re
from typing import Any

from ...boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    Steps,
    ask_step,
    base_name,
    can_resolve,
    chooser,
    condition,
    counter,
    enter_play,
    event_text,
    fire_count,
    per,
    pick,
    render_steps,
    step,
    table_token,
)
from ...boxapi import catalogue as content

#: the project's readings where the sources are silent or disagree (see the docstring)
READINGS: dict[str, Any] = {
    "coal_whelp_name": "Coal Whelp",
    "discard_picked_by": "the damaged player",
    "cosmopod_entry_damage": "a hit as it enters play",
    "pale_reckoner_shields": "4 less one per player, never below 0",
    "incinerate_fire_counted": "after the three discards",
    "campaign_option_struck": "after resolving, while two or more options stand",
}


def _B(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", **kw)


def _reprint(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    """A card sharing its printed name with another box's card (see the docstring)."""
    return NemesisCardDef(f"{name} (LOG)", type_, tier, "LOG", shown=name, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


# ================================================================== struck-out parts


def crossed_key(name: str) -> str:
    """The table token holding the struck-out parts of nemesis card ``name``."""
    return "crossed:" + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


#: token key -> (card name, how many parts it may strike); filled as the cards are written
CROSSABLE: dict[str, tuple[str, int]] = {}


def _crossed_fault(value: int, state: Any, rest: str) -> str | None:
    entry = CROSSABLE.get("crossed:" + rest)
    if entry is None:
        names = ", ".join(sorted(k.partition(":")[2] for k in CROSSABLE))
        return f"names no card that strikes out its own text; use one of {names}"
    top = (1 << entry[1]) - 1
    if not 1 <= value <= top:
        return f"{entry[0]} strikes out parts 1 to {entry[1]}: the value must be from 1 to {top}, got {value}"
    return None


CROSSED = table_token("crossed:*", "the parts of a Legacy nemesis card struck out in this game, one bit per part "
                      "(bit 1: part 1)", _crossed_fault)


def crossable(name: str, parts: int) -> str:
    CROSSABLE[crossed_key(name)] = (name, parts)
    return name


def is_crossed(g: Engine, name: str, part: int) -> bool:
    return bool(int(g.state.tokens.get(crossed_key(name), 0)) >> (part - 1) & 1)


def cross(g: Engine, name: str, part: int) -> None:
    """Strike out part ``part`` of card ``name`` for the rest of the game."""
    key = crossed_key(name)
    g.state.tokens[key] = int(g.state.tokens.get(key, 0)) | 1 << (part - 1)
    g.ev("nemesis_part_crossed", card=name, part=part)


event_text("nemesis_part_crossed", lambda e: f"part {e['part']} of {e['card']} is struck out for the rest of the game")


@step("cross_out_part", text=lambda n: f"Strike out part {n} of this card.")
def _cross_out_part(g: Engine, ctx: Ctx, n: int) -> None:
    cross(g, base_name(ctx.source), n)


@condition("part_standing", lambda n, *, they=False: f"part {n} of this card is not struck out")
def _part_standing(g: Engine, ctx: Ctx, n: int) -> bool:
    return not is_crossed(g, base_name(ctx.source), n)


def _strike_text(options: tuple[Steps, ...]) -> str:
    return ("Choose one option still standing: " + " — or — ".join(render_steps(o) for o in options)
            + " While two or more stand, strike out the one chosen.")


@step("strike_choice", text=_strike_text)
def _strike_choice(g: Engine, ctx: Ctx, options: tuple[Steps, ...], action: Action | None = None) -> None:
    """Campaign variants: a choice among the options not struck out (one that can resolve in
    full preferred, P-7); the chosen one is struck while two or more stood."""
    name = base_name(ctx.source)
    standing = [i for i in range(len(options)) if not is_crossed(g, name, i + 1)]
    if not standing:
        return
    if action is None:
        if len(standing) == 1:
            g.push_steps(options[standing[0]], ctx)
            return
        ok = [i for i in standing if can_resolve(g, ctx, options[i])] or standing
        ask_step(g, ctx, ("strike_choice", options), "or", chooser(g, ctx), "Choose one",
                 [("choose", i) for i in ok])
        return
    i = int(action[1])
    g.push_steps((("cross_out_part", i + 1),), ctx)  # after the option has resolved
    g.push_steps(options[i], ctx)


# ================================================================== shared steps and readings


@condition("fire_at_most", lambda n, *, they=False: f"{n} or fewer fire tokens lie on the location")
def _fire_at_most(g: Engine, ctx: Ctx, n: int) -> bool:
    return fire_count(g.state) <= n


@counter("this_minion_shields", "per shield token on this minion")
def _this_minion_shields(g: Engine, ctx: Ctx) -> int:
    return next((int(c.shields) for c in g.state.nemesis.in_play if c.name == base_name(ctx.source)), 0)


def _one_from_hand(g: Engine, j: int, s: tuple[Any, ...]) -> int:
    return min(1, len(g.state.players[j].hand))


@step("discard_then_if_cheap", hand_loss=_one_from_hand, text=lambda k, then: (
        f"discards a card from their hand; if it costs {k} Æ or less: {render_steps(then)}"))
def _discard_then_if_cheap(g: Engine, ctx: Ctx, k: int, then: Steps, action: Action | None = None) -> None:
    """Consume: the player picks the card; ``then`` follows when it costs ``k`` or less."""
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(p.hand))]
        if opts:
            ask_step(g, ctx, ("discard_then_if_cheap", k, then), "discard", ctx.you,
                     "Discard which card from your hand?", opts)
        return
    name = str(action[1])
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=ctx.you, card=name, source=ctx.source)
    if content.CARDS[name].cost <= k:
        g.push_steps(then, ctx)


@step("fire_per_costly_in_hand", text=lambda k: (
        f"places a fire token on the location for each card costing {k} Æ or more left in their hand."))
def _fire_per_costly_in_hand(g: Engine, ctx: Ctx, k: int) -> None:
    """Incinerate: counted from the player's hand as it is now (after their discards)."""
    n = sum(content.CARDS[c].cost >= k for c in g.state.players[ctx.you].hand)
    if n:
        g.push_steps((("add_fire", n),), ctx)


@step("shed_shields", text=lambda: "This minion sheds one shield token per player in the game.")
def _shed_shields(g: Engine, ctx: Ctx) -> None:
    """Pale Reckoner's IMMEDIATELY: the minion, already in play (N-12), loses them there."""
    st = g.state
    if st.stack and tuple(st.stack[-1]) == ("enter_play", ctx.source):
        st.stack.pop()
        enter_play(g, ctx.source)
    for c in st.nemesis.in_play:
        if c.name == base_name(ctx.source):
            lost = min(c.shields, len(st.players))
            c.shields -= lost
            g.ev("shield_lost", card=c.name, shields=c.shields, source=ctx.source)
            return


@step("collective_lose_charges", text=lambda n: f"The players lose {n} charges between them.")
def _collective_lose_charges(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """One charge per decision, from a player of the players' choice who has one."""
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if p.charges > 0]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_lose_charges", n), "player", chooser(g, ctx),
                     f"Who loses the next charge? ({n} to go)", opts)
        return
    j = int(action[1])
    st.players[j].charges -= 1
    g.ev("charges_lost", player=j, amount=1, source=ctx.source)
    if n > 1:
        g.push_steps((("collective_lose_charges", n - 1),), ctx)


# ================================================================== tier 1

CEASELESS_DARKNESS = _reprint("Ceaseless Darkness", "power", 1, power_tokens=2, to_discard=(("spend_aether", 5),),
                              power=(("unleash", 1), _any(("suffer", 3)), _any(pick("discard", 1))))
CHAOS_ORB = _reprint("Chaos Orb", "power", 1, power_tokens=3, to_discard=(("spend_aether", 6),),
                     power=(("unleash", 1), ("gravehold_damage", 4)))
COAL_WHELP = _B(READINGS["coal_whelp_name"], "minion", 1, life=3, shields=2,
                persistent=(("unleash", 1), ("add_fire", 1)))
CONSUME = _B("Consume", "attack", 1, effect=(
    ("unleash", 1), _any(("suffer", 2), ("discard_then_if_cheap", 2, (("add_fire", 1),)))))
COSMOPOD_HORROR = _B("Cosmopod Horror", "minion", 1, life=8, discarded=(("banish_this",),),
                     immediately=(("entry_damage", per("player_count")),),
                     persistent=(("gravehold_damage", 1), _any(("suffer", 1))))
DISORIENT = _reprint("Disorient", "attack", 1, effect=(
    ("unleash", 1), _any(("suffer", 1), ("discard_then_if_type", "gem", (("gravehold_damage", 2),)))))
IMPENDING_IMMOLATION = _B("Impending Immolation", "power", 1, power_tokens=2, to_discard=(("spend_aether", 6),),
                          power=(("unleash", 1), ("gravehold_damage", 3), ("add_fire", 1)))
REND = _reprint("Rend", "attack", 1, effect=(("unleash", 1), ("gravehold_damage", 1), _any(("suffer", 2))))

# ================================================================== tier 2

COLLAPSING_COMET = _B("Collapsing Comet", "power", 2, power_tokens=1, to_discard=(pick("discard", 4),),
                      power=(("unleash", 2), ("gravehold_damage", 3), ("banish_this",)))
_PACT_OPTIONS: tuple[Steps, ...] = (
    (("gravehold_damage", 5),),
    (_any(("suffer", 5)),),
    (pick("discard", 3, "prepped", "costliest", who="players"),),
    (("unleash", 2), ("collective_lose_charges", 3)),
)
DEVILS_PACT = _B("Devil's Pact", "attack", 2, effect=(
    ("or", _PACT_OPTIONS[0], (("or", _PACT_OPTIONS[1], (("or", _PACT_OPTIONS[2], _PACT_OPTIONS[3]),)),)),))
FOGGY_MIASMA = _B("Foggy Miasma", "attack", 2, effect=(_any(pick("discard", 3), ("suffer", 2)), ("banish_this",)))
OTHERLING = _B("Otherling", "minion", 2, life=10, discarded=(("banish_this",),),
               persistent=(("unleash", 1), _any(("suffer", 1))))
PALE_RECKONER = _B("Pale Reckoner", "minion", 2, life=8, shields=4, immediately=(("shed_shields",),),
                   persistent=(_any(("suffer", 2)), ("add_fire", 1)))
SPREADING_INFERNO = _B("Spreading Inferno", "power", 2, power_tokens=2, to_discard=(("spend_aether", 7),), power=(
    ("unleash", 2), ("if", ("fire_at_most", 3), (("add_fire", 1),), (("unleash", 1),))))
RUIN = _B("Ruin", "attack", 2, effect=(
    ("or", (("unleash", 2), ("gravehold_damage", 3)), (("unleash", 2), ("add_fire", 1))),))
DEVILS_PACT_CAMPAIGN = _B(crossable("Devil's Pact (Campaign)", len(_PACT_OPTIONS)), "attack", 2, campaign=True,
                          effect=(("strike_choice", _PACT_OPTIONS),))

# ================================================================== tier 3

CRUSHING_STORM = _reprint("Crushing Storm", "power", 3, power_tokens=1, to_discard=(("destroy_opened_breaches", 2),),
                          power=(("unleash", 3), ("banish_this",)))
DEMOLISHING_VOID = _B("Demolishing Void", "power", 3, power_tokens=2, power=(
    ("unleash", 1), ("costliest_prepped", "destroy", 4, (("unleash", 1), _any(("suffer", 3))), ()), ("banish_this",)))
_DIVIDE_OPTIONS: tuple[Steps, ...] = ((("unleash", 3),), (("gravehold_damage", 6),), (_any(("suffer", 5)),))
DIVIDE = _reprint("Divide", "attack", 3, effect=(
    ("or", _DIVIDE_OPTIONS[0], (("or", _DIVIDE_OPTIONS[1], _DIVIDE_OPTIONS[2]),)),))
EVISCERATE = _reprint("Eviscerate", "attack", 3, effect=(
    ("unleash", 2), _any(("suffer", 2), pick("destroy", 1, filt="costliest")), ("banish_this",)))
HEX_OF_DESTRUCTION = _reprint("Hex of Destruction", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
                              power=(("unleash", 2), ("gravehold_damage", 4), _any(("destroy_deck_top", 4))))
INCINERATE = _B("Incinerate", "attack", 3, effect=(
    ("unleash", 2),
    ("player", "costliest_in_hand", (("suffer", 2), pick("discard", 3), ("fire_per_costly_in_hand", 2))),
))
VOID_STRAYS = _B("Void Strays", "minion", 3, life=13, persistent=(
    ("or", (_any(("suffer", 3)),), (("unleash", 1), ("add_fire", 2))),))
DIVIDE_CAMPAIGN = _B(crossable("Divide (Campaign)", len(_DIVIDE_OPTIONS)), "attack", 3, campaign=True,
                     effect=(("strike_choice", _DIVIDE_OPTIONS),))

BASIC_CARDS = (
    # tier 1
    CEASELESS_DARKNESS, CHAOS_ORB, COAL_WHELP, CONSUME, COSMOPOD_HORROR, DISORIENT, IMPENDING_IMMOLATION, REND,
    # tier 2
    COLLAPSING_COMET, DEVILS_PACT, FOGGY_MIASMA, OTHERLING, PALE_RECKONER, SPREADING_INFERNO, RUIN,
    DEVILS_PACT_CAMPAIGN,
    # tier 3
    CRUSHING_STORM, DEMOLISHING_VOID, DIVIDE, EVISCERATE, HEX_OF_DESTRUCTION, INCINERATE, VOID_STRAYS,
    DIVIDE_CAMPAIGN,
)
