"""The heuristic agent: a readable strategy, written so a player can take it as advice.

The advice, in the order the bot applies it in its main phase:

1. Play every gem first, then relics: aether is only good this turn.
2. Use a full-charge ability when it helps now (heal a hurt player, draw, charges).
3. Prep spells to the best breach you have: opened III/IV (+1 damage) first, then other
   opened breaches, then a closed breach you focused this turn.
4. Pay a power's TO DISCARD cost when it would go off at the next nemesis turn.
5. Spend what is left: open a breach when it is cheap; buy the best spell you can afford
   once you have some economy, a strong gem early; charge your ability with spare 2 Æ;
   focus a breach with what still remains.

Casting: cast everything. Targets: kill the most dangerous minion you can kill outright,
hit a minion that hurts a lot every turn, otherwise the nemesis. When the nemesis hurts a
player, pick the healthiest one; when something helps, pick the one who needs it most.

The agent reads only ``view()`` (what its seat may see) and the decision. The same
policy also runs inside tree search on a sampled world (:func:`choose_on`), where the
"board" is a full state object with the same attribute names.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from ..content import registry as content
from ..engine.aether import allows
from ..engine.core import BREACH_BONUS, FOCUS_COST, OPEN_COST
from ..engine.state import Action, Decision
from .base import View
from .knowledge import aether_of, card_value, damage_of, harm, threat

PASSIVE = {("skip",), ("pass",), ("done",), ("no",), ("end_main",), ("end_casting",), ("draw",)}


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision, view: View) -> Action:
        opts = decision.options
        if len(opts) == 1:
            return opts[0]
        board = board_from_view(view(), decision.player)
        return choose_on(board, decision, self.rng)


# ----------------------------------------------------------------------- board


def _ns(d: dict[str, Any]) -> SimpleNamespace:
    return SimpleNamespace(**d)


def board_from_view(v: dict[str, Any], me: int) -> SimpleNamespace:
    """Turn a view into an object with the state's attribute names (hidden parts empty)."""
    players = []
    for p in v["players"]:
        q = dict(p)
        q.setdefault("hand", [])
        q["breaches"] = [SimpleNamespace(state=b["state"], stage=b.get("stage", 0), focused=b.get("focused", False),
                                         spells=list(b.get("spells", [])), covered_by=b.get("covered_by", -1))
                         for b in p["breaches"]]
        players.append(_ns(q))
    n = v["nemesis"]
    nem = SimpleNamespace(id=n["id"], life=n["life"], max_life=n["max_life"], tokens=dict(n["tokens"]),
                          in_play=[SimpleNamespace(name=c["name"], life=c.get("life", 0), power=c.get("power", 0))
                                   for c in n["in_play"]],
                          discard=list(n["discard"]), deck=[None] * n["deck_size"])
    return SimpleNamespace(
        players=players, nemesis=nem, gravehold=v["gravehold"]["life"], gravehold_max=v["gravehold"]["max_life"],
        supply_names=tuple(s[0] for s in v["supply"]), supply_counts=[s[1] for s in v["supply"]],
        active=v["active"], turn=v["turn"], to_discard=list(v["turn_order"]["discard"]), me=me,
    )


def _avail(p: Any, purpose: str) -> int:
    total = int(p.aether)
    for k, v in (p.aether_for or {}).items():
        if allows(k, purpose):
            total += v
    return total


# --------------------------------------------------------------------- policy


def choose_on(b: Any, d: Decision, rng: random.Random) -> Action:
    """Pick one of ``d.options`` on board ``b`` (a view-made board or a sampled state)."""
    opts = d.options
    if len(opts) == 1:
        return opts[0]
    fn = _BY_KIND.get(d.kind)
    if fn is not None:
        try:
            a = fn(b, d, rng)
        except (IndexError, KeyError, TypeError, AttributeError, ValueError):
            a = None  # a decision shape this advice does not know: fall back, never crash
        if a is not None and a in opts:
            return a
    return _fallback(opts, rng)


def _fallback(opts: list[Action], rng: random.Random) -> Action:
    active = [o for o in opts if o not in PASSIVE]
    return active[0] if active else opts[0]


def _me(b: Any, d: Decision) -> Any:
    return b.players[d.player if d.player >= 0 else 0]


def _main(b: Any, d: Decision, rng: random.Random) -> Action | None:
    opts = d.options
    me = _me(b, d)
    kinds: dict[str, list[Action]] = {}
    for o in opts:
        kinds.setdefault(o[0], []).append(o)
    # 1. gems, then relics
    plays = kinds.get("play", [])
    gems = [o for o in plays if content.CARDS[o[1]].type == "gem"]
    if gems:
        return max(gems, key=lambda o: aether_of(o[1]))
    if plays:
        return plays[0]
    # 2. abilities
    for o in kinds.get("ability", []):
        if _ability_useful(b, o[1]):
            return o
    # 3. prep spells to the best breach
    preps = kinds.get("prep", [])
    if preps:
        return max(preps, key=lambda o: (damage_of(o[1]), _breach_score(me, o[2])))
    # 4. pay to discard a power about to go off
    for o in kinds.get("pay", []):
        for c in b.nemesis.in_play:
            if c.name == o[1] and c.power <= 1:
                return o
    while_prepped = kinds.get("use", [])
    if while_prepped:
        return while_prepped[0]
    # 5. spend aether
    avail = _avail(me, "other")
    opens = kinds.get("open", [])
    cheap = [o for o in opens if OPEN_COST[o[1]][me.breaches[o[1]].stage] <= max(4, avail - 2)]
    if cheap and _spells_owned(me) >= 2:
        return min(cheap, key=lambda o: OPEN_COST[o[1]][me.breaches[o[1]].stage])
    buy = _best_buy(b, me, kinds.get("gain", []))
    if buy is not None:
        return buy
    pays = kinds.get("pay", [])
    if pays:
        return max(pays, key=lambda o: threat(o[1]))
    if kinds.get("charge"):
        return ("charge",)
    focus = kinds.get("focus", [])
    if focus:
        return max(focus, key=lambda o: (me.breaches[o[1]].stage, -FOCUS_COST[o[1]]))
    if kinds.get("pay_damage"):
        return kinds["pay_damage"][0]
    return ("end_main",)


def _spells_owned(p: Any) -> int:
    n = sum(1 for c in p.hand if content.CARDS.get(c) is not None and content.CARDS[c].type == "spell")
    n += sum(len(br.spells) for br in p.breaches)
    n += sum(1 for c in p.discard if content.CARDS.get(c) is not None and content.CARDS[c].type == "spell")
    return n


def _breach_score(p: Any, bi: int) -> float:
    br = p.breaches[bi]
    return (2.0 if br.state == "open" else 0.0) + BREACH_BONUS[bi]


def _ability_useful(b: Any, owner: int) -> bool:
    p = b.players[owner]
    steps = content.MAGES[p.mage].ability.steps
    kinds = {s[0] for s in steps}
    if "life" in kinds:
        return any(not q.exhausted and q.max_life - q.life >= 3 for q in b.players)
    return "cancel_nemesis_card" not in kinds  # that one is only for the nemesis draw window


def _best_buy(b: Any, me: Any, gains: list[Action]) -> Action | None:
    if not gains:
        return None
    turn = b.turn
    owned = me.hand + me.discard + [s for br in me.breaches for s in br.spells] + list(me.played)
    gems_owned = sum(1 for c in owned if content.CARDS.get(c) is not None
                     and content.CARDS[c].type == "gem" and content.CARDS[c].cost > 0)

    def score(o: Action) -> float:
        c = content.CARDS[o[1]]
        if c.type == "gem":
            early = 1.5 if (turn < 12 and gems_owned < 3) else 0.6
            return early * aether_of(c.name) + 0.2 * c.cost
        if c.type == "spell":
            late = 1.3 if (turn >= 8 or gems_owned >= 2) else 0.8
            return late * damage_of(c.name) + 0.1 * c.cost
        return 0.5 + 0.25 * c.cost  # relics

    best = max(gains, key=score)
    if content.CARDS[best[1]].cost <= 2 and _avail(me, "other") >= 2:
        return None  # a cheap card is worse than a charge
    return best


def _casting(b: Any, d: Decision, rng: random.Random) -> Action | None:
    casts = [o for o in d.options if o[0] == "cast"]
    if not casts:
        return None
    me = _me(b, d)
    return max(casts, key=lambda o: damage_of(me.breaches[o[1]].spells[o[2]]))


def _target(b: Any, d: Decision, rng: random.Random) -> Action | None:
    amount = _amount(d.prompt)
    best: tuple[float, Action] | None = None
    for o in d.options:
        t = o[1]
        if t == "nemesis":
            score = 1.0
        else:
            life = next((c.life for c in b.nemesis.in_play if c.name == t), 99)
            danger = threat(t) if t in content.NEMESIS_CARDS else 1.0
            if amount >= life:
                score = 3.0 + danger
            elif danger >= 3:
                score = 0.5 + danger * amount / max(1, life)
            else:
                score = 0.2
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
    return src in content.NEMESIS_CARDS or src in ("Unleash",) or src in content.NEMESES


def _player(b: Any, d: Decision, rng: random.Random) -> Action | None:
    choices = [o for o in d.options if o[0] == "player"]
    if not choices:
        return None
    if _harmful(d):
        def health(o: Action) -> tuple[int, int]:
            q = b.players[o[1]]
            return (0 if q.exhausted else 1, q.life)
        return max(choices, key=health)
    step = d.resume[4] if len(d.resume) > 4 and isinstance(d.resume[4], tuple) else ()
    kind = step[0] if step else ""
    if kind == "life":
        return min(choices, key=lambda o: b.players[o[1]].life - b.players[o[1]].max_life)
    if kind == "ally_charges":
        return max(choices, key=lambda o: b.players[o[1]].charges)
    return choices[0]


def _or(b: Any, d: Decision, rng: random.Random) -> Action | None:
    step = d.resume[4] if len(d.resume) > 4 else None
    if not isinstance(step, tuple) or len(step) < 3:
        return None
    branches = (step[1], step[2])
    opts = [o for o in d.options if o[0] == "choose"]
    if _harmful(d):
        return min(opts, key=lambda o: harm(branches[o[1]]))
    me = _me(b, d)

    def good(o: Action) -> float:
        br = branches[o[1]]
        kinds = [s[0] for s in br]
        v = 0.0
        for s in br:
            if s[0] == "aether":
                v += s[1]
            elif s[0] == "cast_prepped_any":
                v += 3
            elif s[0] in ("focus_lowest", "focus_any"):
                v += 1.5
            elif s[0] == "destroy_played":
                v += 2.5 if any(content.CARDS[c].cost == 0 for c in me.played if c in content.CARDS) else -1
            elif s[0] == "life":
                v += 0.6 * min(s[1], me.max_life - me.life)
            elif s[0] == "gravehold_life":
                v += 0.5 * min(s[1], b.gravehold_max - b.gravehold)
            elif s[0] == "damage":
                v += s[1]
        if "destroy_this" in kinds:
            v -= 1.5
        return v

    return max(opts, key=good)


def _discard_like(b: Any, d: Decision, rng: random.Random) -> Action | None:
    cards = [o for o in d.options if o[0] == "card"]
    if not cards:
        return None
    step = d.resume[4] if len(d.resume) > 4 and isinstance(d.resume[4], tuple) else ()
    if step and step[0] == "may_discard_hand":
        cheap = [o for o in cards if content.CARDS[o[1]].cost == 0 and content.CARDS[o[1]].type == "gem"]
        return cheap[0] if cheap else ("skip",)
    return min(cards, key=lambda o: card_value(o[1]))


def _yes_no(b: Any, d: Decision, rng: random.Random) -> Action | None:
    step = d.resume[4] if len(d.resume) > 4 and isinstance(d.resume[4], tuple) else ()
    kind = step[0] if step else d.resume[0]
    if kind == "may_destroy_this":
        return ("yes",) if b.gravehold <= b.gravehold_max - 4 else ("no",)
    if kind == "reveal_top_may_destroy":
        top = d.prompt.rsplit(" ", 1)[-1].rstrip("?")
        c = content.CARDS.get(top)
        return ("yes",) if c is not None and c.cost == 0 else ("no",)
    return ("yes",)


def _spell(b: Any, d: Decision, rng: random.Random) -> Action | None:
    spells = [o for o in d.options if o[0] == "spell"]
    if not spells:
        return None

    def dmg(o: Action) -> float:
        return damage_of(b.players[o[1]].breaches[o[2]].spells[o[3]])

    if _harmful(d) or "iscard" in d.prompt or "estroy" in d.prompt:
        return min(spells, key=dmg)
    return max(spells, key=dmg)


def _breach(b: Any, d: Decision, rng: random.Random) -> Action | None:
    picks = [o for o in d.options if o[0] == "breach"]
    if not picks:
        return None
    if d.kind == "destroy_breach":
        me = _me(b, d)
        return max(picks, key=lambda o: (me.breaches[o[1]].state == "closed", not me.breaches[o[1]].spells,
                                         OPEN_COST[o[1]][me.breaches[o[1]].stage] if me.breaches[o[1]].state ==
                                         "closed" else 0))
    return max(picks, key=lambda o: b.players[o[1]].breaches[o[2]].stage if len(o) == 3 else 0)


def _order(b: Any, d: Decision, rng: random.Random) -> Action | None:
    picks = [o for o in d.options if o[0] == "order"]
    if picks:
        return max(picks, key=lambda o: card_value(o[1]))
    return None


def _ability_window(b: Any, d: Decision, rng: random.Random) -> Action | None:
    return next((o for o in d.options if o[0] == "ability"), None)


def _gem(b: Any, d: Decision, rng: random.Random) -> Action | None:
    gems = [o for o in d.options if o[0] == "gem"]
    return min(gems, key=lambda o: card_value(o[2])) if gems else None


def _prep(b: Any, d: Decision, rng: random.Random) -> Action | None:
    preps = [o for o in d.options if o[0] == "prep"]
    if not preps:
        return None
    return max(preps, key=lambda o: (damage_of(o[2]), BREACH_BONUS[o[3]]))


_BY_KIND = {
    "main": _main, "casting": _casting, "target": _target, "player": _player, "or": _or,
    "discard": _discard_like, "destroy": _discard_like, "yes_no": _yes_no, "to_deck": _yes_no,
    "spell": _spell, "breach": _breach, "destroy_breach": _breach, "discard_order": _order,
    "ability_window": _ability_window, "gem": _gem, "prep": _prep,
}
