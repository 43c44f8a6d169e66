"""K-18: Xaxos: Outcast, the ally who stands in for Gravehold (ruleset option ``xaxos_outcast``).

With the option on, Gravehold's life *is* his: every rule and effect that names Gravehold
(its damage, its healing, the loss at 0) reaches him through the same number, and the boards
call it his. He holds charges on the table token ``xaxos_charges``; the charges a card gives
him (``steps.xaxos_charge``) go there, and a player about to gain charges may give them to
him instead (the point ``charge_gain``: the step ``xaxos_offer`` asks). When he reaches
``CHARGE_LIMIT``, the effect that gave the last charge finishes, then he loses them all and
resolves the top card of his ability deck (the table tokens ``xaxos_card:<n>``: the card's
place in the deck from the top, or -1 in his ability discard). An empty ability deck is reshuffled from its discard.

Readings decided here (the sources leave them open; ``READINGS`` keeps them in one table):

- *Which cards are in his deck*: the 10 retail cards from the start of a single game; the 3
  promo cards only with the ruleset option ``xaxos_promos``.
- *His maximum life*: Gravehold's (30 at standard difficulty); only Crystalline Shield
  takes him (or a player) above it, and the maximum then rises to that life for the rest of
  the game, so every rule that reads a maximum (healing, a saved game) still holds.
- *Who decides his cards*: the players together (``team``), as for a nemesis card's choice;
  a card's "any player" is a player of their choice, and his damage is dealt by that
  decider, as one damage source each.
- *A "tier 1, 2 or 3" card in play*: a nemesis card of those tiers (never a special-deck card).
- *"Divided" damage* goes a minion at a time: each minion picked takes as much as its life
  and shields, the last one left all the rest.
- *Quicken Cast* casts prepped spells only.
- *A spell cast "without discarding it"* stays prepped (P-18's cast from any player's breach).
- *"Prep to opened or closed breaches"* ignores focus, not occupancy; Clairvoyant
  Conflagration ignores occupancy too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...boxapi import (
    Action,
    Ctx,
    Engine,
    NamedSteps,
    Steps,
    add_charges,
    ask_step,
    cast_spell,
    catalogue,
    count_of,
    gain_card,
    leave_play,
    minion_damage,
    op,
    open_breach,
    pick,
    prep_spell,
    prep_targets,
    render_steps,
    return_turn_card,
    shuffle,
    step,
    table_panel,
    table_token,
    trigger_source,
    turn_card_seats,
)

#: his charges at most (the reference's ``charge_limit``)
CHARGE_LIMIT = 8
#: every reading of this module, named (the boards and docs say these are the project's)
READINGS = {
    "deck": "the 10 retail ability cards from the start; the 3 promo cards only with xaxos_promos",
    "max_life": "Gravehold's maximum; only Crystalline Shield takes him above it",
    "over_max": "life above the maximum (Crystalline Shield) raises the maximum to it for the rest of the game",
    "decider": "the players together decide his cards; his damage is dealt by that player",
    "tiers": "a tier 1, 2 or 3 card is a nemesis card of that tier, never a special-deck card",
    "divided": "divided damage goes a minion at a time, each taking as much as its life, the last the rest",
    "cast_from_hand": "Quicken Cast casts prepped spells only (a spell in hand has no breach to stay in)",
    "prep": "prepping to closed breaches ignores focus, not occupancy (Clairvoyant Conflagration: both)",
}


def present(st: Any) -> bool:
    """Is Xaxos: Outcast in this game (set up with the option, or loaded with his charges)?"""
    return "xaxos_charges" in st.tokens or bool(st.config.get("ruleset", {}).get("xaxos_outcast"))


def in_game(st: Any) -> bool:
    """After setup: his charge token is on the table."""
    return "xaxos_charges" in st.tokens


CHARGES = table_token("xaxos_charges", "Xaxos: Outcast's charges (K-18)",
                      lambda v, st, rest: None if 0 <= v <= CHARGE_LIMIT
                      else f"must be 0 to {CHARGE_LIMIT}, got {v}")


def _card_fault(v: int, st: Any, rest: str) -> str | None:
    if rest not in _SLUGS:
        return f"names no ability card of Xaxos: Outcast (known: {', '.join(sorted(_SLUGS))})"
    n = sum(1 for k in st.tokens if k.startswith("xaxos_card:"))
    return None if -1 <= v < n else f"must be -1 (his ability discard) or a place 0 to {n - 1}, got {v}"


CARD = table_token("xaxos_card:*", "an ability card of Xaxos: Outcast: its place in his ability deck from the "
                   "top, or -1 in his ability discard (K-18)", _card_fault, secret=True)


# ------------------------------------------------------------------ steps only his cards use


@step("xaxos_life", text=lambda n: f"Xaxos: Outcast gains {n} life, even above his maximum.")
def _xaxos_life(g: Engine, ctx: Ctx, n: int) -> None:
    st = g.state
    more = g.on.get("gravehold_heal")  # his life is Gravehold's: what raises its gains raises his
    if more is not None:
        n = more(g, n, ctx.source)
    st.gravehold += n
    st.gravehold_max = max(st.gravehold_max, st.gravehold)  # READINGS["over_max"]
    g.ev("gravehold_life", amount=n, source=ctx.source, life=st.gravehold)


@step("life_over_max", text=lambda n: f"gains {n} life, even above their maximum.")
def _life_over_max(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    if not p.exhausted:
        p.life += n
        p.max_life = max(p.max_life, p.life)  # READINGS["over_max"]
        g.ev("life", player=ctx.you, amount=n, source=ctx.source, life=p.life)


@step("open_any_breach", text=lambda: "opens one of their closed breaches.")
def _open_any_breach(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("breach", b) for b, br in enumerate(p.breaches) if br.state == "closed"]
        if opts:
            ask_step(g, ctx, ("open_any_breach",), "breach", ctx.you, "Open which breach?", opts)
        return
    open_breach(g, ctx.you, int(action[1]))


@step("prep_any_from_hand", text=lambda most, ignore: (
        "preps " + ("any number of spells" if most < 0 else f"up to {most} spells")
        + " from hand to their opened or closed breaches"
        + (", however many each already holds." if ignore else ".")))
def _prep_any_from_hand(g: Engine, ctx: Ctx, most: int, ignore: bool, action: Action | None = None) -> None:
    """Glowing Insight (any number) and Clairvoyant Conflagration (``ignore``: up to two, any breach)."""
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("prep", s, b) for s in sorted(set(p.hand)) if catalogue.CARDS[s].type == "spell"
                              for b in (_any_breach(p) if ignore else prep_targets(p, s, False, closed_any=True))]
        if opts and most != 0:
            ask_step(g, ctx, ("prep_any_from_hand", most, ignore), "prep", ctx.you, "Prep which spell?",
                     opts + [("done",)])
        return
    if action[0] == "prep":
        prep_spell(g, ctx.you, str(action[1]), int(action[2]), "hand")
        g.push("s", ctx.you, ctx.owner, ctx.source, ("prep_any_from_hand", most - 1 if most > 0 else most, ignore))


def _any_breach(p: Any) -> list[int]:
    return [b for b, br in enumerate(p.breaches) if br.state in ("open", "closed")]


@step("shuffle_turn_card_life", text=lambda n: (
        "Shuffle a player's turn order card (never the wild card) from the turn order discard back into "
        f"the turn order deck; that player gains {n} life."))
def _shuffle_turn_card_life(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("turn_card", c, j) for c in sorted(set(st.to_discard))
                              for j in turn_card_seats(len(st.players), c)]
        if opts:
            ask_step(g, ctx, ("shuffle_turn_card_life", n), "turn_order", ctx.you,
                     "Shuffle which player's turn order card back into the deck?", opts)
        return
    card, j = str(action[1]), int(action[2])
    return_turn_card(g, st.to_discard.index(card), ctx.source)
    g.push_steps((("life", n, "you"),), Ctx(j, j, ctx.source))



@step("active_aether_xaxos", text=lambda n: f"The player whose turn it is gains {n} Æ.")
def _active_aether(g: Engine, ctx: Ctx, n: int) -> None:
    st = g.state
    if st.active >= 0:
        st.players[st.active].aether += n
        g.ev("aether", player=st.active, amount=n, source=ctx.source)


@step("discard_in_play", text=lambda kind: f"Xaxos: Outcast discards a {kind} in play of tier 1 to 3.")
def _discard_in_play(g: Engine, ctx: Ctx, kind: str, action: Action | None = None) -> None:
    n = g.state.nemesis
    if action is None:
        opts: list[Action] = [("card", c.name) for c in n.in_play
                              if catalogue.NEMESIS_CARDS[c.name].type == kind
                              and 1 <= catalogue.NEMESIS_CARDS[c.name].tier <= 3]
        if opts:
            ask_step(g, ctx, ("discard_in_play", kind), "card", ctx.you, f"Discard which {kind}?", opts)
        return
    idx = next(k for k, c in enumerate(n.in_play) if c.name == action[1])
    g.ev("nemesis_card_discarded", card=str(action[1]), source=ctx.source)
    leave_play(g, idx)


@step("gain_n_from_supply", text=lambda k, ctype, at_most, to: (
        f"gains {k} {ctype}s" + (f" costing {at_most} Æ or less" if at_most >= 0 else "")
        + " from any supply piles" + {"": "", "hand": " into their hand", "deck": " on top of their deck"}[to] + "."))
def _gain_n(g: Engine, ctx: Ctx, k: int, ctype: str, at_most: int, to: str, action: Action | None = None) -> None:
    st = g.state
    if k <= 0:
        return
    if action is None:
        opts: list[Action] = [("gain", n) for n, c in zip(st.supply_names, st.supply_counts, strict=True)
                              if c > 0 and catalogue.CARDS[n].type == ctype
                              and (at_most < 0 or catalogue.CARDS[n].cost <= at_most)]
        if opts:
            ask_step(g, ctx, ("gain_n_from_supply", k, ctype, at_most, to), "gain", ctx.you,
                     f"Gain which {ctype}?", opts)
        return
    g.push("s", ctx.you, ctx.owner, ctx.source, ("gain_n_from_supply", k - 1, ctype, at_most, to))
    name = str(action[1])
    _gain(g, ctx.you, name, to)


def _gain(g: Engine, i: int, name: str, to: str) -> None:
    p = g.state.players[i]
    gain_card(g, i, name, on_your_turn=i == g.state.active, to_deck=to == "deck")
    if to == "hand" and name in p.discard:
        p.discard.remove(name)
        p.hand.append(name)


@step("cast_prepped_up_to", text=lambda k, extra, keep: (
        f"Up to {k} times, a player casts a prepped spell" + (" and keeps it prepped" if keep else "")
        + (f"; it deals {extra} more damage." if extra else ".")))
def _cast_prepped_up_to(g: Engine, ctx: Ctx, k: int, extra: int, keep: bool, action: Action | None = None) -> None:
    st = g.state
    if k <= 0:
        return
    if action is None:
        opts: list[Action] = [("spell", j, b, s) for j, p in enumerate(st.players)
                              for b, br in enumerate(p.breaches) for s in range(len(br.spells))]
        if opts:
            ask_step(g, ctx, ("cast_prepped_up_to", k, extra, keep), "spell", ctx.you,
                     f"Cast which prepped spell? ({k} to go)", opts + [("done",)])
        return
    if action[0] == "spell":
        g.push("s", ctx.you, ctx.owner, ctx.source, ("cast_prepped_up_to", k - 1, extra, keep))
        j = int(action[1])
        cast_spell(g, j, j, int(action[2]), int(action[3]), keep=keep, extra=extra)


@step("divide_minions", text=lambda n: (
        f"Deal {n} damage divided among any minions (the project's reading: each minion picked in turn "
        "takes as much as its life, the last one the rest)."))
def _divide_minions(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """``READINGS["divided"]``: a minion at a time, each share as much as that minion's life."""
    st = g.state
    if n <= 0:
        return
    if action is None:
        opts: list[Action] = [("target", c.name) for c in st.nemesis.in_play
                              if catalogue.NEMESIS_CARDS[c.name].type == "minion"]
        if opts:
            ask_step(g, ctx, ("divide_minions", n), "target", ctx.you, f"Which minion takes damage ({n} left)?", opts)
        return
    minions = [c for c in st.nemesis.in_play if catalogue.NEMESIS_CARDS[c.name].type == "minion"]
    c = next(c for c in minions if c.name == action[1])
    share = min(n, c.life + c.shields) if len(minions) > 1 else n
    g.push("s", ctx.you, ctx.owner, ctx.source, ("divide_minions", n - share))
    minion_damage(g, str(action[1]), share, ctx.source)


@step("reorder_nemesis_top", text=lambda k: (
        f"Look at the top {k} cards of the nemesis deck and put them back in any order."))
def _reorder_nemesis_top(g: Engine, ctx: Ctx, k: int, placed: int = 0, action: Action | None = None) -> None:
    deck = g.state.nemesis.deck
    if action is not None:
        rest = deck[placed:k]
        rest.remove(str(action[1]))
        deck[placed:k] = [str(action[1]), *rest]
        placed += 1
    k = min(k, len(deck))
    if k - placed > 1:
        opts: list[Action] = [("order", c) for c in sorted(set(deck[placed:k]))]
        ask_step(g, ctx, ("reorder_nemesis_top", k, placed), "order", ctx.you,
                 f"Which card goes {'on top' if placed == 0 else 'next'}?", opts)


@step("nemesis_discard_to_deck", text=lambda k: (
        f"Return up to {k} cards from the nemesis discard pile to the top of its deck."))
def _nemesis_discard_to_deck(g: Engine, ctx: Ctx, k: int, action: Action | None = None) -> None:
    n = g.state.nemesis
    if k <= 0:
        return
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(n.discard))]
        if opts:
            ask_step(g, ctx, ("nemesis_discard_to_deck", k), "card", ctx.you, "Put which card on the deck?",
                     opts + [("done",)])
        return
    if action[0] == "card":
        n.discard.remove(str(action[1]))
        n.deck.insert(0, str(action[1]))
        g.push("s", ctx.you, ctx.owner, ctx.source, ("nemesis_discard_to_deck", k - 1))


# ------------------------------------------------------------------ his ability cards

_ANY = "any"
#: name -> (where it comes from, its effect)
ABILITY_CARDS: dict[str, tuple[str, Steps]] = {
    "Obsidian Burst": ("retail", (("damage", 4), ("damage", 4), ("damage", 4))),
    "Clarifying Light": ("retail", (("player", _ANY, (("open_any_breach",), ("gain_charge", 2), ("life", 2, "you"))),)),
    "Glowing Insight": ("retail", (("player", _ANY, (("draw", 4, "you"), ("prep_any_from_hand", -1, False))),)),
    "Crystalline Shield": ("retail", (("or", (("xaxos_life", 8),), (("player", _ANY, (("life_over_max", 6),)),)),)),
    "Shattered Rewind": ("retail", (("or", (("shuffle_turn_card_life", 2),),
                                     (("player", _ANY, (("draw", 2, "you"),
                                                        pick("destroy", 3, ("hand", "discard"), how="up_to"))),)),)),
    "Imbued Aura": ("retail", (("or", (("different_players", 2, (pick("to_hand", 2, "discard", how="up_to"),)),),
                                (("active_aether_xaxos", 10),)),)),
    "Interceding Flare": ("retail", (("or", (("discard_in_play", "power"),),
                                      (("player", _ANY, (("gain_n_from_supply", 2, "spell", -1, ""),)),)),)),
    "Twisting Flame": ("retail", (("or", (("cast_prepped_up_to", 3, 0, True),),
                                   (("different_players", 2, (("gain_n_from_supply", 1, "gem", 5, "hand"),)),)),)),
    "Fortifying Blaze": ("retail", (("or", (("discard_in_play", "minion"),),
                                     (("player", _ANY, (("gain_n_from_supply", 2, "relic", -1, "deck"),)),)),)),
    "Flickering Spirit": ("retail", (("or", (("divide_minions", 10),), (("damage_nemesis", 15),)),)),
    "Divided Detonation": ("promo", (("or", (("cast_prepped_up_to", 3, 3, False),),
                                      (("nemesis_discard_to_deck", 2),)),)),
    "Quicken Cast": ("promo", (("or", (("cast_prepped_up_to", 4, 1, True),),
                                (pick("destroy", 5, ("hand", "discard"), who="players", how="up_to"),)),)),
    "Clairvoyant Conflagration": ("promo", (("reorder_nemesis_top", 3), ("reorder_turn_order",),
                                            ("each_player_steps", (("prep_any_from_hand", 2, True),)))),
}
_SLUGS = {name.lower().replace(" ", "_"): name for name in ABILITY_CARDS}
#: the ability cards as the box declares them, so the conformance kit renders and checks each
OTHERS: tuple[NamedSteps, ...] = tuple(NamedSteps("ability card of Xaxos: Outcast", name, steps)
                                       for name, (_, steps) in ABILITY_CARDS.items())


def ability_text(name: str) -> str:
    """The project's wording of one ability card, from its steps."""
    return render_steps(ABILITY_CARDS[name][1])


def deck(st: Any) -> list[str]:
    """His ability deck, top first."""
    places = [(v, _SLUGS[k.partition(":")[2]]) for k, v in st.tokens.items() if k.startswith("xaxos_card:") and v >= 0]
    return [name for _, name in sorted(places)]


def discard(st: Any) -> list[str]:
    """His ability discard, in card-table order (it is face up; its order never matters)."""
    return [_SLUGS[k.partition(":")[2]] for k, v in st.tokens.items() if k.startswith("xaxos_card:") and v < 0]


def _key(name: str) -> str:
    return "xaxos_card:" + name.lower().replace(" ", "_")


def _lay(st: Any, cards: list[str]) -> None:
    """Shuffle ``cards`` into his ability deck (the game's own random state)."""
    st.rng = shuffle(st.rng, cards)
    for k, name in enumerate(cards):
        st.tokens[_key(name)] = k


_on = trigger_source("keyword", "xaxos outcast", present=present)


@_on("setup")
def _setup(st: Any) -> None:
    """K-18: his charges at 0 and his shuffled ability deck (``READINGS["deck"]``)."""
    st.tokens[CHARGES] = 0
    promos = bool(st.config.get("ruleset", {}).get("xaxos_promos"))
    _lay(st, [n for n, (kind, _) in ABILITY_CARDS.items() if kind == "retail" or promos])


def give_charges(g: Engine, n: int, source: str) -> None:
    """He gains n charges (never above the limit); at the limit, his ability waits for the
    effect that gave the last charge to finish: it goes beneath that effect's steps."""
    st = g.state
    have = st.tokens[CHARGES]
    got = min(n, CHARGE_LIMIT - have)
    if got <= 0:
        return
    st.tokens[CHARGES] = have + got
    g.ev("xaxos_charge", charges=have + got, source=source)
    if have + got >= CHARGE_LIMIT:
        stack = st.stack
        k = len(stack)
        while k > 0 and stack[k - 1][0] == "s" and stack[k - 1][3] == source:
            k -= 1
        stack.insert(k, ("xaxos_ability",))


@_on("charge_gain")
def _offer(g: Engine, i: int, n: int, source: str) -> bool:
    """K-18: a player about to gain charges may give them to him instead (``xaxos_offer``)."""
    if not in_game(g.state) or n <= 0:
        return False
    g.push("s", i, i, source, ("xaxos_offer", n))
    return True


@step("xaxos_offer", text=lambda n: (
        f"You may have Xaxos: Outcast gain {count_of(n, 'charge')} instead of you."))
def _xaxos_offer(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """The player's choice; kept, the charges are theirs as P-9 gives them (never above the slots)."""
    if action is None:
        ask_step(g, ctx, ("xaxos_offer", n), "yes_no", ctx.you,
                 f"Give your {count_of(n, 'charge')} to Xaxos: Outcast?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        give_charges(g, n, ctx.source)
        return
    add_charges(g, ctx.you, n, ctx.source)


@op("xaxos_ability")
def _ability(g: Engine) -> None:
    """He loses every charge, then draws the top ability card (reshuffling an empty deck) and resolves it."""
    st = g.state
    st.tokens[CHARGES] = 0
    top = deck(st)
    if not top:
        _lay(st, discard(st))
        top = deck(st)
    if not top:
        return
    name = top[0]
    for k, v in list(st.tokens.items()):
        if k.startswith("xaxos_card:") and v >= 0:
            st.tokens[k] = v - 1
    g.ev("xaxos_ability", card=name)
    team = g.team()
    g.push_steps(ABILITY_CARDS[name][1], Ctx(team, team, name))


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    """Both boards: his life (Gravehold's dial), charges and ability piles, and the readings."""
    tokens = view.get("tokens") or {}
    if "xaxos_charges" not in tokens:
        return None
    cards = [(k, v) for k, v in tokens.items() if k.startswith("xaxos_card:")]
    out = sorted(_SLUGS[k.partition(":")[2]] for k, v in cards if v < 0)
    gh = view["gravehold"]
    return ("Xaxos: Outcast", f"stands in for Gravehold: life {gh['life']}/{gh['max_life']}, "
            f"{tokens['xaxos_charges']}/{CHARGE_LIMIT} charges, ability deck {len(cards) - len(out)}, "
            f"ability discard: {', '.join(out) or 'empty'} (the project's readings: {READINGS['deck']}; "
            f"{READINGS['max_life']})")
