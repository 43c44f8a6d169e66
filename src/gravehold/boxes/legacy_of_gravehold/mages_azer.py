"""Legacy of Gravehold's mages of the city Azer and their unique starting cards (K-13):
Arachnos, Dezmodia, Ilya, Kel and Taqren here, Thraxir, Indira and Yan Magda in
``mages_azer_more.py``.

One section per mage: the step kinds of its unique starting cards right above those cards,
then the step kinds of its ability right above the mage. Their unique breaches (Taqren's
Fortified and Garrison, Thraxir's Memory, Yan Magda's Incanted) are in ``breaches_azer.py``.
``UNIQUE_CARDS`` and ``MAGES`` gather them at the end.

Every Legacy mage shares a name with a mage of another box, so each is catalogued, saved and
shown as ``"<name> (LOG)"``, its title from its mat. Hands, decks, charges and breach setups
follow the mats (the wiki's setups, which the card bot's transcription matches but for the
order of a hand and Kel's breach turns, where the wiki is kept).

Choices where the sources disagree (the card as printed wins; where no source is the print,
the one named here):

- *Dezmodia* activates in her own main phase (one transcription says any player's main
  phase): the second half of her ability only matters on her own turn.
- *Thraxir* counts his opened breaches (the transcriptions say "open" and "opened").

Readings decided here (the values in ``READINGS``):

- *"If you are Ilya / Kel"* (Shared Heart, Split Soul) reads the mage's name whatever its
  box: Ilya of Outcasts is Ilya too.
- *Entangled Tourmaline*: the cards are given one each way between the gem's player and a
  Kel or an Ilya at the table other than themselves; with none, only the Æ is gained.
- *Gossamer Web*: any gain of a card from a supply pile by its owner, on any turn.
- *Warding Stone*: its bonus goes with the first breach focused or opened later in its
  player's turn, whoever's breach it is; it pays out once.
- *Kel's ten cards* are counted after the ally's cards arrive; the turn order card he shuffles
  back is any player card in the turn order discard (the wild card counts as a player's).
- *Taqren's Guardian's Strength* is usable in his casting or main phase ("during your
  turn"); each of the three times he picks the focus or the ally's prep.
"""

from __future__ import annotations

from ...boxapi import (
    CARD_RULES,
    MORE_SPELLS,
    AbilityDef,
    Action,
    CardDef,
    Ctx,
    Engine,
    MageDef,
    ask_step,
    condition,
    draw_cards,
    focus_breach,
    focusable,
    op,
    pick,
    return_turn_card,
    step,
    trigger_source,
    turn_card_seats,
    turn_flag,
)
from ...boxapi import catalogue as content
from .breaches_azer import FORTIFIED, GARRISON
from .mats import AZER, BOX, NONE, OPEN, C

CITY = AZER



ARACHNOS = "Arachnos (LOG)"
DEZMODIA = "Dezmodia (LOG)"
ILYA = "Ilya (LOG)"
KEL = "Kel (LOG)"
TAQREN = "Taqren (LOG)"

#: the values this module decides where the sources are silent (see the docstring)
READINGS: dict[str, object] = {
    "same_mage_any_box": True,
    "warding_stone_bonus": 2,
    "kel_discard_threshold": 10,
}


def mage_named(mage: str) -> str:
    """A mage's name without its box, "Ilya (LOG)" -> "Ilya" (for "if you are Ilya")."""
    return mage.split(" (", 1)[0]


@condition("you_are", lambda name, *, they=False: f"{'that player is' if they else 'you are'} {name}")
def _you_are(g: Engine, ctx: Ctx, name: str) -> bool:
    return mage_named(g.state.players[ctx.you].mage) == name


# ================================================================== Arachnos

GOSSAMER_WEB = CardDef("Gossamer Web", "spell", 0, BOX, cast=(("damage", 1),), starter=True, city=CITY, mage=ARACHNOS)


@trigger_source("card", "Gossamer Web", zone="prepped")("gained")
def _gossamer(g: Engine, i: int, name: str, b: int, card: str) -> None:
    """While prepped: each card its owner gains from a supply pile gives a charge."""
    g.push("s", i, i, "Gossamer Web", ("gain_charge", 1))


@step("cheap_back_to_hand", text=lambda n, at_most: (
        f"Take as many as {n} cards costing {at_most} Æ or less from your discard pile back into your hand."))
def _cheap_back_to_hand(g: Engine, ctx: Ctx, n: int, at_most: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in dict.fromkeys(p.discard) if content.CARDS[c].cost <= at_most]
        if n > 0 and opts:
            ask_step(g, ctx, ("cheap_back_to_hand", n, at_most), "to_hand", ctx.you,
                     f"Take which card back into your hand? ({n} at most)", opts + [("done",)])
        return
    if action[0] == "done":
        return
    name = str(action[1])
    del p.discard[len(p.discard) - 1 - p.discard[::-1].index(name)]
    p.hand.append(name)
    g.ev("returned_to_hand", player=ctx.you, card=name, source=ctx.source)
    g.push("s", ctx.you, ctx.owner, ctx.source, ("cheap_back_to_hand", n - 1, at_most))


ARACHNOS_MAGE = MageDef(
    ARACHNOS, ARACHNOS, "Void Weaver", BOX,
    AbilityDef("Weaver's Web", "your_main", 5,
               (("or", (("cheap_back_to_hand", 3, 4),), (("life", 3, "any_player"),)),)),
    hand=("Crystal", "Crystal", "Crystal", "Gossamer Web", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(2), C(1), C(1)), uniques=("Gossamer Web",),
    city=CITY,
)

# ================================================================== Ilya and Kel

SHARED_HEART = CardDef(
    "Shared Heart", "spell", 0, BOX, starter=True, city=CITY, mage=ILYA,
    cast=(("or", (("if", ("you_are", "Ilya"), (("damage", 2),), (("damage", 1),)),),
           (("damage", 1), ("if", ("you_are", "Kel"), (("life", 1, "you"),), ()))),))
SPLIT_SOUL = CardDef(
    "Split Soul", "spell", 0, BOX, starter=True, city=CITY, mage=KEL,
    cast=(("or", (("damage", 1), ("if", ("you_are", "Kel"), (("aether", 1),), ())),
           (("if", ("you_are", "Ilya"), (("gain_charge", 1),), ()),)),))


@step("entangled_swap", text=lambda: (
        "You may give a card from your hand to Kel or Ilya; if you do, they give you a card from their hand."))
def _entangled_swap(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        hand = st.players[ctx.you].hand
        partners = [j for j, p in enumerate(st.players)
                    if j != ctx.you and mage_named(p.mage) in ("Kel", "Ilya") and not p.exhausted]
        if hand and partners:
            opts: list[Action] = [("card", "hand", c) for c in dict.fromkeys(hand)]
            ask_step(g, ctx, ("entangled_swap",), "card", ctx.you, "Give which card to Kel or Ilya?",
                     opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    partners = [j for j, p in enumerate(st.players)
                if j != ctx.you and mage_named(p.mage) in ("Kel", "Ilya") and not p.exhausted]
    if len(partners) == 1:
        _give(g, ctx.you, partners[0], str(action[2]), ctx.source)
        g.push("log_give_back", partners[0], ctx.you, ctx.source)
        return
    g.push("log_give_to", ctx.you, str(action[2]), ctx.source)


@op("log_give_to")
def _give_to(g: Engine, i: int, name: str, source: str, action: Action | None = None) -> None:
    """Two Kels or Ilyas at the table: the giver names the one."""
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players)
                              if j != i and mage_named(p.mage) in ("Kel", "Ilya") and not p.exhausted]
        g.ask("player", i, source, f"Give {name} to whom?", opts, ("log_give_to", i, name, source))
        return
    j = int(action[1])
    _give(g, i, j, name, source)
    g.push("log_give_back", j, i, source)


@op("log_give_back")
def _give_back(g: Engine, j: int, i: int, source: str, action: Action | None = None) -> None:
    hand = g.state.players[j].hand
    if not hand:
        return
    if action is None:
        g.ask("card", j, source, f"Give which card to player {i + 1}?",
              [("card", "hand", c) for c in dict.fromkeys(hand)], ("log_give_back", j, i, source))
        return
    _give(g, j, i, str(action[2]), source)


def _give(g: Engine, frm: int, to: int, name: str, source: str) -> None:
    g.state.players[frm].hand.remove(name)
    g.state.players[to].hand.append(name)
    g.ev("hand_card_given", player=frm, to_player=to, source=source)


ENTANGLED_TOURMALINE = CardDef("Entangled Tourmaline", "gem", 0, BOX, play=(("aether", 1), ("entangled_swap",)),
                               starter=True, city=CITY, mage=KEL)

PREP_CLOSED = "prep_closed"  # engine turn flags, read by ``turn.prep_targets``
TWO_PER_BREACH = "two_per_breach"


@step("surge_reveal", text=lambda n: (
        f"Reveal the top {n} cards of your deck; take any of the spells among them into your hand."))
def _surge_reveal(g: Engine, ctx: Ctx, n: int) -> None:
    top = g.state.players[ctx.you].deck[:n]
    g.ev("revealed", player=ctx.you, cards=list(top), source=ctx.source)
    g.push("log_surge_take", ctx.you, ctx.source, len(top))


@op("log_surge_take")
def _surge_take(g: Engine, i: int, source: str, n: int, action: Action | None = None) -> None:
    """One spell at a time among the top ``n`` cards still revealed; the others stay in order."""
    p = g.state.players[i]
    if action is None:
        opts: list[Action] = [("card", c) for c in dict.fromkeys(p.deck[:n]) if content.CARDS[c].type == "spell"]
        if opts:
            g.ask("to_hand", i, source, "Take which revealed spell?", opts + [("done",)],
                  ("log_surge_take", i, source, n))
        return
    if action[0] == "done":
        return
    name = str(action[1])
    p.deck.remove(name)
    p.hand.append(name)
    g.ev("returned_to_hand", player=i, card=name, source=source)
    g.push("log_surge_take", i, source, n - 1)


@step("prep_freely", text=lambda: (
        "This turn you may prep spells to your closed breaches, and two spells to each of your breaches."))
def _prep_freely(g: Engine, ctx: Ctx) -> None:
    """Turn flags read by the main phase's prep options (``turn.prep_targets``)."""
    fl = g.state.flags
    fl[PREP_CLOSED] = (*fl.get(PREP_CLOSED, ()), ctx.you)
    fl[TWO_PER_BREACH] = (*fl.get(TWO_PER_BREACH, ()), ctx.you)


ILYA_MAGE = MageDef(
    ILYA, ILYA, "Force of Aether", BOX,
    AbilityDef("Surge of Power", "your_main", 5, (("surge_reveal", 4), ("prep_freely",))),
    hand=("Crystal", "Crystal", "Crystal", "Crystal", "Shared Heart"),
    deck=("Crystal", "Crystal", "Entangled Tourmaline", "Spark", "Spark"),
    breaches=(OPEN, OPEN, C(0), C(0)), uniques=("Shared Heart", "Entangled Tourmaline"),
    city=CITY,
)


@step("absorb_aether", text=lambda n: (
        f"An ally of your choice puts as many as {n} cards from their hand or discard pile onto your discard "
        "pile."))
def _absorb_aether(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)
                              if j != ctx.you and (g.state.players[j].hand or g.state.players[j].discard)]
        if opts:
            ask_step(g, ctx, ("absorb_aether", n), "player", ctx.you, "Which ally gives you cards?", opts)
        return
    g.push("log_absorb", int(action[1]), ctx.you, n, ctx.source)


@op("log_absorb")
def _absorb(g: Engine, j: int, i: int, n: int, source: str, action: Action | None = None) -> None:
    q = g.state.players[j]
    if action is None:
        opts: list[Action] = [("card", z, c) for z in ("hand", "discard") for c in dict.fromkeys(getattr(q, z))]
        if n > 0 and opts:
            g.ask("card", j, source, f"Put which card on player {i + 1}'s discard pile? ({n} at most)",
                  opts + [("done",)], ("log_absorb", j, i, n, source))
        return
    if action[0] == "done":
        return
    zone, name = str(action[1]), str(action[2])
    pile: list[str] = getattr(q, zone)
    del pile[len(pile) - 1 - pile[::-1].index(name)]
    g.state.players[i].discard.append(name)
    g.ev("card_given", player=j, to_player=i, card=name, source=source)
    g.push("log_absorb", j, i, n - 1, source)


@step("shuffle_turn_card_if_discard", text=lambda k: (
        f"Then, if your discard pile holds at least {k} cards, choose a player and shuffle their turn order "
        "card back into the turn order deck."))
def _shuffle_turn_card_if(g: Engine, ctx: Ctx, k: int, action: Action | None = None) -> None:
    st = g.state
    n = len(st.players)
    if action is None:
        if len(st.players[ctx.you].discard) < k:
            return
        opts: list[Action] = [("turn_card", c) for c in dict.fromkeys(st.to_discard) if turn_card_seats(n, c)
                              or c == "W"]
        if opts:
            ask_step(g, ctx, ("shuffle_turn_card_if_discard", k), "card", ctx.you,
                     "Shuffle which turn order card back into the deck?", opts)
        return
    card = str(action[1])
    idx = len(st.to_discard) - 1 - st.to_discard[::-1].index(card)
    return_turn_card(g, idx, ctx.source)


KEL_MAGE = MageDef(
    KEL, KEL, "Source of Aether", BOX,
    AbilityDef("Absorb Aether", "your_main", 5, (("absorb_aether", 2), ("shuffle_turn_card_if_discard", 10))),
    hand=("Crystal", "Crystal", "Entangled Tourmaline", "Spark", "Split Soul"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(1), C(1), C(1)), uniques=("Entangled Tourmaline", "Split Soul"),
    city=CITY,
)

# ================================================================== Taqren

WARDED = turn_flag("log_warded", "players whose next focus or open this turn gives 2 Æ more (Warding Stone)")


@step("ward_next_focus", text=lambda n: f"This turn, when you next focus or open any breach, gain {n} Æ more.")
def _ward_next_focus(g: Engine, ctx: Ctx, n: int) -> None:
    fl = g.state.flags
    fl[WARDED] = (*fl.get(WARDED, ()), (ctx.you, n))


@trigger_source("keyword", "Warding Stone", present=lambda st: any(p.mage == TAQREN for p in st.players)
                or "Warding Stone" in st.supply_names)("breach_focused")
def _warded(g: Engine, i: int) -> None:
    """A breach was focused or opened: every pending Warding Stone of the active player pays out."""
    st = g.state
    pending = st.flags.get(WARDED, ())
    if not pending:
        return
    mine = [w for w in pending if int(w[0]) == st.active]
    if not mine:
        return
    st.flags[WARDED] = tuple(w for w in pending if int(w[0]) != st.active)
    for who, n in mine:
        g.push("s", int(who), int(who), "Warding Stone", ("aether", int(n)))


WARDING_STONE = CardDef("Warding Stone", "gem", 0, BOX, play=(("aether", 1), ("ward_next_focus", 2)),
                        starter=True, city=CITY, mage=TAQREN)


@step("guardians_strength", text=lambda n: (
        f"{n} times: focus a breach of any player, or an ally of your choice preps a spell from hand to any of "
        "their breaches, opened or closed."))
def _guardians_strength(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    st = g.state
    if n <= 0:
        return
    if action is None:
        opts: list[Action] = [("breach", j, b) for j in range(len(st.players)) for b in range(4) if focusable(g, j, b)]
        opts += [("player", j) for j in g.allies(ctx.you) if j != ctx.you
                 and any(content.CARDS[c].type == "spell" for c in st.players[j].hand)]
        if opts:
            ask_step(g, ctx, ("guardians_strength", n), "breach", ctx.you,
                     f"Focus a breach, or name an ally who preps a spell ({n} left)", opts)
        return
    g.push("s", ctx.you, ctx.owner, ctx.source, ("guardians_strength", n - 1))
    if action[0] == "breach":
        focus_breach(g, int(action[1]), int(action[2]))
        return
    g.push("we_prep_from_hand", int(action[1]), ctx.source, True)


TAQREN_MAGE = MageDef(
    TAQREN, TAQREN, "Reignited Guardian", BOX,
    AbilityDef("Guardian's Strength", "your_casting_main", 5, (("guardians_strength", 3),)),
    hand=("Crystal", "Crystal", "Crystal", "Warding Stone", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(1), C(0, FORTIFIED), C(0, GARRISON)), uniques=("Warding Stone",),
    city=CITY,
)

# ================================================================== Dezmodia


def _others_on_cast_breach(g: Engine) -> int:
    """The spells still prepped to the breach the spell being cast was on (it has left it)."""
    where = g.state.flags.get("cast_from")
    if where is None:
        return 0
    return len(g.state.players[int(where[0])].breaches[int(where[1])].spells)


@step("damage_plus_others", text=lambda n: (
        f"Deal {n} damage, plus 1 more per other spell still prepped to this breach."))
def _damage_plus_others(g: Engine, ctx: Ctx, n: int) -> None:
    g.push_steps((("damage", n + _others_on_cast_breach(g)),), ctx)


@step("ally_draws_per_other", text=lambda: (
        "Any ally you choose draws 1 card per other spell still prepped to this breach."))
def _ally_draws_per_other(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    k = _others_on_cast_breach(g)
    if k <= 0:
        return
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you) if not g.state.players[j].exhausted]
        if opts:
            ask_step(g, ctx, ("ally_draws_per_other",), "player", ctx.you, f"Which ally draws {k} cards?", opts)
        return
    draw_cards(g, int(action[1]), k)


DEVOURING_VOIDSPARK = CardDef(
    "Devouring Voidspark", "spell", 0, BOX, starter=True, city=CITY, mage=DEZMODIA,
    while_prepped=(("extra_room", 1),), cast=(("damage_plus_others", 1),))
INVIGORATING_VOIDSPARK = CardDef(
    "Invigorating Voidspark", "spell", 0, BOX, starter=True, city=CITY, mage=DEZMODIA,
    while_prepped=(("extra_room", 1),), cast=(("damage", 1), ("ally_draws_per_other",)))


@step("more_per_open", text=lambda n: f"This turn you may prep {n} more spells to each of your opened breaches.")
def _more_per_open(g: Engine, ctx: Ctx, n: int) -> None:
    """Engine turn flag ``more_per_open``, read by ``turn.prep_targets``."""
    fl = g.state.flags
    fl["more_per_open"] = (*fl.get("more_per_open", ()), (ctx.you, n))


MORE_SPELLS[DEZMODIA] = 2
DEZMODIA_MAGE = MageDef(
    DEZMODIA, DEZMODIA, "Void Phantom", BOX,
    AbilityDef("Void Tear", "your_main", 5,
               (pick("to_hand", 2, "discard", "spell", how="up_to"), ("more_per_open", 2))),
    hand=("Crystal", "Crystal", "Crystal", "Crystal", "Devouring Voidspark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Invigorating Voidspark"),
    breaches=(NONE, C(1), C(0), NONE), uniques=("Devouring Voidspark", "Invigorating Voidspark"),
    city=CITY,
)

CARD_RULES.update({
    "Gossamer Web": "While prepped, each card you gain from a supply pile gives you 1 charge.",
})

UNIQUE_CARDS = (GOSSAMER_WEB, SHARED_HEART, ENTANGLED_TOURMALINE, SPLIT_SOUL, WARDING_STONE,
                DEVOURING_VOIDSPARK, INVIGORATING_VOIDSPARK)
MAGES = (ARACHNOS_MAGE, DEZMODIA_MAGE, ILYA_MAGE, KEL_MAGE, TAQREN_MAGE)
