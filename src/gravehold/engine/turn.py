"""Turn structure: turn order (T), a player's turn (P) and the nemesis' turn (N)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..content import registry as content
from ..content.model import UNPLAYED_TYPES, CardDef
from . import rng, triggers
from .core import (
    BREACH_BONUS,
    CHARGE_COST,
    FOCUS_COST,
    HAND_SIZE,
    OPEN_COST,
    Ctx,
    Engine,
    op,
)
from .damage import COPY_MARK, copy_ref, find_ref, uncover
from .keywords import damage_bonus, wandering
from .keywords.attach import two_spells
from .keywords.echo import resolutions
from .keywords.exclusive_aether import available, lapse, pay
from .keywords.link import share
from .keywords.silence import skips
from .keywords.wandering import COST as WANDER_COST
from .state import Action, Breach, Player
from .vocabulary import STEP_KINDS

_new_ctx = tuple.__new__  # Ctx(you, owner, source) without the Python-level __new__ (hot path)
#: frames and contexts that are always the same, built once
_END_TURN = ("end_turn",)
_NEMESIS_DRAW = ("nemesis_draw",)
_UNLEASH_END = ("unleash_end",)
_UNLEASH_CTX = Ctx(-1, -1, "Unleash")

# ====================================================================== turn order


def draw_turn_order(g: Engine) -> str:
    """T-1 / T-2: take the top card, reshuffling the discard first if the deck is empty."""
    st = g.state
    if not st.to_deck:
        reshuffle_turn_order(g)
    card = st.to_deck.pop(0)
    known = st.tokens.get("to_known", 0)
    if known:
        st.tokens["to_known"] = known - 1
    st.to_discard.append(card)
    return card


def reshuffle_turn_order(g: Engine) -> None:
    st = g.state
    st.to_deck = st.to_discard + st.to_deck
    st.to_discard = []
    st.rng = rng.shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck))


def reveal_turn_order_top(g: Engine) -> str:
    st = g.state
    if not st.to_deck:
        reshuffle_turn_order(g)
    st.tokens["to_known"] = max(1, st.tokens.get("to_known", 0))
    g.ev("turn_order_revealed", card=st.to_deck[0])
    return st.to_deck[0]


def turn_order_top_to_bottom(g: Engine, source: str) -> None:
    """Move the top turn order card under the deck (a card lets the players do so). The
    cards known from the top are one fewer, unless every card of the deck is known."""
    st = g.state
    card = st.to_deck.pop(0)
    st.to_deck.append(card)
    known = st.tokens.get("to_known", 0)
    if known < len(st.to_deck):
        st.tokens["to_known"] = max(0, known - 1)
    g.ev("turn_order_to_bottom", card=card, source=source)


@op("next_turn")
def _next_turn(g: Engine) -> None:
    """Draw a turn order card and start that turn.

    Unless a mage may act in the window right after the draw, ``start_turn`` would be the
    next frame to run, so it runs at once (folded).
    """
    st = g.state
    card = draw_turn_order(g)
    if g.events is not None:
        g.ev("turn_order_drawn", card=card)
    # the window right after a turn order card is drawn (P-10)
    offers: list[int] | None = None
    for i, p in enumerate(st.players):
        if p.charges >= p.max_charges and content.MAGES[p.mage].ability.window == "after_turn_order_draw":
            if offers is None:
                offers = []
            offers.append(i)
    if offers is None:
        _start_turn(g, card)
        return
    g.push("start_turn", card)
    for i in offers:
        g.push("offer_ability", i, "after_turn_order_draw")


@op("offer_ability")
def _offer_ability(g: Engine, i: int, window: str, action: Action | None = None) -> None:
    p = g.state.players[i]
    if action is None:
        if p.charges < p.max_charges:
            return
        g.ask("ability_window", i, p.mage, f"Activate {content.MAGES[p.mage].ability.name}?",
              [("ability", i), ("pass",)], ("offer_ability", i, window))
        return
    if action[0] == "ability":
        activate_ability(g, i, i)


def activate_ability(g: Engine, owner: int, actor: int) -> None:
    """P-10: discard every charge, then resolve the ability."""
    p = g.state.players[owner]
    ab = content.MAGES[p.mage].ability
    p.charges = 0
    g.ev("ability", player=owner, name=ab.name)
    h = g.on.get("ability")
    if h is not None:  # pushed first: resolves once the ability has
        h(g, owner)
    g.push_steps(ab.steps, Ctx(owner, owner, ab.name))


@op("wild_start")
def _wild_start(g: Engine, action: Action | None = None) -> None:
    """T-6 ``wild_token_start`` "choose": before the first turn the players give the
    3-player wild token to whichever player they like."""
    st = g.state
    if action is None:
        g.ask("wild", g.team(), "turn order", "Wild token: which player holds it first?",
              [("player", i) for i in range(len(st.players))], ("wild_start",))
        return
    st.tokens["wild"] = int(action[1])  # type: ignore[call-overload]
    g.ev("wild_token_passed", holder=st.tokens["wild"])


@op("start_turn")
def _start_turn(g: Engine, card: str, action: Action | None = None) -> None:
    """Whose turn a turn order card gives (T-2 … T-5).

    Its turn frame would be the next to run, so the turn starts at once (folded): the
    ``nemesis_turn`` and ``player_turn`` operations are called, not pushed.
    """
    st = g.state
    n = len(st.players)
    if card == "N":
        _nemesis_turn(g)
        return
    if n == 1:  # T-5
        _player_turn(g, 0)
        return
    if card in ("P1", "P2", "P3", "P4"):
        _player_turn(g, int(card[1]) - 1)
        return
    if card == "W":  # T-3
        if g.state.config.get("ruleset", {}).get("wild_card", "choose") == "token":
            holder = st.tokens.get("wild", 0)
            st.tokens["wild"] = (holder + 1) % n
            g.ev("wild_token_passed", holder=st.tokens["wild"])
            _player_turn(g, holder)
            return
        if action is None:
            g.ask("wild", g.team(), "turn order", "Wild card: which player takes this turn?",
                  [("player", i) for i in range(n)], ("start_turn", card))
            return
        _player_turn(g, int(action[1]))
        return
    # T-4: "P12" / "P34" paired cards
    pair = (0, 1) if card == "P12" else (2, 3)
    key = "pair12" if card == "P12" else "pair34"
    holder = st.tokens.get(key, -1)
    if holder >= 0:
        other = pair[1] if holder == pair[0] else pair[0]
        st.tokens[key] = -1
        _player_turn(g, other)
        return
    if action is None:
        g.ask("pair", g.team(), "turn order", f"{card}: which player of the pair takes this turn?",
              [("player", i) for i in pair], ("start_turn", card))
        return
    chosen = int(action[1])
    st.tokens[key] = chosen
    _player_turn(g, chosen)


@op("end_turn")
def _end_turn(g: Engine) -> None:
    """End of any turn: lose unspent aether, clear focus marks, check G-1's end-of-turn win.

    When nothing is left to run the loop would start the next turn, so it starts here
    (``next_turn`` folded).
    """
    st = g.state
    for p in st.players:
        p.aether = 0
        if p.aether_for:
            lapse(p)
        for b in p.breaches:
            if b.focused:
                b.focused = False
    st.flags = {}
    if g.events is not None:
        g.ev("turn_end", active=st.active)
    h = g.on.get("end_of_turn")
    if h is not None:
        h(g)
        if st.over:
            return
    if g.deck_out():  # G-1: every deck_out_win reading checks at the end of a turn
        g.end("win", "nemesis_deck_empty")
    if not st.stack and st.decision is None and not st.over:
        _next_turn(g)


# ====================================================================== player turn


@op("player_turn")
def _player_turn(g: Engine, i: int) -> None:
    """P: the turn's phases, as frames: casting, main, draw, end.

    Frames that would run at once are folded: with no ``turn_start`` trigger the
    ``set_phase`` frame would be next, so the phase is set here; with no spell prepped
    the casting phase has nothing to cast and nothing triggers at its start or end, so
    the main phase begins at once; otherwise, with no trigger to run first, the casting
    phase does. (The frames stay operations: saved stacks and ``frames`` use them.)
    """
    st = g.state
    st.active = i
    st.turn += 1
    g.turn_begun()
    st.flags = {}
    p = st.players[i]
    if g.events is not None:
        g.ev("turn_start", player=i, mage=p.mage)
    stack = st.stack
    stack.append(_END_TURN)
    stack.append(("draw_phase", i))
    on = g.on
    if "main_end" in on:
        stack.append(("hook_main_end", i))
    turn_start = "turn_start" in on
    begins = on.get("turn_begins")
    queued = begins(g, i) if begins is not None else None  # triggered steps to push, once the frames are
    if not turn_start and not queued and not casting_ability(p):
        for br in p.breaches:
            if br.spells:
                break
        else:  # no spell prepped (and no ability to use in the casting phase)
            _main_phase(g, i)
            return
    stack.append(("main_phase", i))
    stack.append(("casting_phase_end", i))
    n = len(stack)
    stack.append(("casting_phase", i))
    # while-prepped triggers at the start of the casting phase
    for br in p.breaches:
        for sp in br.spells:
            for wp in content.CARDS[sp].while_prepped:
                if wp[0] == "casting_start":
                    g.push_steps(wp[1], Ctx(i, i, sp))
    if turn_start or queued:
        stack.append(("set_phase", "casting"))
        if turn_start:
            stack.append(("hook_turn_start", i))
        if queued:
            for push in reversed(queued):  # the first answer resolves first
                push()
        return
    st.phase = "casting"
    if len(stack) == n + 1:  # no trigger: the casting phase is next
        stack.pop()
        _casting_phase(g, i)


@op("casting_phase_end")
def _casting_phase_end(g: Engine, i: int) -> None:
    """While-prepped triggers at the end of the casting phase, for the
    spells still prepped then; breach I's first."""
    p = g.state.players[i]
    for br in reversed(p.breaches):
        for sp in reversed(br.spells):
            for wp in content.CARDS[sp].while_prepped:
                if wp[0] == "casting_end":
                    g.push_steps(wp[1], Ctx(i, i, sp))


@op("hook_turn_start")
def _hook_turn_start(g: Engine, i: int) -> None:
    h = g.on.get("turn_start")
    if h is not None:
        h(g, i)


@op("hook_main_end")
def _hook_main_end(g: Engine, i: int) -> None:
    h = g.on.get("main_end")
    if h is not None:
        h(g, i)


@op("set_phase")
def _set_phase(g: Engine, phase: str) -> None:
    g.state.phase = phase


def must_cast(p: Player) -> bool:
    """P-1: a spell on a closed breach must be cast (a two-breach spell counts on both)."""
    for br in p.breaches:  # noqa: SIM110 (a loop, not any(...): this runs at every casting decision)
        if br.state == "closed" and (br.spells or br.covered_by >= 0):
            return True
    return False


def cast_options(p: Player) -> list[Action]:
    opts: list[Action] = []
    for b, br in enumerate(p.breaches):
        for k in range(len(br.spells)):
            opts.append(("cast", b, k))
    return opts


@op("casting_phase")
def _casting_phase(g: Engine, i: int) -> None:
    """P-1: spells on closed breaches must be cast; on opened ones they may be."""
    p = g.state.players[i]
    g.state.phase = "casting"
    opts = cast_options(p)
    if casting_ability(p):  # P-10: an ability usable in your casting phase
        opts.append(("ability", i))
    if not opts:
        return
    if not must_cast(p):
        opts.append(("end_casting",))
    g.ask("casting", i, p.mage, "Casting phase: cast a prepped spell", opts, ("casting_choice", i))


def casting_ability(p: Player) -> bool:
    """Is p's ability charged and usable in p's own casting phase (window ``your_casting_main``)?"""
    return p.charges >= p.max_charges and content.MAGES[p.mage].ability.window == "your_casting_main"


def main_ability(window: str, owner: int, active: int, players: int) -> bool:
    """P-10: may a charged ability with this window be activated in ``active``'s main phase?

    ``ally_main`` is any ally's main phase; in true solo the one player is their own ally
    (SO-1), as with every "any ally".
    """
    if window in ("your_main", "your_casting_main"):
        return owner == active
    if window == "ally_main":
        return owner != active or players == 1
    return window == "any_main"


@op("casting_choice")
def _casting_choice(g: Engine, i: int, action: Action) -> None:
    if action[0] == "end_casting":
        return
    g.push("casting_phase", i)
    if action[0] == "ability":
        activate_ability(g, i, i)
        return
    cast_spell(g, i, i, int(action[1]), int(action[2]))


#: K-13: a sigil breach, an opened breach marked by the owner's token ``sigil_<I..IV>``
SIGIL_BONUS = 2
SIGIL_KEYS = ("sigil_I", "sigil_II", "sigil_III", "sigil_IV")


def breach_bonus(p: Player, b: int) -> int:
    """P-3: the damage an opened breach adds; a Sigil breach (Tempest Sigil) adds 2 wherever it lies.

    K-13: a unique breach of the mat (``BreachSetup.special``) replaces the standard one, so
    it adds none of the standard bonus; its own rule gives what it gives (a ``cast_bonus``).
    """
    if p.tokens and p.tokens.get(SIGIL_KEYS[b]):
        return SIGIL_BONUS
    if BREACH_BONUS[b] and special_breach(p, b) is not None:
        return 0
    return BREACH_BONUS[b]


def special_breach(p: Player, b: int) -> str | None:
    """K-13: the unique breach printed on player p's mat at slot b, if any (catalogue data)."""
    m = content.MAGES.get(p.mage)
    return m.breaches[b].special if m is not None else None


def cast_spell(g: Engine, caster: int, owner: int, b: int, k: int, keep: bool = False,
               extra: int = 0) -> None:
    """P-2: the spell goes to its owner's discard first, then its Cast effect resolves.

    P-5 (Echo): the Cast effect resolves twice and the breach bonus applies to each.
    ``keep``: cast it without discarding it, it stays prepped;
    ``extra``: damage added to the breach bonus. The breach it is cast from is kept in
    the turn flag ``cast_from`` (a spell may count its neighbours).
    """
    st = g.state
    p = st.players[owner]
    br = p.breaches[b]
    name = br.spells[k] if keep else br.spells.pop(k)
    card = content.CARDS[name]
    bonus = breach_bonus(p, b) if br.state == "open" else 0
    if card.two_breaches:
        for j, other in enumerate(p.breaches):
            if other.covered_by == b and other.state == "open":
                bonus = max(bonus, breach_bonus(p, j))
        if not keep:
            uncover(p, b)
    bonus += extra
    st.flags["cast_from"] = (owner, b)
    if not keep:
        p.discard.append(name)
    g.ev("cast", player=caster, owner=owner, breach=b, card=name)
    more, bonus_steps = damage_bonus.collect(g, caster, owner, b, name)  # P-20
    bonus += more
    ctx = Ctx(caster, owner, name)
    h = g.on.get("cast")
    if h is not None:  # pushed first: resolves after the Cast effect
        h(g, caster, name)
    for _ in range(resolutions(card)):  # P-5 echo
        g.push("cast_end", caster, name)
        g.push_steps(bonus_steps, ctx)
        g.push_steps(card.cast, ctx)
        g.push("cast_begin", bonus)


@op("cast_begin")
def _cast_begin(g: Engine, bonus: int) -> None:
    g.state.cast_bonus.append((bonus, 0))


@op("cast_end")
def _cast_end(g: Engine, caster: int, name: str) -> None:
    """P-3: a bonus no damage source took is dealt as its own damage ("deal 0 damage" + bonus)."""
    bonus = damage_bonus.unspent(g.state)
    if bonus > 0:
        g.push("deal", caster, name, bonus)


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
    elif t not in UNPLAYED_TYPES:  # corruptions and curses are never played
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
    ever. ``tests/test_main_options.py`` checks the result against a plain reading.
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


def _play(g: Engine, i: int, action: Action) -> None:
    """P-7: play a gem or relic and resolve it (its first step at once: ``run_steps``)."""
    st = g.state
    p = st.players[i]
    name = action[1]
    p.hand.remove(name)
    p.played.append(name)
    flags = g.state.flags
    flags["played"] = (*flags.get("played", ()), name)  # K-16: "just played" reaches back all turn
    if g.events is not None:
        g.ev("play", player=i, card=name)
    h = g.on.get("played")
    if h is not None:  # pushed first: resolves after the card's effect
        h(g, i, name)
    g.run_steps(content.CARDS[name].play, _new_ctx(Ctx, (i, i, name)))


def _gain(g: Engine, i: int, action: Action) -> None:
    """P-8: pay the cost and take the top card of the pile."""
    st = g.state
    p = st.players[i]
    name = action[1]
    card = content.CARDS[name]
    cheaper = g.on.get("gain_cost")
    cost = card.cost if cheaper is None else cheaper(g, i, name, card.cost)
    pay(p, cost, card.type)
    gain_card(g, i, name, on_your_turn=True)


def gain_card(g: Engine, i: int, name: str, on_your_turn: bool, to_deck: bool = False,
              to_hand: bool = False) -> bool:
    """Move the top card of a supply pile to player i (discard top, deck top, or hand).

    Turn flag ``copy_gain``: (player, copier): the next card that player gains from the
    supply this turn, the copier gains one from the same pile too (onto their discard).
    """
    st = g.state
    try:
        idx = st.supply_names.index(name)
    except ValueError:
        return False
    if st.supply_counts[idx] <= 0:
        return False
    st.supply_counts[idx] -= 1
    receive_gained(g, i, name, on_your_turn, to_deck, to_hand)
    h = g.on.get("gained")
    if h is not None:
        h(g, i, name)
    if st.supply_counts[idx] == 0:  # a pile ran out (a nemesis may lose or win on it)
        h = g.on.get("pile_emptied")
        if h is not None:
            h(g, i)
    copy = st.flags.get("copy_gain") if st.flags else None
    if copy is not None and copy[0] == i:
        del st.flags["copy_gain"]
        g.ev("gain_copied", player=int(copy[1]), from_player=i, card=name)
        gain_card(g, int(copy[1]), name, on_your_turn=False)
    return True


def receive_gained(g: Engine, i: int, name: str, on_your_turn: bool, to_deck: bool = False,
                   to_hand: bool = False) -> None:
    """Where a gained card goes (discard top, deck top, or hand) and its on-gain effect.

    Also used for cards gained from outside the supply (a nemesis' special deck, cards set
    aside beside a mat).
    """
    st = g.state
    p = st.players[i]
    g.ev("gain", player=i, card=name, to_deck=to_deck)
    if i == st.active:  # K-16: "just gained" reaches back over the whole turn
        st.flags["gained"] = (*st.flags.get("gained", ()), name)
    card = content.CARDS[name]
    if to_hand:
        p.hand.append(name)
    elif not to_deck and on_your_turn and st.flags.get("gain_to_ally") and i == st.active:
        # turn flag: your next gain of the turn lands on an ally's discard pile
        st.flags["gain_to_ally"] = False
        p.discard.append(name)
        g.push("we_gain_to_ally", i, name)
    elif not to_deck and on_your_turn and st.flags.get("gain_to_deck") and i == st.active:
        st.flags["gain_to_deck"] = False
        p.discard.append(name)
        g.push("maybe_to_deck", i, name)
    elif to_deck:
        p.deck.insert(0, name)
    else:
        p.discard.append(name)
    if on_your_turn and card.on_gain:
        g.push_steps(card.on_gain, Ctx(i, i, name))


@op("maybe_to_deck")
def _maybe_to_deck(g: Engine, i: int, name: str, action: Action | None = None) -> None:
    p = g.state.players[i]
    if action is None:
        g.ask("to_deck", i, name, f"Put {name} on top of your deck?", [("yes",), ("no",)],
              ("maybe_to_deck", i, name))
        return
    if action[0] == "yes" and p.discard and p.discard[-1] == name:
        p.discard.pop()
        p.deck.insert(0, name)
        g.ev("to_deck", player=i, card=name)


def _charge(g: Engine, i: int, action: Action) -> None:
    """P-9."""
    p = g.state.players[i]
    pay(p, CHARGE_COST, "charge")
    p.charges += 1
    g.ev("charge", player=i, charges=p.charges)
    charge_triggers(g, i)


def _focus(g: Engine, i: int, action: Action) -> None:
    """P-11: pay the focus cost and turn the breach a quarter.

    A pending discount (turn flag ``breach_discount``) is used up here."""
    b = int(action[1])
    disc = g.state.flags.pop("breach_discount", 0)
    pay(g.state.players[i], max(0, FOCUS_COST[b] - disc), "focus")
    focus_breach(g, i, b)


def focus_breach(g: Engine, i: int, b: int) -> None:
    """One quarter turn; a breach already at its last stage opens instead (P-11)."""
    br = g.state.players[i].breaches[b]
    if br.state != "closed":
        return
    if br.stage >= 3:
        if g.state.config.get("ruleset", {}).get("last_stage_focus") == "locked":
            return
        open_breach(g, i, b)
        return
    br.stage += 1
    br.focused = True
    g.ev("focus", player=i, breach=b, stage=br.stage)
    focus_triggers(g, i)


def focus_triggers(g: Engine, i: int) -> None:
    """While-prepped ("on_focus", steps) hooks: player i focused or opened one of
    their own breaches during their own turn."""
    if g.state.active != i:
        return
    for br in g.state.players[i].breaches:
        for sp in br.spells:
            for wp in content.CARDS[sp].while_prepped:
                if wp[0] == "on_focus":
                    g.push_steps(wp[1], Ctx(i, i, sp))


def charge_triggers(g: Engine, i: int) -> None:
    """Player i gained a charge: fire the ``charge`` point."""
    h = g.on.get("charge")
    if h is not None:
        h(g, i)


@triggers.card_rule("while_prepped", "on_charge", at="charge", zone="prepped")
def _on_charge(card: CardDef) -> Callable[..., None]:
    """While prepped, ("on_charge", steps): its owner gained a charge on their own turn; each
    prepped copy triggers once per turn (turn flag ``on_charge``)."""
    steps = [wp[1] for wp in card.while_prepped if wp[0] == "on_charge"]

    def on_charge(g: Engine, i: int, b: int, sp: str) -> None:
        st = g.state
        if st.active != i:
            return
        used = tuple(tuple(u) for u in st.flags.get("on_charge", ()))
        if (b, sp) in used:
            return
        st.flags["on_charge"] = (*used, (b, sp))
        for s in steps:
            g.push_steps(s, Ctx(i, i, sp))
    return on_charge


def focusable(g: Engine, i: int, b: int) -> bool:
    br = g.state.players[i].breaches[b]
    if br.state != "closed":
        return False
    locked = g.state.config.get("ruleset", {}).get("last_stage_focus") == "locked"
    return not (locked and br.stage >= 3)


def open_breach(g: Engine, i: int, b: int) -> None:
    br = g.state.players[i].breaches[b]
    br.state = "open"
    br.stage = 0
    br.focused = False
    g.ev("open", player=i, breach=b)
    focus_triggers(g, i)
    h = g.on.get("breach_opened")
    if h is not None:
        h(g, i)


def _open(g: Engine, i: int, action: Action) -> None:
    """P-12 (a pending ``breach_discount`` is used up here, as in ``_focus``)."""
    b = int(action[1])
    p = g.state.players[i]
    disc = g.state.flags.pop("breach_discount", 0)
    pay(p, max(0, OPEN_COST[b][p.breaches[b].stage] - disc), "open")
    open_breach(g, i, b)


def _prep(g: Engine, i: int, action: Action) -> None:
    """P-13."""
    prep_spell(g, i, action[1], int(action[2]), from_zone="hand")


def prep_spell(g: Engine, i: int, name: str, b: int, from_zone: str) -> None:
    """Turn flag ``prepped``: (player, breach, spell) of each prep this turn."""
    st = g.state
    p = st.players[i]
    getattr(p, from_zone).remove(name)
    p.breaches[b].spells.append(name)
    st.flags["prepped"] = tuple(st.flags.get("prepped", ())) + ((i, b, name),)
    if content.CARDS[name].two_breaches:
        p.breaches[b + 1].covered_by = b
    g.ev("prep", player=i, breach=b, card=name, source=from_zone)


def _ability(g: Engine, i: int, action: Action) -> None:
    activate_ability(g, int(action[1]), i)


def _usable(used: tuple[tuple[int, str], ...], brs: list[Breach], b: int, name: str) -> bool:
    """Turn flag ``used`` lists (breach, spell) per use. A copy on breach b is usable while that
    breach has more copies than uses, and the player more copies prepped than uses of it."""
    on_b = sum(1 for u in used if u[0] == b and u[1] == name)
    total = sum(1 for u in used if u[1] == name)
    return on_b < brs[b].spells.count(name) and total < sum(br.spells.count(name) for br in brs)


def _use(g: Engine, i: int, action: Action) -> None:
    """P-14: a while-prepped effect, once per turn per copy (a ``main_paid`` one: each time paid).

    Copies are alike, so uses are counted (``_usable``): two copies on one breach give two
    uses, and a used copy re-prepped elsewhere in the same turn gives none, as it is no new
    copy. (A copy gained and prepped after another was used and cast off counts as that one.)
    """
    b, name = int(action[1]), action[2]
    st = g.state
    for wp in content.CARDS[name].while_prepped:
        if wp[0] == "main_paid":
            pay(st.players[i], wp[1], "other")
            g.ev("use", player=i, breach=b, card=name)
            g.push_steps(wp[2], Ctx(i, i, name))
            return
    st.flags["used"] = tuple(st.flags.get("used", ())) + ((b, name),)
    for wp in content.CARDS[name].while_prepped:
        if wp[0] == "main":
            g.ev("use", player=i, breach=b, card=name)
            g.push_steps(wp[1], Ctx(i, i, name))


def _pay(g: Engine, i: int, action: Action) -> None:
    """P-14: pay a power's TO DISCARD cost yourself; the power is discarded unresolved."""
    name = action[1]
    g.ev("pay_to_discard", player=i, card=name)
    g.push("discard_nemesis_card", name)
    g.push_steps(content.NEMESIS_CARDS[name].to_discard, Ctx(i, i, name))


MAIN_ACTIONS = {
    "pay_damage": wandering.pay_damage,  # N-8
    "play": _play, "gain": _gain, "charge": _charge, "focus": _focus, "open": _open,
    "prep": _prep, "ability": _ability, "use": _use, "pay": _pay,
}


# ---------------------------------------------------------------------- draw phase


#: P-15: the draw phase's first option: the played cards go onto the discard as played
KEEP_ORDER: Action = ("keep_order",)


@op("draw_phase")
def _draw_phase(g: Engine, i: int, action: Action | None = None) -> None:
    """P-15: played gems and relics go onto the discard in the order you choose; draw to 5.

    The order is one decision: keep the order they were played in (the first option), or
    name the card that goes next, after which the same decision comes for the rest. Every
    order stays reachable, and a player content with the order played answers once.

    Drawing asks nothing, so when the ``end_turn`` frame is on top it would run next: it
    runs at once (folded)."""
    st = g.state
    st.phase = "draw"
    p = st.players[i]
    if action is not None:
        head = action[0]
        if head == "discard_card":  # P-15 tutorial mode
            p.hand.remove(action[1])
            p.discard.append(action[1])
            g.ev("discard", player=i, card=action[1])
        elif head == "order":
            p.played.remove(action[1])
            p.discard.append(action[1])
        elif head == "keep_order":
            p.discard.extend(p.played)
            p.played.clear()
        elif head == "draw":
            st.flags["tutorial_done"] = True
    if p.played:
        distinct = sorted(set(p.played))
        if len(distinct) > 1:
            g.ask("discard_order", i, p.mage, _order_prompt(p.played, action is not None and action[0] == "order"),
                  [KEEP_ORDER] + [("order", n) for n in distinct], ("draw_phase", i))
            return
        p.discard.extend(p.played)
        p.played.clear()
    rs = st.config.get("ruleset")
    if rs and rs.get("tutorial_discard") and not st.flags.get("tutorial_done"):
        opts: list[Action] = [("discard_card", n) for n in sorted(set(p.hand))
                              if content.CARDS[n].type in ("gem", "relic")]
        if opts:
            g.ask("tutorial_discard", i, p.mage, "Draw phase: discard an unplayed gem or relic?",
                  opts + [("draw",)], ("draw_phase", i))
            return
    need = HAND_SIZE - len(p.hand)
    if need > 0:
        draw_cards(g, i, need)
    stack = st.stack
    if stack and stack[-1] == _END_TURN:  # the end of the turn is next: run it at once
        stack.pop()
        _end_turn(g)


def _order_prompt(played: list[str], rest: bool) -> str:
    """The draw-phase question, naming the order played (the cards still to place)."""
    order = ", ".join(played)
    if rest:
        return f"Draw phase: put the rest on your discard in the order played ({order}), or which one next?"
    return f"Draw phase: put your played cards on your discard in the order played ({order}), or which one first?"


def draw_cards(g: Engine, i: int, n: int) -> int:
    """P-16: never shuffle; an empty deck is refilled by turning the discard over."""
    p = g.state.players[i]
    drawn = 0
    for _ in range(n):
        if not p.deck:
            if not p.discard:
                break
            flip_discard(g, i)
        p.hand.append(p.deck.pop(0))
        drawn += 1
    if drawn and g.events is not None:
        g.ev("draw", player=i, count=drawn)
    return drawn


def flip_discard(g: Engine, i: int) -> None:
    """P-16: turn the discard pile over, as it lies, beneath what is left of the deck (a
    reveal that runs out part way); its bottom card comes next after the deck's last."""
    p = g.state.players[i]
    p.deck = p.deck + p.discard
    p.discard = []
    g.ev("deck_refilled", player=i, cards=len(p.deck))


# ====================================================================== nemesis turn


@op("nemesis_turn")
def _nemesis_turn(g: Engine) -> None:
    """N: main phase, draw phase, end of turn. The main phase's frame would run next, so
    it runs at once (folded), unless the mat's ``nemesis_turn_start`` hook acts first;
    ``nemesis_draw`` stays a frame (a power may add another)."""
    st = g.state
    st.active = -1
    st.turn += 1
    g.turn_begun()
    st.phase = "nemesis_main"
    st.flags = {}
    if g.events is not None:
        g.ev("turn_start", player=-1)
    nd = content.NEMESES[st.nemesis.id]
    st.stack.append(_END_TURN)
    if nd.end_of_turn:
        g.push_steps(nd.end_of_turn, _new_ctx(Ctx, (-1, -1, nd.name)))  # N-7
    st.stack.append(_NEMESIS_DRAW)
    names = tuple([c.name for c in st.nemesis.in_play])  # a list first: quicker than a generator
    h = g.on.get("nemesis_turn_start")
    if h is not None:  # the mat's start-of-turn effects resolve before the main phase
        st.stack.append(("nemesis_main", names, 0))
        h(g)
        return
    _nemesis_main(g, names, 0)


@op("nemesis_main")
def _nemesis_main(g: Engine, names: tuple[str, ...], k: int) -> None:
    """N-1: oldest to newest, minions act and powers tick down.

    A card's steps resolve with its copy reference as their source (``damage.copy_ref``:
    the card name for the only or oldest copy), so "this minion" is the copy acting.

    The frame for the next card, ``("nemesis_main", names, k + 1)``, is pushed only
    under a card's effect; a card that resolves nothing (silenced, left play, a power
    still ticking) goes straight on to the next one, as that frame would run next.
    """
    n = g.state.nemesis
    stack = g.state.stack
    while k < len(names):
        name = names[k]
        if names.index(name) == k:  # the first copy of its name: the usual case
            ref = name
            for c in n.in_play:
                if c.name == name:
                    break
            else:
                k += 1
                continue  # left play earlier this phase
        else:  # the k-th card acts, not the first copy of its name again (``damage.copy_ref``)
            ref = f"{name}{COPY_MARK}{names[:k].count(name) + 1}"
            idx = find_ref(n.in_play, ref)
            if idx < 0:
                k += 1
                continue
            c = n.in_play[idx]
        k += 1
        card = content.NEMESIS_CARDS[name]
        if card.type == "minion":
            if skips(c):  # K-5
                continue
            stack.append(("nemesis_main", names, k))
            if g.events is not None:
                g.ev("persistent", card=name)
            g.run_steps(card.persistent, _new_ctx(Ctx, (-1, -1, ref)))
            return
        if card.type == "power":
            c.power -= 1
            if g.events is not None:
                g.ev("power_tick", card=name, power=c.power)
            if c.power <= 0:
                stack.append(("nemesis_main", names, k))
                g.push("discard_nemesis_card", ref)
                g.run_steps(card.power, _new_ctx(Ctx, (-1, -1, ref)))
                return


@op("discard_nemesis_card")
def _discard_nemesis_card(g: Engine, ref: str) -> None:
    """A card leaves the nemesis play area for the discard; its ``discarded`` steps then
    resolve. ``ref`` names the copy (``damage.copy_ref``)."""
    n = g.state.nemesis
    idx = find_ref(n.in_play, ref)
    if idx >= 0:
        name = n.in_play[idx].name
        del n.in_play[idx]
        n.discard.append(name)
        g.ev("nemesis_card_discarded", card=name)
        left = g.on.get("left_play")
        if left is not None:
            left(g, idx, name)
        steps = content.NEMESIS_CARDS[name].discarded
        if steps:  # "when discarded from play"
            g.push_steps(steps, Ctx(-1, -1, name))


@op("nemesis_draw")
def _nemesis_draw(g: Engine) -> None:
    """N-2 / N-3."""
    st = g.state
    st.phase = "nemesis_draw"
    n = st.nemesis
    skip = g.on.get("nemesis_draw")
    if skip is not None and skip(g):  # the mat skips the draw phase
        return
    rs = st.config.get("ruleset", {})
    if not n.deck:
        if rs.get("deck_out_win", "end_of_turn") != "end_of_turn" and g.deck_out():  # G-1 / N-3 (NA)
            g.end("win", "nemesis_deck_empty")
            return
        times = int(rs.get("empty_deck_unleashes", 2))
        g.ev("nemesis_deck_empty", unleashes=times)
        g.push("unleash", times)
        return
    name = n.deck.pop(0)
    n.resolving.append(name)
    card = content.NEMESIS_CARDS[name]
    if g.events is not None:
        g.ev("nemesis_draw", card=name, type=card.type, tier=card.tier)
    st.flags["drawn"] = name
    offers: list[int] = []
    if card.type in ("attack", "power"):
        for i, p in enumerate(st.players):
            if p.charges >= p.max_charges and content.MAGES[p.mage].ability.window == "nemesis_draw":
                offers.append(i)
    if not offers:  # the card resolves at once (its frame would be next: folded)
        _nemesis_resolve(g, name)
        return
    g.push("nemesis_resolve", name)
    for i in offers:
        g.push("offer_cancel", i, name)


@op("offer_cancel")
def _offer_cancel(g: Engine, i: int, name: str, action: Action | None = None) -> None:
    """A nemesis-draw-phase ability may discard the drawn card."""
    st = g.state
    p = st.players[i]
    if st.flags.get("cancelled") == name or p.charges < p.max_charges:
        return
    if action is None:
        ab = content.MAGES[p.mage].ability
        g.ask("ability_window", i, p.mage, f"Activate {ab.name} against {name}?",
              [("ability", i), ("pass",)], ("offer_cancel", i, name))
        return
    if action[0] == "ability":
        activate_ability(g, i, i)


@op("nemesis_resolve")
def _nemesis_resolve(g: Engine, name: str) -> None:
    st = g.state
    n = st.nemesis
    card = content.NEMESIS_CARDS[name]
    ctx = _new_ctx(Ctx, (-1, -1, name))
    if st.flags.get("cancelled") == name:
        n.resolving.remove(name)
        n.discard.append(name)
        g.ev("nemesis_card_cancelled", card=name)
        return
    if card.type == "attack":
        g.push("to_nemesis_discard", name)
        g.run_steps(card.effect, ctx)
    elif card.immediately:
        g.push("enter_play", name)
        g.run_steps(card.immediately, ctx)
    else:
        _enter_play(g, name)  # nothing resolves first: its frame would be next


@op("to_nemesis_discard")
def _to_nemesis_discard(g: Engine, name: str) -> None:
    """A resolved attack goes to the nemesis discard, unless its own effect already moved
    it elsewhere (under the nemesis deck, say)."""
    n = g.state.nemesis
    if name not in n.resolving:
        return
    n.resolving.remove(name)
    n.discard.append(name)


@op("enter_play")
def _enter_play(g: Engine, name: str) -> None:
    from .state import InPlay

    card = content.NEMESIS_CARDS[name]
    life = card.life
    fixed = g.state.flags.get("entry_life")  # set by an IMMEDIATELY effect
    if fixed is not None and fixed[0] == name:
        del g.state.flags["entry_life"]
        life = int(fixed[1])
    c = InPlay(name, life=life, power=card.power_tokens, shields=card.shields)
    n = g.state.nemesis
    if name in n.resolving:
        n.resolving.remove(name)
    n.in_play.append(c)
    if g.events is not None:
        g.ev("nemesis_card_in_play", card=name, life=c.life, power=c.power)


@op("unleash")
def _unleash(g: Engine, times: int) -> None:
    """N-4: Unleash ``times`` times in a row (the first at once: its frame would be next)."""
    if times <= 0:
        return
    stack = g.state.stack
    for _ in range(times - 1):
        stack.append(("unleash_once",))
    _unleash_once(g)


@op("unleash_once")
def _unleash_once(g: Engine) -> None:
    st = g.state
    nd = content.NEMESES[st.nemesis.id]
    st.unleash_depth += 1
    if g.events is not None:
        g.ev("unleash")
    st.stack.append(_UNLEASH_END)
    g.run_steps(nd.unleash, _UNLEASH_CTX)


@op("unleash_end")
def _unleash_end(g: Engine) -> None:
    st = g.state
    st.unleash_depth -= 1
    if st.unleash_depth == 0 and st.deferred:
        for f in reversed(st.deferred):
            st.stack.append(f)
        st.deferred.clear()


@op("deal")
def _deal(g: Engine, you: int, source: str, amount: int, action: Action | None = None) -> None:
    """Deal ``amount`` to one target: the nemesis or a minion (P-3)."""
    from .damage import deal

    if action is None:
        in_play = g.state.nemesis.in_play
        targets = ["nemesis"] + [copy_ref(in_play, k) for k, c in enumerate(in_play)
                                 if content.NEMESIS_CARDS[c.name].type == "minion"]
        h = g.on.get("targets")
        if h is not None:
            targets = h(g, you, targets)
        if not targets:
            return
        g.ask("target", you, source, f"Deal {amount} damage to which target?",
              [("target", t) for t in targets], ("deal", you, source, amount))
        return
    target = str(action[1])
    more = g.on.get("damage_dealt")
    if more is not None:  # a modifier (a treasure's bonus to the nemesis)
        amount = more(g, you, target, amount, source)
    h = g.on.get("damage_target")
    if h is not None and h(g, you, target, amount, source):
        return
    deal(g, target, amount, source)
