"""Ageless Walker: its mat (the exiled pile, Curse of Aging) and its nine cards.

The exiled pile is ``decks["exiled"]`` (top first, face up: every player may look through
it). To *exile* a card is to put it on top of that pile, wherever it came from; the card
stays in the game (the census counts the pile), so a player may gain it back: in their main
phase a player may gain the pile's top card as from a supply pile, paying its cost plus
1 Æ (``main_options`` / ``on.action``). Spire of Bone destroys the whole pile.

Curse of Aging is a player card of this nemesis (type ``"curse"``: never played, never in
the supply or a market). Setup puts one into each player's discard pile; when it is in a
player's hand it resolves on its own: it is exiled and its holder draws a card (on expert
and extinction they draw none).

Readings decided here:

* Curse of Aging's own text is in none of the sources; the mat's increased difficulty
  ("when a player resolves it they draw no card") and the curses of later boxes, which act
  from the hand, give the reading above. It resolves at the times Crooked Mask's
  corruptions do: when its holder's turn starts (before casting) and when their main
  phase ends (the ones drawn meanwhile); one drawn in a draw phase waits in the hand for
  that player's next turn, and one drawn while curses resolve resolves too.
* Gaining from the exiled pile is gaining a card, so aether that may only pay for gaining
  a card (of that type) pays for it, the extra 1 Æ included (K-11).
* "The most expensive supply pile" is among the piles that still hold cards; ties are the
  players' pick (N-6), at setup too. With every pile empty nothing is exiled.
* "The players collectively exile two cards" is one card at a time: the players name who
  exiles the next card, among those who hold one that qualifies, and that player picks it.
  "Any player exiles ..." must be a player who can exile as many of the cards as anyone
  can (N-6).
* *Siege of Dust*: with the exiled pile empty no top card costs more than 0 Æ, so
  Gravehold suffers the larger damage.
* *Enveloping Ooze*: a player whose deck is empty turns their discard pile over first, as
  when revealing (P-16).

Rules the engine applies to these cards as to any: *Timeless Serpent* and *Spire of Bone*
resolve IMMEDIATELY before they are in play (N-12) and first act in the next nemesis main
phase (N-11); the exiled pile is a special deck, so it stays out of the nemesis deck and
its cards never count for the tier (K-17).
"""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    FILTERS,
    Action,
    CardDef,
    CardType,
    Ctx,
    Engine,
    NemesisCardDef,
    NemesisDef,
    State,
    Steps,
    action_head,
    ask_step,
    available,
    chooser,
    condition,
    count_of,
    decision_kind,
    flip_discard,
    op,
    pay,
    pick,
    receive_gained,
    rule,
    step,
    take_pile_top,
    trigger_source,
)
from ....boxapi import catalogue as content

AW = "Ageless Walker"
EXILED = "exiled"
CURSE = "Curse of Aging"
#: the extra aether a card of the exiled pile costs to gain
EXILE_SURCHARGE = 1


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "NA", nemesis=AW, **kw)


def any_player(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


# ============================================================================ the exiled pile


def exile(g: Engine, name: str, source: str, player: int = -1, zone: str = "supply") -> None:
    """The card goes face up on top of the exiled pile (the caller has taken it from where it was)."""
    g.state.nemesis.decks.setdefault(EXILED, []).insert(0, name)
    g.ev("exiled", card=name, player=player, zone=zone, source=source)


def exiled_top(g: Engine) -> str | None:
    pile = g.state.nemesis.decks.get(EXILED)
    return pile[0] if pile else None


#: where a player's cards are exiled from: the zone's words, and the zone an option names
_ZONE_WORDS = {"hand": "{your} hand", "discard": "{your} discard pile",
               "discard_top": "{your} discard pile's top card"}


def _exilable(g: Engine, j: int, zones: tuple[str, ...], filt: Any) -> list[tuple[str, str]]:
    """(option zone, card) player j could exile now; "discard_top" is the discard zone's top card."""
    p = g.state.players[j]
    name, args = (filt[0], filt[1:]) if isinstance(filt, tuple) else (filt, ())
    keep = FILTERS[name].keep
    cards = content.CARDS
    out: list[tuple[str, str]] = []
    for z in zones:
        if z == "hand":
            out += [("hand", c) for c in p.hand if keep(cards[c], *args)]
        elif z == "discard":
            out += [("discard", c) for c in p.discard if keep(cards[c], *args)]
        elif p.discard and keep(cards[p.discard[-1]], *args):  # discard_top
            out.append(("discard", p.discard[-1]))
    return out


def _what(zones: tuple[str, ...], filt: Any, n: int, your: str) -> str:
    """"a card from your hand", "2 cards costing 2 Æ or more from their hand or their discard pile"."""
    name, args = (filt[0], filt[1:]) if isinstance(filt, tuple) else (filt, ())
    f = FILTERS[name]
    noun = f.noun or "card"
    what = (f"a {noun}" if n == 1 else f"{n} {noun}s") + f.text.format(*args)
    where = " or ".join(_ZONE_WORDS[z].format(your=your) for z in zones if z != "discard_top")
    tail = f", or {your} discard pile's top card" if "discard_top" in zones else ""
    return f"{what} from {where}{tail}" if where else f"{your} discard pile's top card"


def _exile_check(s: tuple[Any, ...]) -> None:
    zones, filt, n = s[1], s[2], s[3]
    if not isinstance(zones, tuple) or not zones or any(z not in _ZONE_WORDS for z in zones):
        raise ValueError(f"zones {zones!r} must be a tuple of {', '.join(_ZONE_WORDS)}")
    name = filt[0] if isinstance(filt, tuple) else filt
    if name not in FILTERS or FILTERS[name].costliest:
        raise ValueError(f"unknown filter {filt!r}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"count {n!r} must be a whole number of at least 1")


def _exile_loss(g: Engine, j: int, s: tuple[Any, ...]) -> int:
    """N-6: how many of the n cards player j could exile (so "any player" is one who can)."""
    return min(int(s[3]), len(_exilable(g, j, s[1], s[2])))


decision_kind("exile", "Choose one of your cards to exile onto the exiled pile.")


@step("exile_card", check=_exile_check, hand_loss=_exile_loss, text=lambda zones, filt, n, *, they=False: (
        f"exiles {_what(zones, filt, n, 'their')}." if they else f"Exile {_what(zones, filt, n, 'your')}."))
def _exile_card(g: Engine, ctx: Ctx, zones: tuple[str, ...], filt: Any, n: int,
                action: Action | None = None) -> None:
    """The player exiles n cards, one pick per decision; an option names the zone when the
    step offers more than one (``("card", "discard", name)``)."""
    j = ctx.you
    if action is None:
        cand = _exilable(g, j, zones, filt)
        if n <= 0 or not cand:
            return
        several = len({z for z, _ in cand}) > 1 or len(zones) > 1
        opts: list[Action] = sorted({("card", z, c) if several else ("card", c) for z, c in cand})
        ask_step(g, ctx, ("exile_card", zones, filt, n), "exile", j,
                 "Exile which card?" + (f" ({n} to go)" if n > 1 else ""), opts)
        return
    zone, name = (str(action[1]), str(action[2])) if len(action) == 3 else (
        "hand" if "hand" in zones else "discard", str(action[1]))
    p = g.state.players[j]
    if zone == "hand":
        p.hand.remove(name)
    else:  # the topmost copy of the discard pile
        del p.discard[len(p.discard) - 1 - p.discard[::-1].index(name)]
    exile(g, name, ctx.source, j, zone)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("exile_card", zones, filt, n - 1))


def _collective_text(n: int, zones: tuple[str, ...], filt: Any) -> str:
    name, args = (filt[0], filt[1:]) if isinstance(filt, tuple) else (filt, ())
    f = FILTERS[name]
    places = " or ".join({"hand": "hands", "discard": "discard piles"}[z] for z in zones)
    return (f"The players exile {count_of(n, f.noun or 'card')}{f.text.format(*args)} from their {places} "
            "between them, one at a time.")


def _collective_check(s: tuple[Any, ...]) -> None:
    _exile_check(("exile_card", s[2], s[3], s[1]))
    if "discard_top" in s[2]:
        raise ValueError("a collective exile takes cards from hands or discard piles")


@step("collective_exile", check=_collective_check, text=_collective_text)
def _collective_exile(g: Engine, ctx: Ctx, n: int, zones: tuple[str, ...], filt: Any,
                      action: Action | None = None) -> None:
    """Each pick: the players name who exiles the next card; that player picks it."""
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j in range(len(st.players)) if _exilable(g, j, zones, filt)]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_exile", n, zones, filt), "player", chooser(g, ctx),
                     f"Who exiles the next card? ({n} to go)", opts)
        return
    j = int(action[1])
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("collective_exile", n - 1, zones, filt))
    g.push("s", j, j, ctx.source, ("exile_card", zones, filt, 1))


def _costliest_piles(g: Engine) -> list[str]:
    st = g.state
    cards = content.CARDS
    piles = [name for name, k in zip(st.supply_names, st.supply_counts, strict=True) if k > 0]
    if not piles:
        return []
    top = max(cards[c].cost for c in piles)
    return [c for c in piles if cards[c].cost == top]


@step("exile_costliest_pile", can_resolve=lambda g, ctx, s: bool(_costliest_piles(g)),
      text=lambda: "Exile a card from the costliest supply pile.")
def _exile_costliest_pile(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """The top card of the costliest pile that still holds cards (ties: the players' pick)."""
    st = g.state
    if action is None:
        opts: list[Action] = [("pile", c) for c in _costliest_piles(g)]
        if opts:
            ask_step(g, ctx, ("exile_costliest_pile",), "pile", chooser(g, ctx),
                     "Exile a card from which supply pile?", opts)
        return
    name = str(action[1])
    idx = st.supply_names.index(name)
    exile(g, take_pile_top(st, idx), ctx.source)  # C-17: a marked copy at the pile's bottom comes last


@step("destroy_exiled", text=lambda: "Destroy every card of the exiled pile.")
def _destroy_exiled(g: Engine, ctx: Ctx) -> None:
    st = g.state
    pile = st.nemesis.decks.setdefault(EXILED, [])
    gone = list(pile)
    pile.clear()
    st.destroyed.extend(gone)
    g.ev("exiled_destroyed", cards=gone, source=ctx.source)


@condition("exiled_top_costs_more", lambda n, *, they=False: (
        f"the exiled pile's top card costs over {n} Æ"))
def _exiled_top_costs_more(g: Engine, ctx: Ctx, n: int) -> bool:
    top = exiled_top(g)
    return top is not None and content.CARDS[top].cost > n


# ============================================================================ Curse of Aging


@step("exile_this", text=lambda: "Exile this card.")
def _exile_this(g: Engine, ctx: Ctx) -> None:
    """The resolving curse lies among the cards played this turn; it goes from there."""
    p = g.state.players[ctx.owner]
    if ctx.source in p.played:
        p.played.remove(ctx.source)
        exile(g, ctx.source, ctx.source, ctx.owner, "hand")


#: the curse's card type: never played; it resolves on its own from the hand (this mat's rules)
CARD_TYPES = (CardType("curse", played=False, unplayed_why=(
    "{card} is a curse: it is never played, it resolves on its own from your hand as its nemesis' mat says")),)
CURSE_OF_AGING = CardDef(CURSE, "curse", 0, "NA", play=(("exile_this",), ("draw", 1, "you")), starter=True)
PLAYER_CARDS = (CURSE_OF_AGING,)


def _curse_steps(g: Engine) -> Steps:
    """Its steps; on expert and extinction without the draw (the mat's increased difficulty)."""
    steps = content.CARDS[CURSE].play
    if g.expert() and content.NEMESES[AW].increased_difficulty.get("curse"):
        return tuple(s for s in steps if s[0] != "draw")
    return steps


@op("aging_resolve")
def _aging_resolve(g: Engine, i: int) -> None:
    """Player i resolves a Curse of Aging from their hand, then looks again (one drawn
    meanwhile resolves too). The copies are alike, so there is no order to choose."""
    p = g.state.players[i]
    if CURSE not in p.hand:
        return
    g.push("aging_resolve", i)
    p.hand.remove(CURSE)
    p.played.append(CURSE)  # where it lies while it resolves; "exile this" takes it from there
    g.ev("curse_resolved", player=i, card=CURSE)
    g.push_steps(_curse_steps(g), Ctx(i, i, CURSE))


on = trigger_source("nemesis", AW)  # this mat's rules, at the engine's trigger points


@on("turn_start")
def _aw_turn_start(g: Engine, i: int) -> None:
    g.push("aging_resolve", i)


@on("main_end")
def _aw_main_end(g: Engine, i: int) -> None:
    g.push("aging_resolve", i)


# ============================================================================ cards

#: a card in the player's hand, or their discard pile's top card
HAND_OR_DISCARD_TOP = ("hand", "discard_top")
HAND = ("hand",)
HAND_OR_DISCARD = ("hand", "discard")

TEMPORAL_LEAP = _card("Temporal Leap", "power", 1, power_tokens=3, power=(("collective_exile", 2, HAND, "any"),))
AGE_SIPHON = _card("Age Siphon", "attack", 1, effect=(any_player(("exile_card", HAND_OR_DISCARD, "spell", 1)),
                                                      ("gravehold_damage", 2)))


@step("discard_deck_top", text=lambda *, they=False: (
        "discards their deck's top card." if they else "Discard your deck's top card."))
def _discard_deck_top(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    if not p.deck:
        if not p.discard:
            return
        flip_discard(g, ctx.you)  # P-16, as when revealing from an empty deck
    name = p.deck.pop(0)
    p.discard.append(name)
    g.ev("discard", player=ctx.you, card=name, zone="deck", source=ctx.source)


ENVELOPING_OOZE = _card("Enveloping Ooze", "minion", 1, life=5,
                        persistent=(("gravehold_damage", 2), any_player(("discard_deck_top",))))

RUSH_OF_MADNESS = _card("Rush of Madness", "power", 2, power_tokens=3, to_discard=(("spend_aether", 7),),
                        power=(("unleash", 2), ("exile_costliest_pile",), ("gravehold_damage", 4)))
TIMELESS_SERPENT = _card("Timeless Serpent", "minion", 2, life=12,
                         immediately=(any_player(("exile_card", HAND, "any", 1)),),
                         persistent=(any_player(pick("discard", 1, filt="costliest")),))
BURDEN_OF_KNOWLEDGE = _card("Burden of Knowledge", "power", 2, power_tokens=3,
                            power=(("collective_exile", 2, HAND_OR_DISCARD, ("cost_at_least", 2)),))

SIEGE_OF_DUST = _card("Siege of Dust", "power", 3, power_tokens=1,
                      power=(("unleash", 1), ("if", ("exiled_top_costs_more", 0), (("gravehold_damage", 4),),
                                              (("gravehold_damage", 8),))))
SPIRE_OF_BONE = _card("Spire of Bone", "minion", 3, life=16, immediately=(("destroy_exiled",),),
                      persistent=(any_player(("exile_card", HAND, "any", 1), ("draw", 1, "you")),
                                  ("gravehold_damage", 2)))
FORGET = _card("Forget", "attack", 3, effect=(any_player(("exile_card", HAND, "any", 2), ("draw", 2, "you")),
                                             ("gravehold_damage", 5)))

CARDS = (TEMPORAL_LEAP, AGE_SIPHON, ENVELOPING_OOZE, RUSH_OF_MADNESS, TIMELESS_SERPENT, BURDEN_OF_KNOWLEDGE,
         SIEGE_OF_DUST, SPIRE_OF_BONE, FORGET)

# ============================================================================ mat

rule("exiled_rules", text=lambda extra: (
        "An exiled card goes face up on top of the exiled pile, even an empty one; anyone may look "
        "through the pile. In their main phase a player may gain its top card as from a supply "
        f"pile, paying its cost plus {extra} Æ."))
rule("aging_setup", text=lambda: (
        "Setup: each player puts a Curse of Aging into their discard pile, and one card of the "
        "costliest supply pile (the players pick among ties) starts the exiled pile."))
rule("curse_of_aging", text=lambda: (
        "Curse of Aging is never played: a player resolves each one in their hand when their turn "
        "starts (before casting) and when their main phase ends."))
rule("curse_no_draw", text=lambda: "A player who resolves Curse of Aging draws no card for it.")


@on("setup")
def _aw_setup(st: State) -> None:
    """S-7: a Curse of Aging into every discard pile; the first exile waits on the stack
    for the first run, where the players pick among tied piles."""
    st.nemesis.decks.setdefault(EXILED, [])
    for p in st.players:
        p.discard.append(CURSE)
    st.stack.append(("s", -1, -1, AW, ("exile_costliest_pile",)))


action_head("gain_exiled", ("card",), text=lambda c: f"gain {c} from the exiled pile",
            detail=lambda st, d, c: f"gain {c} from the exiled pile ({content.CARDS[c].cost + EXILE_SURCHARGE} Æ)",
            phase="main", board=True)  # the web board puts it on the pile's top card


@on("main_options")
def _aw_main_options(g: Engine, i: int) -> list[Action]:
    top = exiled_top(g)
    if top is None:
        return []
    c = content.CARDS[top]
    return [("gain_exiled", top)] if available(g.state.players[i], c.type) >= c.cost + EXILE_SURCHARGE else []


@on.action("gain_exiled")
def _aw_main_action(g: Engine, i: int, action: Action) -> None:
    """P-8 for the exiled pile: pay its cost plus the surcharge, take its top card."""
    st = g.state
    name = st.nemesis.decks[EXILED].pop(0)
    c = content.CARDS[name]
    pay(st.players[i], c.cost + EXILE_SURCHARGE, c.type)
    g.ev("gain_exiled", player=i, card=name)
    receive_gained(g, i, name, on_your_turn=True)


NEMESIS = NemesisDef(
    AW, AW, "NA", life=80, difficulty=5, expedition_level=3,
    unleash=(any_player(("exile_card", HAND_OR_DISCARD_TOP, "any", 1)),),
    cards=tuple(c.name for c in CARDS),
    special_decks={EXILED: ()},
    deck_holds={EXILED: "player"},
    deck_faces={EXILED: "up"},
    rules={"setup": (("aging_setup",),), "mat": (("exiled_rules", EXILE_SURCHARGE),),
           "curse": (("curse_of_aging",),)},
    increased_difficulty={"curse": (("curse_no_draw",),)},
)
