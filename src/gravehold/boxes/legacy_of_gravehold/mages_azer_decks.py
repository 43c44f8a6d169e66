"""Three Legacy mages of Azer with their own piles and pieces: Razra, Xaxos and Qu (K-13).

One section per mage: the step kinds of its unique starting cards and sub-deck cards right
above those cards, then its ability's step kinds above the mage. ``UNIQUE_CARDS``,
``DECK_CARDS`` and ``MAGES`` gather them at the end.

Each shares a name with a mage of another box, so each is catalogued, saved and shown as
``"<name> (LOG)"``. Hands, decks, charges and breach setups follow the mats (the wiki's
setups, which the other sources agree with).

- **Razra, The Tamer** keeps the *Rip deck* beside her mat (``MageDef.decks``, face up: she
  picks from it): the eight "Rip" cards costing more than 0 Æ, which only her ability gains.
- **Xaxos, Reckoner** keeps the *Reckoning deck* (shuffled face down): six spells, which
  only his ability gains, one at a time from the top.
- **Qu, Builder** has two double-sided tokens on his mat, the builder and the destroyer
  (``Player.tokens``: 1 for the side marked "Start", face up at setup, 2 for the other);
  each of his two gems resolves one token's face-up side, then flips it.

Readings decided here (the sources leave them open), the values in ``READINGS``:

- *Qu's tokens*: no source gives what either side of either token does, nor names the
  second sides. The project's reading is the table ``READINGS["tokens"]`` (small gem-sized
  effects: the builder builds aether and focus, the destroyer thins the deck and strikes);
  the boards and the gems' texts say it is the project's reading. A better source changes
  that table only. The token flips even when its side could not resolve in full.
- *"A card with Rip in its name"*: a card whose printed name begins with "Rip," (the nine
  cards of Razra's); a marked copy counts by the card it copies.
- *Train Rip*: the destroyed card is chosen first (only one for which the Rip deck holds a
  card costing at most 3 Æ more), then the card gained among those. "Played
  this turn" is the play area (a card played and already gone elsewhere stays there).
- *Rip, Go!*: with no ally breach left to focus, the ally named still gains the charge.
- *Rip, Guard!*: "a power from the nemesis deck" is any power card in the nemesis play area
  (``READINGS["guard_powers"]``: tier 1 to 3, as Xaxos: Outcast reads the same words).
- *Rip, Patrol!*: the map location of a single game is the table (K-8's fire tokens).
- *Essence Leech*: "an ally" is another player (in true solo, Xaxos himself, SO-1); only the
  first charge that ally gains on their own turn counts, whether or not the spell was
  prepped then; each prepped copy gives one charge.
- *Expand Potential*: the card is gained (on-gain effects apply) and put on top of his deck;
  its second branch is one Reckoning card (a card of his Reckoning deck's list).
- *Cosmic Reckoning*: "the first spell you cast this turn": no spell was cast by its caster
  earlier this turn (counted by every means, an ally's prepped spell too); the ally named
  draws, then preps as many spells as they like, one at a time, opened or closed breaches.
- *Final Reckoning*: the three cards turned up stay in order; the ones not destroyed go
  back on top in that order (a short deck turns up what it holds, not refilled).
- *Brutal Reckoning*'s divided damage is the engine's division among minions
  (``divide_minions``, as Xaxos: Outcast's); with no minion in play it cannot resolve in
  full, so the 10 damage to the nemesis is taken without asking (P-7).
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    CARD_RULES,
    MAT_RULES,
    AbilityDef,
    Action,
    CardDef,
    Ctx,
    Engine,
    MageDef,
    Steps,
    ask_step,
    catalogue,
    destroy_from,
    event_text,
    focus_breach,
    focusable,
    gain_card,
    game_cards,
    leave_play,
    op,
    pick,
    receive_gained,
    render_steps,
    seat,
    step,
    trigger_source,
    turn_flag,
    who_does,
)
from .mats import AZER, OPEN, C

CITY = AZER



#: a step as a check function reads it
Step_ = tuple[object, ...]

RAZRA = "Razra (LOG)"
XAXOS = "Xaxos (LOG)"
QU = "Qu (LOG)"
RIP_DECK = "Rip deck"
RECKONING_DECK = "Reckoning deck"

#: the project's readings where the sources are silent (see the module docstring)
READINGS: dict[str, Any] = {
    # Qu's tokens: token -> (side 1 "Start", side 2) as (side name, steps)
    "tokens": {
        "builder": (("Start", (("aether", 2),)),
                    ("Raise", (("aether", 1), ("focus_lowest", "you")))),
        "destroyer": (("Start", (("aether", 1), pick("destroy", 1, ("hand", "discard"), how="may"))),
                      ("Raze", (("aether", 1), ("damage", 1)))),
    },
    # Rip, Guard!: the tiers of a power it may discard
    "guard_powers": (1, 3),
    # Train Rip: how much more a gained Rip card may cost than the destroyed one
    "train_rip_more": 3,
}


def _ally_named(g: Engine, ctx: Ctx, kind: Step_, prompt: str, action: Action | None) -> int | None:
    """The ally named for ``steps`` (asked when there is a choice); None when asked or none."""
    allies = g.allies(ctx.you)
    if not allies:
        return None
    if action is None and len(allies) > 1:
        ask_step(g, ctx, kind, "player", ctx.you, prompt, [("player", j) for j in allies])
        return None
    return allies[0] if action is None else int(action[1])



@step("an_ally", text=lambda steps: who_does("An ally of your choice", steps))
def _an_ally(g: Engine, ctx: Ctx, steps: Steps, action: Action | None = None) -> None:
    """An ally you name resolves ``steps`` as "you" (in true solo, you: SO-1)."""
    j = _ally_named(g, ctx, ("an_ally", steps), "Which ally?", action)
    if j is not None:
        g.push_steps(steps, Ctx(j, ctx.owner, ctx.source))


# ================================================================== Razra


def is_rip(name: str) -> bool:
    """A card with "Rip" in its name (the reading: its printed name begins with "Rip,")."""
    c = catalogue.CARDS.get(name)
    return (c.base or c.name if c is not None else name).startswith("Rip,")


RIP_HELP = CardDef("Rip, Help!", "relic", 0, "LOG", play=(("gain_charge", 1),), starter=True, mage=RAZRA,
                   city=CITY)
RIP_FETCH = CardDef("Rip, Fetch!", "relic", 3, "LOG", starter=True, mage=RAZRA, city=CITY,
                    play=(("focus_lowest", "you"), pick("destroy", 1, "hand", how="may")))


def _ally_breach_or_ally(g: Engine, ctx: Ctx) -> list[Action]:
    opts: list[Action] = [("breach", j, b) for j in g.allies(ctx.you) for b in range(4) if focusable(g, j, b)]
    return opts or [("player", j) for j in g.allies(ctx.you)]


@step("focus_ally_breach_charge", text=lambda: "Focus a breach of an ally of your choice; that ally gains 1 charge.")
def _focus_ally_breach_charge(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Rip, Go!: the ally is named by their breach (READINGS: with none to focus, by name)."""
    if action is None:
        opts = _ally_breach_or_ally(g, ctx)
        if len(opts) > 1:
            ask_step(g, ctx, ("focus_ally_breach_charge",), opts[0][0], ctx.you, "Focus which ally's breach?", opts)
            return
        if not opts:
            return
        action = opts[0]
    j = int(action[1])
    if action[0] == "breach":
        focus_breach(g, j, int(action[2]))
    g.push_steps((("gain_charge", 1),), Ctx(j, ctx.owner, ctx.source))


RIP_GO = CardDef("Rip, Go!", "relic", 3, "LOG", play=(("focus_ally_breach_charge",),), starter=True, mage=RAZRA,
                 city=CITY)
RIP_PROTECT = CardDef("Rip, Protect!", "relic", 6, "LOG", play=(("draw", 2, "any_ally"), ("silence",)),
                      starter=True, mage=RAZRA, city=CITY)


def _supply_offers(g: Engine, ctype: str, at_most: int) -> list[Action]:
    st = g.state
    return [("gain", n) for n, k in zip(st.supply_names, st.supply_counts, strict=True)
            if k > 0 and (ctype == "any" or catalogue.CARDS[n].type == ctype)
            and (at_most < 0 or catalogue.CARDS[n].cost <= at_most)]


def _check_gain_to(s: Step_) -> None:
    if s[3] not in ("deck", "hand"):
        raise ValueError("gain_supply_to takes 'deck' or 'hand' as its place")


@step("gain_supply_to", check=_check_gain_to,
      can_resolve=lambda g, ctx, s: bool(_supply_offers(g, str(s[1]), int(str(s[2])))),
      text=lambda ctype, at_most, to: (
          f"Gain {'a card' if ctype == 'any' else f'a {ctype}'}"
          + (f" costing {at_most} Æ or less" if at_most >= 0 else "") + " from the supply and put it "
          + ("on top of your deck." if to == "deck" else "into your hand.")))
def _gain_supply_to(g: Engine, ctx: Ctx, ctype: str, at_most: int, to: str, action: Action | None = None) -> None:
    """Rip, Scout! and Rip, Patrol!: a supply card gained straight onto the deck or into the hand."""
    if action is None:
        opts = _supply_offers(g, ctype, at_most)
        if opts:
            ask_step(g, ctx, ("gain_supply_to", ctype, at_most, to), "gain", ctx.you, "Gain which card?", opts)
        return
    gain_card(g, ctx.you, str(action[1]), on_your_turn=ctx.you == g.state.active, to_deck=to == "deck",
              to_hand=to == "hand")


RIP_SCOUT = CardDef("Rip, Scout!", "relic", 3, "LOG", play=(("gain_supply_to", "any", 4, "deck"),), starter=True,
                    mage=RAZRA, city=CITY)


@step("ally_may_prep", text=lambda: "An ally of your choice may prep a spell from their hand.")
def _ally_may_prep(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Rip, Attack!: the ally named preps as ever (opened breaches, or a focused closed one on
    their own turn), or not at all."""
    j = _ally_named(g, ctx, ("ally_may_prep",), "Which ally may prep a spell?", action)
    if j is not None:
        g.push("we_prep_from_hand", j, ctx.source, False)


RIP_ATTACK = CardDef("Rip, Attack!", "relic", 6, "LOG", starter=True, mage=RAZRA, city=CITY,
                     play=(("ally_may_prep",), ("cast_prepped_bonus", 2, 1, False)))
RIP_EAT = CardDef("Rip, Eat!", "relic", 6, "LOG", starter=True, mage=RAZRA, city=CITY,
                  play=(("an_ally", (("gain_charge", 2), pick("destroy", 1, "hand", how="may"))),))


def _guard_powers(g: Engine) -> list[Action]:
    low, high = READINGS["guard_powers"]
    return [("card", c.name) for c in g.state.nemesis.in_play
            if (d := catalogue.NEMESIS_CARDS.get(c.name)) is not None and d.type == "power"
            and low <= d.tier <= high]


@step("discard_nemesis_power", can_resolve=lambda g, ctx, s: bool(_guard_powers(g)),
      text=lambda: "Put a power of the nemesis deck in play into the nemesis discard pile.")
def _discard_nemesis_power(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts = _guard_powers(g)
        if len(opts) > 1:
            ask_step(g, ctx, ("discard_nemesis_power",), "card", ctx.you, "Discard which power?", opts)
            return
        if not opts:
            return
        action = opts[0]
    n = g.state.nemesis
    idx = next(k for k, c in enumerate(n.in_play) if c.name == action[1])
    g.ev("nemesis_card_discarded", card=str(action[1]), source=ctx.source)
    leave_play(g, idx)


RIP_GUARD = CardDef("Rip, Guard!", "relic", 9, "LOG", starter=True, mage=RAZRA, city=CITY,
                    play=(("or", (("life", 2, "you"), ("ally_charges", 3)),
                           (("you_suffer", 2), ("discard_nemesis_power",))),))
RIP_PATROL = CardDef("Rip, Patrol!", "relic", 9, "LOG", starter=True, mage=RAZRA, city=CITY,
                     play=(("gain_supply_to", "spell", -1, "hand"), ("remove_fire", 1)))

RIP_CARDS = (RIP_FETCH, RIP_GO, RIP_PROTECT, RIP_SCOUT, RIP_ATTACK, RIP_EAT, RIP_GUARD, RIP_PATROL)
#: the Rip deck as the mat sets it out: two of each card but the two costing 9 Æ
RIP_DECK_CARDS: tuple[str, ...] = tuple(
    c.name for c in RIP_CARDS for _ in range(1 if c.cost >= 9 else 2))


def _gains_for(g: Engine, i: int, cost: int) -> list[Action]:
    """The Rip deck cards Train Rip may gain for a destroyed card costing ``cost``, the
    costliest first (a bot without advice takes the first option)."""
    more = int(READINGS["train_rip_more"])
    cards = catalogue.CARDS
    return sorted((("card", c) for c in dict.fromkeys(g.state.players[i].decks.get(RIP_DECK, ()))
                   if cards[c].cost <= cost + more), key=lambda o: (-cards[str(o[1])].cost, str(o[1])))


def _trainable(g: Engine, i: int) -> list[Action]:
    """The Rip cards in hand Train Rip's first branch may destroy (each with a card to gain)."""
    return [("card", c) for c in sorted({c for c in g.state.players[i].hand if is_rip(c)})
            if _gains_for(g, i, catalogue.CARDS[c].cost)]


@step("train_rip", can_resolve=lambda g, ctx, s: bool(_trainable(g, ctx.you)), text=lambda: (
        "Destroy a Rip card in your hand, then gain a card of your Rip deck costing at most 3 Æ more "
        "into your hand."))
def _train_rip(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Razra's first branch: the card destroyed first, then the one gained (the reading above)."""
    if action is None:
        opts = _trainable(g, ctx.you)
        if len(opts) > 1:
            ask_step(g, ctx, ("train_rip",), "card", ctx.you, "Destroy which Rip card?", opts)
            return
        if not opts:
            return
        action = opts[0]
    have = str(action[1])
    g.push("log_train_gain", ctx.you, ctx.source, catalogue.CARDS[have].cost)
    destroy_from(g, ctx.you, "hand", have, ctx.source)


@op("log_train_gain")
def _train_gain(g: Engine, i: int, source: str, cost: int, action: Action | None = None) -> None:
    opts = _gains_for(g, i, cost)
    if not opts:
        return
    if action is None and len(opts) > 1:
        g.ask("card", i, source, "Gain which card of your Rip deck?", opts, ("log_train_gain", i, source, cost))
        return
    want = str((action or opts[0])[1])
    g.state.players[i].decks[RIP_DECK].remove(want)
    receive_gained(g, i, want, on_your_turn=i == g.state.active, to_hand=True)


def _rips_back(g: Engine, i: int) -> list[tuple[str, str]]:
    p = g.state.players[i]
    return [(z, c) for z in ("played", "discard") for c in getattr(p, z) if is_rip(c)]


@step("rips_to_hand", can_resolve=lambda g, ctx, s: bool(_rips_back(g, ctx.you)), text=lambda: (
        "Return to your hand every Rip card you have played this turn or that is in your discard pile."))
def _rips_to_hand(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    for zone, c in _rips_back(g, ctx.you):
        getattr(p, zone).remove(c)
        p.hand.append(c)
        g.ev("to_hand", player=ctx.you, card=c, source=ctx.source)


RAZRA_MAGE = MageDef(
    RAZRA, RAZRA, "The Tamer", "LOG",
    AbilityDef("Train Rip", "your_main", 4, (("or", (("train_rip",),), (("rips_to_hand",),)),)),
    hand=("Crystal", "Crystal", "Crystal", "Rip, Help!", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Rip, Help!", "Spark"),
    breaches=(OPEN, C(1), C(0), C(0)), uniques=("Rip, Help!",),
    decks={RIP_DECK: RIP_DECK_CARDS}, deck_faces={RIP_DECK: "up"}, city=CITY,
)

# ================================================================== Xaxos

ESSENCE_LEECH = CardDef("Essence Leech", "spell", 0, "LOG", cast=(("damage", 1),), starter=True, mage=XAXOS,
                        city=CITY)
FIRST_CHARGE = turn_flag("log_first_charge", "the active player has gained a charge this turn")


@trigger_source("keyword", "essence leech", present=lambda st: "Essence Leech" in game_cards(st))("charge")
def _leech(g: Engine, i: int) -> None:
    """The active player's first charge of their turn: each Xaxos whose ally they are gains
    1 charge per prepped Essence Leech."""
    st = g.state
    if i != st.active or st.flags.get(FIRST_CHARGE):
        return
    st.flags[FIRST_CHARGE] = True
    for j, p in enumerate(st.players):
        if i not in g.allies(j):
            continue
        for br in p.breaches:
            for s in br.spells:
                if s == "Essence Leech":
                    g.push("s", j, j, "Essence Leech", ("gain_charge", 1))


DEAD_RECKONING = CardDef("Dead Reckoning", "spell", 8, "LOG", cast=(("damage", 4),), echo=True, starter=True,
                         mage=XAXOS, city=CITY)
ELEMENTAL_RECKONING = CardDef("Elemental Reckoning", "spell", 8, "LOG", starter=True, mage=XAXOS, city=CITY,
                              cast=(("damage", 3), ("or", (("life", 3, "any_player"),), (("gravehold_life", 3),))))

CASTS = turn_flag("log_casts:*", "spells a player (the key's seat) has cast this turn")


@trigger_source("keyword", "log casts", present=lambda st: "Cosmic Reckoning" in game_cards(st))("cast")
def _count_cast(g: Engine, caster: int, name: str) -> None:
    st = g.state
    key = f"log_casts:{caster}"
    st.flags[key] = int(st.flags.get(key, 0)) + 1


@step("if_first_cast", text=lambda steps: (
        "If you have cast no other spell this turn: " + render_steps(steps)[:1].lower()
        + render_steps(steps)[1:]))
def _if_first_cast(g: Engine, ctx: Ctx, steps: Steps) -> None:
    """The cast point counts a spell before its effect resolves: the first is counted 1."""
    if int(g.state.flags.get(f"log_casts:{ctx.you}", 0)) <= 1:
        g.push_steps(steps, ctx)


COSMIC_RECKONING = CardDef("Cosmic Reckoning", "spell", 8, "LOG", starter=True, mage=XAXOS, city=CITY,
                           cast=(("if_first_cast", (("an_ally", (("draw", 4, "you"),
                                                                 ("prep_any_from_hand", -1, False))),)),))
def _minion_in_play(g: Engine, ctx: Ctx, s: Step_) -> bool:
    return any(catalogue.NEMESIS_CARDS[c.name].type == "minion" for c in g.state.nemesis.in_play
               if c.name in catalogue.NEMESIS_CARDS)


@step("divided_among_minions", can_resolve=_minion_in_play,
      text=lambda n: render_steps((("divide_minions", n),)))
def _divided_among_minions(g: Engine, ctx: Ctx, n: int) -> None:
    """The engine's division among minions, which resolves in full only with a minion in play
    (P-7): with none, Brutal Reckoning's other branch is the one taken."""
    g.push_steps((("divide_minions", n),), ctx)


BRUTAL_RECKONING = CardDef("Brutal Reckoning", "spell", 8, "LOG", starter=True, mage=XAXOS, city=CITY,
                           cast=(("or", (("divided_among_minions", 8),), (("damage_nemesis", 10),)),))


@step("reveal_three_may_destroy", text=lambda: (
        "Turn up the three top cards of your deck and destroy any of them you like; the rest go back in order."))
def _reveal_three(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    shown = p.deck[:3]
    if shown:
        g.ev("revealed", player=ctx.you, cards=list(shown), source=ctx.source)
        g.push("log_destroy_revealed", ctx.you, ctx.source, len(shown))


@op("log_destroy_revealed")
def _destroy_revealed(g: Engine, i: int, source: str, left: int, action: Action | None = None) -> None:
    """Final Reckoning: the turned-up cards are the deck's top ``left`` cards; one at a time."""
    p = g.state.players[i]
    top = p.deck[:left]
    if not top:
        return
    if action is None:
        g.ask("destroy", i, source, "Destroy which turned-up card?",
              [("card", c) for c in dict.fromkeys(top)] + [("done",)], ("log_destroy_revealed", i, source, left))
        return
    if action[0] == "done":
        return
    destroy_from(g, i, "deck", str(action[1]), source)
    g.push("log_destroy_revealed", i, source, left - 1)


FINAL_RECKONING = CardDef("Final Reckoning", "spell", 8, "LOG", cast=(("damage", 4), ("reveal_three_may_destroy",)),
                          starter=True, mage=XAXOS, city=CITY)
NOCTURNAL_RECKONING = CardDef("Nocturnal Reckoning", "spell", 8, "LOG", starter=True, mage=XAXOS, city=CITY,
                              cast=(("or", (("ally_charges", 4), ("reorder_turn_order",)), (("damage", 8),)),))

RECKONING_CARDS = (DEAD_RECKONING, ELEMENTAL_RECKONING, COSMIC_RECKONING, BRUTAL_RECKONING, FINAL_RECKONING,
                   NOCTURNAL_RECKONING)


@step("reckon", can_resolve=lambda g, ctx, s: bool(g.state.players[ctx.you].decks.get(RECKONING_DECK)),
      text=lambda: "Look at the top card of your Reckoning deck, gain it, and put it on top of your deck.")
def _reckon(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    pile = p.decks.get(RECKONING_DECK)
    if pile:
        receive_gained(g, ctx.you, pile.pop(0), on_your_turn=ctx.you == g.state.active, to_deck=True)


def _reckonings_in_discard(g: Engine, i: int) -> list[Action]:
    names = {c.name for c in RECKONING_CARDS}
    return [("card", c) for c in dict.fromkeys(g.state.players[i].discard)
            if (catalogue.CARDS[c].base or c) in names]


@step("reckoning_to_hand", can_resolve=lambda g, ctx, s: bool(_reckonings_in_discard(g, ctx.you)),
      text=lambda: "Take one Reckoning card from your discard pile back into your hand.")
def _reckoning_to_hand(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts = _reckonings_in_discard(g, ctx.you)
        if len(opts) > 1:
            ask_step(g, ctx, ("reckoning_to_hand",), "card", ctx.you, "Return which Reckoning card?", opts)
            return
        if not opts:
            return
        action = opts[0]
    p = g.state.players[ctx.you]
    c = str(action[1])
    p.discard.reverse()
    p.discard.remove(c)
    p.discard.reverse()
    p.hand.append(c)
    g.ev("to_hand", player=ctx.you, card=c, source=ctx.source)


XAXOS_MAGE = MageDef(
    XAXOS, XAXOS, "Reckoner", "LOG",
    AbilityDef("Expand Potential", "your_main", 6, (("or", (("reckon",),), (("reckoning_to_hand",),)),)),
    hand=("Crystal", "Crystal", "Crystal", "Essence Leech", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(2), C(0), C(0)), uniques=("Essence Leech",),
    decks={RECKONING_DECK: tuple(c.name for c in RECKONING_CARDS)}, city=CITY,
)

# ================================================================== Qu

TOKENS: dict[str, tuple[tuple[str, Steps], tuple[str, Steps]]] = READINGS["tokens"]


def side(p: Any, token: str) -> int:
    """The face-up side of Qu's token (1 "Start", 2 the other); a mat without it lies at 1."""
    return int(p.tokens.get(token, 1))


def _check_token(s: Step_) -> None:
    if s[1] not in TOKENS:
        raise ValueError(f"resolve_token names one of {', '.join(TOKENS)}, not {s[1]!r}")


@step("resolve_token", check=_check_token, text=lambda token: (
        f"Resolve the face-up side of your {token} token, then flip it (its sides are the project's reading, "
        "shown on the mat)."))
def _resolve_token(g: Engine, ctx: Ctx, token: str) -> None:
    """Oblivion Lode, Corrupted Vein: the side's steps resolve first, then the flip."""
    p = g.state.players[ctx.you]
    now = side(p, token)
    g.push("log_flip_token", ctx.you, token)
    g.push_steps(TOKENS[token][now - 1][1], ctx)


@op("log_flip_token")
def _flip_token(g: Engine, i: int, token: str) -> None:
    p = g.state.players[i]
    p.tokens[token] = 3 - side(p, token)
    g.ev("token_flipped", player=i, token=token, side=TOKENS[token][p.tokens[token] - 1][0])


OBLIVION_LODE = CardDef("Oblivion Lode", "gem", 0, "LOG", play=(("resolve_token", "builder"),), starter=True,
                        mage=QU, city=CITY)
CORRUPTED_VEIN = CardDef("Corrupted Vein", "gem", 0, "LOG", play=(("resolve_token", "destroyer"),), starter=True,
                         mage=QU, city=CITY)


def _qu_in_game(st: Any) -> bool:
    return any(p.mage == QU for p in st.players)


@trigger_source("keyword", "qu tokens", present=_qu_in_game)("setup")
def _setup(st: Any) -> None:
    for p in st.players:
        if p.mage == QU:
            for token in TOKENS:
                p.tokens[token] = 1


QU_MAGE = MageDef(
    QU, QU, "Builder", "LOG",
    AbilityDef("Feed the Corruption", "your_main", 4, (
        ("draw", 2, "any_ally"),
        ("player", "any", (pick("destroy", 2, ("hand", "discard"), how="up_to"),)))),
    hand=("Crystal", "Crystal", "Crystal", "Oblivion Lode", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Corrupted Vein"),
    breaches=(OPEN, C(0), C(0), C(1)), uniques=("Oblivion Lode", "Corrupted Vein"), city=CITY,
)


def _token_rules() -> str:
    rows = []
    for token, sides in TOKENS.items():
        shown = " / ".join(f"side {k + 1} ({name}): {render_steps(steps).rstrip('.')}"
                           for k, (name, steps) in enumerate(sides))
        rows.append(f"{token} token: {shown}")
    return ("Builder and destroyer tokens (each starts on side 1, Start; shown as the side face up): Oblivion Lode "
            "resolves the builder token, Corrupted Vein the destroyer token, then flips it. What each side does is "
            "this project's reading (no source gives it): " + "; ".join(rows) + ".")


def _rip_rules() -> str:
    return ("Rip deck (beside the mat, face up): the Rip cards costing more than 0 Æ; only Train Rip gains them.")


def _reckoning_rules() -> str:
    return ("Reckoning deck (beside the mat, shuffled face down): six spells; only Expand Potential gains them.")


event_text("token_flipped", lambda e: f"{seat(e['player'])} flips the {e['token']} token to its {e['side']} side")

MAT_RULES[QU] = _token_rules()
MAT_RULES[RAZRA] = _rip_rules()
MAT_RULES[XAXOS] = _reckoning_rules()
CARD_RULES["Essence Leech"] = ("While prepped, the first time an ally gains a charge on their own turn, gain 1 "
                               "charge.")

UNIQUE_CARDS = (RIP_HELP, ESSENCE_LEECH, OBLIVION_LODE, CORRUPTED_VEIN)
DECK_CARDS = (*RIP_CARDS, *RECKONING_CARDS)
MAGES = (RAZRA_MAGE, XAXOS_MAGE, QU_MAGE)
