"""Gate Witch: its mat, its nine cards, and the step kinds and rules only it uses.

N-7: at the end of its turn it may accelerate time (the ``accelerate_time`` step of its
``end_of_turn``). Three of its cards go under the nemesis deck instead of the discard, so
its deck never runs out once they are drawn.

Readings decided here:

* Increased difficulty: one source says it loses five tokens instead of four when it
  accelerates time, the others three. Losing fewer tokens makes it accelerate more often
  (harder), which is what an increased difficulty is for, and two sources agree:
  **three**.
* *Deep Abomination*: a wild (3-player) turn order card and a lone four-player "1/2" /
  "3/4" card in the discard hit a player the players pick (a pair with both its cards
  there hits each of the two once), as in the Clojure engine.
"""

from __future__ import annotations

from collections import Counter

from ....boxapi import (
    Action,
    Ctx,
    Engine,
    NemesisDef,
    ask_step,
    chooser,
    gravehold_damage,
    op,
    per,
    player_damage,
    reveal_turn_order_top,
    shuffle,
    step,
)
from ._shared import T, any_player, card_maker, in_play, names, set_tokens

GW = "Gate Witch"
_G = card_maker(GW)


def _shuffle_turn_order(g: Engine, source: str) -> None:
    st = g.state
    st.rng = shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck), source=source)


@step("to_nemesis_deck_bottom", text=lambda: "This card then goes under the nemesis deck instead of anywhere else.")
def _to_nemesis_deck_bottom(g: Engine, ctx: Ctx) -> None:
    """Hasten, Distort, Infinite Enmity, Rift Scourge: the card goes under the nemesis deck
    (from wherever it is: being resolved, in play, or just discarded)."""
    n = g.state.nemesis
    name = ctx.source
    if name in n.resolving:
        n.resolving.remove(name)
    else:
        c = in_play(g, name)
        if c is not None:
            n.in_play.remove(c)
        elif name in n.discard:
            del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        else:
            return
    n.deck.append(name)
    g.ev("nemesis_card_to_deck_bottom", card=name)


_BOTTOM = ("to_nemesis_deck_bottom",)

# ================================================================== tier 1


@step("suffer_per_turn_card", text=lambda n: (
        f"Every player suffers {n} damage per turn order card of theirs in the turn order discard "
        "(for a wild or shared card, the players pick who)."))
def _suffer_per_turn_card(g: Engine, ctx: Ctx, n: int) -> None:
    """Deep Abomination: each player suffers n per turn order card of theirs in the discard."""
    st = g.state
    np = len(st.players)
    cards = [c for c in st.to_discard if c != "N"]
    fixed = [0] * np
    picks: list[tuple[int, ...]] = []
    if np == 1:  # T-5: every player card is yours
        fixed[0] = len(cards)
    else:
        shared = Counter(c for c in cards if c in ("P12", "P34"))
        for c in cards:
            if c in ("P1", "P2", "P3", "P4"):
                fixed[int(c[1]) - 1] += 1
            elif c == "W":
                picks.append(tuple(range(np)))
        for c, k in sorted(shared.items()):
            pair = (0, 1) if c == "P12" else (2, 3)
            if k >= 2:
                fixed[pair[0]] += 1
                fixed[pair[1]] += 1
            else:
                picks.append(pair)
    for cand in reversed(picks):
        g.push("turn_card_pick", ctx.source, n, cand)
    for j in reversed(range(np)):
        if fixed[j]:
            g.push("s", j, j, ctx.source, ("suffer", n * fixed[j]))


@op("turn_card_pick")
def _turn_card_pick(g: Engine, source: str, n: int, cand: tuple[int, ...], action: Action | None = None) -> None:
    if action is None:
        g.ask("player", g.team(), source, f"A shared turn order card: which player suffers {n} damage?",
              [("player", j) for j in cand], ("turn_card_pick", source, n, cand))
        return
    player_damage(g, int(action[1]), n, source)


DEEP_ABOMINATION = _G("Deep Abomination", "minion", 1, life=6, persistent=(("suffer_per_turn_card", 1),))


HASTEN = _G("Hasten", "attack", 1, effect=(any_player(("suffer", per(("tokens", T)))), ("unleash", 1), _BOTTOM))


@step("extra_nemesis_draw", text=lambda: "In this turn's draw phase the nemesis draws one more card.")
def _extra_nemesis_draw(g: Engine, ctx: Ctx) -> None:
    """Temporal Nimbus: one more nemesis draw in this turn's draw phase (N-2)."""
    stack = g.state.stack
    for idx in range(len(stack) - 1, -1, -1):
        if stack[idx] == ("nemesis_draw",):
            stack.insert(idx, ("nemesis_draw",))
            g.ev("extra_nemesis_draw", source=ctx.source)
            return


TEMPORAL_NIMBUS = _G("Temporal Nimbus", "power", 1, power_tokens=3, to_discard=(("spend_aether", 6),),
                     power=(("unleash", 1), ("extra_nemesis_draw",)))

# ================================================================== tier 2


@step("keep_player_turn_card", text=lambda: (
        "Pick a player's card in the turn order discard to stay there; every other turn order "
        "card is shuffled together into the turn order deck."))
def _keep_player_turn_card(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    """Nether Spiral: one player card stays in the turn order discard; all else is shuffled."""
    st = g.state
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted({c for c in st.to_discard if c != "N"})]
        if opts:
            ask_step(g, ctx, ("keep_player_turn_card",), "turn_order_card", chooser(g, ctx),
                     "Which player turn order card stays in the turn order discard?", opts)
            return
        kept: list[str] = []
    else:
        kept = [str(action[1])]
    rest = list(st.to_discard)
    for c in kept:
        rest.remove(c)
    st.to_deck = st.to_deck + rest
    st.to_discard = kept
    _shuffle_turn_order(g, ctx.source)


NETHER_SPIRAL = _G("Nether Spiral", "power", 2, power_tokens=3, to_discard=(("spend_aether", 7),),
                   power=(("keep_player_turn_card",),))
PARADOX_BEAST = _G("Paradox Beast", "minion", 2, life=8, persistent=(("gravehold_damage", per(("tokens", T))),))


@step("shuffle_one_nemesis_turn", text=lambda: (
        "A nemesis card from the turn order discard is shuffled back into the turn order deck."))
def _shuffle_one_nemesis_turn(g: Engine, ctx: Ctx) -> None:
    """Portal Wretch, and the mat's ``accelerate_time``."""
    st = g.state
    if "N" not in st.to_discard:
        return
    st.to_discard.remove("N")
    st.to_deck.append("N")
    _shuffle_turn_order(g, ctx.source)


PORTAL_WRETCH = _G("Portal Wretch", "minion", 2, life=8,
                   persistent=(("player", "most_charges", (("suffer", 2),)),),
                   discarded=(("shuffle_one_nemesis_turn",),))

# ================================================================== tier 3


@step("reveal_turn_order_skip", text=lambda n: (
        "Show the top turn order card: a player's card goes straight to the turn order discard "
        f"(that turn is skipped); a nemesis card stays on top and Gravehold suffers {n} damage."))
def _reveal_turn_order_skip(g: Engine, ctx: Ctx, n: int) -> None:
    """Distort: a revealed player card is discarded (its turn is skipped); a nemesis card
    stays on top and Gravehold suffers n (T-2 if the deck is empty)."""
    st = g.state
    top = reveal_turn_order_top(g)
    if top == "N":
        gravehold_damage(g, n, ctx.source)
        return
    st.to_deck.pop(0)
    st.to_discard.append(top)
    known = st.tokens.get("to_known", 0)
    if known:
        st.tokens["to_known"] = known - 1
    g.ev("turn_order_skipped", card=top, source=ctx.source)


DISTORT = _G("Distort", "attack", 3, effect=(("unleash", 1), ("reveal_turn_order_skip", 5), _BOTTOM))


@step("unleash_until_token", text=lambda t, n: f"Unleash again and again until the nemesis holds {n} {t} tokens.")
def _unleash_until_token(g: Engine, ctx: Ctx, t: str, n: int) -> None:
    """Infinite Enmity: Unleash one at a time while the nemesis holds fewer than n tokens."""
    have = g.state.nemesis.tokens.get(t, 0)
    if have < n:
        g.push("unleash_until_more", ctx.you, ctx.owner, ctx.source, t, n, have)
        g.push("unleash", 1)


@op("unleash_until_more")
def _unleash_until_more(g: Engine, you: int, owner: int, source: str, t: str, n: int, before: int) -> None:
    if g.state.nemesis.tokens.get(t, 0) > before:  # stop if an Unleash gained nothing
        g.push("s", you, owner, source, ("unleash_until_token", t, n))


INFINITE_ENMITY = _G("Infinite Enmity", "power", 3, power_tokens=2, to_discard=(("spend_aether", 8),),
                     power=(("unleash_until_token", T, 6), _BOTTOM))
RIFT_SCOURGE = _G("Rift Scourge", "minion", 3, life=13, persistent=(any_player(("suffer", 4)),),
                  discarded=(_BOTTOM,))

CARDS = (DEEP_ABOMINATION, HASTEN, TEMPORAL_NIMBUS, NETHER_SPIRAL, PARADOX_BEAST, PORTAL_WRETCH, DISTORT,
         INFINITE_ENMITY, RIFT_SCOURGE)

# ================================================================== the mat


@step("accelerate_time", text=lambda at, lose, lose_x: (
        f"With {at}+ nemesis tokens and just one nemesis card in the turn order discard, time "
        f"speeds up: that nemesis card is shuffled back into the turn order deck, then the nemesis "
        f"loses {lose} nemesis tokens ({lose_x} on expert and extinction)."))
def _accelerate_time(g: Engine, ctx: Ctx, at: int, lose: int, lose_expert: int) -> None:
    """N-7: with ``at``+ tokens and exactly one nemesis card in the turn order discard, that
    card is shuffled back into the turn order deck and the nemesis loses tokens."""
    st = g.state
    if st.nemesis.tokens.get(T, 0) < at or st.to_discard.count("N") != 1:
        return
    g.ev("accelerate_time")
    _shuffle_one_nemesis_turn(g, ctx)
    set_tokens(g, T, max(0, st.nemesis.tokens.get(T, 0) - (lose_expert if g.expert() else lose)), ctx.source)


NEMESIS = NemesisDef(
    GW, GW, "WE", life=70, difficulty=7, expedition_level=4,
    unleash=(("gain_token", T, 1),),
    cards=names(CARDS),
    tokens={T: 1},
    end_of_turn=(("accelerate_time", 5, 4, 3),),
)
