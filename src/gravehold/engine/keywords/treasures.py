"""X-5 / X-14 Treasures: cards and lasting effects a game is set up with (expeditions).

A tier-1 treasure is a player card: setup puts it in its owner's starting deck in the place
of one starter card (X-5), and from then on it is a card like any other. Tiers 2 and 3 are
lasting effects whose ``rules`` (``TreasureDef.rules``) are treasure rules, the rule kinds
declared below: a trigger and the steps it resolves, or a standing change (a cost, a damage
bonus). The group's tier-2 treasure works for every player; a tier-3 treasure for its owner
only (X-14). Each rule speaks to "you": for the group's treasure, "you" is whichever player
the trigger concerns, and the steps resolve as theirs, with the treasure as their source.

State: ``config["treasures"]``, part of the setup and never changed after it::

    {"players": [{"tier1": name, "slot": k, "tier3": name}, ...],  # one entry per seat
     "group": name, "pile": supply card name}                   # "pile": beside it

(``slot``: the starting-deck position the tier-1 treasure took.) Table tokens
``first_turn:<seat>`` mark the players whose first turn has not started yet, while a
"first turn" rule waits for it; turn flags ``treasure_once`` (the once-per-turn rules used)
and ``casting_casts`` (spells the active player cast in this casting phase).

The functions at the end of this module answer at the engine's trigger points
(``engine.triggers``: a breach opened, a turn beginning, an ability resolved, a card gained
or played, a spell cast, a pile emptied, a gain's cost, damage dealt to the nemesis), as the
source ``("keyword", "treasures")``, present only in a game set up with treasures or with
a campaign's enhancements (``keywords.enhancements``, worked as tier-3 treasures): a game
without any never asks them. A spell's damage bonus is a P-20 bonus rule
(trigger point ``cast_bonus``): it raises every damage source of the spell cast. A nemesis
or card that empties a supply pile other than by a gain calls :func:`pile_emptied`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ...content import registry as content
from ...content.model import BESIDE, CardDef, Steps, TreasureDef, beside_text
from ...content.text import render_steps
from .. import triggers
from ..core import Ctx, Engine
from ..flags import table_token, turn_flag
from ..vocabulary import rule
from . import enhancements
from .damage_bonus import Bonus

KEY = "treasures"
TREASURE_ONCE = turn_flag("treasure_once", "[seat, treasure] of each once-per-turn treasure rule used this turn")
CASTING_CASTS = turn_flag("casting_casts", "spells the active player has cast in this casting phase")
FIRST_TURN = "first_turn:"  # + seat: a table token while that player's first turn is to come


def _first_turn_fault(value: int, st: Any, rest: str) -> str | None:
    """Setup puts 1 for a seat with a first-turn rule; that turn's start takes it away."""
    if not rest.isdigit() or not 0 <= int(rest) < len(st.players):
        return f"names no seat of this game (first_turn:0 to first_turn:{len(st.players) - 1})"
    return None if value == 1 else f"must be 1 (while that player's first turn is to come), got {value}"


table_token(FIRST_TURN + "*", "1 while that seat's first turn, which a treasure of theirs acts at, is still to come",
            _first_turn_fault)

_ORDINAL = {2: "second", 3: "third"}


# ------------------------------------------------------------------ treasure rules
ON_OPEN = rule("on_open", lambda steps: f"When you open a breach: {render_steps(steps)}")
ON_TURN_START = rule("on_turn_start", lambda steps: f"At the start of your turn: {render_steps(steps)}")
ON_FIRST_TURN = rule("on_first_turn", lambda steps: f"At the start of your first turn: {render_steps(steps)}")
AFTER_ABILITY = rule("after_ability", lambda steps: (
    f"After you have resolved your mage's ability: {render_steps(steps)}"))
ON_GAIN_BESIDE = rule("on_gain_beside", lambda steps: (
    f"When you gain a card from the supply pile beside this treasure: {render_steps(steps)}"))
ON_GAIN_TYPE = rule("on_gain_type", lambda ctype, steps: f"For each {ctype} you gain: {render_steps(steps)}")
GAINED_MAY_TOP = rule("gained_may_top", lambda ctype: (
    f"Each {ctype} you gain may go on top of your deck instead of your discard pile."))
PILE_EMPTIED = rule("pile_emptied", lambda steps: (
    f"When a supply pile runs out (its final card gained or destroyed): {render_steps(steps)}"))
PILE_DISCOUNT = rule("pile_discount", lambda n: (
    f"Gaining a card from the supply pile beside this treasure costs {n} Æ less."))
ON_PLAY_GEM = rule("on_play_gem", lambda cost, steps: (
    f"When you play a gem costing {cost} Æ or more: {render_steps(steps)}"))
ON_CAST = rule("on_spell_cast", lambda cost, once, steps: (
    f"{'Once per turn, when' if once else 'When'} you cast a spell costing {cost} Æ or more: "
    f"{render_steps(steps)}"))
NTH_CASTING_CAST = rule("nth_casting_cast", lambda k, steps: (
    f"When you cast your {_ORDINAL.get(k, str(k) + 'th')} spell of your casting phase: {render_steps(steps)}"))
CAST_BONUS = rule("cast_bonus", lambda n, cost, cond: (
    (f"If {_cond(cond)}, s" if cond else "S") + "pells you cast"
    + (f" costing {cost} Æ or more" if cost else "") + f" deal {n} more damage with each of their damage sources."))
NEMESIS_SPELL_BONUS = rule("nemesis_spell_bonus", lambda n: (
    f"Each damage a spell of yours deals to the nemesis is {n} more."))


def _cond(cond: Any) -> str:
    from ..generic import _cond_text

    return _cond_text(cond)


#: trigger point -> the rule kinds it fires
POINTS = {
    "open": (ON_OPEN,), "turn_start": (ON_TURN_START, ON_FIRST_TURN), "ability": (AFTER_ABILITY,),
    "gain": (ON_GAIN_BESIDE, ON_GAIN_TYPE, GAINED_MAY_TOP), "pile_emptied": (PILE_EMPTIED,),
    "play": (ON_PLAY_GEM,), "cast": (ON_CAST, NTH_CASTING_CAST),
}

# ------------------------------------------------------------------ setup piles
def beside_ok(t: TreasureDef, card: CardDef) -> bool:
    assert t.beside is not None
    test, _ = BESIDE[t.beside[0]]
    return bool(test(card, *t.beside[1:]))


# ------------------------------------------------------------------ who holds what
def present(st: Any) -> bool:
    """Has the game lasting rules of these kinds: treasures, or a campaign's enhancements?"""
    c = st.config
    return bool(c.get(KEY) or c.get(enhancements.KEY))


def held(st: Any) -> Iterator[tuple[TreasureDef, int]]:
    """Each lasting treasure of the game and whose it is: -1 for the group's, else the seat.
    A campaign's enhancements (C-6) come after the treasures, each as a tier-3 treasure of its seat."""
    tr = st.config.get(KEY)
    if tr:
        g = tr.get("group")
        if g:
            yield content.TREASURES[g], -1
        for seat, s in enumerate(tr.get("players", ())):
            name = s.get("tier3")
            if name:
                yield content.TREASURES[name], seat
    if st.config.get(enhancements.KEY):
        yield from enhancements.held(st)


def works_for(st: Any, name: str, i: int) -> bool:
    """Does the lasting treasure ``name`` work for player i (the group's, or i's own)?
    (A box's treasure that declares its own triggers asks it: ``triggers.source("treasure", name)``.)"""
    return any(t.name == name and seat in (-1, i) for t, seat in held(st))


def rules_for(st: Any, i: int, kinds: tuple[str, ...]) -> Iterator[tuple[TreasureDef, tuple[Any, ...]]]:
    """The rules of these kinds that work for player i (the group's, and i's own)."""
    for t, seat in held(st):
        if seat in (-1, i):
            for r in t.rules:
                if r[0] in kinds:
                    yield t, r


def _fire(g: Engine, i: int, t: TreasureDef, steps: Steps) -> None:
    g.ev("treasure", player=i, treasure=t.name)
    g.push_steps(steps, Ctx(i, i, t.name))


def _fired(g: Engine, i: int, pushes: list[tuple[TreasureDef, Steps]]) -> None:
    """Push the triggered rules so that the first found resolves first."""
    for t, steps in reversed(pushes):
        _fire(g, i, t, steps)


# ------------------------------------------------------------------ the engine's points
def on_open(g: Engine, i: int) -> None:
    """Player i opened a breach."""
    if present(g.state):
        _fired(g, i, [(t, r[1]) for t, r in rules_for(g.state, i, POINTS["open"])])


def wants_turn_start(st: Any, i: int) -> bool:
    """Has player i a rule for the start of this turn (their first turn's, while it is to come)?"""
    first = f"{FIRST_TURN}{i}" in st.tokens
    return any(r[0] == ON_TURN_START or first for _, r in rules_for(st, i, POINTS["turn_start"]))


def turn_start(g: Engine, i: int) -> None:
    """Player i's turn starts (before the casting phase): push its triggers."""
    st = g.state
    first = st.tokens.pop(f"{FIRST_TURN}{i}", 0) > 0
    _fired(g, i, [(t, r[1]) for t, r in rules_for(st, i, POINTS["turn_start"]) if r[0] == ON_TURN_START or first])


def first_turn_seats(st: Any) -> list[int]:
    """The seats that have a "first turn" rule (setup marks them, ``FIRST_TURN``)."""
    return [i for i in range(len(st.players)) if any(True for _ in rules_for(st, i, (ON_FIRST_TURN,)))]


def after_ability(g: Engine, owner: int) -> None:
    """Push before the ability's steps: these resolve once it has finished."""
    if present(g.state):
        _fired(g, owner, [(t, r[1]) for t, r in rules_for(g.state, owner, POINTS["ability"])])


def on_gain(g: Engine, i: int, name: str) -> None:
    """Player i gained ``name`` from its supply pile (it lies on their discard or deck)."""
    st = g.state
    if not present(st):
        return
    tr = st.config.get(KEY) or {}
    ctype = content.CARDS[name].type
    pushes: list[tuple[TreasureDef, Steps]] = []
    for t, r in rules_for(st, i, POINTS["gain"]):
        if r[0] == ON_GAIN_BESIDE and tr.get("pile") == content.base_of(name):
            pushes.append((t, r[1]))
        elif r[0] == ON_GAIN_TYPE and r[1] == ctype:
            pushes.append((t, r[2]))
        elif r[0] == GAINED_MAY_TOP and r[1] == ctype and st.players[i].discard[-1:] == [name]:
            g.ev("treasure", player=i, treasure=t.name)
            g.push("maybe_to_deck", i, name)
    _fired(g, i, pushes)


def pile_emptied(g: Engine, i: int) -> None:
    """A supply pile's last card was gained or destroyed; ``i`` is who did it (or the team)."""
    if present(g.state):
        who = i if i >= 0 else g.team()
        _fired(g, who, [(t, r[1]) for t, r in rules_for(g.state, who, POINTS["pile_emptied"])])


def on_play(g: Engine, i: int, name: str) -> None:
    """Player i played a gem or relic (push before its effect: these resolve after it)."""
    if present(g.state):
        card = content.CARDS[name]
        _fired(g, i, [(t, r[2]) for t, r in rules_for(g.state, i, POINTS["play"])
                      if card.type == "gem" and card.cost >= r[1]])


def on_cast(g: Engine, caster: int, name: str) -> None:
    """``caster`` cast ``name`` (push before its Cast effect: these resolve after it)."""
    st = g.state
    if not present(st):
        return
    flags = st.flags
    nth = 0
    if st.phase == "casting" and caster == st.active:
        nth = int(flags.get(CASTING_CASTS, 0)) + 1
        flags[CASTING_CASTS] = nth
    cost = content.CARDS[name].cost
    pushes: list[tuple[TreasureDef, Steps]] = []
    for t, r in rules_for(st, caster, POINTS["cast"]):
        if r[0] == ON_CAST and cost >= r[1]:
            if r[2]:
                used = tuple(tuple(u) for u in flags.get(TREASURE_ONCE, ()))
                if (caster, t.name) in used:
                    continue
                flags[TREASURE_ONCE] = (*used, (caster, t.name))
            pushes.append((t, r[3]))
        elif r[0] == NTH_CASTING_CAST and nth == r[1]:
            pushes.append((t, r[2]))
    _fired(g, caster, pushes)


def _treasure_bonus(g: Engine, caster: int, owner: int, b: int, spell: str) -> Bonus | None:
    """P-20: the caster's treasures raise every damage source of the spell they cast."""
    n = cast_bonus(g, caster, spell) if present(g.state) else 0
    return Bonus(damage=n) if n else None


def cast_bonus(g: Engine, caster: int, name: str) -> int:
    """P-20: the damage the caster's treasures add to each damage source of this cast."""
    st = g.state
    if not present(st):
        return 0
    from ..generic import holds

    cost = content.CARDS[name].cost
    bonus = 0
    for _, r in rules_for(st, caster, (CAST_BONUS,)):
        n, least, cond = r[1], r[2], r[3]
        if cost >= least and (not cond or holds(g, Ctx(caster, caster, name), cond)):
            bonus += n
    return int(bonus)


def nemesis_bonus(g: Engine, you: int, source: str) -> int:
    """Damage a spell of ``you`` deals to the nemesis: what the treasures add to it."""
    st = g.state
    if not present(st) or you < 0:
        return 0
    card = content.CARDS.get(source)
    if card is None or card.type != "spell":
        return 0
    return sum(int(r[1]) for _, r in rules_for(st, you, (NEMESIS_SPELL_BONUS,)))


def discount(st: Any) -> tuple[str, int] | None:
    """The supply pile whose cards cost less to gain, and by how much (or None)."""
    tr = st.config.get(KEY)
    if not tr or not tr.get("pile"):
        return None
    cut = sum(int(r[1]) for _, r in rules_for(st, -1, (PILE_DISCOUNT,)))
    return (str(tr["pile"]), cut) if cut else None


def gain_cost(st: Any, name: str) -> int:
    """What gaining a card of the supply pile ``name`` costs now (never below 0)."""
    cost = content.CARDS[name].cost
    d = discount(st)
    if d is not None and d[0] == name:
        return max(0, cost - d[1])
    return cost


# ------------------------------------------------------------------ at the trigger points
on = triggers.source("keyword", "treasures", present=present)
on("breach_opened")(on_open)
on("ability")(after_ability)
on("gained")(on_gain)
on("played")(on_play)
on("cast")(on_cast)
on("cast_bonus")(_treasure_bonus)


@on("pile_emptied")
def _pile_emptied(g: Engine, i: int) -> None:
    pile_emptied(g, i)


@on("turn_begins")
def _turn_begins(g: Engine, i: int) -> Callable[[], None] | None:
    """X-14: a treasure's "at the start of your turn" comes before the casting phase."""
    return (lambda: turn_start(g, i)) if wants_turn_start(g.state, i) else None


@on("damage_dealt")
def _damage_dealt(g: Engine, you: int, target: str, amount: int, source: str) -> int:
    """X-14: a spell's bonus to the nemesis."""
    return amount + nemesis_bonus(g, you, source) if target == "nemesis" else amount


@on("gain_cost")
def _gain_cost(g: Engine, i: int, name: str, cost: int) -> int:
    """X-14: the pile beside the group's treasure costs less (never below 0)."""
    d = discount(g.state)
    return max(0, cost - d[1]) if d is not None and d[0] == name else cost


# ------------------------------------------------------------------ checking a setup
def starter_of(ctype: str) -> str:
    """The basic starting card of a type (the starter gem, the starter spell)."""
    from ...content import starter

    return next(c.name for c in starter.CARDS if c.type == ctype)


def starting_deck_takes_tier1(deck: tuple[str, ...] | list[str]) -> bool:
    """X-5: can a tier-1 treasure replace a card of this starting deck (it needs a starter gem or
    spell there; a mage whose deck holds neither, such as one starting with cards of its own only,
    cannot take one)?"""
    return any(starter_of(t) in deck for t in ("gem", "spell"))


def check(tr: Any, players: int, supply: tuple[str, ...] | list[str]) -> tuple[str, str] | None:
    """The first fault of a resolved ``config["treasures"]``, as (field, reason), or None."""
    if not isinstance(tr, dict):
        return "", "must be an object"
    seats = tr.get("players", [])
    if len(seats) > players:
        return f"players[{players}]", f"names a seat this {players}-player game does not have"
    for k, s in enumerate(seats):
        for key, tier in (("tier1", 1), ("tier3", 3)):
            name = s.get(key)
            if name is None:
                continue
            t = content.TREASURES.get(name)
            if t is None:
                return f"players[{k}].{key}", f"unknown treasure {name!r}"
            if t.tier != tier:
                return f"players[{k}].{key}", f"{name} is a tier-{t.tier} treasure, not tier {tier}"
        if (s.get("slot") is None) != (s.get("tier1") is None):
            return f"players[{k}].slot", "is the starting-deck position a tier-1 treasure took, and only that"
    g = tr.get("group")
    if g is not None:
        t = content.TREASURES.get(g)
        if t is None:
            return "group", f"unknown treasure {g!r}"
        if t.tier != 2:
            return "group", f"{g} is a tier-{t.tier} treasure; the group's is tier 2"
        pile = tr.get("pile")
        if t.beside is not None:
            if not isinstance(pile, str) or pile not in supply:
                return "pile", f"{g} lies beside a supply pile of this game, got {pile!r}"
            if not beside_ok(t, content.CARDS[pile]):
                return "pile", f"{g} lies beside {beside_text(t)}, not {pile}"
        elif pile is not None:
            return "pile", f"{g} is not set beside a supply pile"
    elif tr.get("pile") is not None:
        return "pile", "only the group's tier-2 treasure lies beside a supply pile"
    return None
