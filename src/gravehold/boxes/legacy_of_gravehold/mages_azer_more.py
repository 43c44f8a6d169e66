"""Legacy of Gravehold's Azer mages Thraxir, Indira and Yan Magda and their unique starting
cards (K-13); the other five are in ``mages_azer.py``, their breaches in ``breaches_azer.py``.

One section per mage, laid out as ``mages_azer.py`` (whose docstring gives the names, the
setups' sources and the choices between sources).

Readings decided here (the values in ``READINGS``):

- *Cleansing Quartz*: "focused or opened a breach this turn" counts the breaches of the
  gem's player, by any means, earlier in the same turn.
- *Sever Reality* (Thraxir) opens its window after every shuffle of the turn order deck
  (its discard shuffled back when the deck ran out, or a card shuffled into it); it counts
  his opened breaches when it resolves, and the revealed cards are known to the table.
- *Aetherial Glow*: an action of the main phase of any player, while its owner has a spell in
  hand and has not used it this turn; its owner picks the spell (or refuses).
- *Cast from a discard pile* (Indira's ability, Magnificent Opal): the spell's Cast effect
  resolves with no breach (no breach bonus), and the spell stays in the discard pile (the
  rule of Indira's mat), whoever casts it so.
- *Devour Magic* (Yan Magda) casts the spell twice keeping it prepped, then a third time as
  usual; the breach then turns back to its setup stage, closed.
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
    action_head,
    ask_step,
    by_source,
    cast_spell,
    event_text,
    op,
    pick,
    seat,
    step,
    trigger_source,
    turn_flag,
)
from ...boxapi import catalogue as content
from .breaches_azer import INCANTED, INCANTED_III, INCANTED_IV, MEMORY
from .mages_azer import CITY
from .mats import BOX, NONE, OPEN, C

INDIRA = "Indira (LOG)"
THRAXIR = "Thraxir (LOG)"
YAN_MAGDA = "Yan Magda (LOG)"

#: the values this module decides where the sources are silent (see the docstring)
READINGS: dict[str, object] = {
    "glow_in_any_main_phase": True,
    "cast_from_discard_bonus": 0,
    "devour_kept_casts": 2,
}


# ================================================================== Thraxir


@step("quartz_gain", text=lambda at_most: (
        f"If you have already focused or opened a breach this turn, take a spell costing {at_most} Æ or less "
        "from the supply without paying for it."))
def _quartz_gain(g: Engine, ctx: Ctx, at_most: int) -> None:
    if ctx.you in g.state.flags.get(FOCUSED_BY, ()):
        g.push_steps((("gain_from_supply", "spell", at_most, False),), ctx)


FOCUSED_BY = turn_flag("log_focused_by", "players who focused or opened a breach of theirs this turn")


@trigger_source("keyword", "Cleansing Quartz", present=lambda st: any(p.mage == THRAXIR for p in st.players))(
    "breach_focused")
def _focused_by(g: Engine, i: int) -> None:
    fl = g.state.flags
    done = fl.get(FOCUSED_BY, ())
    if i not in done:
        fl[FOCUSED_BY] = (*done, i)


CLEANSING_QUARTZ = CardDef("Cleansing Quartz", "gem", 0, BOX, play=(("or", (("aether", 1),), (("quartz_gain", 4),)),),
                           starter=True, city=CITY, mage=THRAXIR)


@step("sever_reality", text=lambda: (
        "Reveal one turn order card off the deck's top per opened breach you have, and put them back in the "
        "order you choose; then you may put the top one on the turn order discard pile."))
def _sever_reality(g: Engine, ctx: Ctx) -> None:
    st = g.state
    n = min(len(st.to_deck), sum(1 for br in st.players[ctx.you].breaches if br.state == "open"))
    if n <= 0:
        return
    st.tokens["to_known"] = max(st.tokens.get("to_known", 0), n)
    g.ev("turn_order_revealed", cards=st.to_deck[:n], source=ctx.source)
    g.push("log_order_top", ctx.you, ctx.source, n, 0)


@op("log_order_top")
def _order_top(g: Engine, i: int, source: str, n: int, placed: int, action: Action | None = None) -> None:
    """The revealed cards (the deck's top ``n``) are ordered one by one, the first named on
    top; the first ``placed`` of them are already in place."""
    st = g.state
    left = st.to_deck[placed:n]
    if len(left) > 1:
        if action is None:
            g.ask("card", i, source, "Which revealed turn order card goes next from the top?",
                  [("turn_card", c) for c in dict.fromkeys(left)], ("log_order_top", i, source, n, placed))
            return
        k = placed + left.index(str(action[1]))
        st.to_deck.insert(placed, st.to_deck.pop(k))
        g.push("log_order_top", i, source, n, placed + 1)
        return
    g.ev("turn_order_arranged", player=i, cards=n, source=source)
    g.push("log_top_to_discard", i, source)


@op("log_top_to_discard")
def _top_to_discard(g: Engine, i: int, source: str, action: Action | None = None) -> None:
    st = g.state
    if not st.to_deck:
        return
    if action is None:
        g.ask("yes_no", i, source, f"Put the top turn order card ({st.to_deck[0]}) on the turn order discard?",
              [("yes",), ("no",)], ("log_top_to_discard", i, source))
        return
    if action[0] == "yes":
        card = st.to_deck.pop(0)
        st.to_discard.append(card)
        known = st.tokens.get("to_known", 0)
        st.tokens["to_known"] = max(0, known - 1)
        g.ev("turn_order_discarded", card=card, source=source)


THRAXIR_MAGE = MageDef(
    THRAXIR, THRAXIR, "The Returned", BOX,
    AbilityDef("Sever Reality", "after_turn_order_shuffle", 6, (("sever_reality",),)),
    hand=("Crystal", "Crystal", "Crystal", "Cleansing Quartz", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Spark", "Spark"),
    breaches=(BreachSetup("open", 0, MEMORY), C(0), C(0), C(0)), uniques=("Cleansing Quartz",),
    city=CITY,
)

# ================================================================== Indira


def cast_from_discard(g: Engine, i: int, name: str) -> None:
    """A spell of player i's discard pile is cast where it lies (Indira's rule: it stays there):
    its Cast effect resolves once per resolution (P-5) with no breach bonus."""
    card = content.CARDS[name]
    ctx = Ctx(i, i, name)
    g.state.flags.pop("cast_from", None)
    g.ev("cast", player=i, owner=i, breach=-1, card=name)
    h = g.on.get("cast")
    if h is not None:
        h(g, i, name)
    for _ in range(2 if card.echo else 1):
        g.push("cast_end", i, name)
        g.push_steps(card.cast, ctx)
        g.push("cast_begin", 0)


@step("cast_from_discard", text=lambda n: (
        "You may cast one spell that is in your discard pile; it stays there." if n == 1 else
        f"Cast as many as {n} spells from your discard pile, one at a time; they stay there."))
def _cast_from_discard(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in dict.fromkeys(p.discard) if content.CARDS[c].type == "spell"]
        if n > 0 and opts:
            ask_step(g, ctx, ("cast_from_discard", n), "card", ctx.you,
                     f"Cast which spell from your discard pile? ({n} at most)", opts + [("done",)])
        return
    if action[0] == "done":
        return
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("cast_from_discard", n - 1))
    cast_from_discard(g, ctx.you, str(action[1]))


MAGNIFICENT_OPAL = CardDef("Magnificent Opal", "gem", 0, BOX, play=(("aether", 1), ("cast_from_discard", 1)),
                           starter=True, city=CITY, mage=INDIRA)
AETHERIAL_GLOW = CardDef("Aetherial Glow", "spell", 0, BOX, cast=(("damage", 1),), starter=True, city=CITY, mage=INDIRA)
GLOWED = turn_flag("log_glowed", "owners of Aetherial Glow who gave its Æ this turn")


def _glowing(g: Engine, i: int) -> list[int]:
    """The players whose Aetherial Glow can give player i 1 Æ now."""
    st = g.state
    used = st.flags.get(GLOWED, ())
    return [j for j, p in enumerate(st.players)
            if j not in used and any("Aetherial Glow" in br.spells for br in p.breaches)
            and any(content.CARDS[c].type == "spell" for c in p.hand)]


action_head("glow", ("player",), text=lambda j: f"ask player {j + 1}'s Aetherial Glow for 1 Æ", phase="main")


@trigger_source("keyword", "Aetherial Glow", present=lambda st: any(p.mage == INDIRA for p in st.players))(
    "main_options")
def _glow_options(g: Engine, i: int) -> list[Action]:
    return [("glow", j) for j in _glowing(g, i)]


@trigger_source("keyword", "Aetherial Glow").action("glow")
def _glow_action(g: Engine, i: int, action: Action) -> None:
    """Its owner may discard a spell from hand: the active player gains 1 Æ."""
    j = int(action[1])
    fl = g.state.flags
    fl[GLOWED] = (*fl.get(GLOWED, ()), j)
    g.push("log_glow", j, i)


@op("log_glow")
def _glow_op(g: Engine, j: int, i: int, action: Action | None = None) -> None:
    p = g.state.players[j]
    if action is None:
        opts: list[Action] = [("card", c) for c in dict.fromkeys(p.hand) if content.CARDS[c].type == "spell"]
        if opts:
            g.ask("card", j, "Aetherial Glow", f"Discard which spell so that player {i + 1} gains 1 Æ?",
                  opts + [("skip",)], ("log_glow", j, i))
        return
    if action[0] == "skip":
        return
    name = str(action[1])
    p.hand.remove(name)
    p.discard.append(name)
    g.ev("discard", player=j, card=name, source="Aetherial Glow")
    g.push("s", i, j, "Aetherial Glow", ("aether", 1))


INDIRA_MAGE = MageDef(
    INDIRA, INDIRA, "Ascended Apprentice", BOX,
    AbilityDef("Reanimate Magic", "your_main", 6, (("cast_from_discard", 2), pick("destroy", 1, "discard", how="may"))),
    hand=("Crystal", "Crystal", "Crystal", "Spark", "Aetherial Glow"),
    deck=("Crystal", "Crystal", "Crystal", "Magnificent Opal", "Spark"),
    breaches=(NONE, OPEN, C(1), NONE), uniques=("Aetherial Glow", "Magnificent Opal"),
    city=CITY,
)

# ================================================================== Yan Magda

ELDRITCH_EYE = CardDef("Eldritch Eye", "spell", 0, BOX, cast=(("damage", 1),), starter=True, city=CITY, mage=YAN_MAGDA)


@trigger_source("card", "Eldritch Eye", zone="prepped")("breach_opened")
def _eldritch_eye(g: Engine, i: int, b: int, card: str) -> None:
    """While prepped: its owner opened a breach on their own turn, 2 damage."""
    if g.state.active == i:
        g.push("s", i, i, "Eldritch Eye", ("damage", 2))


@step("devour_magic", text=lambda n: (
        f"Pick a spell prepped to one of your opened Incanted breaches and cast it {n} times; then that breach "
        "closes again, back to its stage at setup."))
def _devour_magic(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("spell", ctx.you, b, k) for b, br in enumerate(p.breaches)
                              if br.state == "open" and _incanted(p.mage, b) for k in range(len(br.spells))]
        if opts:
            ask_step(g, ctx, ("devour_magic", n), "spell", ctx.you, "Cast which spell of an Incanted breach?", opts)
        return
    b, k = int(action[2]), int(action[3])
    g.push("log_reset_breach", ctx.you, b)
    g.push("log_devour_cast", ctx.you, b, k, n)


def _incanted(mage: str, b: int) -> bool:
    m = content.MAGES.get(mage)
    return m is not None and m.breaches[b].special in INCANTED


@op("log_devour_cast")
def _devour_cast(g: Engine, i: int, b: int, k: int, left: int) -> None:
    """Kept prepped for all casts but the last (which discards it, P-2)."""
    br = g.state.players[i].breaches[b]
    if left <= 0 or k >= len(br.spells):
        return
    if left > 1:
        g.push("log_devour_cast", i, b, k, left - 1)
    cast_spell(g, i, i, b, k, keep=left > 1)


@op("log_reset_breach")
def _reset_breach(g: Engine, i: int, b: int) -> None:
    """The breach goes back to its setup stage, closed; spells still on it go to the discard."""
    p = g.state.players[i]
    br = p.breaches[b]
    setup = content.MAGES[p.mage].breaches[b]
    p.discard.extend(br.spells)
    br.spells.clear()
    br.state = setup.state
    br.stage = setup.stage
    br.focused = False
    g.ev("breach_reset", player=i, breach=b, stage=br.stage)


YAN_MAGDA_MAGE = MageDef(
    YAN_MAGDA, YAN_MAGDA, "Recovered Exile", BOX,
    AbilityDef("Devour Magic", "your_main", 5, (("devour_magic", 3),)),
    hand=("Crystal", "Crystal", "Crystal", "Eldritch Eye", "Spark"),
    deck=("Crystal", "Crystal", "Crystal", "Crystal", "Spark"),
    breaches=(OPEN, C(2), C(0, INCANTED_III), C(1, INCANTED_IV)), uniques=("Eldritch Eye",),
    city=CITY,
)

event_text("turn_order_arranged", lambda e: f"{seat(e['player'])} puts {e['cards']} turn order cards back on "
           "top of their deck in an order of their choice" + by_source(e))
event_text("turn_order_discarded", lambda e: f"{e['card']} is moved off the turn order deck's top onto its discard pile"
           + by_source(e))
event_text("breach_reset", lambda e: f"{seat(e['player'])}'s breach {('I', 'II', 'III', 'IV')[int(e['breach'])]} "
           f"closes again, back to its setup stage")


CARD_RULES.update({
    "Aetherial Glow": ("While prepped, once during each player's main phase, you may discard a spell from your "
                       "hand; if you do, that player gains 1 Æ."),
    "Eldritch Eye": "While prepped, each breach you open during your turn deals 2 damage.",
})

UNIQUE_CARDS = (CLEANSING_QUARTZ, MAGNIFICENT_OPAL, AETHERIAL_GLOW, ELDRITCH_EYE)
MAGES = (INDIRA_MAGE, THRAXIR_MAGE, YAN_MAGDA_MAGE)
