"""The basic nemesis cards of Outcasts (22 published: 8 of tier 1, 7 of tier 2, 7 of tier 3;
all written).

Seven of them (and three upgraded basics, ``upgraded.py``) hand out curses with the curse
step of ``curses.py`` (K-12). Wandering Lasher and Wandering Observer wander (N-8, the
ruleset's ``wandering`` reading). The standing damage rules of the minions here and in
``upgraded.py`` (a hit cut to 1 by a spell's cost, a hit 2 less, a power that softens every
minion of the nemesis deck, a minion that answers the player who hurts it) are rule kinds
read at the engine's ``damage_dealt`` and ``damage_target`` points by the one source below.

Throttle, Topple and Apocalypse Ritual carry the names of basic cards of earlier boxes with
the same effects; the catalogue is keyed by name, so each is catalogued as
``"<name> (O)"`` and ``shown`` as its printed name.

Readings decided here:

* *Moonstruck Hound*, *Chitin Crawler*: "damage dealt by spells" is damage a player deals
  choosing this minion as the target of a spell's Cast effect (the damage source names the
  spell); aether paid at a wanderer and damage by the nemesis' own cards are untouched.
* *Suffocating Haze*: while it is in play each hit a player deals to a minion of the nemesis
  deck (not of a special deck) is 1 less, never below 1; with two such rules on one minion
  the spell-cost rule is applied last (a hit cut to 1 stays 1).
* *Haunted Force*, *Noxious Winds*: each "any player" is a separate choice: the two curses
  of Noxious Winds may go to one player or two.
* *Aura Drain*, *Toxic Subterfuge*: "when a power token is removed" is each token the
  nemesis main phase takes off (no other effect removes power tokens); the last one's
  damage resolves before the POWER effect it sets off.
* *Seeking Destruction*: the player token is a table token (``seeking_destruction``, the
  seat); a tie for the most opened breaches, when it comes in or when its POWER resolves,
  counts as having the most (the players pick among the tied ones for the token). The
  token goes back when the card leaves play.
* *Hemorrhage* lies in front of its player in the table deck ``in_front`` (their seat in
  the table token ``hemorrhage``); it is no card in play, so it neither acts in the nemesis
  main phase nor counts for the tier until discarded. "The highest cost in the supply" is
  read over the piles still holding cards, the gained card included. An exhausted player
  keeps it.
* *Marked For Death* lies in front of its player like Hemorrhage (table token
  ``marked_for_death``); "if possible" means whenever that player is among those who may
  answer (N-6 keeps a player who can resolve the effect in full first). It is discarded
  when its player is exhausted, and the exhaustion resolves as ever.
"""

from __future__ import annotations

from typing import Any

from ...boxapi import (
    Ctx,
    Engine,
    NemesisCardDef,
    base_name,
    copy_ref,
    deal,
    per,
    pick,
    player_damage,
    printed_rule,
    render_steps,
    rule,
    step,
    table_deck,
    table_token,
    trigger_source,
)
from ...boxapi import catalogue as content
from . import curses  # noqa: F401  (the curse step)


def _B(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    return NemesisCardDef(name, type_, tier, "O", **kw)


def _reprint(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
    """A card sharing its printed name with another box's basic card (see the docstring)."""
    return NemesisCardDef(f"{name} (O)", type_, tier, "O", shown=name, **kw)


def _any(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


# ================================================================== standing damage rules

SPELL_DAMAGE_TO_ONE = rule("spell_damage_to_one", text=lambda lo, hi: (
    f"Every hit a spell costing {lo} Æ or more deals to this minion is reduced to 1." if hi < 0 else
    f"Every hit a spell costing {hi} Æ or less deals to this minion is reduced to 1."))
PLAYER_DAMAGE_LESS = rule("player_damage_less", text=lambda n: (
    f"Every hit a player deals to this minion is {n} less, never below 1."))
SOFTEN_DECK_MINIONS = rule("soften_deck_minions", text=lambda n: (
    f"While this is in play, every hit a player deals to a minion of the nemesis deck is {n} less, never "
    "below 1."))
ON_PLAYER_DAMAGE = rule("on_player_damage", text=lambda steps: (
    "Each time a player damages this minion: " + render_steps(steps)))
ON_POWER_REMOVED = rule("on_power_removed", text=lambda steps: (
    "Each time this loses a power token: " + render_steps(steps)))


#: the cards whose rules the source below reads (filled by ``basics`` and ``upgraded``)
RULED: set[str] = set()


def _ruled_in_game(st: Any) -> bool:
    n = st.nemesis
    return any(c in RULED for c in n.deck) or any(c in RULED for c in n.discard) or any(
        c.name in RULED for c in n.in_play) or bool(n.decks.get(IN_FRONT))


on = trigger_source("keyword", "outcasts minion rules", present=_ruled_in_game)


def _spell_cost(source: str) -> int | None:
    card = content.CARDS.get(source)
    return card.cost if card is not None and card.type == "spell" else None


@on("damage_dealt")
def _damage_dealt(g: Engine, you: int, target: str, amount: int, source: str) -> int:
    """Only minions that are nemesis cards (not a mat's pieces, such as husks) have these rules."""
    card = content.NEMESIS_CARDS.get(base_name(target)) if target != "nemesis" else None
    if card is None or amount <= 0:
        return amount
    for c in g.state.nemesis.in_play:
        r = printed_rule(c.name, SOFTEN_DECK_MINIONS)
        if r is not None and card.deck == "nemesis":
            amount = max(1, amount - int(r[1]))
    r = printed_rule(target, PLAYER_DAMAGE_LESS)
    if r is not None:
        amount = max(1, amount - int(r[1]))
    r = printed_rule(target, SPELL_DAMAGE_TO_ONE)
    cost = _spell_cost(source)
    if r is not None and cost is not None:
        lo, hi = int(r[1]), int(r[2])
        if (hi < 0 and cost >= lo) or (hi >= 0 and cost <= hi):
            amount = min(amount, 1)
    return amount


@on("power_tick")
def _power_tick(g: Engine, ref: str) -> None:
    """Aura Drain, Toxic Subterfuge: their rule resolves as the token comes off (before a
    POWER effect the last token sets off)."""
    r = printed_rule(ref, ON_POWER_REMOVED)
    if r is not None:
        g.push_steps(r[1], Ctx(-1, -1, ref))


@on("damage_target")
def _damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    """Mage Devourer, Scion of the Void: the hit lands, then the minion answers (once per hit
    that took life; a hit a rule or shield soaked whole is no damage dealt)."""
    r = printed_rule(target, ON_PLAYER_DAMAGE) if target != "nemesis" else None
    if r is None or you < 0:
        return False
    before = _life(g, target)
    deal(g, target, amount, source)
    after = _life(g, target)
    if before is not None and (after is None or after < before):
        g.push_steps(r[1], Ctx(-1, -1, base_name(target)))
    return True


def _life(g: Engine, ref: str) -> int | None:
    """The life of the copy ``ref`` in play, or None once it has left."""
    in_play = g.state.nemesis.in_play
    for k, c in enumerate(in_play):
        if copy_ref(in_play, k) == ref:
            return c.life
    return None


# ================================================================== tier 1

HEMORRHAGE_NAME = "Hemorrhage"
MARKED_NAME = "Marked For Death"
#: where Hemorrhage and Marked For Death lie while in front of a player (a table deck)
IN_FRONT = table_deck("in_front", (HEMORRHAGE_NAME, MARKED_NAME))


def _seat_fault(v: int, st: Any, rest: str) -> str | None:
    return None if 0 <= v < len(st.players) else f"must be a seat from 0 to {len(st.players) - 1}, got {v}"


#: the seat each card lies in front of
BLEEDING = table_token("hemorrhage", "the seat Outcasts' Hemorrhage lies in front of", _seat_fault)
MARKED = table_token("marked_for_death", "the seat Outcasts' Marked For Death lies in front of", _seat_fault)
_TOKEN = {HEMORRHAGE_NAME: BLEEDING, MARKED_NAME: MARKED}


@step("place_in_front", text=lambda *, they=False: (
        "has this card placed in front of them." if they else "Place this card in front of you."))
def _place_in_front(g: Engine, ctx: Ctx) -> None:
    """The attack leaves the nemesis' resolving cards for the space in front of the player."""
    n = g.state.nemesis
    if ctx.source not in n.resolving:
        return
    n.resolving.remove(ctx.source)
    n.decks.setdefault(IN_FRONT, []).append(ctx.source)
    g.state.tokens[_TOKEN[ctx.source]] = ctx.you
    g.ev("placed_in_front", player=ctx.you, card=ctx.source)


def _in_front_of(g: Engine, name: str) -> int:
    """The seat card ``name`` lies in front of, or -1."""
    if name not in g.state.nemesis.decks.get(IN_FRONT, ()):
        return -1
    return int(g.state.tokens.get(_TOKEN[name], -1))


def _discard_in_front(g: Engine, name: str) -> None:
    st = g.state
    st.nemesis.decks[IN_FRONT].remove(name)
    st.nemesis.discard.append(name)
    st.tokens.pop(_TOKEN[name], None)
    g.ev("nemesis_card_discarded", card=name)


def _bleeding(g: Engine) -> int:
    return _in_front_of(g, HEMORRHAGE_NAME)


@on("turn_start")
def _hemorrhage_turn_start(g: Engine, i: int) -> None:
    if _bleeding(g) == i:
        g.push_steps((("you_suffer", 1),), Ctx(i, i, HEMORRHAGE_NAME))


@on("gained")
def _hemorrhage_gained(g: Engine, i: int, name: str) -> None:
    """Discarded when its player gains a card of 5 Æ or more, or, with none in the supply,
    one of the supply's highest cost (read with the gained card among the supply's)."""
    if _bleeding(g) != i:
        return
    st = g.state
    costs = [content.CARDS[c].cost for c, k in zip(st.supply_names, st.supply_counts, strict=True) if k > 0]
    cost = content.CARDS[name].cost
    top = max([*costs, cost])
    if cost >= 5 or (top < 5 and cost == top):
        _discard_in_front(g, HEMORRHAGE_NAME)


HEMORRHAGE = _B(HEMORRHAGE_NAME, "attack", 1, effect=(
    ("unleash", 1), ("gravehold_damage", 1), ("player", "most_opened_breaches", (("place_in_front",),))))

WITHERING_ROT = _B("Withering Rot", "attack", 1, effect=(
    _any(("suffer", 3), ("gain_curse", "Curse of Rot", "discard")),))
WEEPING_HEX = _B("Weeping Hex", "attack", 1, effect=(
    ("unleash", 1), _any(("suffer", 2), ("gain_curse", "Cursed Shard", "deck"))))
MOONSTRUCK_HOUND = _B("Moonstruck Hound", "minion", 1, life=5, passive=((SPELL_DAMAGE_TO_ONE, 5, -1),),
                      persistent=(("gravehold_damage", 2),))
WANDERING_LASHER = _B("Wandering Lasher", "minion", 1, life=6, wandering=True, persistent=(("unleash", 1),))
AURA_DRAIN = _B("Aura Drain", "power", 1, power_tokens=2, passive=((ON_POWER_REMOVED, (_any(("suffer", 2)),)),),
                to_discard=(("spend_aether", 5),), power=(("unleash", 1),))
HAUNTED_FORCE = _B("Haunted Force", "power", 1, power_tokens=2, power=(
    ("unleash", 1), ("gravehold_damage", 2), _any(("gain_curse", "Cursed Bolt", "discard"))))
NOXIOUS_WINDS = _B("Noxious Winds", "power", 1, power_tokens=2, to_discard=(("spend_aether", 5),), power=(
    ("gravehold_damage", 3), _any(("gain_curse", "Cursed Shard", "discard")),
    _any(("gain_curse", "Cursed Bolt", "discard"))))

# ================================================================== tier 2


@on("any_player")
def _marked_any_player(g: Engine, cand: list[int]) -> list[int]:
    """Marked For Death: its player answers a nemesis card's "any player" when they may."""
    j = _in_front_of(g, MARKED_NAME)
    return [j] if j in cand else cand


@on("exhaust")
def _marked_exhausted(g: Engine, i: int) -> bool:
    """Its player exhausted: Marked For Death is discarded (E-1 goes on as ever)."""
    if _in_front_of(g, MARKED_NAME) == i:
        _discard_in_front(g, MARKED_NAME)
    return False


MARKED_FOR_DEATH = _B(MARKED_NAME, "attack", 2, effect=(("unleash", 2), _any(("place_in_front",))))

CONJURED_GRAPPLE = _B("Conjured Grapple", "attack", 2, effect=(
    ("unleash", 2), _any(("suffer", 2), pick("discard", 2), ("gain_curse", "Cursed Manacles", "hand"))))
CHITIN_CRAWLER = _B("Chitin Crawler", "minion", 2, life=9, passive=((SPELL_DAMAGE_TO_ONE, 0, 3),),
                    persistent=(("or", (_any(("suffer", 3)),), (("unleash", 1),)),))
WANDERING_OBSERVER = _B("Wandering Observer", "minion", 2, life=11, wandering=True,
                        persistent=(("gravehold_damage", 2),))
TOXIC_SUBTERFUGE = _B("Toxic Subterfuge", "power", 2, power_tokens=3,
                      passive=((ON_POWER_REMOVED, (("gravehold_damage", 2),)),),
                      to_discard=(("spend_aether", 7),), power=(("unleash", 1),))
#: Seeking Destruction: the seat whose player number token lies on it
SEEKING = table_token("seeking_destruction", "the seat whose player token lies on Seeking Destruction",
                      lambda v, st, rest: None if 0 <= v < len(st.players) else
                      f"must be a seat from 0 to {len(st.players) - 1}, got {v}")


def _opened(g: Engine, j: int) -> int:
    return sum(b.state == "open" for b in g.state.players[j].breaches)


@step("seek_mark", text=lambda *, they=False: "puts their player token on this card." if they else
      "Put your player token on this card.")
def _seek_mark(g: Engine, ctx: Ctx) -> None:
    g.state.tokens[SEEKING] = ctx.you
    g.ev("seeking_marked", player=ctx.you, source=ctx.source)


@step("seek_strike", text=lambda n, k: (
        f"If the player whose token is on this card has the most opened breaches, they suffer {n} damage. "
        f"Otherwise, Unleash {k} times."))
def _seek_strike(g: Engine, ctx: Ctx, n: int, k: int) -> None:
    """A tie for the most opened breaches counts as having the most."""
    j = g.state.tokens.pop(SEEKING, -1)
    ps = range(len(g.state.players))
    if j >= 0 and _opened(g, j) == max(_opened(g, i) for i in ps):
        player_damage(g, j, n, ctx.source)
    else:
        g.push_steps((("unleash", k),), ctx)


@on("left_play")
def _left_play(g: Engine, idx: int, name: str) -> None:
    """Seeking Destruction discarded (its TO DISCARD paid, or its POWER done): the token goes back."""
    if name == SEEKING_DESTRUCTION_NAME:
        g.state.tokens.pop(SEEKING, None)


SEEKING_DESTRUCTION_NAME = "Seeking Destruction"
SEEKING_DESTRUCTION = _B(SEEKING_DESTRUCTION_NAME, "power", 2, power_tokens=3,
                         immediately=(("player", "most_opened_breaches", (("seek_mark",),)),),
                         to_discard=(("spend_aether", 7),), power=(("seek_strike", 5, 2),))
SUFFOCATING_HAZE = _B("Suffocating Haze", "power", 2, power_tokens=3, passive=((SOFTEN_DECK_MINIONS, 1),),
                      power=(("unleash", 2), ("gravehold_damage", 2)))

# ================================================================== tier 3

THROTTLE = _reprint("Throttle", "attack", 3, effect=(("unleash", 2), _any(pick("destroy", 3, filt="costliest"))))
TOPPLE = _reprint("Topple", "attack", 3, effect=(("unleash", 2), ("gravehold_damage", 4)))
BREACH_SPIKE = _B("Breach Spike", "attack", 3, effect=(("unleash", 2), ("player", "most_prepped", (("suffer", 3),))))
NYX = _B("Nyx, The Spine Cruncher", "minion", 3, life=14, persistent=(("unleash", 1), _any(("suffer", 2))))
ENDLESS_TORMENT = _B("Endless Torment", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
                     power=(("or", (("unleash", 3),), (_any(("suffer", 6)),)),))
DARKENING_DEPTHS = _B("Darkening Depths", "power", 3, power_tokens=1, to_discard=(("destroy_prepped_and_breach", 3),),
                      power=(("unleash", 1), ("player", "lowest_life", (("suffer", 3),))))
APOCALYPSE_RITUAL = _reprint("Apocalypse Ritual", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
                             power=(("gravehold_damage", per("nemesis_turns_discarded", 5)),))

BASIC_CARDS = (
    # tier 1
    WITHERING_ROT, WEEPING_HEX, HEMORRHAGE, MOONSTRUCK_HOUND, WANDERING_LASHER, AURA_DRAIN, HAUNTED_FORCE,
    NOXIOUS_WINDS,
    # tier 2
    MARKED_FOR_DEATH, CONJURED_GRAPPLE, CHITIN_CRAWLER, WANDERING_OBSERVER, SEEKING_DESTRUCTION, TOXIC_SUBTERFUGE,
    SUFFOCATING_HAZE,
    # tier 3
    THROTTLE, TOPPLE, BREACH_SPIKE, NYX, ENDLESS_TORMENT, DARKENING_DEPTHS, APOCALYPSE_RITUAL,
)
RULED.update(c.name for c in BASIC_CARDS if c.passive)
RULED.update((SEEKING_DESTRUCTION_NAME, HEMORRHAGE_NAME, MARKED_NAME))  # a token of theirs; Hemorrhage's hooks
