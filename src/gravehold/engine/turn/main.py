"""The main phase (P-6 … P-14): the options of a player (with the catalogue facts kept for
them) and the choice among them."""

from __future__ import annotations

from typing import Any

from ...content import registry as content
from ...content.model import UNPLAYED_TYPES
from .. import triggers
from ..core import (
    CHARGE_COST,
    FOCUS_COST,
    OPEN_COST,
    Engine,
    op,
)
from ..keywords import wandering
from ..keywords.attach import two_spells
from ..keywords.exclusive_aether import available
from ..keywords.link import share
from ..keywords.wandering import COST as WANDER_COST
from ..state import Action, Player
from ..vocabulary import STEP_KINDS

# ---------------------------------------------------------------------- main phase


#: Main-phase facts that depend only on the catalogue, built on first use (``main_options``):
#: card name -> (its ``("play", name)`` action or None, its four ``("prep", name, b)``
#: actions or None); supply -> for each amount of aether, the ``(pile, ("gain", name))``
#: it can pay for, in supply order; nemesis card name -> (its TO DISCARD cost, its N-8
#: ``pay_damage`` action or None, its ``pay`` action), or () when it offers neither. A card's
#: facts never change once its box is loaded; the tables are dropped when the size of the
#: player or nemesis card catalogue changes (a box or a card added or removed), so they
#: are rebuilt from what is loaded now. (A test that swaps a card in place under the same
#: name calls ``clear_main_caches``.)
_HAND_FACTS: dict[str, tuple[Action | None, tuple[Action, ...] | None]] = {}
#: hand (as a tuple) -> (its play actions, its spells with their prep actions), each name
#: once in hand order: what the loop over a hand finds, from ``_HAND_FACTS``
_HANDS: dict[tuple[str, ...], tuple[tuple[Action, ...], tuple[tuple[str, tuple[Action, ...]], ...]]] = {}
_SUPPLY_LEVELS: dict[tuple[str, ...], tuple[tuple[tuple[int, Action], ...], ...]] = {}
_PAY_FACTS: dict[str, tuple[Any, ...]] = {}
_FACTS_FOR = [-1, -1]  # len(content.CARDS), len(content.NEMESIS_CARDS) the tables were built for
_SUPPLY_LEVELS_MAX = 512  # distinct supplies kept (random markets make many)
_HANDS_MAX = 4096  # distinct hands kept
_CHARGE: Action = ("charge",)
_FOCUS: tuple[Action, ...] = tuple(("focus", b) for b in range(4))
_OPEN: tuple[Action, ...] = tuple(("open", b) for b in range(4))
#: aether (with any discount) -> the breaches whose focus or open can cost that little;
#: the others' actions cannot be paid for, so they need no look (breach I's cost nothing)
_BREACHES_WITHIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(b for b in range(4) if min(FOCUS_COST[b], *OPEN_COST[b]) <= a)
    for a in range(max(*FOCUS_COST, *(c for row in OPEN_COST for c in row)) + 1))
_END_MAIN: Action = ("end_main",)
_ALL_BREACHES = (0, 1, 2, 3)
_MAIN_CHOICE: tuple[tuple[str, int], ...] = tuple(("main_choice", i) for i in range(4))


def clear_main_caches() -> None:
    """Drop the catalogue facts ``main_options`` keeps (they are rebuilt on next use)."""
    _HAND_FACTS.clear()
    _HANDS.clear()
    _SUPPLY_LEVELS.clear()
    _PAY_FACTS.clear()
    _FACTS_FOR[0] = len(content.CARDS)
    _FACTS_FOR[1] = len(content.NEMESIS_CARDS)


def _hand_fact(name: str) -> tuple[Action | None, tuple[Action, ...] | None]:
    t = content.CARDS[name].type
    if t == "spell":
        fact: tuple[Action | None, tuple[Action, ...] | None] = (None, tuple(("prep", name, b) for b in range(4)))
    elif t not in UNPLAYED_TYPES:  # a type its box declares never played
        fact = (("play", name), None)
    else:
        fact = (None, None)
    _HAND_FACTS[name] = fact
    return fact


def _hand(hand: tuple[str, ...]) -> tuple[tuple[Action, ...], tuple[tuple[str, tuple[Action, ...]], ...]]:
    plays: list[Action] = []
    spells: list[tuple[str, tuple[Action, ...]]] = []
    for name in dict.fromkeys(hand):  # each name once, in hand order
        play, preps = _HAND_FACTS.get(name) or _hand_fact(name)
        if preps is not None:
            spells.append((name, preps))
        elif play is not None:
            plays.append(play)
    if len(_HANDS) >= _HANDS_MAX:
        _HANDS.clear()
    fact = _HANDS[hand] = (tuple(plays), tuple(spells))
    return fact


def _supply_levels(names: tuple[str, ...]) -> tuple[tuple[tuple[int, Action], ...], ...]:
    """For a = 0 … the costliest pile's cost: the piles costing at most a, in supply order."""
    cards = content.CARDS
    costs = [cards[name].cost for name in names]
    top = max(costs, default=0)
    levels = tuple(tuple((idx, ("gain", name)) for idx, name in enumerate(names) if costs[idx] <= a)
                   for a in range(top + 1))
    if len(_SUPPLY_LEVELS) >= _SUPPLY_LEVELS_MAX:
        _SUPPLY_LEVELS.clear()
    _SUPPLY_LEVELS[names] = levels
    return levels


def _pay_fact(name: str) -> tuple[Any, ...]:
    card = content.NEMESIS_CARDS[name]
    fact: tuple[Any, ...] = ()
    if card.to_discard or card.wandering:
        fact = (card.to_discard, wandering.option(card, name), ("pay", name))
    _PAY_FACTS[name] = fact
    return fact


def main_options(g: Engine, i: int) -> list[Action]:
    """P-6 … P-14: every main-phase action of player i, in a fixed order.

    Catalogue facts (what a card in hand offers, what each pile costs) come from the
    tables above instead of being read again for every decision; the state is read as
    ever. ``tests/engine/test_main_options.py`` checks the result against a plain reading.
    """
    st = g.state
    p = st.players[i]
    cards = content.CARDS
    if len(cards) != _FACTS_FOR[0] or len(content.NEMESIS_CARDS) != _FACTS_FOR[1]:
        clear_main_caches()
    hand = tuple(p.hand)
    plays, spells_in_hand = _HANDS.get(hand) or _hand(hand)
    opts: list[Action] = list(plays)
    aether = p.aether
    restricted = bool(p.aether_for)
    free = available(p, "other") if restricted else aether
    breach_free = available(p, "focus") if restricted else aether  # K-11: aether only for breaches too
    counts = st.supply_counts
    names = st.supply_names
    cheaper = g.on.get("gain_cost")  # a modifier: a pile costs less (or more)
    if restricted or cheaper is not None or type(names) is not tuple:
        for idx, name in enumerate(names):
            if counts[idx] > 0:
                c = cards[name]
                cost = c.cost if cheaper is None else cheaper(g, i, name, c.cost)
                if (available(p, c.type) if restricted else aether) >= cost:
                    opts.append(("gain", name))
    elif aether >= 0:
        levels = _SUPPLY_LEVELS.get(names)
        if levels is None:
            levels = _supply_levels(names)
        for idx, act in levels[aether] if aether < len(levels) else levels[-1]:
            if counts[idx] > 0:
                opts.append(act)
    if free >= CHARGE_COST and p.charges < p.max_charges:
        opts.append(_CHARGE)
    flags = st.flags
    brs = p.breaches
    rs = st.config.get("ruleset")
    locked = rs is not None and rs.get("last_stage_focus") == "locked"
    disc = flags.get("breach_discount", 0) if flags else 0  # turn flag: the next focus or open costs less
    within = breach_free + disc
    for b in _BREACHES_WITHIN[within] if within < len(_BREACHES_WITHIN) else _ALL_BREACHES:
        br = brs[b]
        if br.state != "closed":
            continue
        if breach_free >= FOCUS_COST[b] - disc and not (locked and br.stage >= 3):
            opts.append(_FOCUS[b])
        if breach_free >= OPEN_COST[b][br.stage] - disc:
            opts.append(_OPEN[b])
    prepped = False
    for br in brs:
        if br.spells:
            prepped = True
            break
    if spells_in_hand:
        two = i in flags.get("two_per_open", ())  # turn flag: two spells per opened breach
        for name, preps in spells_in_hand:
            for b in prep_targets(p, name, True, False, two):  # own turn, focused or opened breaches
                opts.append(preps[b])
    # abilities: your own (your_main / your_casting_main / any_main) and allies' (any_main / ally_main)
    for j, q in enumerate(st.players):
        if q.charges >= q.max_charges:
            w = content.MAGES[q.mage].ability.window
            if (w == "your_main" and j == i) or w == "any_main" or (
                    w in ("ally_main", "your_casting_main") and main_ability(w, j, i, len(st.players))):
                opts.append(("ability", j))
    if prepped:
        used = flags.get("used")
        for b, br in enumerate(brs):
            for k, sp in enumerate(br.spells):
                if k and br.spells[0] == sp:
                    continue  # a second copy on the same breach: one action, offered while either is unused
                for wp in cards[sp].while_prepped:
                    if (wp[0] == "main" and (not used or _usable(used, brs, b, sp))) \
                            or (wp[0] == "main_paid" and free >= wp[1]):  # paid: repeatable
                        opts.append(("use", b, sp))
    n = st.nemesis
    if n.in_play:
        pay_facts = _PAY_FACTS
        for m in n.in_play:
            pf = pay_facts.get(m.name)
            if pf is None:
                pf = _pay_fact(m.name)
            if pf:
                cost, wander_act, pay_act = pf
                if cost and can_pay(g, i, cost):
                    opts.append(pay_act)
                if wander_act is not None and free >= WANDER_COST:  # N-8
                    opts.append(wander_act)
    h = g.on.get("main_options")
    if h is not None:
        opts.extend(h(g, i))
    opts.append(_END_MAIN)
    return opts


def prep_targets(p: Player, name: str, own_turn: bool, closed_any: bool = False,
                 two_per_open: bool = False) -> list[int]:
    """P-13, K-1 and K-2: where spell ``name`` may be prepped now.

    ``closed_any`` lets an effect prep to any closed breach (not only focused ones); so
    does a ``prep_closed`` card. ``two_per_open``: two spells may share each opened breach
    this turn; so may two share a breach with a card under it that allows it (K-2).
    """
    cards = content.CARDS
    card = cards[name]
    ok: list[int] = []
    brs = p.breaches
    closed_any = closed_any or card.prep_closed
    if card.two_breaches:
        # usable: opened, or closed and (focused this turn or closed_any)
        use = [br.state == "open" or (br.state == "closed" and (br.focused or closed_any)) for br in brs]
        for b in range(3):
            nb = brs[b + 1]
            br = brs[b]
            if use[b] and use[b + 1] and not br.spells and not nb.spells and br.covered_by < 0 \
                    and nb.covered_by < 0:
                ok.append(b)
        return ok
    for b, br in enumerate(brs):
        s = br.state
        if not (s == "open" or (s == "closed" and (br.focused or closed_any))):
            continue
        if br.covered_by >= 0:
            continue
        spells = br.spells
        if not spells:
            ok.append(b)
        elif len(spells) == 1:
            other = cards[spells[0]]
            if share(card, other) \
                    or ((two_per_open and s == "open") or (br.attached and two_spells(br))) \
                    and not other.two_breaches and not card.two_breaches:
                ok.append(b)
            elif own_turn:
                for h in other.while_prepped:  # an extra_spark spell admits one named spell beside it
                    if h[0] == "extra_spark" and h[1] == name:
                        ok.append(b)
                        break
    return ok


def can_pay(g: Engine, i: int, cost: tuple[tuple[Any, ...], ...]) -> bool:
    """P-14: can player i resolve this TO DISCARD cost alone? Each cost step says so itself."""
    kinds = STEP_KINDS
    for s in cost:
        check = kinds[s[0]].can_pay
        if check is not None and not check(g, i, s):
            return False
    return True


#: the main phase's prompt when ending it is all that is left (a person's seat is asked even so)
_NOTHING_LEFT = "Main phase: nothing else to do; end the main phase when you are ready"


@op("main_phase")
def _main_phase(g: Engine, i: int) -> None:
    st = g.state
    st.phase = "main"
    opts = main_options(g, i)
    g.ask("main", i, st.players[i].mage, "Main phase: choose an action" if len(opts) > 1 else _NOTHING_LEFT, opts,
          _MAIN_CHOICE[i] if 0 <= i < 4 else ("main_choice", i))


@op("main_choice")
def _main_choice(g: Engine, i: int, action: Action) -> None:
    """Resolve one main-phase action, then offer the main phase again.

    When the action left the re-pushed ``main_phase`` frame on top (it pushed nothing,
    asked nothing, ended nothing), the loop would pop and run it next: it runs here at
    once instead (a folded frame; the identity test makes sure it is this very frame).
    """
    kind = action[0]
    if kind == "end_main":
        return
    st = g.state
    frame = ("main_phase", i)
    st.stack.append(frame)
    fn = MAIN_ACTIONS.get(kind)
    if fn is None:  # a main-phase action a source declared (``triggers.MAIN_ACTIONS``)
        triggers.MAIN_ACTIONS[kind].resolve(g, i, action)
        return
    fn(g, i, action)
    stack = st.stack
    if stack and stack[-1] is frame and st.decision is None and not st.over:
        stack.pop()
        _main_phase(g, i)


from .actions import MAIN_ACTIONS, _usable  # noqa: E402  (at the end: the turn modules call each other)
from .casting import main_ability  # noqa: E402  (at the end: the turn modules call each other)
