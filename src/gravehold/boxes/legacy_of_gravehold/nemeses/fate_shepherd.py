"""Fate Shepherd: its mat, its nine cards, and the step kinds only it uses.

Fate Shepherd hands the players cards they did not ask for and bills them for it. Its
**Unleash** makes one player (the players pick) take a card from the supply for free; then
that player or Gravehold (the players pick again) loses life equal to the card's cost less
one (``shepherd_gain``). Its cards trade the players' decks and hands around
(``swap_decks``, ``pool_hands``), push costly cards back to the supply (``return_costly``),
destroy costly cards for damage (``destroy_for_toll``), and thin the cheap supply piles
(``thin_cheap_piles``). When a player is exhausted the players send three costly cards from
their hands back to the supply instead of the two Unleashes (the mat's rule, ``exhaust``).
On expert and extinction (S-9) each Unleash ends by destroying a card of the cheapest
supply pile (``destroy_cheapest``).

Readings decided here (the table ``READINGS`` below holds every decided value):

* *Returning a card to the supply* puts it back on top of its own pile. A card that has no
  pile in this game's supply (a starter or a mage's own card) cannot be chosen for it.
  When the players hold fewer such cards than asked, they return all they have.
* *The Unleash's toll*: the players choose between the gaining player and Gravehold after
  the card is gained; a toll of 0 or less hurts nobody. An empty supply gains nothing and
  costs nothing.
* *Swapping decks*: each of the two players first shuffles their discard pile into their
  deck; then the two decks change owners whole. With one player there is nobody to swap
  with: the player only shuffles their discard pile into their deck.
* *Tempt's pair*: the player with the most opened breaches (ties: the players pick), then
  another player with the fewest opened breaches (ties: the players pick).
* *Pooled hands*: the shuffled cards are dealt one at a time in seat order starting with
  player 1, so when the deal is uneven the lower seats get the extra card.
* *The minions' toll*: the destroying player suffers the printed number less the destroyed
  card's cost, never below 0; a player with neither hand nor discard pile suffers the whole
  number. The shields of the three minions follow the one transcription that gives them.
* *Tempt* shares its name with a Crooked Mask card, so the catalogue knows it as
  "Tempt (Fate Shepherd)" and shows it as Tempt.
* *Guilt Shackle* outside the campaign has no story step: only its supply effect is kept.
* *Eternal Obligation* limits a card gained by an Unleash to those costing 5 Æ or more
  while any such card is left in the supply.
* *The cheapest supply pile* (increased difficulty): among the piles still holding cards,
  the players pick between the cheapest ones.
"""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    ask_step,
    by_source,
    catalogue,
    chooser,
    decision_kind,
    destroy_from,
    event_text,
    gain_card,
    rule,
    seat,
    shuffle,
    standing,
    step,
    take_pile_top,
    trigger_source,
)

FS = "Fate Shepherd"

#: every value decided where the sources are silent or disagree (see the readings above)
READINGS: dict[str, Any] = {
    "return_goes_to": "top of its own supply pile; a card without a pile cannot be returned",
    "too_few_to_return": "return all the players can",
    "toll_floor": 0,
    "toll_payer_chosen": "after the card is gained",
    "swap_solo": "the player only shuffles their discard pile into their deck",
    "tempt_ties": "the players pick",
    "deal_order": "seat order from player 1",
    "minion_toll_empty": "the whole number",
    "minion_shields": {"Beholden Wisp": 1, "Conquered Legionnaire": 2, "Merciful Impossibility": 3},
    "guilt_shackle_story": "left out",
    "cheapest_pile_ties": "the players pick",
    "tempt_catalogue_name": "Tempt (Fate Shepherd)",
}

#: the mat's numbers: cards returned on exhaustion and the least cost a returned card has
EXHAUST_RETURNS, COSTLY = 3, 3
#: the toll of the Unleash is the gained card's cost less this
TOLL_LESS = 1
#: Eternal Obligation: the least cost of a card gained by an Unleash while it is in play
OBLIGATION = 5


def _cost(name: str) -> int:
    return catalogue.CARDS[name].cost


def _pile_index(g: Engine, name: str) -> int:
    names = g.state.supply_names
    return names.index(name) if name in names else -1


# ============================================================================ the Unleash


def _gain_options(g: Engine) -> list[str]:
    st = g.state
    names = [n for n, c in zip(st.supply_names, st.supply_counts, strict=True) if c > 0]
    floors = [int(r[1]) for _, r in standing(g, "unleash_gains_costly")]
    if floors:
        dear = [n for n in names if _cost(n) >= max(floors)]
        if dear:
            return dear
    return names


decision_kind("toll_gain", "Fate Shepherd's Unleash: the card a player takes from the supply; its cost less one "
              "is the damage that follows.", takes=("gain",))


@step("shepherd_gain", text=lambda less: (
        f"gains a card of their choice from the supply; then they or Gravehold (the players pick) suffer "
        f"damage equal to its cost minus {less}."))
def _shepherd_gain(g: Engine, ctx: Ctx, less: int, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("gain", n) for n in _gain_options(g)]
        if opts:
            ask_step(g, ctx, ("shepherd_gain", less), "toll_gain", ctx.you, "Take which card from the supply?", opts)
        return
    name = str(action[1])
    gain_card(g, ctx.you, name, on_your_turn=ctx.you == g.state.active)
    toll = _cost(name) - less
    if toll > 0:
        g.push_steps((("or", (("suffer", toll),), (("gravehold_damage", toll),)),), ctx)


def _cheapest_piles(g: Engine) -> list[str]:
    st = g.state
    live = [n for n, c in zip(st.supply_names, st.supply_counts, strict=True) if c > 0]
    if not live:
        return []
    low = min(_cost(n) for n in live)
    return [n for n in live if _cost(n) == low]


def _destroy_supply(g: Engine, name: str, k: int, source: str) -> None:
    st = g.state
    idx = _pile_index(g, name)
    k = min(k, st.supply_counts[idx])
    for _ in range(k):
        card = take_pile_top(st, idx)  # C-17: a marked copy at the pile's bottom comes last
        st.destroyed.append(card)
        g.ev("destroyed", player=-1, card=card, zone="supply", source=source)


@step("destroy_cheapest", text=lambda: (
        "Destroy a card of the least expensive supply pile (the players pick between ties)."))
def _destroy_cheapest(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("pile", n) for n in _cheapest_piles(g)]
        if opts:
            ask_step(g, ctx, ("destroy_cheapest",), "pile", chooser(g, ctx), "Destroy a card of which pile?", opts)
        return
    _destroy_supply(g, str(action[1]), 1, ctx.source)


# ============================================================================ returning costly cards


def _returnable(g: Engine, j: int, least: int) -> list[str]:
    hand = g.state.players[j].hand
    return [c for c in dict.fromkeys(hand) if _cost(c) >= least and _pile_index(g, c) >= 0]


@step("return_costly", text=lambda n, least: (
        f"The players between them put {n} cards of {least} Æ or more from their hands back on their supply piles."))
def _return_costly(g: Engine, ctx: Ctx, n: int, least: int, action: Action | None = None) -> None:
    """One card at a time: the players name whose hand it comes from, then that player names it."""
    if action is None:
        opts: list[Action] = [("player", j) for j in range(len(g.state.players)) if _returnable(g, j, least)]
        if n > 0 and opts:
            ask_step(g, ctx, ("return_costly", n, least), "player", chooser(g, ctx),
                     f"Whose hand does the next card go back to the supply from? ({n} to go)", opts)
        return
    j = int(action[1])
    g.push_steps((("return_costly", n - 1, least),), ctx)
    g.push_steps((("return_one", least),), Ctx(j, j, ctx.source))


@step("return_one", text=lambda least: f"returns a card costing {least} Æ or more from their hand to the supply.")
def _return_one(g: Engine, ctx: Ctx, least: int, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("discard_card", c) for c in _returnable(g, ctx.you, least)]
        if opts:
            ask_step(g, ctx, ("return_one", least), "discard", ctx.you, "Return which card to the supply?", opts)
        return
    name = str(action[1])
    p = g.state.players[ctx.you]
    p.hand.remove(name)
    g.state.supply_counts[_pile_index(g, name)] += 1
    g.ev("returned_to_supply", player=ctx.you, card=name, source=ctx.source)


# ============================================================================ the minions


def _costly_in_hand(g: Engine, j: int, least: int) -> list[str]:
    return [c for c in dict.fromkeys(g.state.players[j].hand) if _cost(c) >= least]


@step("destroy_costly_in_hand", text=lambda least: f"destroys a card costing {least} Æ or more in their hand.")
def _destroy_costly_in_hand(g: Engine, ctx: Ctx, least: int, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("card", c) for c in _costly_in_hand(g, ctx.you, least)]
        if opts:
            ask_step(g, ctx, ("destroy_costly_in_hand", least), "destroy", ctx.you, "Destroy which card?", opts)
        return
    destroy_from(g, ctx.you, "hand", str(action[1]), ctx.source)


@step("destroy_for_toll", text=lambda n: (
        f"destroys a card from hand or discard pile, then suffers {n} damage less that card's cost."))
def _destroy_for_toll(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", "hand", c) for c in dict.fromkeys(p.hand)]
        opts += [("card", "discard", c) for c in dict.fromkeys(p.discard)]
        if opts:
            ask_step(g, ctx, ("destroy_for_toll", n), "destroy", ctx.you, "Destroy which card?", opts)
        else:
            g.push_steps((("suffer", n),), ctx)
        return
    zone, name = str(action[1]), str(action[2])
    destroy_from(g, ctx.you, zone, name, ctx.source)
    toll = n - _cost(name)
    if toll > 0:
        g.push_steps((("suffer", toll),), ctx)


# ============================================================================ decks and hands


def _shuffle_in(g: Engine, j: int) -> None:
    st = g.state
    p = st.players[j]
    p.deck = p.discard + p.deck
    p.discard = []
    st.rng = shuffle(st.rng, p.deck)


def _swap(g: Engine, a: int, b: int, source: str) -> None:
    st = g.state
    _shuffle_in(g, a)
    if a == b:
        return
    _shuffle_in(g, b)
    pa, pb = st.players[a], st.players[b]
    pa.deck, pb.deck = pb.deck, pa.deck
    g.ev("decks_swapped", player=a, to_player=b, source=source)


@step("swap_decks", text=lambda: (
        "Two different players (the players pick) each shuffle their discard pile into their deck, "
        "then swap decks."))
def _swap_decks(g: Engine, ctx: Ctx, first: int = -1, action: Action | None = None) -> None:
    n = len(g.state.players)
    if n == 1:
        _swap(g, 0, 0, ctx.source)
        return
    if action is None:
        opts: list[Action] = [("player", j) for j in range(n) if j != first]
        ask_step(g, ctx, ("swap_decks", first), "player", chooser(g, ctx),
                 "Which player swaps decks?" if first < 0 else "With which player?", opts)
        return
    j = int(action[1])
    if first < 0:
        g.push_steps((("swap_decks", j),), ctx)
    else:
        _swap(g, first, j, ctx.source)


def _opened(g: Engine, j: int) -> int:
    return sum(b.state == "open" for b in g.state.players[j].breaches)


@step("swap_most_fewest", text=lambda: (
        "The player whose opened breaches are most and another whose opened breaches are fewest "
        "(ties: the players pick) each shuffle their discard pile into their deck, then swap decks."))
def _swap_most_fewest(g: Engine, ctx: Ctx, first: int = -1, action: Action | None = None) -> None:
    n = len(g.state.players)
    if n == 1:
        _swap(g, 0, 0, ctx.source)
        return
    if action is None:
        pool = [j for j in range(n) if j != first]
        counts = {j: _opened(g, j) for j in pool}
        best = max(counts.values()) if first < 0 else min(counts.values())
        opts: list[Action] = [("player", j) for j in pool if counts[j] == best]
        ask_step(g, ctx, ("swap_most_fewest", first), "player", chooser(g, ctx),
                 "Which player has the most opened breaches?" if first < 0 else
                 "Which player has the fewest opened breaches?", opts)
        return
    j = int(action[1])
    if first < 0:
        g.push_steps((("swap_most_fewest", j),), ctx)
    else:
        _swap(g, first, j, ctx.source)


@step("pool_hands", text=lambda: (
        "Every player's hand is gathered and shuffled face down, then dealt back out one card at a time "
        "from player 1 on, as evenly as possible."))
def _pool_hands(g: Engine, ctx: Ctx) -> None:
    st = g.state
    pool = [c for p in st.players for c in p.hand]
    for p in st.players:
        p.hand = []
    st.rng = shuffle(st.rng, pool)
    for k, c in enumerate(pool):
        st.players[k % len(st.players)].hand.append(c)
    g.ev("hands_pooled", amount=len(pool), source=ctx.source)


@step("thin_cheap_piles", text=lambda k, most: f"Destroy {k} cards from each supply pile costing {most} Æ or less.")
def _thin_cheap_piles(g: Engine, ctx: Ctx, k: int, most: int) -> None:
    st = g.state
    for name, count in zip(list(st.supply_names), list(st.supply_counts), strict=True):
        if count > 0 and _cost(name) <= most:
            _destroy_supply(g, name, k, ctx.source)


@step("discard_costliest_prepped", text=lambda k: (
        f"The players discard the {k} most expensive prepped spells among them (ties: the players pick)."))
def _discard_costliest_prepped(g: Engine, ctx: Ctx, k: int) -> None:
    g.push_steps(tuple(("costliest_prepped", "discard", -1, (), ()) for _ in range(k)), ctx)


rule("unleash_gains_costly", text=lambda least: (
        f"A player gaining a card through an Unleash must take one costing {least} Æ or more if the supply "
        "still has one."))

event_text("decks_swapped", lambda e: f"{seat(e['player'])} and {seat(e['to_player'])} swap decks" + by_source(e))
event_text("hands_pooled", lambda e: f"the players' hands ({e['amount']} cards) are shuffled together and dealt out"
           + by_source(e))

# ============================================================================ the mat's rules

on = trigger_source("nemesis", FS)
rule("exhaust_returns", text=lambda n, least: (
        f"When a player is exhausted, instead of the two Unleashes the players between them put {n} cards "
        f"of {least} Æ or more from their hands back on their supply piles."))
rule("expert_destroy_cheapest", text=lambda: (
        "After each Unleash, destroy a card of the least expensive supply pile."))


@on("exhaust")
def _exhaust(g: Engine, i: int) -> bool:
    """E-1 (1) replaced by the mat: costly cards go back to the supply."""
    g.push("s", -1, -1, FS, ("return_costly", EXHAUST_RETURNS, COSTLY))
    return True


# ============================================================================ cards


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=FS, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


SHIELDS = READINGS["minion_shields"]

BEHOLDEN_WISP = _card("Beholden Wisp", "minion", 1, life=4, shields=SHIELDS["Beholden Wisp"],
                      persistent=(_any(("suffer", 1), ("destroy_costly_in_hand", COSTLY)),))
BECKON = _card("Beckon", "attack", 1, effect=(("unleash", 1), ("gravehold_damage", 2), ("swap_decks",)))
GUILT_SHACKLE = _card("Guilt Shackle", "power", 1, power_tokens=2, power=(("thin_cheap_piles", 3, 3),))

CONQUERED_LEGIONNAIRE = _card("Conquered Legionnaire", "minion", 2, life=7,
                              shields=SHIELDS["Conquered Legionnaire"],
                              persistent=(_any(("destroy_for_toll", 5)),))
TEMPT = _card("Tempt (Fate Shepherd)", "attack", 2, shown="Tempt", effect=(("unleash", 2), ("swap_most_fewest",)))
BESEECHMENT = _card("Beseechment", "power", 2, power_tokens=2,
                    power=(("unleash", 2), ("return_costly", 2, COSTLY)))

MERCIFUL_IMPOSSIBILITY = _card("Merciful Impossibility", "minion", 3, life=10,
                               shields=SHIELDS["Merciful Impossibility"],
                               persistent=(_any(("destroy_for_toll", 7)),))
BESTOW = _card("Bestow", "attack", 3, effect=(("unleash", 2), ("pool_hands",)))
ETERNAL_OBLIGATION = _card("Eternal Obligation", "power", 3, power_tokens=3,
                           passive=(("unleash_gains_costly", OBLIGATION),),
                           power=(("discard_costliest_prepped", 2),))

CARDS = (BEHOLDEN_WISP, BECKON, GUILT_SHACKLE, CONQUERED_LEGIONNAIRE, TEMPT, BESEECHMENT,
         MERCIFUL_IMPOSSIBILITY, BESTOW, ETERNAL_OBLIGATION)

# ============================================================================ the mat

NEMESIS = NemesisDef(
    FS, FS, "LOG", life=70, difficulty=3, expedition_level=1,
    unleash=(_any(("shepherd_gain", TOLL_LESS)), ("if", "expert", (("destroy_cheapest",),), ())),
    cards=tuple(c.name for c in CARDS),
    rules={"exhaust": (("exhaust_returns", EXHAUST_RETURNS, COSTLY),)},
    increased_difficulty={"unleash": (("expert_destroy_cheapest",),)},
)
