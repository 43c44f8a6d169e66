"""Prince of Gluttons: its mat (the devoured pile) and its nine cards.

The devoured pile is ``decks["devoured"]`` (top first, face up). A player may gain its top
card as a main action (``main_options`` / ``on.action``), paying like a gain from the
supply. When no supply pile has a card left the players lose at once (after a Devour, or
``pile_emptied`` after a gain).

Readings decided here:

* Setup puts one card of each gem pile on the devoured pile, the costliest first (so the
  cheapest gem ends on top); on expert and extinction the players then move nine supply
  cards of their choice onto it, one decision per card, before the first turn.
* A Devour picks among the piles that still hold cards (ties are the players' pick, N-6);
  each card a pile cannot give deals 2 damage to Gravehold.
* "The second most expensive gem pile" is the second of the non-empty gem piles ordered by
  cost (ties with the costliest count).
* *Mindguzzler* gets its life from its IMMEDIATELY effect; the ``life`` given here (8) only
  counts if a card brings it back without it.
"""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisDef,
    State,
    action_head,
    ask_step,
    available,
    chooser,
    count_of,
    gravehold_damage,
    pay,
    per,
    receive_gained,
    rule,
    step,
    take_from_pile,
    take_pile_top,
    trigger_source,
)
from ....boxapi import catalogue as content
from ._shared import Cards, any_player, in_play, mat_rule, supply_piles

PG = "Prince of Gluttons"
DEVOURED = "devoured"
_P = Cards(PG)

# ============================================================================ the devoured pile


def _check_starved(g: Engine) -> None:
    """Prince of Gluttons: every supply pile is empty -- the players lose (G-2)."""
    st = g.state
    if st.supply_counts and all(k <= 0 for k in st.supply_counts):
        g.end("loss", "nemesis_rule")


def _devour_piles(g: Engine, which: str) -> list[str]:
    cards = content.CARDS
    if which in ("cheapest", "any"):
        piles = supply_piles(g)
    elif which in ("priciest_gem", "second_gem"):
        piles = supply_piles(g, "gem")
    elif which == "cheapest_relic":
        piles = supply_piles(g, "relic")
    elif which == "any_spell":
        piles = supply_piles(g, "spell")
    else:  # pragma: no cover - content is checked by the tests
        raise ValueError(which)
    if not piles:
        return []
    costs = sorted((cards[c].cost for c in piles), reverse=True)
    if which in ("cheapest", "cheapest_relic"):
        return [c for c in piles if cards[c].cost == costs[-1]]
    if which == "priciest_gem":
        return [c for c in piles if cards[c].cost == costs[0]]
    if which == "second_gem":
        return [c for c in piles if cards[c].cost == costs[1]] if len(costs) > 1 else []
    return piles


def devour(g: Engine, pile: str, k: int, source: str) -> None:
    """Up to k cards of a supply pile go on top of the devoured pile; each card missing
    deals 2 damage to Gravehold."""
    st = g.state
    idx = st.supply_names.index(pile)
    cards = take_from_pile(st, idx, k)  # C-17: a marked copy at the pile's bottom comes last
    took = len(cards)
    pile_d = st.nemesis.decks.setdefault(DEVOURED, [])
    for c in cards:
        pile_d.insert(0, c)
    g.ev("devoured", card=pile, amount=took, source=source)
    if k > took:
        r = mat_rule(PG, "mat", "devoured_rules")
        gravehold_damage(g, (int(r[1]) if r else 2) * (k - took), source)
    if not st.over:
        _check_starved(g)


# ============================================================================ cards

_PILES = {
    "cheapest": "the cheapest supply pile",
    "priciest_gem": "the costliest gem pile",
    "second_gem": "the gem pile second in cost, counting from the costliest",
    "cheapest_relic": "the cheapest relic pile",
    "any_spell": "a spell pile of your choice",
    "any": "one supply pile of your choice",
}


def _count(n: Any) -> str:
    if n == "unleash":
        return "3 cards (2 with three or four players)"
    if n == "self_life":
        return "as many cards as this minion has life"
    return count_of(int(n), "card")


@step("devour", text=lambda n, pile: f"Devour {_count(n)} from {_PILES[pile]}.")
def _devour(g: Engine, ctx: Ctx, n: Any, which: str, action: Action | None = None) -> None:
    st = g.state
    if n == "unleash":
        k = 3 if len(st.players) <= 2 else 2
    elif n == "self_life":
        c = in_play(g, ctx.source)
        k = c.life if c is not None else 0
    else:
        k = int(n)
    if k <= 0:
        return
    if action is None:
        opts: list[Action] = [("pile", c) for c in _devour_piles(g, which)]
        if opts:
            ask_step(g, ctx, ("devour", n, which), "pile", chooser(g, ctx),
                     f"Devour {k} from which supply pile?", opts)
        return
    devour(g, str(action[1]), k, ctx.source)


_P("Gorge", "attack", 1, effect=(("devour", 2, "second_gem"), any_player(("suffer", 2))))
_P("Lobotomize", "attack", 1, effect=(("or", (any_player(("suffer", 3)),), (("devour", 3, "any_spell"),)),))
_P("Thought Biter", "minion", 1, life=6,
   persistent=(("or", (any_player(("suffer", 2)),), (("devour", 2, "cheapest_relic"),)),))
_P("Cerephage", "minion", 2, life=7, persistent=(("devour", "self_life", "any"), ("self_damage", 2)))
_P("Godfeeders", "minion", 2, life=8, persistent=(("gravehold_damage", 3), ("devour", 1, "priciest_gem")))

_P("Mindguzzler", "minion", 2, life=8, immediately=(("set_entry_life", per("empty_piles", 1, plus=8)),),
   persistent=(("unleash", 1),))


_P("Digest", "attack", 3, effect=(("or", (("unleash", 3),), (any_player(("suffer", per("empty_piles"))),)),))


_P("Vile Feast", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
   power=(("gravehold_damage", per("empty_piles", 2)),))
_P("Memory Eater", "minion", 3, life=16, persistent=(("player", "lowest_life", (("suffer", per("empty_piles")),)),))

CARDS = tuple(_P.cards)

# ============================================================================ mat

rule("devoured_rules", text=lambda per: (
        "A devoured card goes on top of the face-up devoured pile, which anyone may look through; "
        "in their main phase a player may gain its top card, paying its cost as for a supply pile. "
        "Devoured cards are never devoured again. A Devour only starts on a pile that still has "
        f"cards; each card it cannot take deals {per} damage to Gravehold instead. Once every "
        "supply pile is empty the players lose."))
rule("devour_setup_gems", text=lambda: (
        "Setup: one card of each gem pile starts the devoured pile, the costliest gem first."))


@step("devour_setup_extra", text=lambda n: (
        f"At setup the players also move {n} cards of their choice from the supply piles onto "
        "the devoured pile, one at a time."))
def _devour_setup_extra(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Expert and extinction setup: the players move n supply cards onto the devoured pile,
    one at a time (the last one ends on top)."""
    st = g.state
    if action is None:
        opts: list[Action] = [("pile", c) for c in supply_piles(g)]
        if n > 0 and opts:
            ask_step(g, ctx, ("devour_setup_extra", n), "pile", g.team(),
                     f"Which supply card goes onto the devoured pile? ({n} to go)", opts)
        return
    name = str(action[1])
    idx = st.supply_names.index(name)
    st.nemesis.decks.setdefault(DEVOURED, []).insert(0, take_pile_top(st, idx))
    g.ev("devoured", card=name, amount=1, source=ctx.source)
    _check_starved(g)
    if n > 1 and not st.over:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("devour_setup_extra", n - 1))


on = trigger_source("nemesis", PG)  # this mat's rules, at the engine's trigger points


@on("setup")
def _pg_setup(st: State) -> None:
    """One card of each gem pile, costliest first, so the cheapest gem ends on top; on
    expert and extinction the players' nine picks wait on the stack for the first run."""
    nd = content.NEMESES[PG]
    pile = st.nemesis.decks.setdefault(DEVOURED, [])
    if any(s[0] == "devour_setup_gems" for s in nd.rules.get("setup", ())):
        cards = content.CARDS
        gems = [(k, name) for k, name in enumerate(st.supply_names) if cards[name].type == "gem"]
        for k, _name in sorted(gems, key=lambda x: (-cards[x[1]].cost, x[0])):
            if st.supply_counts[k] > 0:
                pile.insert(0, take_pile_top(st, k))
    if st.config.get("expert"):
        for s in nd.increased_difficulty.get("setup", ()):
            if s[0] == "devour_setup_extra":
                st.stack.append(("s", -1, -1, nd.name, tuple(s)))


action_head("gain_devoured", ("card",), text=lambda c: f"gain {c} from the devoured pile",
            detail=lambda st, d, c: f"gain {c} from the devoured pile ({content.CARDS[c].cost} Æ)", phase="main",
            board=True)  # the web board puts it on the pile's top card


@on("main_options")
def _pg_main_options(g: Engine, i: int) -> list[Action]:
    pile = g.state.nemesis.decks.get(DEVOURED)
    if not pile:
        return []
    c = content.CARDS[pile[0]]
    p = g.state.players[i]
    return [("gain_devoured", pile[0])] if available(p, c.type) >= c.cost else []


@on.action("gain_devoured")
def _pg_main_action(g: Engine, i: int, action: Action) -> None:
    """P-8 for the devoured pile: pay the cost, take its top card."""
    st = g.state
    pile = st.nemesis.decks[DEVOURED]
    name = pile.pop(0)
    c = content.CARDS[name]
    pay(st.players[i], c.cost, c.type)
    g.ev("gain_devoured", player=i, card=name)
    receive_gained(g, i, name, on_your_turn=True)


@on("pile_emptied")
def _pg_supply_empty(g: Engine, i: int) -> None:
    _check_starved(g)


NEMESIS = NemesisDef(
    PG, PG, "AE", life=70, difficulty=5, expedition_level=2,
    unleash=(("devour", "unleash", "cheapest"),),
    cards=_P.deck(),
    special_decks={"devoured": ()},
    deck_holds={"devoured": "player"},
    deck_faces={"devoured": "up"},
    rules={"setup": (("devour_setup_gems",),), "mat": (("devoured_rules", 2),)},
    increased_difficulty={"setup": (("devour_setup_extra", 9),)},
)
