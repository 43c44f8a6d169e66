"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples one world consistent with what the deciding seat knows (its
view), walks the shared tree choosing among the actions legal in that world (UCB with
availability counts, so rarely-legal actions are not starved), adds one node, then
plays on with the heuristic policy for a bounded number of decisions and scores the
result: 1 for a win, 0 for a loss, and a shaped estimate when the rollout stops early.

Aeon's End is cooperative, so every decision in the tree (any player's, or the team's)
maximises the same value; the nemesis has no choices, only chance, which the sampled
world and the engine's own generator supply.

Where the search is spent: only on real choices (:func:`worth_searching`). By default
these are the tactical ones -- who suffers, either/or effects, discards, answers to
nemesis cards -- where a rollout of a turn or two shows the difference. The main phase is
a deck-building plan whose worth shows only many turns later, and a damage target's worth
(a minion's harm over the coming turns) lies beyond a short rollout too, so both are left
to the heuristic policy, as are forced and near-forced decisions; measured, this is both
stronger and several times faster than searching every decision. One World is built
per searched decision and sampled for every iteration.

By default the options of a searched decision are compared on common random numbers
(``paired``): each sampled world, with its chance, is played once after every option, so
the comparison is not drowned by the luck of the draws. The UCB tree described above is
the ``paired=False`` mode.

What a sampled world keeps and what it redraws: see :mod:`gravehold.agents.worlds`.
"""

from __future__ import annotations

import math
import random
import time

from ..content import registry as content
from ..engine import triggers
from ..engine.core import Engine
from ..engine.keywords import fire
from ..engine.shapes import ViewDoc
from ..engine.state import Action, Decision, State
from ..errors import GraveholdError
from . import advice
from .base import SeeView
from .chance import Chance, Rng
from .heuristic import HeuristicAgent, choose_on
from .knowledge import SPELLS, damage_of, harm, threat
from .plans import DEFAULT, GamePlan
from .spending import owned
from .worlds import World


class Node:
    __slots__ = ("children", "visits", "value", "avail", "prior")

    def __init__(self, prior: bool = False) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0.0
        self.value = 0.0
        self.avail: dict[Action, int] = {}
        self.prior = prior  # the heuristic policy's own pick here


def rule_danger(s: State) -> float:
    """0..1: how near the nemesis' own loss condition is (G-2), read from its mat data.

    Token counts that end the game (a mat's ``loss_token``, or its last token going), a husk
    track, empty supply piles (for a nemesis whose rules react to one emptying), and fire
    tokens.
    """
    n = s.nemesis
    nd = content.NEMESES.get(n.id)
    if nd is None:
        return 0.0
    tokens = n.tokens
    worst = fire.count(s) / fire.LOSS_AT  # K-8: the table's fire tokens
    if nd.loss_token:
        worst = max(worst, tokens.get(nd.loss_token[0], 0) / max(1, nd.loss_token[1]))
    for key, steps in nd.rules.items():
        if not isinstance(steps, tuple):
            continue
        for st in steps:
            if not isinstance(st, tuple) or not st:
                continue
            if st[0] == "lose_at_zero_tokens" and key == "loss":
                start = max(1, nd.tokens.get(st[1], 1))
                worst = max(worst, 1 - min(start, tokens.get(st[1], 0)) / start)
            elif st[0] == "husk_rules":
                worst = max(worst, tokens.get("husk", 0) / max(1, int(st[2])))
    if s.supply_counts and triggers.declares(("nemesis", n.id), "pile_emptied"):
        worst = max(worst, sum(1 for k in s.supply_counts if k <= 0) / len(s.supply_counts))
    return min(1.0, worst)


#: casts a spell the players own is still good for, on average, in :func:`evaluate`
SPELL_CASTS_LEFT = 3.0


def spell_damage_owned(s: State) -> float:
    """Damage of every spell the players own (hand, deck, discard, breaches, in play)."""
    return sum(damage_of(c) for p in s.players for c in owned(p) if c in SPELLS)


def evaluate(s: State) -> float:
    """1 for a win, 0 for a loss; otherwise an estimate in (0, 1): damage dealt to the
    nemesis, Gravehold's and the players' life, how far the nemesis deck is spent, less
    the danger of what the nemesis has in play (minions hurt every turn, a wounded one
    less as it is nearer its end; a power hurts the more the fewer power tokens it has
    left) and of its own loss condition coming near (:func:`rule_danger`)."""
    if s.over:
        return 1.0 if s.result == "win" else 0.0
    n = s.nemesis
    dmg = 1 - n.life / max(1, n.max_life)
    gh = s.gravehold / max(1, s.gravehold_max)
    # concave in each player's life: the last points before exhaustion (E-1) count most,
    # so who suffers is the healthiest; an exhausted player costs extra
    ps = [-0.3 if p.exhausted else math.sqrt(p.life / max(1, p.max_life)) for p in s.players]
    health = sum(ps) / len(ps)
    deck_left = 1 - len(n.deck) / 30
    danger = 0.0
    if n.in_play:
        cards = content.NEMESIS_CARDS
        for c in n.in_play:
            card = cards.get(c.name)
            if card is None:
                continue
            if card.type == "minion":  # a wounded minion is nearer its end: damage to it counts
                # what it costs us each nemesis turn, as the heuristic's advice counts it
                # (a minion that takes the nemesis' tokens may be dearer than its text's damage)
                danger += max(threat(c.name), advice.minion_danger(s, c.name)) \
                    * (0.4 + 0.6 * c.life / max(1, card.life, c.life))
            elif card.type == "power":
                danger += harm(card.power) / max(1, c.power)
    rule = rule_danger(s)
    # the players' spells are future damage: a spell destroyed or given up for a moment's
    # gain shows in a short rollout only here (each counts for about three more casts)
    arsenal = SPELL_CASTS_LEFT * spell_damage_owned(s) / max(1, n.max_life)
    # a nemesis rule's count works like a second life track (tokens whose loss ends the
    # game, a husk track), so it weighs like Gravehold's
    v = 0.12 + 0.45 * (dmg + arsenal) + 0.2 * gh + 0.15 * health + 0.05 * deck_left \
        - 0.3 * (1 - math.exp(-danger / 6)) - 0.2 * rule
    if v < 0.05:  # squeeze dire positions into (0, 0.05), keeping their order: never as bad as a loss
        v = 0.05 / (1 + 10 * (0.05 - v))
    return min(0.99, v)  # at most 0.97 by the weights: never as good as a win


#: Decision kinds the agent leaves to the heuristic policy in its default mode: the order
#: played cards go to the discard pile hardly matters, the policy casts every prepped
#: spell, and the main phase is a deck-building plan (what to gain, charge, focus, open)
#: whose worth a short rollout cannot see: searching it made the measured play worse.
EASY_KINDS = frozenset({"discard_order", "casting"})
#: Left to the policy in the default ``"tactical"`` mode as well: the main phase, and damage
#: targets -- a minion's harm over the coming nemesis turns and a spell kept for later casts
#: lie beyond a short rollout, which then favoured hitting the nemesis (its damage shows at
#: once). Measured on 2-player official markets: searching targets won 16 of 160 games,
#: leaving them to the policy 28 of 160 (the heuristic alone: 22).
PLAN_KINDS = frozenset({"main", "target"})
SEARCH_MODES = ("tactical", "choices", "all")


def worth_searching(d: Decision, mode: str = "tactical") -> bool:
    """Is this a real choice for the search? The rest goes to the heuristic policy at once.

    ``"all"``: every decision with two or more options. ``"choices"``: not the easy kinds
    (:data:`EASY_KINDS`), nor a main-phase step while gems or relics are still in hand
    (playing them first is never worse: aether only lasts the turn). ``"tactical"`` (the
    default): as ``"choices"``, and no main-phase step or damage target at all
    (:data:`PLAN_KINDS`), so the search spends its time on who suffers, either/or effects,
    discards and the like, where a rollout of a turn or two shows the difference.
    """
    opts = d.options
    if len(opts) < 2:
        return False
    if mode == "all":
        return True
    if d.kind in EASY_KINDS or (mode == "tactical" and d.kind in PLAN_KINDS):
        return False
    if d.kind == "main":
        for o in opts:
            if o[0] == "play":
                return False
    return True


class ISMCTSAgent:
    """Single-observer ISMCTS over worlds sampled from the seat's view (see the module text).

    Only real choices are searched (:func:`worth_searching`); every other decision is
    answered at once by the heuristic agent, exactly as ``--agent heuristic`` would.

    Options (``--agent-option KEY=VALUE`` on the command line):

    ``iterations`` (default 96)
        Rollouts per searched decision. In the tree search one iteration = sample a
        world, walk/grow the tree, one heuristic rollout; with ``paired`` they come in
        rounds of one rollout per option (at least one round). The default is the
        measured trade-off of strength against speed: above 20 two-player games a minute
        on one core (``gravehold bench`` reports the iteration rate).
    ``time_ms`` (default none)
        Wall-clock budget per searched decision in milliseconds. When set it replaces
        ``iterations`` (at least one iteration always runs, and the last one may end
        after the deadline). Results then depend on the machine's speed, so batch runs
        that must replay exactly should use ``iterations``.
    ``depth`` (default 12)
        Decisions the heuristic rollout plays after the searched option (or after leaving
        the tree) before the position is scored (a finished game scores 1 or 0; otherwise
        :func:`evaluate`): the rest of the turn and about the next one. Measured, 8 to 20
        play alike and 30 plays worse (the heuristic's own errors pile up); 12 is cheap.
    ``c`` (default 0.6)
        UCB exploration constant (scores lie in 0..1).
    ``prior`` (default 0)
        Virtual visits given to the heuristic policy's own pick at each new tree node, at
        the value of its first rollout, so that with few iterations the search leaves the
        policy's advice only when the rollouts say so clearly. (The policy's pick is always
        the first child tried; measured, extra virtual visits did not help.)
    ``search`` (default ``"tactical"``)
        Which decisions are searched: ``"tactical"``, ``"choices"`` or ``"all"``, see
        :func:`worth_searching`.
    ``paired`` (default true)
        Instead of growing a UCB tree, compare the options on common random numbers: each
        sampled world (and its chance) is played once after every option, so the options
        are judged on the same luck; ``iterations`` then counts these rollouts. For the
        few-option tactical choices this is far more precise for the same work; ``false``
        gives the tree search (``c``, ``prior`` and ``stop_early`` apply to it).
    ``stop_early`` (default true)
        Stop an iteration budget early once the most visited root action is so far ahead
        that the iterations left could not change the choice (same answer, less time).
        Not used with ``time_ms``.

    ``last_iterations`` holds the iterations run for the latest decision (0 when the
    policy answered without search); ``failures`` counts iterations dropped because a
    sampled world could not be played (never seen in the tests, kept as a safety net).
    """

    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 96, time_ms: float | None = None,
                 depth: int = 12, c: float = 0.6, prior: float = 0.0, search: str = "tactical",
                 stop_early: bool = True, paired: bool = True) -> None:
        if search not in SEARCH_MODES:
            raise ValueError(f"search must be one of {', '.join(SEARCH_MODES)}, not {search!r}")
        self.rng = random.Random(seed)
        self.policy = HeuristicAgent(seed)
        self.iterations = max(1, int(iterations))
        self.time_ms = float(time_ms) if time_ms else None
        self.depth = max(0, int(depth))
        self.c = float(c)
        self.prior = max(0.0, float(prior))
        self.search = search
        self.stop_early = bool(stop_early)
        self.paired = bool(paired)
        self.last_iterations = 0
        self.failures = 0  # iterations dropped because a sampled world broke a rule
        self._world_key: Decision | None = None
        self._world_view: ViewDoc | None = None
        self._world: World | None = None

    def choose(self, decision: Decision, view: SeeView) -> Action:
        opts = decision.options
        self.last_iterations = 0
        if len(opts) == 1:
            return opts[0]
        if not worth_searching(decision, self.search):
            return self.policy.choose(decision, view)
        r = self.rng
        world = self._world_for(decision, view)
        deadline = time.perf_counter() + self.time_ms / 1000 if self.time_ms else None
        if self.paired:
            return self._paired(world, decision, view, r, deadline)
        root = Node()
        budget = self.iterations
        it = 0
        while True:
            if deadline is not None:
                if it > 0 and time.perf_counter() >= deadline:
                    break
            elif it >= budget:
                break
            elif self.stop_early and it >= 16 and not it & 7 and self._settled(root, opts, budget - it):
                break  # the rest of the budget could not change the most visited action
            self._iterate(world, root, r)
            it += 1
        self.last_iterations = it
        ch = root.children
        if not ch:  # every sampled world failed: fall back on the policy
            return self.policy.choose(decision, view)
        return max(opts, key=lambda a: (ch[a].visits, ch[a].value) if a in ch else (-1.0, 0.0))

    def _paired(self, world: World, decision: Decision, view: SeeView, r: random.Random,
                deadline: float | None) -> Action:
        """Every option on the same sampled worlds with the same chance (common random
        numbers): per world, one rollout after each option, the policy's generator and
        the engine's seeded alike (the policy's is a :class:`Chance`, one integer to seed,
        not a Mersenne Twister per rollout). The option with the best mean wins; on a tie,
        the heuristic policy's own pick."""
        opts = decision.options
        k = len(opts)
        totals = [0.0] * k
        counts = [0] * k
        budget = self.iterations
        it = 0
        while True:
            if deadline is not None:
                if it > 0 and time.perf_counter() >= deadline:
                    break
            elif it > 0 and it + k > budget:
                break
            base = world.sample(r)
            seed = r.getrandbits(32)
            for j, a in enumerate(opts):
                s = base.clone() if j < k - 1 else base
                g = Engine(s, events=False)
                try:
                    g.apply(a)
                    v = self._rollout(g, Chance(seed))  # the same stream after every option
                except (ValueError, IndexError, KeyError, RuntimeError, GraveholdError):
                    self.failures += 1
                    continue
                totals[j] += v
                counts[j] += 1
            it += k
        self.last_iterations = it
        if not any(counts):
            return self.policy.choose(decision, view)
        advice = self.policy.choose(decision, view)
        best = max(range(k), key=lambda j: (round(totals[j] / counts[j], 9) if counts[j] else -1.0,
                                            opts[j] == advice))
        return opts[best]

    @staticmethod
    def _settled(root: Node, opts: list[Action], left: int) -> bool:
        ch = root.children
        visits = sorted((ch[a].visits if a in ch else 0.0 for a in opts), reverse=True)
        return visits[0] - visits[1] > left

    def _world_for(self, decision: Decision, view: SeeView) -> World:
        """One World per decision, built once for all its iterations; asked again about the
        same decision with the same view (a replay, a second opinion), it is reused."""
        v = view()
        if self._world is None or self._world_key is not decision or self._world_view != v:
            self._world = World(v, decision)
            self._world_key = decision
            self._world_view = v
        return self._world

    def _iterate(self, world: World, root: Node, r: random.Random) -> None:
        s = world.sample(r)
        g = Engine(s, events=False)
        node = root
        path = [root]
        fresh: Node | None = None
        try:
            while not s.over:
                d = s.decision
                if d is None:  # pragma: no cover - the engine always stops at a decision
                    break
                legal = d.options
                avail = node.avail
                for a in legal:
                    avail[a] = avail.get(a, 0) + 1
                children = node.children
                untried = [a for a in legal if a not in children]
                if untried:
                    pick = choose_on(s, d, r)
                    if pick in untried:
                        a = pick
                        fresh = child = Node(prior=True)
                    else:
                        a = untried[r.randrange(len(untried))]
                        child = Node()
                    children[a] = child
                    g.apply(a)
                    path.append(child)
                    break
                a = self._ucb(node, legal)
                g.apply(a)
                node = children[a]
                path.append(node)
            value = self._rollout(g, r)
        except (ValueError, IndexError, KeyError, RuntimeError, GraveholdError):
            # a sampled world the view could not pin down exactly (e.g. a pending effect
            # that names a hidden card): drop this iteration
            self.failures += 1
            return
        if fresh is not None and self.prior:
            fresh.visits += self.prior
            fresh.value += self.prior * value
        for n in path:
            n.visits += 1
            n.value += value

    def _ucb(self, node: Node, legal: list[Action]) -> Action:
        best = legal[0]
        best_score = -1.0
        c = self.c
        children = node.children
        avail = node.avail
        log = math.log
        sqrt = math.sqrt
        for a in legal:
            ch = children[a]
            v = ch.visits
            if v <= 0:
                return a
            score = ch.value / v + c * sqrt(log(avail[a]) / v)
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout(self, g: Engine, r: Rng) -> float:
        return play_on(g, self.depth, r)


def play_on(g: Engine, decisions: int, r: Rng, plan: GamePlan = DEFAULT) -> float:
    """Play ``g`` on for up to ``decisions`` decisions, every seat by the heuristic carrying
    out ``plan``, and score where it stops (:func:`evaluate`): the rollout of the search and
    of the planner's plan comparisons (``planner.py``)."""
    s = g.state
    apply = g.apply
    for _ in range(decisions):
        if s.over:
            break
        d = s.decision
        assert d is not None
        opts = d.options
        apply(opts[0] if len(opts) == 1 else choose_on(s, d, r, plan))
    return evaluate(s)
