"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration samples one world consistent with what the deciding seat knows (its
view), walks the shared tree choosing among the actions legal in that world (UCB with
availability counts, so rarely-legal actions are not starved), adds one node, then
plays on with the heuristic policy for a bounded number of decisions and scores the
result: 1 for a win, 0 for a loss, and a shaped estimate when the rollout stops early.

Aeon's End is cooperative, so every decision in the tree (any player's, or the team's)
maximises the same value; the nemesis has no choices, only chance, which the sampled
world and the engine's own generator supply.

What a sampled world keeps and what it redraws (see ``engine/view.py`` for what a view
holds): the viewer's own deck contents are known but their order is redrawn; other
players' hand/deck split is redrawn from their known pool; the nemesis deck keeps its
size per tier, its known unseen own cards, and fills the rest with basic cards not yet
seen; the turn order deck keeps the revealed top cards and redraws the rest; face-down
special decks are reshuffled; the generator is reseeded.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from typing import Any

from ..content import registry as content
from ..engine.core import Engine
from ..engine.ruleset import Ruleset
from ..engine.setup import turn_order_cards
from ..engine.state import Action, Decision, State, state_from_dict
from ..engine.view import HIDDEN_CARD, PUBLIC_DECKS
from .base import View
from .heuristic import choose_on


class Node:
    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail: dict[Action, int] = {}


class World:
    """A base state built from a view, plus what is needed to redraw its hidden parts."""

    def __init__(self, view: dict[str, Any]) -> None:
        v = view
        me = v["viewer"]
        d: dict[str, Any] = {k: v[k] for k in v if k not in ("viewer",)}
        players = []
        self.pools: list[tuple[int, list[str]] | None] = []
        for i, p in enumerate(v["players"]):
            q = dict(p)
            if i == me:
                q["deck"] = list(p["deck_contents"])
                self.pools.append(None)
            else:
                pool = list(p["pool"])
                q["hand"] = pool[:p["hand_size"]]
                q["deck"] = pool[p["hand_size"]:]
                self.pools.append((p["hand_size"], pool))
            players.append(q)
        self.me = me
        d["players"] = players
        n = dict(v["nemesis"])
        seen = set(n["discard"]) | {c["name"] for c in n["in_play"]} | set(n.get("resolving", [])) \
            | set(v.get("destroyed", []))
        box = v["config"].get("basics") or content.NEMESES[n["id"]].box
        self.basics = {t: sorted(c for c in content.BASICS.get(box, ()) if c not in seen
                                 and content.NEMESIS_CARDS[c].tier == t) for t in (1, 2, 3)}
        self.own = {t: [c for c in n.get("unseen_own", []) if content.NEMESIS_CARDS[c].tier == t] for t in (1, 2, 3)}
        self.tiers = {int(t): k for t, k in n["deck_tiers"].items()}
        n["deck"] = self._nemesis_deck(random.Random(0))
        d["nemesis"] = n
        to = v["turn_order"]
        self.known_top = list(to["known_top"])
        rs = Ruleset(**{k: val for k, val in v["config"].get("ruleset", {}).items()
                        if k in Ruleset.__dataclass_fields__})
        full = Counter(turn_order_cards(len(players), rs, bool(v["config"].get("four_player_variant"))))
        full.subtract(Counter(to["discard"]))
        full.subtract(Counter(self.known_top))
        rest = sorted(full.elements())
        self.to_rest = rest if len(rest) + len(self.known_top) == to["deck_size"] else None
        d["turn_order"] = {"deck": self.known_top + (rest if self.to_rest is not None else
                                                     ["N"] * (to["deck_size"] - len(self.known_top))),
                           "discard": list(to["discard"])}
        d["rng"] = 1
        self.secret = self._secret_names(d)
        self.masked = any(c == HIDDEN_CARD for p in players for c in p["hand"] + p["deck"]) or \
            any(c == HIDDEN_CARD for deck in n["decks"].values() for c in deck)
        self._unmask(d, random.Random(0))
        self.base = state_from_dict(d, set(content.CARDS), set(content.NEMESIS_CARDS))
        self.my_known = [c for c in players[me]["deck"]] if me is not None else []
        self.my_masked = list(v["players"][me]["deck_contents"]).count(HIDDEN_CARD) if me is not None else 0
        if me is not None:
            self.my_known = [c for c in v["players"][me]["deck_contents"] if c != HIDDEN_CARD]

    @staticmethod
    def _secret_names(d: dict[str, Any]) -> list[str]:
        """Names a hidden card could be: its special deck's cards not visible anywhere."""
        nd = content.NEMESES.get(d["nemesis"]["id"])
        if nd is None:
            return []
        names: list[str] = []
        for deck in ("corruption",):
            names += list(nd.special_decks.get(deck, ()))
        visible: list[str] = []
        for p in d["players"]:
            visible += [c for c in p.get("hand", []) + p["discard"] + p.get("played", []) if c != HIDDEN_CARD]
            visible += [c for c in p["deck"] if c != HIDDEN_CARD]
        visible += list(d.get("destroyed", []))
        left = list(names)
        for c in visible:
            if c in left:
                left.remove(c)
        return sorted(left)

    def _unmask(self, d: dict[str, Any], r: random.Random) -> None:
        pool = list(self.secret)
        r.shuffle(pool)
        for p in d["players"]:
            for zone in ("hand", "deck"):
                p[zone] = [pool.pop() if c == HIDDEN_CARD and pool else c for c in p[zone]]
        for name, deck in d["nemesis"]["decks"].items():
            d["nemesis"]["decks"][name] = [pool.pop() if c == HIDDEN_CARD and pool else c for c in deck]

    def _nemesis_deck(self, r: random.Random) -> list[str]:
        deck: list[str] = []
        for t in (1, 2, 3):
            k = self.tiers.get(t, 0)
            own = list(self.own[t])
            pool = list(self.basics[t])
            r.shuffle(pool)
            block = (own + pool)[:k] if len(own) >= k else own + pool[:k - len(own)]
            while len(block) < k:  # fewer unseen cards than the deck holds: keep the count
                block.append(own[0] if own else (self.basics[t][0] if self.basics[t] else "Slaughter"))
            r.shuffle(block)
            deck.extend(block)
        return deck

    def sample(self, r: random.Random) -> State:
        s = self.base.clone()
        secret: list[str] = []
        if self.masked:
            secret = list(self.secret)
            r.shuffle(secret)
        for i, p in enumerate(s.players):
            pool = self.pools[i]
            if pool is None:
                if self.masked:
                    p.deck = self.my_known + [secret.pop() if secret else "Crystal" for _ in range(self.my_masked)]
                r.shuffle(p.deck)
            else:
                cards = list(pool[1])
                if self.masked:
                    cards = [secret.pop() if c == HIDDEN_CARD and secret else c for c in cards]
                r.shuffle(cards)
                p.hand, p.deck = cards[:pool[0]], cards[pool[0]:]
        if self.masked and "corruption" in s.nemesis.decks:
            k = len(s.nemesis.decks["corruption"])
            s.nemesis.decks["corruption"] = (secret + list(self.secret))[:k]
        s.nemesis.deck = self._nemesis_deck(r)
        for name, deck in s.nemesis.decks.items():
            if name not in PUBLIC_DECKS:
                r.shuffle(deck)
        if self.to_rest is not None:
            rest = list(self.to_rest)
            r.shuffle(rest)
            s.to_deck = self.known_top + rest
        s.rng = r.getrandbits(63)
        return s


def evaluate(s: State) -> float:
    """1 for a win, 0 for a loss; otherwise progress against the nemesis and our health."""
    if s.over:
        return 1.0 if s.result == "win" else 0.0
    n = s.nemesis
    dmg = 1 - n.life / max(1, n.max_life)
    gh = s.gravehold / max(1, s.gravehold_max)
    ps = [0.0 if p.exhausted else p.life / max(1, p.max_life) for p in s.players]
    health = sum(ps) / len(ps)
    deck_left = 1 - len(n.deck) / 30
    return 0.1 + 0.45 * dmg + 0.2 * gh + 0.15 * health + 0.05 * deck_left


class ISMCTSAgent:
    name = "ismcts"

    def __init__(self, seed: int = 0, iterations: int = 200, time_ms: float | None = None,
                 depth: int = 20, c: float = 0.6) -> None:
        self.rng = random.Random(seed)
        self.iterations = int(iterations)
        self.time_ms = time_ms
        self.depth = int(depth)
        self.c = float(c)
        self.last_iterations = 0

    def choose(self, decision: Decision, view: View) -> Action:
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        world = World(view())
        root = Node()
        deadline = time.perf_counter() + self.time_ms / 1000 if self.time_ms else None
        it = 0
        r = self.rng
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and it > 0:
                    break
            elif it >= self.iterations:
                break
            self._iterate(world, root, r)
            it += 1
        self.last_iterations = it
        best = max(opts, key=lambda a: (root.children[a].visits if a in root.children else -1,
                                        root.children[a].value if a in root.children else 0.0))
        return best

    def _iterate(self, world: World, root: Node, r: random.Random) -> None:
        s = world.sample(r)
        g = Engine(s, events=False)
        node = root
        path = [root]
        while not s.over:
            d = s.decision
            if d is None:  # pragma: no cover - the engine always stops at a decision
                break
            legal = d.options
            for a in legal:
                node.avail[a] = node.avail.get(a, 0) + 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                pick = choose_on(s, d, r)
                a = pick if pick in untried else untried[r.randrange(len(untried))]
                child = Node()
                node.children[a] = child
                g.apply(a)
                path.append(child)
                break
            a = self._ucb(node, legal)
            g.apply(a)
            node = node.children[a]
            path.append(node)
        value = self._rollout(g, r)
        for n in path:
            n.visits += 1
            n.value += value

    def _ucb(self, node: Node, legal: list[Action]) -> Action:
        best = legal[0]
        best_score = -1.0
        c = self.c
        for a in legal:
            ch = node.children[a]
            score = ch.value / ch.visits + c * math.sqrt(math.log(node.avail[a]) / ch.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def _rollout(self, g: Engine, r: random.Random) -> float:
        s = g.state
        for _ in range(self.depth):
            if s.over:
                break
            d = s.decision
            assert d is not None
            g.apply(choose_on(s, d, r))
        return evaluate(s)
