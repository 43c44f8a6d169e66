"""The main phase (P-6 … P-14): the options of a player (with the catalogue facts kept for
them) and the choice among them."""

from __future__ import annotations

from typing import Any

from ...content import registry as content
from ...content.model import MANY_SPELLS, UNPLAYED_TYPES, Steps
from .. import triggers
from ..core import (
    CHARGE_COST,
    FOCUS_COST,
    OPEN_COST,
    Engine,
    op,
)
from ..keywords import recall, wandering
from ..keywords.attach import two_spells
from ..keywords.exclusive_aether import available
from ..keywords.link import share
from ..keywords.room import room
from ..keywords.wandering import COST as WANDER_COST
from ..state import Action, Breach, Player, State
from ..vocabulary import STEP_KINDS
from .actions import MAIN_ACTIONS
from .common import _usable, main_ability

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
_Level = tuple[tuple[tuple[int, Action], ...], tuple[Action, ...]]
#: hand (as a tuple) -> (its play actions, its spells with their prep actions), each name
#: once in hand order: what the loop over a hand finds, from ``_HAND_FACTS``
_HANDS: dict[tuple[str, ...], tuple[tuple[Action, ...], tuple[tuple[str, tuple[Action, ...]], ...]]] = {}
#: supply -> for each amount of aether, (the ``(pile, ("gain", name))`` it can pay for, and
#: the same actions alone, offered whole while no pile has run out)
_SUPPLY_LEVELS: dict[tuple[str, ...], tuple[_Level, ...]] = {}
#: the spells in the tables whose breaches are those of any plain spell (no rule of their
#: own: not two breaches at once, not "prep to a closed breach")
_PLAIN_SPELLS: set[str] = set()
#: the last supply ``main_options`` read and its levels (see ``_levels_of``)
_LAST_LEVELS: list[Any] = [None, ()]
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
    _PLAIN_SPELLS.clear()
    _LAST_LEVELS[0], _LAST_LEVELS[1] = None, ()
    _FACTS_FOR[0] = len(content.CARDS)
    _FACTS_FOR[1] = len(content.NEMESIS_CARDS)


def _hand_fact(name: str) -> tuple[Action | None, tuple[Action, ...] | None]:
    card = content.CARDS[name]
    t = card.type
    if t == "spell":
        fact: tuple[Action | None, tuple[Action, ...] | None] = (None, tuple(("prep", name, b) for b in range(4)))
        if not card.two_breaches and not card.prep_closed:
            _PLAIN_SPELLS.add(name)
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


def _supply_levels(names: tuple[str, ...]) -> tuple[_Level, ...]:
    """For a = 0 … the costliest pile's cost: the piles costing at most a, in supply order."""
    cards = content.CARDS
    costs = [cards[name].cost for name in names]
    top = max(costs, default=0)
    levels = []
    for a in range(top + 1):
        pairs = tuple((idx, ("gain", name)) for idx, name in enumerate(names) if costs[idx] <= a)
        levels.append((pairs, tuple(act for _, act in pairs)))
    if len(_SUPPLY_LEVELS) >= _SUPPLY_LEVELS_MAX:
        _SUPPLY_LEVELS.clear()
    fact = _SUPPLY_LEVELS[names] = tuple(levels)
    return fact


def _pay_fact(name: str) -> tuple[Any, ...]:
    card = content.NEMESIS_CARDS[name]
    fact: tuple[Any, ...] = ()
    if card.to_discard or card.wandering:
        fact = (card.to_discard, wandering.option(card, name), ("pay", name))
    _PAY_FACTS[name] = fact
    return fact


def main_options(g: Engine, i: int) -> list[Action]:
    """P-6 … P-14: every main-phase action of player i, in a fixed order.

    Catalogue facts (what a card in hand offers, what each pile costs at each amount of
    aether, what a nemesis card in play offers) come from the tables above; the breaches a
    plain spell may go to are read once for the whole hand. The state is read as ever, and
    the rarer families (a restricted pool or a gain modifier, prepped spells, a card in the
    nemesis play area that can be paid for) are their own helpers, called only when the
    state can offer them. ``tests/engine/test_main_options.py`` checks the result against a
    plain reading at every decision of random games of every box.
    """
    st = g.state
    p = st.players[i]
    if len(content.CARDS) != _FACTS_FOR[0] or len(content.NEMESIS_CARDS) != _FACTS_FOR[1]:
        clear_main_caches()
    hand = tuple(p.hand)
    plays, spells_in_hand = _HANDS.get(hand) or _hand(hand)
    opts: list[Action] = list(plays)
    aether = p.aether
    names = st.supply_names
    if p.aether_for or p.aether_tokens or type(names) is not tuple or g.on.get("gain_cost") is not None:
        free, breach_free = _priced_gains(g, i, p, opts)
    else:
        free = breach_free = aether
        if aether >= 0:
            levels = _LAST_LEVELS[1] if names is _LAST_LEVELS[0] else _levels_of(names)
            level = levels[aether] if aether < len(levels) else levels[-1]
            counts = st.supply_counts
            if 0 in counts:
                for idx, act in level[0]:
                    if counts[idx] > 0:
                        opts.append(act)
            else:  # no pile has run out: every pile of the level is offered
                opts.extend(level[1])
    if free >= CHARGE_COST and p.charges < p.max_charges:
        opts.append(_CHARGE)
    flags = st.flags
    brs = p.breaches
    disc = flags.get("breach_discount", 0) if flags else 0  # turn flag: the next focus or open costs less
    within = breach_free + disc
    for b in _BREACHES_WITHIN[within] if within < len(_BREACHES_WITHIN) else _ALL_BREACHES:
        br = brs[b]
        if br.state == "closed":  # P-11, P-12 (a ruleset may lock a last stage against focusing)
            if breach_free >= FOCUS_COST[b] - disc and not (br.stage >= 3 and _locked(st)):
                opts.append(_FOCUS[b])
            if breach_free >= OPEN_COST[b][br.stage] - disc:
                opts.append(_OPEN[b])
    if spells_in_hand:
        if flags and ("prep_closed" in flags or "two_per_breach" in flags or "more_per_open" in flags):
            _wide_preps(p, i, spells_in_hand, flags, opts)
        else:
            _preps(p, spells_in_hand, i in flags.get("two_per_open", ()), opts)  # turn flag: two per opened breach
    players = st.players
    for j, q in enumerate(players):
        if q.charges >= q.max_charges:
            _ability_option(j, i, q.mage, len(players), opts)
    for br in brs:
        if br.spells:
            _uses(brs, flags.get("used"), free, opts)
            break
    for m in st.nemesis.in_play:
        pf = _PAY_FACTS.get(m.name)
        if pf is None:
            pf = _pay_fact(m.name)
        if pf:  # P-14 or N-8: it offers a cost to pay or damage to buy
            _nemesis_actions(g, i, pf, free, opts)
    if p.discard:  # K-4: Recall effects of the discard pile
        opts.extend(recall.options(p, flags.get("recalled", ()) if flags else ()))
    h = g.on.get("main_options")
    if h is not None:
        opts.extend(h(g, i))
    opts.append(_END_MAIN)
    return opts


def _levels_of(names: tuple[str, ...]) -> tuple[_Level, ...]:
    """The supply's levels (``_SUPPLY_LEVELS``), remembered for the last supply asked: a game
    keeps one supply tuple (its clones share it), so the next call finds it by identity."""
    levels = _SUPPLY_LEVELS.get(names) or _supply_levels(names)
    _LAST_LEVELS[0], _LAST_LEVELS[1] = names, levels
    return levels


def _locked(st: State) -> bool:
    rs = st.config.get("ruleset")
    return rs is not None and rs.get("last_stage_focus") == "locked"


def _priced_gains(g: Engine, i: int, p: Player, opts: list[Action]) -> tuple[int, int]:
    """P-8 the long way, pile by pile: a restricted pool pays by card type (K-11), a
    modifier changes a pile's cost, or the supply is not the usual tuple. Returns the aether
    free for other costs and for breaches."""
    cards = content.CARDS
    counts = g.state.supply_counts
    restricted = bool(p.aether_for or p.aether_tokens)  # K-11's pools, K-7's tokens
    cheaper = g.on.get("gain_cost")  # a modifier: a pile costs less (or more)
    for idx, name in enumerate(g.state.supply_names):
        if counts[idx] > 0:
            c = cards[name]
            cost = c.cost if cheaper is None else cheaper(g, i, name, c.cost)
            if (available(p, c.type) if restricted else p.aether) >= cost:
                opts.append(("gain", name))
    if not restricted:
        return p.aether, p.aether
    return available(p, "other"), available(p, "focus")  # K-11: aether only for breaches too


def _preps(p: Player, spells: tuple[tuple[str, tuple[Action, ...]], ...], two: bool, opts: list[Action]) -> None:
    """P-13: prep each spell in hand. The empty breaches a spell may go to (opened, or
    closed and focused, nothing on or over them) are the same for every plain spell, so
    they are read once; a spell with a rule of its own, or a breach that already holds one
    spell, is asked of ``prep_targets``."""
    empty: list[int] = []
    for b, br in enumerate(p.breaches):
        s = br.state
        if (s == "open" or (s == "closed" and br.focused)) and br.covered_by < 0:
            if br.spells:
                empty = []
                break  # a spell may join it (Link, two per breach): the full reading decides
            empty.append(b)
    else:
        for name, preps in spells:
            if name in _PLAIN_SPELLS:
                for b in empty:
                    opts.append(preps[b])
            else:
                for b in prep_targets(p, name, True, False, two):
                    opts.append(preps[b])
        return
    for name, preps in spells:
        for b in prep_targets(p, name, True, False, two):  # own turn, focused or opened breaches
            opts.append(preps[b])


def _wide_preps(p: Player, i: int, spells: tuple[tuple[str, tuple[Action, ...]], ...], flags: dict[str, Any],
                opts: list[Action]) -> None:
    """P-13 under this turn's wider prep rules (turn flags ``prep_closed``, ``two_per_breach``,
    ``more_per_open``): every spell is asked of ``prep_targets``."""
    closed = i in flags.get("prep_closed", ())
    two = i in flags.get("two_per_open", ())
    two_any = i in flags.get("two_per_breach", ())
    more = sum(int(n) for j, n in flags.get("more_per_open", ()) if j == i)
    for name, preps in spells:
        for b in prep_targets(p, name, True, closed, two, two_any, more):
            opts.append(preps[b])


def _ability_option(j: int, i: int, mage: str, players: int, opts: list[Action]) -> None:
    """P-10: player j's charged ability, if its window is player i's main phase: your own
    (your_main / your_casting_main / any_main) and allies' (any_main / ally_main)."""
    w = content.MAGES[mage].ability.window
    if (w == "your_main" and j == i) or w == "any_main" or (
            w in ("ally_main", "your_casting_main") and main_ability(w, j, i, players)):
        opts.append(("ability", j))


def _uses(brs: list[Breach], used: Any, free: int, opts: list[Action]) -> None:
    """P-14: the main-phase uses of prepped spells (once per turn per copy, or paid)."""
    cards = content.CARDS
    for b, br in enumerate(brs):
        for k, sp in enumerate(br.spells):
            if k and br.spells[0] == sp:
                continue  # a second copy on the same breach: one action, offered while either is unused
            for wp in cards[sp].while_prepped:
                if (wp[0] == "main" and (not used or _usable(used, brs, b, sp))) \
                        or (wp[0] == "main_paid" and free >= wp[1]):  # paid: repeatable
                    opts.append(("use", b, sp))


def _nemesis_actions(g: Engine, i: int, pf: tuple[Any, ...], free: int, opts: list[Action]) -> None:
    """P-14 and N-8: pay a TO DISCARD cost, or deal damage to a wandering minion."""
    cost, wander_act, pay_act = pf
    if cost and can_pay(g, i, cost):
        opts.append(pay_act)
    if wander_act is not None and free >= WANDER_COST:  # N-8
        opts.append(wander_act)


def _holds_many(p: Player, b: int) -> bool:
    m = content.MAGES.get(p.mage)
    return m is not None and m.breaches[b].special in MANY_SPELLS


def prep_targets(p: Player, name: str, own_turn: bool, closed_any: bool = False,
                 two_per_open: bool = False, two_any: bool = False, more_per_open: int = 0) -> list[int]:
    """P-13, K-1 and K-2: where spell ``name`` may be prepped now.

    ``closed_any`` lets an effect prep to any closed breach (not only focused ones); so
    does a ``prep_closed`` card. ``two_per_open``: two spells may share each opened breach
    this turn; so may two share a breach with a card under it that allows it (K-2).
    ``two_any``: two spells may share each breach, opened or closed; ``more_per_open``: so
    many spells more may join each opened breach; a prepped spell with the while-prepped
    hook ``("extra_room", n)`` lets n more join its own breach.
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
        if not spells or (s == "open" and MANY_SPELLS and not card.two_breaches and _holds_many(p, b)):
            ok.append(b)
        elif len(spells) == 1:
            other = cards[spells[0]]
            if share(card, other) \
                    or ((two_per_open and s == "open") or (br.attached and two_spells(br))) \
                    and not other.two_breaches and not card.two_breaches:
                ok.append(b)
            elif own_turn and any(h[0] == "extra_spark" and h[1] == name for h in other.while_prepped):
                ok.append(b)  # an extra_spark spell admits one named spell beside it
            elif room(cards, s, spells, two_any, more_per_open) > 1:
                ok.append(b)
        elif room(cards, s, spells, two_any, more_per_open) > len(spells):
            ok.append(b)
    return ok


def can_pay(g: Engine, i: int, cost: Steps) -> bool:
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
