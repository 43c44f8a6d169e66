"""Legacy of Gravehold supply cards of the city Gravehold, each with the step kinds only it uses.

Readings decided here (the card texts leave them open):

- *Scrying Sugilite* always reveals: revealing costs nothing and can only gain aether.
- *Electrum Rod*: you choose the player and which of their closed breaches is focused (or
  none); the charge goes to you, when that player holds a prepped spell costing 5 Æ or more
  after the focus.
- *Aether Dust* / *Void Anchor*: "ally" is another player (your own seat in true solo, SO-1).
- *Volcanic Shrapnel* deals three separate 1-damage sources.
- *Cobalt Clump* / *Galactum Cache* wait for the next card costing enough that the player
  whose turn it is gains this turn, by any means; each copy played waits on its own.
- *Galactum Cache*'s ally draws and discards nothing until the card holds a boost mark; the
  boost marks the copy in the play area, so it counts from the next time the copy is played.
- *Rainbow Surge* counts a minion as discarded by its damage when the nemesis discard pile
  holds one more minion after the damage than before.
- *Echo Rune* / *Grassblade* are used from the hand in an ally's main phase as that
  phase's action (``engine/keywords/ally_hand.py``): the group decides, as for an ally's ability.
- *Sunken Onyx* answers a focus of a breach (not an opening) by any means, of the breach's
  owner; its holder is asked once what the focus itself triggers has resolved.
- *Quicksilver Bolt* is boosted when prepped by any means in its owner's own main phase (the
  mark lies on the copy in its breach); prepped in an ally's main phase it goes to an opened
  breach with room, as that phase's action. It prints three boost circles (no source counts
  them: the project's reading, ``circles``); its marks change no step, its damage reads them.
- *Shattered Rupix* / *Crystal Carapace* are asked about when any source but themselves would
  discard or destroy them through the engine's shared moves (``engine/keywords/keep_self.py``);
  a Carapace taken from a breach may be prepped again to that breach only.
- *Fractured Lightning* reveals the nemesis deck's top card (it stays there); the copy that
  fills its last overheat circle is destroyed at once and the nemesis Unleashes.

Marks (K-9): no source counts the circles, so the boost/overheat cards take the project's
reading, three circles of their mark (``marks.CIRCLES``); Fractured Lightning, whose overheat
changes no step, states its three (``circles``).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    CARD_RULES,
    FILTERS,
    Action,
    Board,
    CardDef,
    Ctx,
    Engine,
    Option,
    Seat,
    ask_step,
    catalogue,
    destroy_from,
    draw_cards,
    event_text,
    focus_breach,
    focusable,
    fully_marked,
    game_cards,
    hand_act,
    hand_refocus,
    heal_player,
    hints,
    keeps_itself,
    mark_copy,
    pick,
    render_steps,
    seat,
    step,
    trigger_source,
    turn_flag,
)

CITY = "Gravehold"

FILTERS.setdefault("cost_at_most", type(FILTERS["cost"])(lambda c, k: c.cost <= k, 1, text=" costing {0} Æ or less"))


def _card(name: str, ctype: str, cost: int, **kw: Any) -> CardDef:
    return CardDef(name, ctype, cost, "LOG", city=CITY, **kw)


# ------------------------------------------------------------------ Darklite Sample


@step("may_deck_to_discard", text=lambda: (
        "You may put your whole deck onto your discard pile, keeping its order."))
def _may_deck_to_discard(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if p.deck:
            ask_step(g, ctx, ("may_deck_to_discard",), "yes_no", ctx.you,
                     "Put your deck onto your discard pile?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        moved, p.deck = list(p.deck), []
        # the deck's top card ends on top of the discard pile, the order kept
        p.discard.extend(reversed(moved))
        g.ev("deck_to_discard", player=ctx.you, cards=len(moved), source=ctx.source)


event_text("deck_to_discard", lambda e: f"{seat(e['player'])} puts their deck ({e['cards']} cards) onto their "
           f"discard pile ({e['source']})")

DARKLITE_SAMPLE = _card("Darklite Sample", "gem", 3, play=(("aether", 2), ("may_deck_to_discard",)))

# ------------------------------------------------------------------ Scrying Sugilite


@step("reveal_top_spell_aether", text=lambda n: (
        f"Reveal your deck's top card. If that card is a spell, gain {n} more Æ."))
def _reveal_top_spell_aether(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    if not p.deck:
        return
    top = p.deck[0]
    g.ev("revealed", player=ctx.you, card=top, source=ctx.source)
    if catalogue.CARDS[top].type == "spell":
        p.aether += n
        g.ev("aether", player=ctx.you, amount=n, source=ctx.source)


SCRYING_SUGILITE = _card("Scrying Sugilite", "gem", 3, play=(("aether", 2), ("reveal_top_spell_aether", 1)))

# ------------------------------------------------------------------ Glint Splinter

GLINT_SPLINTER = _card("Glint Splinter", "gem", 4, play=(("aether", 2),), recall=(
    pick("discard", 1, "prepped", how="may", then=(("aether", 1), ("next_gain_to_deck",))),))

# ------------------------------------------------------------------ Aether Dust and Void Anchor


@step("allies_aether_tokens", text=lambda n, each: (
        f"{'Each ally' if each else 'An ally of your choice'} gains {n} aether token{'s' if n != 1 else ''}."))
def _allies_aether_tokens(g: Engine, ctx: Ctx, n: int, each: bool, action: Action | None = None) -> None:
    allies = g.allies(ctx.you)
    if each:
        for j in reversed(allies):
            g.push("s", j, j, ctx.source, ("gain_aether_tokens", n))
        return
    if action is None:
        ask_step(g, ctx, ("allies_aether_tokens", n, each), "player", ctx.you,
                 "Which ally gains the aether tokens?", [("player", j) for j in allies])
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, ("gain_aether_tokens", n))


AETHER_DUST = _card("Aether Dust", "gem", 5, play=(("aether", 2), ("allies_aether_tokens", 1, True)))
VOID_ANCHOR = _card("Void Anchor", "relic", 5, play=(("silence",), ("allies_aether_tokens", 2, False)),
                    recall=(("gravehold_life", 1),))

# ------------------------------------------------------------------ Electrum Rod


def _focus_options(g: Engine) -> list[Action]:
    return [("breach", j, b) for j, p in enumerate(g.state.players) for b in range(len(p.breaches))
            if focusable(g, j, b)]


@step("focus_then_charge_if_costly", text=lambda cost: (
        "A player of your choice may focus one of their breaches; if they then have a prepped spell "
        f"costing {cost} Æ or more, gain 1 charge."))
def _focus_then_charge(g: Engine, ctx: Ctx, cost: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts = _focus_options(g)
        if opts:
            ask_step(g, ctx, ("focus_then_charge_if_costly", cost), "breach", ctx.you,
                     "Focus which player's breach?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    j, b = int(action[1]), int(action[2])
    focus_breach(g, j, b)
    if any(catalogue.CARDS[s].cost >= cost for br in st.players[j].breaches for s in br.spells):
        g.push("s", ctx.you, ctx.owner, ctx.source, ("gain_charge", 1))


ELECTRUM_ROD = _card("Electrum Rod", "relic", 3, play=(("focus_then_charge_if_costly", 5),))

# ------------------------------------------------------------------ the plain ones

CHAOS_CHARM = _card("Chaos Charm", "relic", 5, play=(
    ("different_players", 2, (pick("destroy", how="may"),)), ("may_destroy_played", (("remove_fire", 1),))))
EVAPORATING_RAY = _card("Evaporating Ray", "spell", 4, cast=(("damage_more_if_ally_discards_costly", 3, 2, 2),))
CASCADE = _card("Cascade", "spell", 5, cast=(
    ("damage", 3), pick("to_hand", 1, "discard", ("cost_at_most", 4), how="may")))
FLAMEQUAKE = _card("Flamequake", "spell", 6, cast=(("damage", 5),), recall=(
    ("may_pay", "you", (("lose_charges", 2),), (("remove_fire", 1),), ()),))
VOLCANIC_SHRAPNEL = _card("Volcanic Shrapnel", "spell", 8, cast=(
    ("damage", 1), ("damage", 1), ("damage", 1), pick("to_hand", 2, "discard", ("cost", 0), how="up_to")))

# ------------------------------------------------------------------ Evaporating Ray


@step("damage_more_if_ally_discards_costly", text=lambda n, at_least, more: (
        f"Deal {n} damage; an ally of your choice may first discard a card in hand costing {at_least} Æ or more "
        f"to deal {more} more."))
def _damage_more_if_ally_discards_costly(g: Engine, ctx: Ctx, n: int, at_least: int, more: int,
                                         action: Action | None = None) -> None:
    """One damage source, made larger by the ally's discard (the ally discards, you name them)."""
    st = g.state
    me = ("damage_more_if_ally_discards_costly", n, at_least, more)
    if action is None:
        opts: list[Action] = [("gem", j, c) for j in g.allies(ctx.you)
                              for c in sorted(set(st.players[j].hand)) if catalogue.CARDS[c].cost >= at_least]
        if not opts:
            g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n))
            return
        ask_step(g, ctx, me, "discard", ctx.you, f"An ally discards which card for {more} more damage?",
                 opts + [("skip",)])
        return
    if action[0] == "skip":
        g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n))
        return
    j, name = int(action[1]), str(action[2])
    p = st.players[j]
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=j, card=name, source=ctx.source)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n + more))


# ------------------------------------------------------------------ Cobalt Clump and Galactum Cache

WAITING = turn_flag("log_costly_gain", "cards played this turn that wait for the next costly card gained")


@step("wait_costly_gain", text=lambda at_least, then: (
        f"The next time you gain a card costing {at_least} Æ or more this turn: {render_steps(then)}"))
def _wait_costly_gain(g: Engine, ctx: Ctx, at_least: int, then: tuple[object, ...]) -> None:
    st = g.state
    st.flags[WAITING] = [*st.flags.get(WAITING, ()), ctx.source]


def _wait_of(name: str) -> tuple[int, tuple[Any, ...]] | None:
    """The threshold and steps of a card's ``wait_costly_gain`` (None when it has none)."""
    card = catalogue.CARDS.get(name)
    if card is None:
        return None
    return next(((int(s[1]), tuple(s[2])) for s in card.play if s[0] == "wait_costly_gain"), None)


def _waiting_in_game(st: object) -> bool:
    return any(_wait_of(n) for n in game_cards(st))


@trigger_source("keyword", "log next costly gain", present=_waiting_in_game)("gained")
def _on_costly_gain(g: Engine, i: int, name: str) -> None:
    st = g.state
    waiting = list(st.flags.get(WAITING, ())) if st.flags else []
    if not waiting or i != st.active:
        return
    cost = catalogue.CARDS[name].cost
    fired = [src for src in waiting if (w := _wait_of(src)) is not None and cost >= w[0]]
    if not fired:
        return
    left = [src for src in waiting if src not in fired]
    if left:
        st.flags[WAITING] = left
    else:
        del st.flags[WAITING]
    for src in reversed(fired):  # pushed last first: the first played resolves first
        w = _wait_of(src)
        assert w is not None
        g.push_steps(w[1], Ctx(i, i, src))


@step("ally_draw_then_discard", text=lambda n: (
        "An ally of your choice draws a card for each boost mark on this card (none yet), then discards that many."
        if n == 0 else f"An ally of your choice draws {n} card{'s' if n != 1 else ''}, then discards that many."))
def _ally_draw_then_discard(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    if n <= 0:
        return
    if action is None:
        ask_step(g, ctx, ("ally_draw_then_discard", n), "player", ctx.you, f"Which ally draws {n}?",
                 [("player", j) for j in g.allies(ctx.you)])
        return
    j = int(action[1])
    draw_cards(g, j, n)
    g.push("s", j, j, ctx.source, pick("discard", n))


COBALT_CLUMP = _card("Cobalt Clump", "gem", 4, play=(("aether", 2), ("wait_costly_gain", 5, (("silence",),))))
GALACTUM_CACHE = _card("Galactum Cache", "gem", 4, play=(
    ("aether", 2), ("ally_draw_then_discard", 0), ("wait_costly_gain", 6, (("mark_this", "boost"),))),
    boost=(("amount", 2, 1),))

# ------------------------------------------------------------------ Rainbow Surge

MINIONS_BEFORE = turn_flag("log_minions_before:*", "minions in the nemesis discard pile before a spell's damage")[:-1]


def _discarded_minions(g: Engine) -> int:
    return sum(1 for c in g.state.nemesis.discard if catalogue.NEMESIS_CARDS[c].type == "minion")


@step("damage_boost_on_minion_discard", text=lambda n: (
        f"Deal {n} damage. If a minion is discarded as a result, boost this card."))
def _damage_boost_on_minion_discard(g: Engine, ctx: Ctx, n: int) -> None:
    g.state.flags[MINIONS_BEFORE + ctx.source] = _discarded_minions(g)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("boost_if_minion_discarded",))
    g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n))


@step("boost_if_minion_discarded", text=lambda: "If a minion was discarded by it, boost this card.")
def _boost_if_minion_discarded(g: Engine, ctx: Ctx) -> None:
    before = int(g.state.flags.pop(MINIONS_BEFORE + ctx.source, 0))
    if _discarded_minions(g) > before:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("mark_this", "boost"))


@step("heal_you", text=lambda n: (
        "Gain a life per boost mark this card holds (none yet)." if n == 0 else f"Gain {n} life."))
def _heal_you(g: Engine, ctx: Ctx, n: int) -> None:
    if n > 0:
        heal_player(g, ctx.you, n, ctx.source)


RAINBOW_SURGE = _card("Rainbow Surge", "spell", 7, cast=(("damage_boost_on_minion_discard", 5), ("heal_you", 0)),
                      boost=(("amount", 2, 1),))

# ------------------------------------------------------------------ Fractured Lightning

OVERHEAT_CIRCLES = 3


@step("reveal_nemesis_top_overheat", text=lambda: (
        "Reveal the nemesis deck's top card. If that card is an attack or a power, overheat this card. "
        "When this card becomes fully overheated, destroy it; then the nemesis Unleashes."))
def _reveal_nemesis_top_overheat(g: Engine, ctx: Ctx) -> None:
    deck = g.state.nemesis.deck
    if not deck:
        return
    top = deck[0]
    g.ev("revealed", player=ctx.you, card=top, source=ctx.source)
    if catalogue.NEMESIS_CARDS[top].type in ("attack", "power"):
        g.push("s", ctx.you, ctx.owner, ctx.source, ("destroy_if_overheated",))
        g.push("s", ctx.you, ctx.owner, ctx.source, ("mark_this", "overheat"))


@step("destroy_if_overheated", text=lambda: (
        "If this card is now fully overheated, destroy it; then the nemesis Unleashes."))
def _destroy_if_overheated(g: Engine, ctx: Ctx) -> None:
    """The copy whose circles are all filled (the one just marked: a full copy never stays)."""
    base = catalogue.CARDS[ctx.source].base or ctx.source
    p = g.state.players[ctx.owner]
    for zone in ("played", "discard", "hand"):
        for name in getattr(p, zone):
            card = catalogue.CARDS[name]
            if (card.base or card.name) == base and card.overheats >= OVERHEAT_CIRCLES:
                destroy_from(g, ctx.owner, zone, name, ctx.source)
                g.push("s", ctx.you, ctx.owner, ctx.source, ("unleash", 1))
                return


FRACTURED_LIGHTNING = _card("Fractured Lightning", "spell", 4, cast=(
    ("damage", 5), ("reveal_nemesis_top_overheat",)), circles=(0, OVERHEAT_CIRCLES))

# ------------------------------------------------------------------ from a hand in an ally's main phase

ECHO_RUNE = _card("Echo Rune", "relic", 2, play=(("player", "any", (("gain_charge", 1),)),))
hand_act("Echo Rune", "discard", active=(("aether", 1),))
GRASSBLADE = _card("Grassblade", "spell", 2, cast=(("damage", 2),))
hand_act("Grassblade", "destroy", holder=(("draw", 1, "you"),))
SUNKEN_ONYX = _card("Sunken Onyx", "gem", 3, play=(("aether", 2),))
hand_refocus("Sunken Onyx")

# ------------------------------------------------------------------ Quicksilver Bolt

QUICKSILVER = "Quicksilver Bolt"
#: boost circles of Quicksilver Bolt (no source counts them: the project's reading)
QUICKSILVER_CIRCLES = 3


@step("damage_more_if_fully_boosted", text=lambda n, more: (
        f"Deal {n} damage. If this card is fully boosted, it deals {more} more."))
def _damage_more_if_fully_boosted(g: Engine, ctx: Ctx, n: int, more: int) -> None:
    full = fully_marked(catalogue.CARDS[ctx.source], "boost")
    g.push("s", ctx.you, ctx.owner, ctx.source, ("damage", n + (more if full else 0)))


def _quicksilver_in_game(st: object) -> bool:
    return any((catalogue.CARDS[n].base or n) == QUICKSILVER for n in game_cards(st) if n in catalogue.CARDS)


@trigger_source("keyword", "log quicksilver", present=_quicksilver_in_game)("spell_prepped")
def _on_prepped(g: Engine, i: int, b: int, name: str) -> None:
    """Prepped in its owner's own main phase (any way): one boost, on the breach."""
    st = g.state
    if (catalogue.CARDS[name].base or name) == QUICKSILVER and st.active == i and st.phase == "main":
        mark_copy(g, i, name, "boost", QUICKSILVER)


QUICKSILVER_BOLT = _card(QUICKSILVER, "spell", 5, cast=(("damage_more_if_fully_boosted", 3, 1),),
                         circles=(QUICKSILVER_CIRCLES, 0))
hand_act(QUICKSILVER, "prep")
CARD_RULES[QUICKSILVER] += " Each time you prep it in your own main phase, boost it."

# ------------------------------------------------------------------ back to hand instead of leaving

SHATTERED_RUPIX = _card("Shattered Rupix", "gem", 5, play=(("aether", 3),))
keeps_itself("Shattered Rupix")
CRYSTAL_CARAPACE = _card("Crystal Carapace", "spell", 6, cast=(("damage", 4),))
keeps_itself("Crystal Carapace", reprep=True)

# ------------------------------------------------------------------ what the bots know

#: the relics' worth to a deck (cost is a poor guide for relics): each gives more than a
#: plain gem of its cost (a focus and a charge, two destroyed cards and a fire token, a
#: silence and two aether tokens, a charge and an ally's aether later), so the heuristic gains them
hints.card_values.update({"Electrum Rod": 5.0, "Chaos Charm": 5.0, "Void Anchor": 5.5, "Echo Rune": 5.0})


def _hand_act_worth(b: Board, me: Seat, o: Option) -> bool:
    """Is an ally's hand card worth spending now (``("ally_hand", j, card)``)? Echo Rune's
    aether always is, before spending; Frozen Light's when both players have room for its
    charge; Grassblade, a small spell, is worth more as a card drawn (an ally's hand is
    hidden from the bots, so nothing of it is weighed)."""
    holder, name = b.players[int(o[1])], str(o[2])
    if name == "Frozen Light":
        return all(p.charges < p.max_charges for p in (holder, me))
    return name in ("Echo Rune", "Grassblade")


@hints.main_action("ally_hand")
def _ally_hand(b: Board, me: Seat, moves: list[Option]) -> Option | None:
    return next((o for o in moves if _hand_act_worth(b, me, o)), None)

CARDS: tuple[CardDef, ...] = (
    DARKLITE_SAMPLE, SCRYING_SUGILITE, GLINT_SPLINTER, AETHER_DUST, ELECTRUM_ROD, CHAOS_CHARM, VOID_ANCHOR,
    EVAPORATING_RAY, CASCADE, FLAMEQUAKE, VOLCANIC_SHRAPNEL, COBALT_CLUMP, GALACTUM_CACHE, RAINBOW_SURGE,
    FRACTURED_LIGHTNING, ECHO_RUNE, GRASSBLADE, SUNKEN_ONYX, SHATTERED_RUPIX,
    CRYSTAL_CARAPACE, QUICKSILVER_BOLT,
)
