"""The Outcasts mages and their unique starting cards (K-13).

One section per mage: the step kinds of its unique starting card right above that card,
then the step kinds of its ability right above the mage. Thraxir's and Dezmodia's unique
breaches are in ``breaches.py``; Z'hana's glyph tokens and Taqren's barrier track in
``tokens.py``. ``UNIQUE_CARDS`` and ``MAGES`` gather them at the end.

Every Outcasts mage shares a name with a mage of another box, so each is catalogued, saved
and shown as ``"<name> (OC)"`` (as War Eternal's Mist is ``"Mist (WE)"``): a game, a board
or a saved file never mixes up Taqren of The New Age and Taqren of Outcasts. Hands, decks,
charges and breach setups follow the mats (the wiki's setups); Ilya holds two Sparks in her
hand and deck (the errata of the first printing).

Readings decided here:

- *Entwined Amethyst* (Ilya, Kel) is one card: both mats start with it. "During an ally's
  turn" is a turn of another player (not the nemesis' turn); every discard counts (from
  hand, or as a cost), whatever made it.
- *Trulite of Force / Energy*: the ally who discards is named by the gem's player among the
  allies who can; with no ally (true solo) nothing is offered. The aether is a restricted
  pool (K-11): for a spell or a breach (Force), for a gem or a relic (Energy).
- *Esoteric Amplifier*: suffering the damage is a choice; it matters with Taqren's barrier.
- *Call of the Void* (Qu): "play that card twice" is the one play already made and one more
  (its effect resolves again); the card then goes back on its supply pile, or stays played
  when no pile of this game takes it. Once per turn, counted from the first gem or relic
  costing 1 Æ or more played while it is prepped.
- *Convergence* (Arachnos): the charge is his (his card is prepped); any turn counts.
- *Life Embrace* (Ilya): her prepped spells are cast one by one in the order she picks,
  each staying prepped.
- *Combust Aether* (Qu): the window is the end of his own draw phase (window
  ``your_draw_end``), after drawing back to five.
- *Shackles Unleashed* (Thraxir): the spells are cast one at a time, as many as the limit;
  "opened breaches" are his own.
- *Void Vortex* (Dezmodia): she names the ally; after the ally draws three, she gives cards
  one at a time (as many as she likes, none too), then the ally gives as many back.
- *Expunge* (Arachnos): a spell must be cast when any is prepped (the ability is then
  offered; with none, nothing happens).
"""

from __future__ import annotations

from ...boxapi import (
    CARD_RULES,
    AbilityDef,
    Action,
    BreachSetup,
    CardDef,
    Ctx,
    Engine,
    MageDef,
    ask_step,
    cast_spell,
    draw_cards,
    focus_breach,
    op,
    pick,
    player_damage,
    step,
    trigger_source,
    turn_flag,
)
from ...boxapi import catalogue as content
from .breaches import FORGED, HONED, REFINED, SERRATED, VOID
from .tokens import TAQREN, ZHANA, register_mat_rules

OPEN = BreachSetup("open")
NONE = BreachSetup("none")


def C(stage: int, special: str | None = None) -> BreachSetup:
    return BreachSetup("closed", stage, special)


ILYA = "Ilya (OC)"
KEL = "Kel (OC)"
QU = "Qu (OC)"
THRAXIR = "Thraxir (OC)"
DEZMODIA = "Dezmodia (OC)"
ARACHNOS = "Arachnos (OC)"


def _ally_discards(then: tuple[tuple[object, ...], ...]) -> tuple[object, ...]:
    """K-15: an ally may discard one card from hand; if one does, the card's player gets ``then``."""
    return ("may_pay", "ally", (pick("discard", 1),), (), then)


# ================================================================== Ilya and Kel

ENTWINED_AMETHYST = CardDef("Entwined Amethyst", "gem", 0, "O", play=(("aether", 1),), starter=True, mage=ILYA)
ENTWINED = "Entwined Amethyst"


def _entwined_in_game(st: object) -> bool:
    return any(p.mage in (ILYA, KEL) for p in st.players)  # type: ignore[attr-defined]


@trigger_source("keyword", "entwined", present=_entwined_in_game)("discarded")
def _entwined(g: Engine, i: int, name: str) -> None:
    """Entwined Amethyst discarded during an ally's turn: its owner gains a charge."""
    active = g.state.active
    if name == ENTWINED and 0 <= active != i:
        g.push("s", i, i, ENTWINED, ("gain_charge", 1))


TRULITE_OF_FORCE = CardDef("Trulite of Force", "gem", 0, "O",
                           play=(("aether", 1), _ally_discards((("aether_for", 1, "spell_breach"),))),
                           starter=True, mage=ILYA)
TRULITE_OF_ENERGY = CardDef("Trulite of Energy", "gem", 0, "O",
                            play=(("aether", 1), _ally_discards((("aether_for", 1, "gem_relic"),))),
                            starter=True, mage=KEL)


@step("cast_own_prepped_kept", text=lambda: "Cast each of your prepped spells, without discarding them.")
def _cast_own_prepped_kept(g: Engine, ctx: Ctx) -> None:
    g.push("oc_cast_kept", ctx.you, ctx.source, 0)


@op("oc_cast_kept")
def _oc_cast_kept(g: Engine, i: int, source: str, done: int, action: Action | None = None) -> None:
    """Life Embrace: one spell at a time; ``done`` marks the cast ones (bit 8 * breach + slot)."""
    p = g.state.players[i]
    if action is None:
        opts: list[Action] = [("spell", i, b, k) for b, br in enumerate(p.breaches)
                              for k in range(len(br.spells)) if not done & (1 << (8 * b + k))]
        if len(opts) > 1:
            g.ask("spell", i, source, "Cast which prepped spell next (it stays prepped)?", opts,
                  ("oc_cast_kept", i, source, done))
            return
        if not opts:
            return
        action = opts[0]
    b, k = int(action[2]), int(action[3])
    g.push("oc_cast_kept", i, source, done | (1 << (8 * b + k)))
    cast_spell(g, i, i, b, k, keep=True)


ILYA_MAGE = MageDef(
    ILYA, ILYA, "Right Hand", "O",
    AbilityDef("Life Embrace", "your_main", 5,
               (("cast_own_prepped_kept",), pick("to_hand", 1, "discard", who="ally"))),
    hand=("Crystal", "Entwined Amethyst", "Spark", "Spark", "Trulite of Force"),
    deck=("Crystal", "Entwined Amethyst", "Spark", "Spark", "Trulite of Force"),
    breaches=(OPEN, C(2), C(1), C(1)), uniques=("Entwined Amethyst", "Trulite of Force"),
)


@step("ally_draws_may_prep", text=lambda: (
        "An ally of your choice draws 1 card, then may prep a spell from hand onto any of their breaches, "
        "opened or closed."))
def _ally_draws_may_prep(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)]
        if opts:
            ask_step(g, ctx, ("ally_draws_may_prep",), "player", ctx.you, "Which ally draws a card?", opts)
        return
    j = int(action[1])
    g.push("we_prep_from_hand", j, ctx.source, True)
    draw_cards(g, j, 1)


KEL_MAGE = MageDef(
    KEL, KEL, "Left Hand", "O",
    AbilityDef("Soul Invigoration", "your_main", 6,
               (pick("to_hand", 2, "played", how="up_to"), ("ally_draws_may_prep",))),
    hand=("Crystal", "Crystal", "Entwined Amethyst", "Spark", "Trulite of Energy"),
    deck=("Crystal", "Crystal", "Entwined Amethyst", "Spark", "Trulite of Energy"),
    breaches=(OPEN, C(0), C(0), C(0)), uniques=("Entwined Amethyst", "Trulite of Energy"),
)

# ================================================================== Z'hana

GLYPH_CARVER = CardDef("Glyph Carver", "gem", 0, "O", play=(("or", (("aether", 1),), (("place_glyph", 1),)),),
                       starter=True, mage=ZHANA)

ZHANA_MAGE = MageDef(
    ZHANA, ZHANA, "Crimson Rebel", "O",
    AbilityDef("Inscribe", "any_main", 5, (("gravehold_life", 5), ("place_glyph", 2))),
    hand=("Crystal", "Crystal", "Crystal", "Crystal", "Glyph Carver"),
    deck=("Crystal", "Crystal", "Crystal", "Glyph Carver", "Spark"),
    breaches=(NONE, C(0), C(1), C(3)), uniques=("Glyph Carver",),
)

# ================================================================== Taqren


@step("may_suffer", text=lambda n: f"You may suffer {n} damage.")
def _may_suffer(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    if action is None:
        ask_step(g, ctx, ("may_suffer", n), "yes_no", ctx.you, f"Suffer {n} damage?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        player_damage(g, ctx.you, n, ctx.source)


ESOTERIC_AMPLIFIER = CardDef("Esoteric Amplifier", "gem", 0, "O", play=(("aether", 1), ("may_suffer", 1)),
                             starter=True, mage=TAQREN)

TAQREN_MAGE = MageDef(
    TAQREN, TAQREN, "Severed Shield", "O",
    AbilityDef("Sustain", "your_main", 5,
               (("if", "exhausted", (("gravehold_life", 3),), (("life", 3, "you"),)),)),
    hand=("Crystal", "Crystal", "Crystal", "Esoteric Amplifier", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(OPEN, C(2), C(1), C(1)), uniques=("Esoteric Amplifier",),
)

# ================================================================== Qu

CALL_OF_THE_VOID = CardDef("Call of the Void", "spell", 0, "O", cast=(("damage", 1),), starter=True, mage=QU)
VOID_CALLED = turn_flag("oc_void_called", "Call of the Void has played a card twice this turn")


@trigger_source("card", "Call of the Void", zone="prepped")("played")
def _void_call(g: Engine, i: int, name: str, b: int, card: str) -> None:
    """The first gem or relic costing 1 Æ or more played this turn: once more, then back."""
    st = g.state
    c = content.CARDS[name]
    if c.cost < 1 or st.flags.get(VOID_CALLED):
        return
    st.flags[VOID_CALLED] = True
    g.push("oc_back_to_supply", i, name)
    g.push_steps(c.play, Ctx(i, i, name))


@op("oc_back_to_supply")
def _back_to_supply(g: Engine, i: int, name: str) -> None:
    st = g.state
    p = st.players[i]
    if name in st.supply_names and name in p.played:
        p.played.reverse()
        p.played.remove(name)
        p.played.reverse()
        st.supply_counts[st.supply_names.index(name)] += 1
        g.ev("returned_to_supply", player=i, card=name, source="Call of the Void")


QU_MAGE = MageDef(
    QU, QU, "Destroyer", "O",
    AbilityDef("Combust Aether", "your_draw_end", 4, (("draw", 3, "you"),)),
    hand=("Crystal", "Crystal", "Crystal", "Crystal", "Call of the Void"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, OPEN, C(0), C(0)), uniques=("Call of the Void",),
)

# ================================================================== Thraxir

NAMELESS_SIPHON = CardDef("Nameless Siphon", "gem", 0, "O",
                          play=(("or", (("aether", 1),), (_ally_discards((("focus_own_breach",),)),)),),
                          starter=True, mage=THRAXIR)


@step("cast_prepped_bonus", text=lambda n, extra, must: (
        ("Cast a spell prepped by any player" if n == 1 and must
         else f"Cast as many as {n} spells prepped by any players, one at a time")
        + (f"; each deals {extra} more damage." if extra else ".")))
def _cast_prepped_bonus(g: Engine, ctx: Ctx, n: int, extra: int, must: bool, action: Action | None = None) -> None:
    """P-18: you cast prepped spells of any players, each with ``extra`` damage."""
    st = g.state
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for j, p in enumerate(st.players)
                              for b, br in enumerate(p.breaches) for k in range(len(br.spells))]
        if n > 0 and opts:
            ask_step(g, ctx, ("cast_prepped_bonus", n, extra, must), "spell", ctx.you,
                     f"Cast which prepped spell? ({n} at most)", opts + ([] if must else [("done",)]))
        return
    if action[0] == "done":
        return
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("cast_prepped_bonus", n - 1, extra, must))
    cast_spell(g, ctx.you, int(action[1]), int(action[2]), int(action[3]), extra=extra)


@step("shackles_unleashed", text=lambda: (
        "Cast as many as 3 spells prepped by any players, one at a time. With 3 opened breaches, each deals "
        "1 more damage; with 4, cast as many as 4 and each deals 2 more damage."))
def _shackles_unleashed(g: Engine, ctx: Ctx) -> None:
    opened = sum(1 for br in g.state.players[ctx.you].breaches if br.state == "open")
    n, extra = (4, 2) if opened >= 4 else (3, 1) if opened == 3 else (3, 0)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("cast_prepped_bonus", n, extra, False))


THRAXIR_MAGE = MageDef(
    THRAXIR, THRAXIR, "Reanimated", "O",
    AbilityDef("Shackles Unleashed", "your_main", 5, (("shackles_unleashed",),)),
    hand=("Crystal", "Crystal", "Crystal", "Nameless Siphon", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(C(1, FORGED), C(2, HONED), C(0, REFINED), C(1, SERRATED)), uniques=("Nameless Siphon",),
)

# ================================================================== Dezmodia


@step("focus_cast_breach", text=lambda: "Focus the breach this was cast from.")
def _focus_cast_breach(g: Engine, ctx: Ctx) -> None:
    where = g.state.flags.get("cast_from")
    if where is not None:
        focus_breach(g, int(where[0]), int(where[1]))


SWIRLING_DARKNESS = CardDef("Swirling Darkness", "spell", 0, "O", cast=(("focus_cast_breach",),),
                            prep_closed=True, starter=True, mage=DEZMODIA)


@step("void_vortex", text=lambda: (
        "An ally of your choice draws 3 cards. Then give them as many cards from your hand as you like; they "
        "give you as many from theirs."))
def _void_vortex(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)]
        if opts:
            ask_step(g, ctx, ("void_vortex",), "player", ctx.you, "Which ally draws three cards?", opts)
        return
    j = int(action[1])
    if j != ctx.you:  # solo, she is her own ally (SO-1): cards given to her own hand change nothing
        g.push("oc_give", ctx.you, j, ctx.source, 0)
    draw_cards(g, j, 3)


@op("oc_give")
def _oc_give(g: Engine, i: int, j: int, source: str, given: int, action: Action | None = None) -> None:
    """Dezmodia gives cards one at a time; when she is done, the ally gives as many back."""
    st = g.state
    if action is None:
        hand = st.players[i].hand
        if hand:
            g.ask("card", i, source, f"Give which card to player {j + 1}? ({given} given)",
                  [("card", c) for c in dict.fromkeys(hand)] + [("done",)], ("oc_give", i, j, source, given))
            return
        action = ("done",)
    if action[0] == "done":
        g.push("oc_give_back", j, i, source, given)
        return
    _hand_to_hand(g, i, j, str(action[1]), source)
    g.push("oc_give", i, j, source, given + 1)


@op("oc_give_back")
def _oc_give_back(g: Engine, j: int, i: int, source: str, left: int, action: Action | None = None) -> None:
    hand = g.state.players[j].hand
    if left <= 0 or not hand:
        return
    if action is None:
        g.ask("card", j, source, f"Give which card to player {i + 1}? ({left} to give)",
              [("card", c) for c in dict.fromkeys(hand)], ("oc_give_back", j, i, source, left))
        return
    _hand_to_hand(g, j, i, str(action[1]), source)
    g.push("oc_give_back", j, i, source, left - 1)


def _hand_to_hand(g: Engine, frm: int, to: int, name: str, source: str) -> None:
    g.state.players[frm].hand.remove(name)
    g.state.players[to].hand.append(name)
    g.ev("hand_card_given", player=frm, to_player=to, source=source)


DEZMODIA_MAGE = MageDef(
    DEZMODIA, DEZMODIA, "Void Risen", "O",
    AbilityDef("Void Vortex", "your_main", 4, (("void_vortex",),)),
    hand=("Crystal", "Crystal", "Crystal", "Crystal", "Swirling Darkness"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(NONE, NONE, NONE, C(1, VOID)), uniques=("Swirling Darkness",),
)

# ================================================================== Arachnos

CONVERGENCE = CardDef("Convergence", "spell", 0, "O", cast=(("damage", 1),), starter=True, mage=ARACHNOS)


@trigger_source("card", "Convergence", zone="prepped")("played")
def _convergence(g: Engine, i: int, name: str, b: int, card: str) -> None:
    if content.CARDS[name].cost >= 3:
        g.push("s", i, i, "Convergence", ("gain_charge", 1))


ARACHNOS_MAGE = MageDef(
    ARACHNOS, ARACHNOS, "Redeemed Acolyte", "O",
    AbilityDef("Expunge", "your_main", 6, (("cast_prepped_bonus", 1, 3, True),)),
    hand=("Crystal", "Crystal", "Crystal", "Convergence", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, OPEN, C(1), C(1)), uniques=("Convergence",),
)

CARD_RULES.update({
    ENTWINED: "Discarded in an ally's turn, this gives you 1 charge.",
    "Call of the Void": ("While prepped, the first time each turn you play a gem or relic costing 1 Æ or more, "
                         "it is played twice; then it goes back on its supply pile."),
    "Convergence": "While prepped, each time you play a gem or relic costing 3 Æ or more, gain 1 charge.",
})

UNIQUE_CARDS = (ENTWINED_AMETHYST, TRULITE_OF_FORCE, TRULITE_OF_ENERGY, GLYPH_CARVER, ESOTERIC_AMPLIFIER,
                CALL_OF_THE_VOID, NAMELESS_SIPHON, SWIRLING_DARKNESS, CONVERGENCE)
MAGES = (ILYA_MAGE, KEL_MAGE, ZHANA_MAGE, TAQREN_MAGE, QU_MAGE, THRAXIR_MAGE, DEZMODIA_MAGE, ARACHNOS_MAGE)
register_mat_rules()
