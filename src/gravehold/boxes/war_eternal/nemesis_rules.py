"""Effect steps and nemesis hooks of the four War Eternal nemeses.

Registered with ``@step`` (card effect steps) and ``@nemesis_hook`` (mat rules). The
content is in ``content/war_eternal/nemeses.py``; every token is the box's plain
"nemesis token" (``state.nemesis.tokens["nemesis"]``).

* **Gate Witch** -- N-7: at the end of its turn it may accelerate time (the
  ``accelerate_time`` step of its ``end_of_turn``). Three of its cards go under the
  nemesis deck instead of the discard, so its deck never runs out once they are drawn.
* **Hollow Crown** -- cannot be damaged (``targets`` drops it, ``nemesis_damage`` keeps it
  at 0); its acolytes are minions of the special deck ``decks["acolyte"]``, a discarded one
  goes to ``decks["acolyte_discard"]`` and the next enters play (the acolytes'
  ``discarded`` steps); any turn that ends with no acolyte in play is a win for the
  players (``end_of_turn``); an exhausted player costs Gravehold 4 life instead of two Unleashes
  (``exhaust``). Blood Magic resolved "for each acolyte" leaves out the steps by which an
  acolyte damages itself (:data:`SELF_DAMAGE`).
* **Magus of Cloaks** -- ``nemesis_damage`` lowers each damage by its tokens and then it
  loses one; ``tokens`` keeps the count inside its bounds (2-8, expert 3-9); the
  ``passive`` marker steps of its cards are applied by ``damage_target`` (minions) and
  ``nemesis_damage`` (powers discarded when it is damaged).
* **Umbra Titan** -- ``tokens``: the players lose at once when it holds no token (G-2);
  ``setup`` gives it 5 tokens instead of 8 on expert and extinction.

Readings decided here: on Deep Abomination, a wild (3-player) turn order card and a
lone four-player "1/2" / "3/4" card in the discard hit a player the players pick (a pair
with both its cards there hits each of the two once), as in the Clojure engine; "the
acolyte with the most / least life" and "the costliest prepped spell" are the players'
pick among ties (N-6).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...content import registry as content
from ...content.text import count_of, render_steps
from ...engine import rng
from ...engine.core import Ctx, Engine, op, step
from ...engine.damage import gravehold_damage, minion_damage, player_damage
from ...engine.effects import _remove_prepped, ask_step, check_token_loss, chooser
from ...engine.hooks import nemesis_hook
from ...engine.state import Action, InPlay, Nemesis, State
from ...engine.turn import reveal_turn_order_top
from ...engine.vocabulary import marker

# ------------------------------------------------------------- wording helpers

_ACOLYTE = {"most_life": "The acolyte with the most life", "least_life": "The acolyte with the least life"}

Steps = tuple[tuple[Any, ...], ...]

GW, UT, MC, HC = "Gate Witch", "Umbra Titan", "Magus of Cloaks", "Hollow Crown"
T = "nemesis"  # the token every War Eternal nemesis mat speaks of

#: Blood Magic steps by which an acolyte damages itself (left out "for each acolyte").
SELF_DAMAGE = frozenset({"self_damage", "self_damage_most_prepped", "self_damage_if_life_at_most"})

#: marker steps: standing rules a hook applies; resolving one does nothing


step("start_tokens", text=lambda t, n: f"The nemesis starts with {count_of(n, t + ' token')} instead.")(marker)
step("lose_at_zero_tokens", text=lambda t: (
        f"Once the nemesis holds no {t} tokens, Gravehold caves in and the players lose at once."))(marker)
step("damage_reduced", text=lambda n: f"Every damage dealt to this minion is {n} lower.")(marker)
step("damage_reduced_by_token", text=lambda t: (
        f"Every damage dealt to this minion is lowered by 1 per {t} token."))(marker)
step("damaged_gain_token", text=lambda t, n: (
        f"Whenever this minion takes damage, the nemesis gains {count_of(n, t + ' token')}."))(marker)
step("discard_when_nemesis_damaged", text=lambda: (
        "As soon as the nemesis itself takes damage, discard this power."))(marker)
step("cloaked", text=lambda t: (
        f"Damage to the nemesis is lowered by 1 per {t} token it holds; after each such hit it "
        f"loses one {t} token."))(marker)
step("token_bounds", text=lambda t, lo, hi: (
        f"The nemesis never holds fewer than {lo} or more than {hi} {t} tokens."))(marker)
step("no_damage", text=lambda: "Nothing can damage the nemesis itself.")(marker)
step("win_without_acolytes", text=lambda: "At the end of any turn with no acolyte in play, the players win.")(marker)
step("acolyte_replaced", text=lambda: (
        "An acolyte discarded from play goes to the acolyte discard pile and the next acolyte enters play."))(marker)
step("on_exhaust_instead", text=lambda steps: (
        f"Whenever a player is exhausted, this replaces the two Unleashes: {render_steps(steps)}"))(marker)
step("setup_acolytes", text=lambda n: (
        f"Setup: shuffle the acolyte deck and put its top {n} acolytes into play; on beginner, "
        "also discard the next one."))(marker)


def _is_steps(x: Any) -> bool:
    return isinstance(x, tuple) and bool(x) and all(isinstance(s, tuple) and s and isinstance(s[0], str) for s in x)


def _prepped(g: Engine) -> list[tuple[int, int, int, int]]:
    """(cost, player, breach, slot) of every prepped spell on the table."""
    cards = content.CARDS
    return [(cards[s].cost, j, b, k) for j, p in enumerate(g.state.players)
            for b, br in enumerate(p.breaches) for k, s in enumerate(br.spells)]


def _in_play(g: Engine, name: str) -> InPlay | None:
    for c in g.state.nemesis.in_play:
        if c.name == name:
            return c
    return None


def _set_tokens(g: Engine, t: str, value: int, source: str) -> None:
    tk = g.state.nemesis.tokens
    before = tk.get(t, 0)
    tk[t] = value
    if value != before:
        g.ev("token", token=t, amount=value - before, total=value, source=source)


def _shuffle_turn_order(g: Engine, source: str) -> None:
    st = g.state
    st.rng = rng.shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck), source=source)


# ================================================================== shared steps


@step("lose_token", text=lambda t, n: f"The nemesis loses {count_of(n, t + ' token')}.")
def _lose_token(g: Engine, ctx: Ctx, t: str, n: int) -> None:
    """The nemesis loses n tokens (never below 0), then its token rules apply (G-2)."""
    _set_tokens(g, t, max(0, g.state.nemesis.tokens.get(t, 0) - n), ctx.source)
    check_token_loss(g)


@step("suffer_per_token", text=lambda t: f"suffers 1 damage per {t} token.")
def _suffer_per_token(g: Engine, ctx: Ctx, t: str) -> None:
    player_damage(g, ctx.you, g.state.nemesis.tokens.get(t, 0), ctx.source)


@step("to_nemesis_deck_bottom", text=lambda: "This card then goes under the nemesis deck instead of anywhere else.")
def _to_nemesis_deck_bottom(g: Engine, ctx: Ctx) -> None:
    """Hasten, Distort, Infinite Enmity, Rift Scourge: the card goes under the nemesis deck
    (from wherever it is: being resolved, in play, or just discarded)."""
    n = g.state.nemesis
    name = ctx.source
    if name in n.resolving:
        n.resolving.remove(name)
    else:
        c = _in_play(g, name)
        if c is not None:
            n.in_play.remove(c)
        elif name in n.discard:
            del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        else:
            return
    n.deck.append(name)
    g.ev("nemesis_card_to_deck_bottom", card=name)


# ================================================================== Gate Witch


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
    _set_tokens(g, T, max(0, st.nemesis.tokens.get(T, 0) - (lose_expert if g.expert() else lose)), ctx.source)


@step("shuffle_one_nemesis_turn", text=lambda: (
        "A nemesis card from the turn order discard is shuffled back into the turn order deck."))
def _shuffle_one_nemesis_turn(g: Engine, ctx: Ctx) -> None:
    st = g.state
    if "N" not in st.to_discard:
        return
    st.to_discard.remove("N")
    st.to_deck.append("N")
    _shuffle_turn_order(g, ctx.source)


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


@step("extra_nemesis_draw", text=lambda: "In this turn's draw phase the nemesis draws one more card.")
def _extra_nemesis_draw(g: Engine, ctx: Ctx) -> None:
    """Temporal Nimbus: one more nemesis draw in this turn's draw phase (N-2)."""
    stack = g.state.stack
    for idx in range(len(stack) - 1, -1, -1):
        if stack[idx] == ("nemesis_draw",):
            stack.insert(idx, ("nemesis_draw",))
            g.ev("extra_nemesis_draw", source=ctx.source)
            return


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


# ================================================================== Umbra Titan


@step("nemesis_turns_exactly", text=lambda k, then, otherwise: (
        f"With exactly {k} nemesis {'card' if k == 1 else 'cards'} in the turn order discard: {render_steps(then)}"
        + (f" Otherwise: {render_steps(otherwise)}" if otherwise else "")))
def _nemesis_turns_exactly(g: Engine, ctx: Ctx, k: int, then: Steps, otherwise: Steps) -> None:
    g.push_steps(then if g.state.to_discard.count("N") == k else otherwise, ctx)


@step("if_token_else", text=lambda t, n, then, otherwise: (
        f"While the nemesis holds {n}+ {t} tokens: {render_steps(then)} Otherwise: {render_steps(otherwise)}"))
def _if_token_else(g: Engine, ctx: Ctx, t: str, n: int, then: Steps, otherwise: Steps) -> None:
    g.push_steps(then if g.state.nemesis.tokens.get(t, 0) >= n else otherwise, ctx)


@step("if_self_life_at_most", text=lambda n, then: f"If this minion has at most {n} life: {render_steps(then)}")
def _if_self_life_at_most(g: Engine, ctx: Ctx, n: int, then: Steps) -> None:
    c = _in_play(g, ctx.source)
    if c is not None and c.life <= n:
        g.push_steps(then, ctx)


@nemesis_hook(UT, "setup")
def _umbra_setup(st: State) -> None:
    """S-9: on expert and extinction it starts with fewer tokens."""
    if st.config.get("expert"):
        for s in content.NEMESES[UT].increased_difficulty.get("setup", ()):
            if s[0] == "start_tokens":
                st.nemesis.tokens[s[1]] = s[2]


@nemesis_hook(UT, "tokens")
def _umbra_tokens(g: Engine) -> None:
    """G-2: no token left -- Gravehold collapses and the players lose at once."""
    if g.state.nemesis.tokens.get(T, 0) <= 0:
        g.end("loss", "nemesis_rule")


# ================================================================== Magus of Cloaks


def token_bounds(g: Engine) -> tuple[int, int] | None:
    """The current nemesis' ``token_bounds`` rule (expert reading on expert), if any."""
    nd = content.NEMESES[g.state.nemesis.id]
    for src in ((nd.increased_difficulty if g.expert() else {}), nd.rules):
        steps: Steps = src.get("bounds") or ()
        if _is_steps(steps):
            for s in steps:
                if s[0] == "token_bounds":
                    return int(s[2]), int(s[3])
    return None


@nemesis_hook(MC, "tokens")
def _magus_tokens(g: Engine) -> None:
    bounds = token_bounds(g)
    if bounds is not None:
        have = g.state.nemesis.tokens.get(T, 0)
        _set_tokens(g, T, min(bounds[1], max(bounds[0], have)), "token bounds")


@nemesis_hook(MC, "nemesis_damage")
def _magus_hit(g: Engine, amount: int, source: str) -> int:
    """Each damage is lowered by its tokens, then it loses one token (never below its bound);
    when some damage gets through, the powers marked so are discarded."""
    if amount <= 0:
        return amount
    n = g.state.nemesis
    have = n.tokens.get(T, 0)
    through = max(0, amount - have)
    lo = (token_bounds(g) or (0, 0))[0]
    _set_tokens(g, T, max(lo, have - 1), MC)
    g.ev("cloak", prevented=amount - through, source=source)
    if through > 0:
        cards = content.NEMESIS_CARDS
        for c in n.in_play:
            if ("discard_when_nemesis_damaged",) in cards[c.name].passive:
                g.push("discard_nemesis_card", c.name)
    return through


def passive_minion_damage(g: Engine, target: str, amount: int, source: str) -> bool:
    """A minion whose card has ``passive`` damage rules takes this damage; False otherwise."""
    card = content.NEMESIS_CARDS.get(target)
    if card is None or not card.passive:
        return False
    tk = g.state.nemesis.tokens
    dealt = amount
    for s in card.passive:
        if s[0] == "damage_reduced":
            dealt -= s[1]
        elif s[0] == "damage_reduced_by_token":
            dealt -= tk.get(s[1], 0)
    dealt = max(0, dealt)
    minion_damage(g, target, dealt, source)
    if dealt > 0:
        for s in card.passive:
            if s[0] == "damaged_gain_token":
                _set_tokens(g, s[1], tk.get(s[1], 0) + s[2], target)
                check_token_loss(g)
    return True


@nemesis_hook(MC, "damage_target")
def _magus_damage_target(g: Engine, you: int, target: str, amount: int, source: str) -> bool:
    return target != "nemesis" and passive_minion_damage(g, target, amount, source)


def _check_charge(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return any(p.charges >= s[1] for p in g.state.players)


@step("any_player_loses_charge", can_resolve=_check_charge, text=lambda n: (
        f"A player of your choice who has a charge loses {count_of(n, 'charge')}."))
def _any_player_loses_charge(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if p.charges > 0]
        if opts:
            ask_step(g, ctx, ("any_player_loses_charge", n), "player", chooser(g, ctx),
                     f"Which player loses {n} charge(s)?", opts)
        return
    j = int(action[1])
    p = st.players[j]
    lost = min(n, p.charges)
    p.charges -= lost
    g.ev("charges_lost", player=j, amount=lost, source=ctx.source)


@step("suffer_half_token", text=lambda t: f"suffers 1 damage per two {t} tokens, rounding up.")
def _suffer_half_token(g: Engine, ctx: Ctx, t: str) -> None:
    player_damage(g, ctx.you, (g.state.nemesis.tokens.get(t, 0) + 1) // 2, ctx.source)


@step("destroy_prepped_costing", text=lambda c, n: (
        f"The players destroy {count_of(n, 'prepped spell')} costing exactly {c} Æ between them."))
def _destroy_prepped_costing(g: Engine, ctx: Ctx, cost: int, n: int, action: Action | None = None) -> None:
    """Rising Dark, Enshroud: the players destroy n prepped spells costing exactly ``cost``."""
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for c, j, b, k in _prepped(g) if c == cost]
        if n > 0 and opts:
            ask_step(g, ctx, ("destroy_prepped_costing", cost, n), "spell", chooser(g, ctx),
                     f"Destroy which prepped spell costing {cost}? ({n} to go)", opts)
        return
    _remove_prepped(g, int(action[1]), int(action[2]), int(action[3]), destroy=True, source=ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("destroy_prepped_costing", cost, n - 1))


@step("prepped_player", text=lambda steps: (
        "A player of your choice who has a prepped spell (anyone, if nobody has one) "
        + render_steps(steps)))
def _prepped_player(g: Engine, ctx: Ctx, steps: Steps, action: Action | None = None) -> None:
    """Black Solstice: a player who can discard a prepped spell (N-6), else any player."""
    if action is None:
        ps = g.state.players
        cand = [j for j, p in enumerate(ps) if any(br.spells for br in p.breaches)] or list(range(len(ps)))
        ask_step(g, ctx, ("prepped_player", steps), "player", chooser(g, ctx),
                 "Which player is affected?", [("player", j) for j in cand])
        return
    j = int(action[1])
    g.push_steps(steps, Ctx(j, j, ctx.source))


@step("discard_prepped", text=lambda: "discards one of their prepped spells.")
def _discard_prepped(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for _, j, b, k in _prepped(g) if j == ctx.you]
        if opts:
            ask_step(g, ctx, ("discard_prepped",), "spell", ctx.you, "Discard which prepped spell?", opts)
        return
    _remove_prepped(g, ctx.you, int(action[2]), int(action[3]), destroy=False, source=ctx.source)


@step("destroy_costliest_prepped_and", text=lambda then: (
        "The owner of the costliest prepped spell on the table destroys it and " + render_steps(then)))
def _destroy_costliest_prepped_and(g: Engine, ctx: Ctx, then: Steps, action: Action | None = None) -> None:
    """Eclipse: the owner of a costliest prepped spell destroys it, then ``then``; with no
    prepped spell on the table a player of the players' choice resolves ``then``."""
    if action is None:
        prepped = _prepped(g)
        if prepped:
            top = max(c for c, *_ in prepped)
            opts: list[Action] = [("spell", j, b, k) for c, j, b, k in prepped if c == top]
        else:
            opts = [("player", j) for j in range(len(g.state.players))]
        ask_step(g, ctx, ("destroy_costliest_prepped_and", then), "spell", chooser(g, ctx),
                 "Whose costliest prepped spell is destroyed?", opts)
        return
    j = int(action[1])
    if action[0] == "spell":
        _remove_prepped(g, j, int(action[2]), int(action[3]), destroy=True, source=ctx.source)
    g.push_steps(then, Ctx(j, j, ctx.source))


# ================================================================== Hollow Crown


def is_acolyte(name: str) -> bool:
    return content.NEMESIS_CARDS[name].deck == "acolyte"


def _acolytes(g: Engine) -> list[InPlay]:
    return [c for c in g.state.nemesis.in_play if is_acolyte(c.name)]


def without_self_damage(steps: Steps) -> Steps:
    """The Blood Magic steps minus those by which the acolyte damages itself (nested too)."""
    out = []
    for s in steps:
        if s[0] in SELF_DAMAGE:
            continue
        out.append(tuple(without_self_damage(a) if _is_steps(a) else a for a in s))
    return tuple(out)


@step("acolyte", text=lambda which, steps: f"{_ACOLYTE[which]} (players pick among ties): {render_steps(steps)}")
def _acolyte(g: Engine, ctx: Ctx, which: str, steps: Steps, action: Action | None = None) -> None:
    """The acolyte with the most / least life (ties: the players pick) is "it" for ``steps``."""
    if action is None:
        acs = _acolytes(g)
        if not acs:
            return
        best = (max if which == "most_life" else min)(c.life for c in acs)
        opts: list[Action] = [("minion", c.name) for c in acs if c.life == best]
        ask_step(g, ctx, ("acolyte", which, steps), "minion", chooser(g, ctx), "Which acolyte?", opts)
        return
    name = str(action[1])
    if _in_play(g, name) is not None:
        g.push_steps(steps, Ctx(-1, -1, name))


@step("own_blood_magic", text=lambda: "Its Blood Magic resolves.")
def _own_blood_magic(g: Engine, ctx: Ctx) -> None:
    """The Blood Magic of the acolyte ``ctx.source`` (nothing once it has left play)."""
    if _in_play(g, ctx.source) is not None:
        g.ev("blood_magic", card=ctx.source)
        g.push_steps(content.NEMESIS_CARDS[ctx.source].blood_magic, Ctx(-1, -1, ctx.source))


@step("blood_magic_each", text=lambda: (
        "The Blood Magic of every acolyte in play resolves, longest in play first, leaving out the "
        "damage each would deal to itself."))
def _blood_magic_each(g: Engine, ctx: Ctx) -> None:
    """Every acolyte in play now, longest in play first, without its self-damage."""
    for c in reversed(_acolytes(g)):
        g.push("blood_magic_of", c.name)


@op("blood_magic_of")
def _blood_magic_of(g: Engine, name: str) -> None:
    if _in_play(g, name) is not None:
        g.ev("blood_magic", card=name, self_damage=False)
        g.push_steps(without_self_damage(content.NEMESIS_CARDS[name].blood_magic), Ctx(-1, -1, name))


@step("it_suffers", text=lambda n: f"It suffers {n} damage.")
def _it_suffers(g: Engine, ctx: Ctx, n: int) -> None:
    minion_damage(g, ctx.source, n, ctx.source)


@step("self_heal", text=lambda n: f"It gains {n} life, never above its starting life.")
def _self_heal(g: Engine, ctx: Ctx, n: int) -> None:
    c = _in_play(g, ctx.source)
    if c is not None:
        c.life = min(content.NEMESIS_CARDS[c.name].life, c.life + n)
        g.ev("minion_life", card=c.name, life=c.life, source=ctx.source)


@step("acolyte_to_deck_bottom", text=lambda: "It goes under the acolyte deck.")
def _acolyte_to_deck_bottom(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    c = _in_play(g, ctx.source)
    if c is not None:
        n.in_play.remove(c)
        n.decks.setdefault("acolyte", []).append(c.name)
        g.ev("acolyte_to_deck_bottom", card=c.name)


def draw_acolyte(n: Nemesis) -> str | None:
    """The top acolyte enters play with its full life; None if the acolyte deck is empty."""
    deck = n.decks.get("acolyte")
    if not deck:
        return None
    name = deck.pop(0)
    n.in_play.append(InPlay(name, life=content.NEMESIS_CARDS[name].life))
    return name


@step("draw_acolyte", text=lambda: "The top acolyte enters play.")
def _draw_acolyte(g: Engine, ctx: Ctx) -> None:
    name = draw_acolyte(g.state.nemesis)
    if name is not None:
        g.ev("nemesis_card_in_play", card=name, life=content.NEMESIS_CARDS[name].life, source=ctx.source)


@step("to_acolyte_discard", text=lambda: "It goes to the acolyte discard pile.")
def _to_acolyte_discard(g: Engine, ctx: Ctx) -> None:
    n = g.state.nemesis
    name = ctx.source
    if name in n.discard:
        del n.discard[len(n.discard) - 1 - n.discard[::-1].index(name)]
        n.decks.setdefault("acolyte_discard", []).append(name)
        g.ev("acolyte_discarded", card=name)


@step("acolytes_back_to_deck", text=lambda n: (
        f"The {n} acolytes discarded last go back into the acolyte deck, which is then shuffled."))
def _acolytes_back_to_deck(g: Engine, ctx: Ctx, k: int) -> None:
    """Nameless Faith: the k most recently discarded acolytes go back; the deck is shuffled."""
    st = g.state
    n = st.nemesis
    disc = n.decks.setdefault("acolyte_discard", [])
    back = disc[len(disc) - min(k, len(disc)):]
    del disc[len(disc) - len(back):]
    deck = n.decks.setdefault("acolyte", [])
    deck.extend(back)
    st.rng = rng.shuffle(st.rng, deck)
    g.ev("acolytes_shuffled_back", cards=list(back), source=ctx.source)


@step("self_damage_most_prepped", text=lambda per: (
        f"This minion suffers {per} damage per spell held by whoever has the most prepped spells."))
def _self_damage_most_prepped(g: Engine, ctx: Ctx, per: int) -> None:
    most = max(sum(len(br.spells) for br in p.breaches) for p in g.state.players)
    minion_damage(g, ctx.source, per * most, ctx.source)


@step("self_damage_if_life_at_most", text=lambda life, n: (
        f"then, if that player has at most {life} life, this minion suffers {n} damage."))
def _self_damage_if_life_at_most(g: Engine, ctx: Ctx, life: int, n: int) -> None:
    """Edryss Tragg: if the player just hit (``you``) has ``life`` or less, it suffers n."""
    if g.state.players[ctx.you].life <= life:
        minion_damage(g, ctx.source, n, ctx.source)


def _rule(nid: str, key: str) -> Steps:
    steps = content.NEMESES[nid].rules.get(key, ())
    return steps if _is_steps(steps) else ()


@nemesis_hook(HC, "setup")
def _hollow_setup(st: State) -> None:
    """S-7: nominal life 1; the shuffled acolyte deck puts two into play (beginner: one more
    is discarded)."""
    n = st.nemesis
    n.life = n.max_life = content.NEMESES[HC].life
    n.decks.setdefault("acolyte_discard", [])
    count = next((s[1] for s in _rule(HC, "setup") if s[0] == "setup_acolytes"), 2)
    for _ in range(count):
        draw_acolyte(n)
    if st.config.get("difficulty") == "beginner" and n.decks["acolyte"]:
        n.decks["acolyte_discard"].append(n.decks["acolyte"].pop(0))


@nemesis_hook(HC, "targets")
def _hollow_targets(g: Engine, you: int, targets: list[str]) -> list[str]:
    return [t for t in targets if t != "nemesis"]


@nemesis_hook(HC, "nemesis_damage")
def _hollow_damage(g: Engine, amount: int, source: str) -> int:
    return 0


@nemesis_hook(HC, "exhaust")
def _hollow_exhaust(g: Engine, i: int) -> bool:
    """E-1 (1) replaced: Gravehold suffers 4 instead of two Unleashes; (2) and (3) still happen."""
    for s in _rule(HC, "exhaust"):
        if s[0] == "on_exhaust_instead":
            g.push_steps(s[1], Ctx(-1, -1, HC))
            return True
    return False


@nemesis_hook(HC, "end_of_turn")
def _hollow_end_of_turn(g: Engine) -> None:
    """A turn that ends with no acolyte in play wins the game for the players."""
    if not _acolytes(g):
        g.end("win", "nemesis_rule")


@nemesis_hook(MC, "token_room")
def _magus_token_room(g: Engine, token: str, n: int) -> bool:
    """Magus of Cloaks: gaining tokens resolves fully only if the upper bound allows all of them."""
    bounds = token_bounds(g)
    return bounds is None or bool(g.state.nemesis.tokens.get(token, 0) + n <= bounds[1])
