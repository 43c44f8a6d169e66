"""The heuristic agent: a readable strategy, written so a player can take it as advice.

The advice, in the order the bot applies it in its main phase:

1. Play your gems first (aether is only good this turn) -- but not a gem that hurts you
   unless you have life to spare (its box says how much: ``hints.painful_gems``).
2. Use while-prepped effects that give aether or charges now (``hints.uses_now``).
3. Prep your best spell first, to your best breach: an opened III or IV adds 1 damage. If a
   spell would stay in hand, open a closed breach for it when that costs at most a few
   aether more than focusing it (an opened breach holds a spell every later turn), else
   focus it (a two-breach spell needs two neighbours free).
4. Use your ability when it helps now (each mage's box says when: ``hints.abilities``).
5. Play relics once your spells are prepped, then a box's own main-phase actions
   (``hints.main_actions``: e.g. moving a token of a nemesis' mat).
6. Pay a power's TO DISCARD cost as soon as you can when it hurts more than it costs; then
   the box's late main-phase actions.
7. Spend the rest (``spending.py``): build the economy first -- while your average hand
   makes little aether a gem is worth more than a spell --, then buy damage; open breaches
   your spells wait for; charge your ability with aether nothing is worth buying with.

Casting: cast everything; first the smallest spell that finishes a minion, then biggest
first (smallest first against a nemesis whose mat blunts every hit). Draw phase: the most
valuable played card lowest on the discard, drawn first once it is turned over (the order
played is kept when it is that order already). Targets: a killing blow on the nemesis wins;
otherwise weigh each target by damage done plus what the minion costs us every nemesis turn
(its damage never heals, so chipping a dangerous minion is progress); a box's own targets
by its hints; never chip a minion whose hit costs the dealer. When a nemesis effect hurts "a
player of your choice", pick the one it hurts least: never exhaust a player when someone
else can take it. When a nemesis lets you choose, pick the branch that hurts least now
(``advice.py``).

What only one box knows -- its cards, mages, nemeses and decisions -- is that box's
``hints.py`` (``gravehold.content.hints``), looked up here by name.

The agent reads only ``view()`` (what its seat may see) and the decision; given a
``SeatView`` it builds the same board straight from the state (``board.py``). The same
policy also runs inside tree search on a sampled world (:func:`choose_on`), where the
"board" is a full state object with the same attribute names.
"""

from __future__ import annotations

import random

from ..content import registry as content
from ..content.hints import Board, Seat, hints, life_of_ref
from ..engine.core import BREACH_BONUS, FOCUS_COST, OPEN_COST
from ..engine.damage import base_name
from ..engine.keywords.exclusive_aether import allows
from ..engine.state import Action, Decision
from . import advice, plans, spending
from .base import SeeView
from .board import SeatView, board_from_view
from .chance import Rng
from .knowledge import aether_of, branch_worth, card_value, damage_of
from .plans import DEFAULT, GamePlan
from .small_choices import (
    discard_order,
    gem_pick,
    minion_pick,
    pile_pick,
    silence_pick,
    spared_harm,
    step_of,
    sublimate_pick,
    to_hand_pick,
    turn_order_pick,
)
from .spending import buy_value, econ, spells_owned

PASSIVE = {("skip",), ("pass",), ("done",), ("no",), ("end_main",), ("end_casting",), ("draw",)}
CARDS = content.CARDS
NCARDS = content.NEMESIS_CARDS


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.plan = plans.DEFAULT  # read when made: a tuning script may set another in its process

    def choose(self, decision: Decision, view: SeeView) -> Action:
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        if decision.kind == "main" and not (self.plan.pay_first and any(o[0] == "pay" for o in opts)):
            # playing gems first needs no board either (a fast path)
            gems = [o for o in opts if o[0] == "play" and o[1] not in hints.painful_gems
                    and content.base_of(o[1]) not in hints.gems_after_preps and CARDS[o[1]].type == "gem"]
            if gems:
                return max(gems, key=lambda o: aether_of(o[1]))
        # the engine side's SeatView builds the board from the state with the view's masking;
        # any other view (web, RL, tests) goes through the view dict: the same board either way
        board = view.board(decision.player) if isinstance(view, SeatView) else board_from_view(view(), decision.player)
        return choose_on(board, decision, self.rng, self.plan)


def _avail(p: Seat, purpose: str) -> int:
    total = int(p.aether) + int(getattr(p, "aether_tokens", 0))  # K-7: tokens pay for anything
    for k, v in (p.aether_for or {}).items():
        if allows(k, purpose):
            total += v
    return total


# --------------------------------------------------------------------- policy


def choose_on(b: Board, d: Decision, rng: Rng, plan: GamePlan = DEFAULT) -> Action:
    """Pick one of ``d.options`` on board ``b`` (a view-made board or a sampled state),
    carrying out ``plan`` (``plans.py``; the default is the heuristic's own). ``rng`` is
    kept for agents whose policy draws; this one is deterministic."""
    opts = d.options
    if len(opts) == 1:
        return opts[0]
    box = hints.decisions.get(d.kind)
    fn = _BY_KIND.get(d.kind) if box is None else lambda b, d, plan: box(b, d, advice)
    if fn is not None:
        try:
            a = fn(b, d, plan)
        except (IndexError, KeyError, TypeError, AttributeError, ValueError):
            a = None  # a decision shape this advice does not know: fall back, never crash
        if a is not None and a in opts:
            return a
    return _fallback(opts)


def _fallback(opts: list[Action]) -> Action:
    active = [o for o in opts if o not in PASSIVE]
    return active[0] if active else opts[0]


def _me(b: Board, d: Decision) -> Seat:
    return b.players[d.seat]




def _gem_ok(me: Seat, name: str) -> bool:
    # a gem that hurts you is played only while you can afford the damage
    need = hints.painful_gems.get(content.base_of(name))  # a marked copy (K-9): its card's hint
    return need is None or bool(me.life >= need)


def _main(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    opts = d.options
    me = _me(b, d)
    kinds: dict[str, list[Action]] = {}
    for o in opts:
        kinds.setdefault(o[0], []).append(o)
    plays = kinds.get("play", [])
    # 0. a plan that pays TO DISCARD first pays before the gems leave the hand (a cost in cards)
    pay = _pay(b, me, kinds) if plan.pay_first else None
    if pay is not None:
        return pay
    # 1. gems first, the richest first (one worth more with spells prepped waits for the preps)
    preps_left = bool(kinds.get("prep"))
    gems = [o for o in plays if CARDS[o[1]].type == "gem" and _gem_ok(me, o[1])
            and not (preps_left and content.base_of(o[1]) in hints.gems_after_preps)]
    if gems:
        return max(gems, key=lambda o: aether_of(o[1]))
    # 2. while-prepped effects that give aether or charges now
    for o in kinds.get("use", []):
        when = hints.uses_now.get(content.base_of(o[2]))
        if when == "now" or (when == "played" and me.played):
            return o
    # 2b. Recall effects of the discard pile (K-4): free, and lost if not used this turn
    recalls = kinds.get("recall", [])
    if recalls:
        return recalls[0]
    # 2c. ... and before aether goes to breaches
    pay = _pay(b, me, kinds) if plan.pay_first else None
    if pay is not None:
        return pay
    # 3. prep the best spell in hand first; focus a closed breach when that is what it needs
    preps = kinds.get("prep", [])
    focus = kinds.get("focus", [])
    loose = sorted({c for c in me.hand if CARDS.get(c) is not None and CARDS[c].type == "spell"},
                   key=lambda c: (-damage_of(c), c))  # name breaks ties: never set order (hash seeds)
    for sp in loose:
        mine = [o for o in preps if o[1] == sp]
        if mine:
            return max(mine, key=lambda o: _breach_score(me, o[2]))
        spot = [o for o in focus if _prep_after_focus(me, sp, o[1])]
        if spot:
            # opening costs more now but holds a spell every later turn too
            f = min(spot, key=lambda o: (FOCUS_COST[o[1]], -o[1]))
            limit = FOCUS_COST[f[1]] + plan.weights.open_over_focus
            ok = [o for o in kinds.get("open", []) if _prep_after_focus(me, sp, o[1])
                  and OPEN_COST[o[1]][me.breaches[o[1]].stage] <= limit]
            return min(ok, key=lambda o: (OPEN_COST[o[1]][me.breaches[o[1]].stage], -o[1])) if ok else f
    # 4. abilities
    for o in kinds.get("ability", []):
        if _ability_useful(b, o[1], me):
            return o
    # 5. relics, now that spells are prepped
    relics = [o for o in plays if CARDS[o[1]].type == "relic"]
    if relics:
        return max(relics, key=lambda o: CARDS[o[1]].cost)
    # 5b. a box's own main-phase actions (e.g. a token moved on a nemesis' mat)
    a = _box_main(b, me, kinds, late=False)
    if a is not None:
        return a
    # 6. pay to discard a power that hurts more than it costs
    pay = _pay(b, me, kinds)
    if pay is not None:
        return pay
    # 6b. a box's late main-phase actions (e.g. holding a mat's track back near its end)
    a = _box_main(b, me, kinds, late=True)
    if a is not None:
        return a
    # 7. spend aether (spending.py: economy first, then damage, never waste it)
    a = spending.spend(b, me, kinds, plan)
    if a == ("end_main",):
        for o in kinds.get("use", []):
            if o[2] in hints.uses_last and _prepped_other(b, o[2]):
                return o
    return a


def _pay(b: Board, me: Seat, kinds: dict[str, list[Action]]) -> Action | None:
    """Pay a power's TO DISCARD cost when it hurts more than it costs (the most dangerous first)."""
    pays = [o for o in kinds.get("pay", []) if spending.worth_paying(b, me, o[1])]
    return max(pays, key=lambda o: advice.minion_danger(b, o[1])) if pays else None


def _box_main(b: Board, me: Seat, kinds: dict[str, list[Action]], late: bool) -> Action | None:
    """The first main-phase action a box's hints take now (in the order the boxes declared them)."""
    for head, (pick, when) in hints.main_actions.items():
        if when == late and kinds.get(head):
            a = pick(b, me, kinds[head])
            if a is not None:
                return a
    return None



def _prep_after_focus(me: Seat, sp: str, x: int) -> bool:
    """Could spell ``sp`` be prepped once closed breach ``x`` is focused?"""
    brs = me.breaches

    def usable(i: int) -> bool:
        br = brs[i]
        free = not br.spells and br.covered_by < 0
        return free and (br.state == "open" or (br.state == "closed" and (br.focused or i == x)))

    if CARDS[sp].two_breaches:
        return any(usable(i) and usable(i + 1) and x in (i, i + 1) for i in range(3))
    return usable(x)


def _prepped_other(b: Board, name: str) -> bool:
    return any(sp != name for p in b.players for br in p.breaches for sp in br.spells)


def _breach_score(p: Seat, bi: int) -> float:
    br = p.breaches[bi]
    # a card attached under it (K-2) pays off at the cast: a conduit's aether or damage
    return (2.0 if br.state == "open" else 0.0) + BREACH_BONUS[bi] + (0.5 if getattr(br, "attached", ()) else 0.0)


def _ability_useful(b: Board, owner: int, me: Seat) -> bool:
    """Is player ``owner``'s ability worth using now? Its box says (``hints.abilities``); a
    mage without a hint uses it at once, unless it cancels a nemesis card (kept for one)."""
    mage = b.players[owner].mage
    useful = hints.abilities.get(mage)
    if useful is not None:
        return useful(b, owner, me)
    steps = content.MAGES[mage].ability.steps
    return not any(s[0] == "cancel_nemesis_card" for s in steps)


def _casting(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    casts = [o for o in d.options if o[0] == "cast"]
    me = _me(b, d)
    ability = [o for o in d.options if o[0] == "ability"]  # Star Bind: before casting, so its spells are cast too
    if ability and _ability_useful(b, ability[0][1], me):
        return ability[0]
    if not casts:
        return None

    def dmg(o: Action) -> float:
        return damage_of(me.breaches[o[1]].spells[o[2]]) + BREACH_BONUS[o[1]]

    if advice.nemesis_hints(b).small_hits_first:  # its mat blunts every hit: small ones first
        return min(casts, key=dmg)
    # the smallest spell that finishes a minion goes first: big spells are not wasted on leftovers
    minions = [c for c in b.nemesis.in_play if c.life > 0 and NCARDS.get(c.name) is not None
               and NCARDS[c.name].type == "minion"]
    killers = [o for o in casts
               if any(advice.minion_damage(b, c.name, int(dmg(o))) >= c.life for c in minions)]
    if killers:
        return min(killers, key=dmg)
    return max(casts, key=dmg)


def _rest_damage(b: Board, d: Decision) -> float:
    """Damage my other prepped spells can still add this turn (casting phase)."""
    if b.active != d.player or d.player < 0:
        return 0.0
    me = b.players[d.player]
    return sum(damage_of(sp) + BREACH_BONUS[i] for i, br in enumerate(me.breaches) for sp in br.spells)


def _target(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    P = plan.weights
    amount = _amount(d.prompt)
    rest = _rest_damage(b, d)
    deck_empty = len(b.nemesis.deck) == 0
    best: tuple[float, Action] | None = None
    for o in d.options:
        t = o[1]
        if t == "nemesis":
            # damage at the nemesis; a killing blow wins at once
            score = advice.nemesis_damage(b, amount)
            if score >= b.nemesis.life:
                score = 1000.0
        elif t == "husk":
            # husks: each one killed keeps the swarm table low; extra damage may spread
            # husks: fewer husks keep the swarm table on its mild rows; a spell of several
            # damage may spread over more husks for 1 life of ours
            me = _me(b, d)
            spread = amount > 1 and me.life >= 4 and not me.exhausted
            score = advice.husk_kill_value(b, amount if spread else 1) - (1.0 if spread else 0.0)
        elif t in hints.targets:  # a target of a box's own (tokens on a mat)
            score = hints.targets[t](b, d, amount)
        else:
            # a minion: its damage done is progress (it never heals), weighted by what it costs us;
            # a later copy of a card is named "Name#2" (engine.damage.copy_ref)
            life = life_of_ref(b, t)
            t = base_name(t)
            dealt = min(advice.minion_damage(b, t, amount), life)
            danger = advice.minion_danger(b, t) + (2.0 if deck_empty else 0.0)
            if dealt <= 0:
                score = -1.0
            else:
                frac = 1.0 if dealt >= life else dealt / life * (1.0 if dealt + rest >= life else 0.8)
                score = (dealt + P.target_danger * danger * frac + (P.kill_bonus if dealt >= life else 0.0)
                         - advice.hit_cost(b, t))
        if best is None or score > best[0]:
            best = (score, o)
    return best[1] if best else None


def _amount(prompt: str) -> int:
    for w in prompt.split():
        if w.isdigit():
            return int(w)
    return 1


def _harmful(d: Decision) -> bool:
    src = d.source
    return src in NCARDS or src in ("Unleash",) or src in content.NEMESES or src in hints.harmful_sources


def _attach(b: Board, d: Decision) -> Action | None:
    """K-2: under a breach that will cast: an opened one holding a spell (a card that links:
    an opened one), your own before an ally's, the higher breach first (its bonus)."""
    me = d.player
    two = any(h[0] == "two_spells" for h in CARDS[d.source].attached)

    def score(o: Action) -> tuple[bool, bool, bool, int]:
        br = b.players[o[1]].breaches[o[2]]
        return (br.state == "open", two or bool(br.spells), o[1] == me, o[2])

    return max((o for o in d.options if o[0] == "breach"), key=score)


def _player(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    if d.resume[0] == "extra_cost":
        return spending.extra_cost(b, d)
    choices = [o for o in d.options if o[0] == "player"]
    if not choices:
        return None
    step = step_of(d)
    kind = step[0] if step else ""
    policy = hints.policies.get(kind)
    if policy is not None:  # a step kind of a box's own
        return policy(b, d, advice)
    if _harmful(d):
        if kind == "player" and len(step) > 2:
            return min(choices, key=lambda o: (sum(advice.harm_on(b, b.players[o[1]], s) for s in step[2]),
                                               -b.players[o[1]].life))
        if kind == "any_player_loses_charge":
            return min(choices, key=lambda o: b.players[o[1]].charges)
        amount = _amount(d.prompt)
        return min(choices, key=lambda o: (advice.suffer_cost(b, b.players[o[1]], max(1, amount)),
                                           -b.players[o[1]].life))
    if kind == "ally_may_lose_charge_you_gain":  # an ally whose ability is not ready
        ok = [o for o in choices if b.players[o[1]].charges < b.players[o[1]].max_charges]
        return max(ok, key=lambda o: b.players[o[1]].charges) if ok else ("skip",)
    if kind == "life" or "life" in d.prompt:
        return max(choices, key=lambda o: (not b.players[o[1]].exhausted,
                                           b.players[o[1]].max_life - b.players[o[1]].life))
    if kind == "ally_charges":
        return max(choices, key=lambda o: b.players[o[1]].charges < b.players[o[1]].max_charges)
    if d.kind == "wild" or d.kind == "pair":
        return max(choices, key=lambda o: _avail(b.players[o[1]], "other") + len(b.players[o[1]].hand))
    return choices[0]


def _or(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    step = step_of(d)
    if not step or len(step) < 3:
        return None
    branches = (step[1], step[2])
    opts = [o for o in d.options if o[0] == "choose"]
    if _harmful(d):
        if plan.spare == "even":
            return min(opts, key=lambda o: advice.steps_harm(b, branches[o[1]]))
        return min(opts, key=lambda o: spared_harm(b, branches[o[1]], plan.spare))
    me = _me(b, d)

    return max(opts, key=lambda o: branch_worth(b, me, branches[o[1]]))


def _discard_like(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    cards = [o for o in d.options if o[0] == "card"]
    if not cards:
        return None
    step = step_of(d)
    kind = step[0] if step else ""
    if kind == "discard_spells_for_aether":  # only spells no free breach will take
        me = _me(b, d)
        free = sum(1 for br in me.breaches if br.state == "open" and not br.spells and br.covered_by < 0)
        spells = [c for c in me.hand if CARDS.get(c) is not None and CARDS[c].type == "spell"]
        return min(cards, key=lambda o: damage_of(o[-1])) if len(spells) > free else ("done",)
    if kind == "damage_gem_boost":  # a gem's cost joins the damage (a Crystal adds nothing)
        best = max(cards, key=lambda o: CARDS[o[-1]].cost)
        return best if CARDS[best[-1]].cost >= 2 else ("skip",)
    if kind == "pick" and step[2] == "hand" and step[5] == "discard" and step[6] == "may":
        # a card of the hand for a bonus: only a 0-cost gem is worth giving up
        cheap = [o for o in cards if CARDS[o[-1]].cost == 0 and CARDS[o[-1]].type == "gem"]
        return cheap[0] if cheap else ("skip",)
    if kind == "may_destroy_hand_or_discard" or d.kind == "destroy" and any(o in PASSIVE for o in d.options):
        # thin the deck of starter Crystals once richer gems carry the economy
        me = _me(b, d)
        if econ(me) >= plan.weights.thin_econ:
            crystals = [o for o in cards if o[-1] == "Crystal"]
            if crystals:
                return crystals[0]
        sparks = [o for o in cards if o[-1] == "Spark"]
        if sparks and spells_owned(me) >= plan.weights.thin_spells:
            return sparks[0]
        skip = [o for o in d.options if o in PASSIVE]
        if skip:
            return skip[0]
    return min(cards, key=lambda o: card_value(o[-1]))


def _yes_no(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    if d.resume[0] == "extra_cost":
        return spending.extra_cost(b, d)
    step = step_of(d)
    kind = step[0] if step else d.resume[0]
    policy = hints.policies.get(kind)
    if policy is not None:  # a step kind of a box's own
        return policy(b, d, advice)
    if kind == "may_destroy_cast":  # a spell just cast: only a starter Spark is worth thinning
        return ("yes",) if d.source == "Spark" else ("no",)
    if kind == "may_destroy_this":  # a damage spell for Gravehold life: only when Gravehold is in danger
        return ("yes",) if b.gravehold <= plan.weights.save_gravehold else ("no",)
    if kind == "reveal_top_may_destroy":
        top = d.prompt.rsplit(" ", 1)[-1].rstrip("?")
        c = CARDS.get(top)
        return ("yes",) if c is not None and c.cost == 0 else ("no",)
    if kind == "husk_spread":
        me = _me(b, d)
        more = advice.husk_kill_value(b, advice.husks(b)) - advice.husk_kill_value(b, 1)  # upper bound
        return ("yes",) if me.life >= 4 and not me.exhausted and more >= 1.5 else ("no",)
    return ("yes",)


def _spell(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    spells = [o for o in d.options if o[0] == "spell"]
    if not spells:
        return None

    def dmg(o: Action) -> float:
        return damage_of(b.players[o[1]].breaches[o[2]].spells[o[3]])

    if _harmful(d) or "iscard" in d.prompt or "estroy" in d.prompt:
        return min(spells, key=dmg)
    return max(spells, key=dmg)


def _breach(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    picks = [o for o in d.options if o[0] == "breach"]
    if not picks:
        return None
    if step_of(d)[:1] == ("attach",):
        return _attach(b, d)
    if d.kind == "destroy_breach":
        me = _me(b, d)
        return max(picks, key=lambda o: (me.breaches[o[1]].state == "closed", not me.breaches[o[1]].spells,
                                         OPEN_COST[o[1]][me.breaches[o[1]].stage] if me.breaches[o[1]].state ==
                                         "closed" else 0))
    return max(picks, key=lambda o: b.players[o[1]].breaches[o[2]].stage if len(o) == 3 else 0)


def _ability_window(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    mine = next((o for o in d.options if o[0] == "ability"), None)
    if mine is None:
        return None
    window = hints.ability_windows.get(b.players[mine[1]].mage)  # its box says when
    return window(b, d, advice) if window is not None else mine


def _prep(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    preps = [o for o in d.options if o[0] == "prep"]
    if not preps:
        return None
    return max(preps, key=lambda o: (damage_of(o[2]), BREACH_BONUS[o[3]]))


#: K-3: a card costing more than this is kept on top of the deck rather than conjured
CONJURE_KEEP_COST = 4


def _conjure(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    """K-3: a cheap top card is worth more as a free 2-damage spell (on the best breach)
    than drawn; a costly one is kept for the next hand."""
    preps = [o for o in d.options if o[0] == "conjure"]
    if not preps or CARDS[preps[0][1]].cost > CONJURE_KEEP_COST:
        return ("skip",)
    me = _me(b, d)
    return max(preps, key=lambda o: (_breach_score(me, o[2]), -o[2]))


def _free_gain(b: Board, d: Decision, plan: GamePlan) -> Action | None:
    """A card taken without paying: the one we would most like to buy."""
    gains = [o for o in d.options if o[0] == "gain"]
    if not gains:
        return None
    me = _me(b, d)
    eco, crowded = econ(me), spending.crowd(me, 1)
    # a card paid for in life (half its cost)
    pain = d.source in hints.paid_in_life

    def score(o: Action) -> float:
        v = buy_value(o[1], eco, crowded)
        if pain:
            v -= advice.suffer_cost(b, me, -(-CARDS[o[1]].cost // 2))
        return v

    return max(gains, key=score)


_BY_KIND = {
    "main": _main, "casting": _casting, "target": _target, "player": _player, "or": _or,
    "discard": _discard_like, "destroy": _discard_like, "exile": _discard_like, "yes_no": _yes_no,
    "to_deck": _yes_no, "husk_spread": _yes_no,
    "spell": _spell, "breach": _breach, "destroy_breach": _breach, "discard_order": discard_order,
    "ability_window": _ability_window, "gem": gem_pick, "prep": _prep, "pile": pile_pick, "conjure": _conjure,
    "turn_order": turn_order_pick, "gain": _free_gain, "minion": minion_pick, "silence": silence_pick,
    "to_hand": to_hand_pick, "card": sublimate_pick,
}
