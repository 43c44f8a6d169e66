"""Paradox of Myth: its mat (the two-sided Myth Unleash token, the villager deck, the paid
removal of power tokens, no maximum life), its six villagers and its nine cards, and the step
kinds and rules only it uses.

**The Myth Unleash token** is the nemesis token ``MYTH_TOKEN``: 0 while its starting side is
up, 1 once flipped. Each side asks about Gravehold's life; when the side up does not apply,
the token turns over and its other side resolves instead (``myth_unleash``). The starting
side feeds the nemesis and hurts Gravehold while Gravehold is healthy; the other side, while
Gravehold is low, heals it and sends a villager into play.

**Villagers** are tier-0 minions of the special deck ``decks["villager"]`` (face down); a
villager leaving play goes to ``decks["villager_discard"]`` (face up). Placing one takes the
top of the villager deck, first shuffling the villager discard pile into a new deck when the
deck is empty; with both empty, every villager in play resolves its persistent effect instead
(``myth_villagers_in``). A villager's persistent effect always goes through ``myth_villager``,
so Chain Whip sees every one of them resolve, however it was called on. A villager placed
during a nemesis turn does not act in that turn's main phase (the main phase only walks the
cards in play as it began).

**Power tokens**: in their main phase a player may pay 3 Æ to take a power token off a power
in play that holds two or more (the action ``power_token_bought``, shared with Paradox of Myth
and Bone in ``bought_tokens``). Only the engine's own countdown
in the nemesis turn fires the cards' "a token is removed in the nemesis turn" effects
(``power_tick``), so a paid removal never does.

**No maximum life** (S-4, ``NemesisDef.no_max_life``): the nemesis' life is never capped
(``myth_gain``); ``max_life`` stays the life it started with, and the boards say it has no
maximum once the life passes it.

Readings decided here (one table, ``READINGS``):

* *A villager placed with both villager piles empty*: each villager in play resolves its
  persistent effect, oldest first, those placed this turn included (the mat's rule speaks of
  all villagers in play), once for each villager that cannot enter (Petrify and Calcify may
  call for two).
* *"That minion gains 1 life"* (Chain Whip) and Remiel's and Vairsena's own gains may take a
  villager above its printed life, without limit.
* *Chain Snare* adds its 2 to each damage a villager's persistent effect deals to a player or
  to Gravehold.
* *Zealous Devotion* takes 1 off each damage a player deals to a chosen villager and off the
  damage this nemesis' own cards deal to villagers (Petrify); a shield still soaks a whole hit.
* *Fire* (Kiryra, Tyreesia) is the engine's fire token on the location (K-8); Kiryra's line
  sending a campaign reader to another card does nothing in a single game.
* *Increased difficulty*: each villager enters play with 1 more life and 1 shield, the two
  set up at the start too.
* *The oldest villager* (Compelled Force) is the one longest in play; with none, nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ....boxapi import (
    ENTRY_LIFE,
    Ctx,
    Engine,
    InPlay,
    NemesisCardDef,
    NemesisDef,
    State,
    Steps,
    base_name,
    by_source,
    condition,
    event_text,
    gravehold_damage,
    minion_damage,
    op,
    pick,
    player_damage,
    render_steps,
    rule,
    shown_in_panel,
    shuffle,
    special_top,
    step,
    table_panel,
    trigger_source,
)
from ....boxapi import catalogue as content
from . import bought_tokens

PM = "Paradox of Myth"
DECK, DISCARD = "villager", "villager_discard"
MYTH_TOKEN = "Myth Unleash token"
WHIP, COMPELLED, VENGEFUL = "Chain Whip", "Compelled Force", "Vengeful Solitude"
ZEALOUS, BLESSING, SNARE, GLOWING = "Zealous Devotion", "Blessing of Possession", "Chain Snare", "Glowing Immortality"

#: every decision taken where the sources are silent or disagree (see the docstring)
READINGS: dict[str, Any] = {
    "both_piles_empty": "every villager in play resolves its persistent effect, oldest first, once for each "
                        "villager that cannot enter",
    "above_printed_life": "villagers may gain life above their printed life, without limit",
    "snare_extra": 2,
    "zealous_reduction": 1,
    "fire": "the engine's fire tokens on the location (K-8); the campaign line does nothing",
    "expert_life": 1,
    "expert_shields": 1,
    "unleash_gravehold_high": 6,
    "unleash_gravehold_low": 12,
}
UNTICK_COST: int = bought_tokens.COST
HIGH: int = READINGS["unleash_gravehold_high"]
LOW: int = READINGS["unleash_gravehold_low"]


def _expert(st: State) -> bool:
    return bool(st.config.get("expert"))


def is_villager(name: str) -> bool:
    c = content.NEMESIS_CARDS.get(base_name(name))
    return c is not None and c.deck == DECK


def villagers(st: State) -> list[InPlay]:
    """The villagers in play, oldest first."""
    return [c for c in st.nemesis.in_play if is_villager(c.name)]


def _in_play(st: State, name: str) -> bool:
    return any(c.name == name for c in st.nemesis.in_play)


def _find(st: State, name: str) -> InPlay | None:
    return next((c for c in st.nemesis.in_play if c.name == name), None)


# ============================================================================ life


def gain_life(g: Engine, n: int, source: str) -> None:
    """The nemesis gains n life, without a maximum (S-4)."""
    nem = g.state.nemesis
    nem.life += n
    g.ev("nemesis_life", amount=n, life=nem.life, source=source)


@step("myth_gain", text=lambda n: f"Paradox of Myth gains {n} life (it has no maximum life).")
def _myth_gain(g: Engine, ctx: Ctx, n: int) -> None:
    gain_life(g, n, ctx.source)


# ============================================================================ villagers


def _enter(g: Engine, name: str, source: str) -> None:
    st = g.state
    card = content.NEMESIS_CARDS[name]
    life = int(card.life or 0) + (READINGS["expert_life"] if _expert(st) else 0)
    shields = READINGS["expert_shields"] if _expert(st) else 0
    st.nemesis.in_play.append(InPlay(name, life=life, shields=shields))
    g.ev("nemesis_card_in_play", card=name, life=life, source=source)


def draw_villager(g: Engine, source: str) -> str | None:
    """The top villager enters play (the discard pile shuffled into a new deck first when the
    deck is empty); None when both piles are empty."""
    st = g.state
    name, shuffled = special_top(st, DECK, DISCARD)
    if name is None:
        return None
    if shuffled:
        g.ev("villagers_reshuffled", cards=shuffled, source=source)
    _enter(g, name, source)
    return name


def _villagers_text(n: int, hurt: int) -> str:
    what = "a villager" if n == 1 else f"{n} villagers"
    out = f"Place {what} into play."
    if hurt:
        out += f" {'It suffers' if n == 1 else 'Each of them suffers'} {hurt} damage."
    return out


@step("myth_villagers_in", text=_villagers_text)
def _myth_villagers_in(g: Engine, ctx: Ctx, n: int, hurt: int) -> None:
    placed: list[str] = []
    for _ in range(n):
        name = draw_villager(g, ctx.source)
        if name is None:  # both villager piles empty: every villager in play acts (the mat's rule)
            g.ev("villagers_exhausted", source=ctx.source)
            for c in reversed(villagers(g.state)):
                g.push("myth_persistent_of", c.name)
            continue
        placed.append(name)
    if hurt:
        for name in placed:
            hit_villager(g, name, hurt, ctx.source)


def hit_villager(g: Engine, name: str, amount: int, source: str) -> None:
    """This nemesis' own damage to a villager (Zealous Devotion takes its share off)."""
    amount = _zealous(g.state, amount)
    if amount > 0 and _in_play(g.state, name):
        minion_damage(g, name, amount, source)


def _zealous(st: State, amount: int) -> int:
    if _in_play(st, ZEALOUS):
        return max(0, amount - int(READINGS["zealous_reduction"]))
    return amount


@step("myth_calcify", text=lambda n: f"Each villager in play gains {n} shield token{'s' if n != 1 else ''}.")
def _myth_calcify(g: Engine, ctx: Ctx, n: int) -> None:
    for c in villagers(g.state):
        c.shields += n
        g.ev("myth_shielded", card=c.name, shields=c.shields, source=ctx.source)


@step("myth_villager_enters", text=lambda: (
        "It enters play from the villager deck; on increased difficulty with 1 more life and 1 shield."))
def _myth_villager_enters(g: Engine, ctx: Ctx) -> None:
    """Entry is done by the villager placement itself; this step only says so on the card."""


ENTRY_LIFE.add("myth_villager_enters")  # Chain Whip and Remiel/Vairsena take a villager above its printed life


@step("myth_to_villager_discard", text=lambda: "It goes to the villager discard pile.")
def _myth_to_villager_discard(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    name = base_name(ctx.source)
    if name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        n.decks.setdefault(DISCARD, []).append(name)
        g.ev("villager_discarded", card=name)


@step("myth_villager", text=lambda steps: render_steps(steps))
def _myth_villager(g: Engine, ctx: Ctx, steps: Steps) -> None:
    """A villager's persistent effect; afterwards Chain Whip heals the villager."""
    if _in_play(g.state, WHIP):
        g.push("myth_whip", ctx.source)
    g.push_steps(steps, ctx)


@op("myth_whip")
def _myth_whip_op(g: Engine, name: str) -> None:
    c = _find(g.state, name)
    if c is not None:
        c.life += 1
        g.ev("minion_life", card=c.name, life=c.life, source=WHIP)


@op("myth_persistent_of")
def _myth_persistent_of(g: Engine, name: str) -> None:
    """The persistent effect of villager ``name``, if it is still in play."""
    if _in_play(g.state, name):
        g.ev("persistent", card=name)
        g.run_steps(content.NEMESIS_CARDS[name].persistent, Ctx(-1, -1, name))


@condition("myth_in_play", lambda name, *, they=False: f"{name} is in play")
def _myth_in_play(g: Engine, ctx: Ctx, name: str) -> bool:
    return _in_play(g.state, name)


def _snare(st: State, n: int) -> int:
    return n + (int(READINGS["snare_extra"]) if _in_play(st, SNARE) else 0)


@step("myth_suffer", text=lambda n, *, they=False: f"suffers {n} damage.")
def _myth_suffer(g: Engine, ctx: Ctx, n: int) -> None:
    player_damage(g, ctx.you, _snare(g.state, n), ctx.source)


@step("myth_gravehold", text=lambda n: f"Gravehold suffers {n} damage.")
def _myth_gravehold(g: Engine, ctx: Ctx, n: int) -> None:
    gravehold_damage(g, _snare(g.state, n), ctx.source)


@step("myth_oldest_villager", text=lambda: (
        "The villager longest in play resolves its persistent effect."))
def _myth_oldest_villager(g: Engine, ctx: Ctx) -> None:
    vs = villagers(g.state)
    if vs:
        g.push("myth_persistent_of", vs[0].name)


@step("myth_hurt_per_villager", text=lambda: (
        "A player of your choice suffers 1 damage for each villager in play."))
def _myth_hurt_per_villager(g: Engine, ctx: Ctx) -> None:
    n = len(villagers(g.state))
    if n > 0:
        g.run_steps((("player", "any", (("suffer", n),)),), ctx)


# ============================================================================ the Unleash


def _side_text(side: int) -> str:
    if side == 0:
        return f"while Gravehold has at least {HIGH} life, Gravehold suffers 2 damage and the nemesis heals 2"
    return f"while Gravehold is down to {LOW} life or below, it heals 3 and one villager enters play"


@step("myth_unleash", text=lambda: (
        f"The side of the Myth Unleash token facing up resolves. Starting side: {_side_text(0)}. Other side: "
        f"{_side_text(1)}. When the side up does not apply, turn the token over and resolve the other side."))
def _myth_unleash(g: Engine, ctx: Ctx) -> None:
    st = g.state
    side = int(st.nemesis.tokens.get(MYTH_TOKEN, 0))
    applies = st.gravehold >= HIGH if side == 0 else st.gravehold <= LOW
    if not applies:
        side = 1 - side
        st.nemesis.tokens[MYTH_TOKEN] = side
        g.ev("myth_flipped", side=side, source=ctx.source)
    if side == 0:
        gravehold_damage(g, 2, ctx.source)
        gain_life(g, 2, ctx.source)
    else:
        g.run_steps((("gravehold_life", 3), ("myth_villagers_in", 1, 0)), ctx)


# ============================================================================ the mat's rules


on = trigger_source("nemesis", PM)


@on("setup")
def _setup(st: State) -> None:
    """S-7: the shuffled villager deck puts two villagers into play; the token's starting side
    is up."""
    n = st.nemesis
    deck = n.decks.setdefault(DECK, [])
    st.rng = shuffle(st.rng, deck)
    n.decks.setdefault(DISCARD, [])
    for _ in range(2):
        if deck:
            name = deck.pop(0)
            card = content.NEMESIS_CARDS[name]
            expert = _expert(st)
            n.in_play.append(InPlay(name, life=int(card.life or 0) + (READINGS["expert_life"] if expert else 0),
                                    shields=READINGS["expert_shields"] if expert else 0))
    n.tokens[MYTH_TOKEN] = 0


_TICKS: dict[str, Steps] = {}


@on("power_tick")
def _power_tick(g: Engine, ref: str) -> None:
    """A power token taken off by the nemesis turn's countdown: the card's own effect."""
    steps = _TICKS.get(base_name(ref))
    if steps:
        g.push_steps(steps, Ctx(-1, -1, ref))


@on("damage_dealt")
def _damage_dealt(g: Engine, you: int, target: str, amount: int, source: str) -> int:
    """Zealous Devotion: 1 less to a villager."""
    if is_villager(target):
        return _zealous(g.state, amount)
    return amount


# ============================================================================ villagers (cards)


def _card(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "LOG", nemesis=PM, **kw)


def _villager(name: str, life: int, *steps: tuple[Any, ...]) -> NemesisCardDef:
    return _card(name, "minion", 0, life=life, deck=DECK, immediately=(("myth_villager_enters",),),
                 persistent=(("myth_villager", tuple(steps)),), discarded=(("myth_to_villager_discard",),))


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def _if_in(name: str, *steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("if", ("myth_in_play", name), tuple(steps), ())


def _with(name: str, plain: Steps, more: Steps) -> tuple[Any, ...]:
    """``plain``; with ``name`` in play, ``more`` instead (the pair's stronger effect)."""
    return ("if", ("myth_in_play", name), more, plain)


_HURT, _DISCARD = ("myth_suffer", 1), pick("discard", 1)
_CHARGE, _FIRE = ("any_player_loses_charge", 1), ("add_fire", 1)

KIT = _villager("Kit", 5, _with("Joy", (_any(_HURT),), (_any(_HURT, _DISCARD),)))
JOY = _villager("Joy", 5, _with("Kit", (_any(_DISCARD),), (_any(_DISCARD, _HURT),)))
REMIEL = _villager("Remiel", 4, ("myth_gravehold", 1), _if_in("Vairsena", ("minion_grows", 1)))
VAIRSENA = _villager("Vairsena", 5, ("myth_gravehold", 1), _if_in("Remiel", ("minion_grows", 1)))
TYREESIA = _villager("Tyreesia", 5, _CHARGE, _if_in("Kiryra", _FIRE))
KIRYRA = _villager("Kiryra", 4, _FIRE, _if_in("Tyreesia", _CHARGE))

VILLAGERS = (KIT, JOY, REMIEL, VAIRSENA, TYREESIA, KIRYRA)

# ============================================================================ the nemesis deck

_IN = (("myth_villagers_in", 1, 0),)


@step("myth_tick_rule", text=lambda steps: (
        f"Each time the nemesis turn takes a power token off this card: {render_steps(steps)}"))
def _myth_tick_rule(g: Engine, ctx: Ctx, steps: Steps) -> None:
    """Only the card's wording: the effect itself runs at the ``power_tick`` point."""


def _ticking(name: str, tier: int, tokens: int, tick: Steps, power: Steps, **kw: Any) -> NemesisCardDef:
    _TICKS[name] = tick
    return _card(name, "power", tier, power_tokens=tokens, immediately=_IN, power=power,
                 passive=(("myth_tick_rule", tick),), **kw)


_RULE_TEXT: dict[str, str] = {
    "whip": "Whenever a villager's persistent effect resolves, that villager then gains 1 life, which may take "
            "it above its printed life.",
    "zealous": "Each damage dealt to a villager is 1 less.",
    "snare": "Whenever a villager's persistent effect hurts a player or Gravehold, the hit is 2 damage bigger.",
}


@step("myth_rule", text=lambda key: _RULE_TEXT[key])
def _myth_rule(g: Engine, ctx: Ctx, key: str) -> None:
    """Only the card's wording: the rule itself lives in this module's steps and handlers."""



PETRIFY = _card("Petrify (Paradox of Myth)", "attack", 1, shown="Petrify",
                effect=(("myth_villagers_in", 2, 3),))
CHAIN_WHIP = _card(WHIP, "power", 1, power_tokens=3, immediately=_IN, passive=(("myth_rule", "whip"),),
                   power=(("unleash", 1), _any(("or", (("suffer", 2),), (pick("discard", 2),)))))
COMPELLED_FORCE = _ticking(COMPELLED, 1, 2, (("myth_oldest_villager",),), (("unleash", 1),))

VENGEFUL_SOLITUDE = _ticking(VENGEFUL, 2, 2, (("myth_hurt_per_villager",),), (("unleash", 2),))
ZEALOUS_DEVOTION = _card(ZEALOUS, "power", 2, power_tokens=3, immediately=_IN,
                         passive=(("myth_rule", "zealous"),), power=(("unleash", 2),))
BLESSING_OF_POSSESSION = _ticking(BLESSING, 2, 4, (("myth_gain", 4),), (("gravehold_damage", 4), ("unleash", 1)))

CALCIFY = _card("Calcify", "attack", 3, effect=(("myth_villagers_in", 2, 0), ("myth_calcify", 1)))
CHAIN_SNARE = _card(SNARE, "power", 3, power_tokens=3, immediately=_IN, passive=(("myth_rule", "snare"),),
                    power=(("gravehold_damage", 4), ("unleash", 1)))
GLOWING_IMMORTALITY = _ticking(GLOWING, 3, 3, (("myth_gain", 5),), (("unleash", 3),))

DECK_CARDS = (PETRIFY, CHAIN_WHIP, COMPELLED_FORCE, VENGEFUL_SOLITUDE, ZEALOUS_DEVOTION, BLESSING_OF_POSSESSION,
              CALCIFY, CHAIN_SNARE, GLOWING_IMMORTALITY)

# ============================================================================ the mat

rule("myth_setup", text=lambda: (
        "Setup: shuffle the six villagers face down into the villager deck and put two of them into play; "
        "lay the Myth Unleash token on the mat, starting side up."))
rule("myth_villager_rules", text=lambda: (
        "A villager leaving play goes to the villager discard pile. A villager called for while no villager deck "
        "remains comes from the discard pile, shuffled first to make a fresh deck; with both piles empty, every "
        "villager in play resolves its persistent effect instead (the project's reading). A villager does not "
        "resolve its persistent effect in the turn it enters play."))
rule("myth_no_max", text=lambda: "Paradox of Myth has no maximum life.")
rule("myth_expert", text=lambda: "Each villager enters play with 1 more life and 1 shield.")


shown_in_panel(lambda name: name == MYTH_TOKEN)


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    n = view.get("nemesis") or {}
    if n.get("id") != PM:
        return None
    tokens = n.get("tokens") or {}
    decks = n.get("decks") or {}
    side = "other side" if int(tokens.get(MYTH_TOKEN, 0)) else "starting side"
    return ("Myth", f"Myth Unleash token: {side} up; villager deck {len(decks.get(DECK, ()))}, "
            f"villager discard pile {len(decks.get(DISCARD, ()))}")


event_text("myth_flipped", lambda e: "the Myth Unleash token turns to its "
           + ("other" if e["side"] else "starting") + " side" + by_source(e))
event_text("villager_discarded", lambda e: f"{e['card']} goes to the villager discard pile")
event_text("villagers_reshuffled", lambda e: "the villager discard pile is shuffled into a new villager deck"
           + by_source(e))
event_text("villagers_exhausted", lambda e: "no villager is left to enter play: every villager in play acts"
           + by_source(e))
event_text("myth_shielded", lambda e: f"{e['card']} gains a shield ({e['shields']})" + by_source(e))

NEMESIS = NemesisDef(
    PM, PM, "LOG", life=50, difficulty=8, expedition_level=4, no_max_life=True,
    unleash=(("myth_unleash",),),
    cards=tuple(c.name for c in DECK_CARDS),
    special_decks={DECK: tuple(c.name for c in VILLAGERS)},
    deck_holds={DISCARD: DECK},
    deck_faces={DISCARD: "up"},
    rules={
        "setup": (("myth_setup",),),
        "villagers": (("myth_villager_rules",),),
        "powers": (("power_tokens_bought", UNTICK_COST),),
        "life": (("myth_no_max",),),
    },
    increased_difficulty={"villagers": (("myth_expert",),)},
)

#: every card of the nemesis, its villagers too (the box gathers them)
CARDS = (*DECK_CARDS, *VILLAGERS)
