"""The effect vocabulary: one function per step kind named in ``content.text.STEP_ARITY``.

A step that needs a choice calls :func:`ask_step`; the decision resumes the very same
frame with the chosen action as the keyword ``action``. Choices that take several picks
re-push a smaller step (e.g. ``("discard", 2)`` after one card of three), so every
pick is a single action and the flat action space stays small.
"""

from __future__ import annotations

from typing import Any

from ..content import registry as content
from . import rng
from .aether import available, pay
from .core import Ctx, Engine, op, step
from .damage import gravehold_damage, gravehold_heal, heal_player, player_damage
from .hooks import hook
from .state import Action
from .turn import (
    cast_spell,
    draw_cards,
    flip_discard,
    focus_breach,
    focusable,
    gain_card,
    prep_spell,
    prep_targets,
    reveal_turn_order_top,
)

Steps = tuple[tuple[Any, ...], ...]

#: N-6: step kinds ``(kind, n, ...)`` by which a chosen player loses n cards from hand;
#: "any player" must then be one who can lose all n (else one who loses most). Box
#: modules add their own kinds (e.g. effects_we_basics: Nix, Throttle).
HAND_LOSS_STEPS: set[str] = {"discard", "destroy_hand"}


_new_ctx = tuple.__new__  # Ctx(you, owner, source) without the Python-level __new__ (hot path)


@op("s")
def _s(g: Engine, you: int, owner: int, source: str, st: tuple[Any, ...], action: Action | None = None) -> None:
    fn = content_steps[st[0]]
    ctx = _new_ctx(Ctx, (you, owner, source))
    if action is None:
        if len(st) == 2:
            fn(g, ctx, st[1])
        else:
            fn(g, ctx, *st[1:])
    else:
        fn(g, ctx, *st[1:], action=action)


def ask_step(g: Engine, ctx: Ctx, st: tuple[Any, ...], kind: str, player: int, prompt: str,
             options: list[Action]) -> None:
    g.ask(kind, player, ctx.source, prompt, options, ("s", ctx.you, ctx.owner, ctx.source, st))


def chooser(g: Engine, ctx: Ctx) -> int:
    """Player cards are decided by "you"; nemesis cards by the players together."""
    return ctx.you if ctx.you >= 0 else g.team()


from .core import STEPS as content_steps  # noqa: E402

# ================================================================== aether & cards


@step("aether")
def _aether(g: Engine, ctx: Ctx, n: int) -> None:
    g.state.players[ctx.you].aether += n
    g.ev("aether", player=ctx.you, amount=n, source=ctx.source)


@step("aether_for")
def _aether_for(g: Engine, ctx: Ctx, n: int, ctype: str) -> None:
    """K-11: aether in a restricted pool (see engine/aether.py for the restrictions)."""
    pools = g.state.players[ctx.you].aether_for
    pools[ctype] = pools.get(ctype, 0) + n
    g.ev("aether", player=ctx.you, amount=n, source=ctx.source, only=ctype)


@step("aether_if")
def _aether_if(g: Engine, ctx: Ctx, n: int, cond: str) -> None:
    st = g.state
    if cond == "tier_2":
        ok = g.tier() >= 2
    elif cond == "nemesis_turn_discarded":
        ok = "N" in st.to_discard
    else:  # pragma: no cover - content is checked at load
        raise ValueError(cond)
    if ok:
        _aether(g, ctx, n)


@step("aether_first_gain")
def _aether_first_gain(g: Engine, ctx: Ctx, n: int) -> None:
    st = g.state
    key = "first_gain:" + ctx.source
    if ctx.you == st.active and not st.flags.get(key):
        st.flags[key] = True
        _aether(g, ctx, n)


@step("next_gain_to_deck")
def _next_gain_to_deck(g: Engine, ctx: Ctx) -> None:
    g.state.flags["gain_to_deck"] = True


@step("draw")
def _draw(g: Engine, ctx: Ctx, n: int, who: str, action: Action | None = None) -> None:
    if who == "you":
        draw_cards(g, ctx.you, n)
        return
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)]
        ask_step(g, ctx, ("draw", n, who), "player", chooser(g, ctx), f"Which ally draws {n}?", opts)
        return
    draw_cards(g, int(action[1]), n)


@step("ally_may_cycle")
def _ally_may_cycle(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)] + [("skip",)]
        ask_step(g, ctx, ("ally_may_cycle",), "player", ctx.you, "Which ally draws then discards?", opts)
        return
    if action[0] == "skip":
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, ("discard", 1))
    draw_cards(g, j, 1)


@step("discard")
def _discard(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    """Discard n cards from hand, as many as there are (N-6)."""
    p = g.state.players[ctx.you]
    if action is None:
        if n <= 0 or not p.hand:
            return
        opts: list[Action] = [("card", c) for c in sorted(set(p.hand))]
        ask_step(g, ctx, ("discard", n), "discard", ctx.you, f"Discard a card ({n} to go)", opts)
        return
    p.hand.remove(action[1])
    p.discard.append(action[1])
    g.ev("discard", player=ctx.you, card=action[1], source=ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("discard", n - 1))


@step("destroy_hand")
def _destroy_hand(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if n <= 0 or not p.hand:
            return
        opts: list[Action] = [("card", c) for c in sorted(set(p.hand))]
        ask_step(g, ctx, ("destroy_hand", n), "destroy", ctx.you, f"Destroy a card in hand ({n} to go)", opts)
        return
    destroy_from(g, ctx.you, "hand", action[1], ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("destroy_hand", n - 1))


#: card type -> ``fn(g, player, name, source)`` that takes a destroyed card of that type
#: instead of the destroyed pile (Crooked Mask: corruptions go back to the corruption deck).
DESTROY_REDIRECTS: dict[str, Any] = {}


def destroy_from(g: Engine, i: int, zone: str, name: str, source: str) -> None:
    """K-10: the card leaves the game (kept in the destroyed pile for the record)."""
    cards: list[str] = getattr(g.state.players[i], zone)
    # take the topmost copy: the end of a discard pile, the first of a deck
    if zone == "discard":
        idx = len(cards) - 1 - cards[::-1].index(name)
    else:
        idx = cards.index(name)
    del cards[idx]
    redirect = DESTROY_REDIRECTS.get(content.CARDS[name].type) if DESTROY_REDIRECTS else None
    if redirect is not None:
        redirect(g, i, name, source)
        return
    g.state.destroyed.append(name)
    g.ev("destroyed", player=i, card=name, zone=zone, source=source)


@step("destroy_this")
def _destroy_this(g: Engine, ctx: Ctx) -> None:
    card = content.CARDS[ctx.source]
    i = ctx.owner
    zone = "discard" if card.type == "spell" else "played"
    if ctx.source in getattr(g.state.players[i], zone):
        destroy_from(g, i, zone, ctx.source, ctx.source)


@step("destroy_played")
def _destroy_played(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(_others_played(p.played, ctx.source)))]
        if opts:
            ask_step(g, ctx, ("destroy_played",), "destroy", ctx.you, "Destroy which played card?", opts)
        return
    destroy_from(g, ctx.you, "played", action[1], ctx.source)


def _others_played(played: list[str], source: str) -> list[str]:
    rest = list(played)
    if source in rest:
        rest.remove(source)
    return rest


@step("may_discard_hand")
def _may_discard_hand(g: Engine, ctx: Ctx, then: Steps, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if not p.hand:
            return
        opts: list[Action] = [("card", c) for c in sorted(set(p.hand))] + [("skip",)]
        ask_step(g, ctx, ("may_discard_hand", then), "discard", ctx.you, "Discard a card from hand?", opts)
        return
    if action[0] == "skip":
        return
    p.hand.remove(action[1])
    p.discard.append(action[1])
    g.ev("discard", player=ctx.you, card=action[1], source=ctx.source)
    g.push_steps(then, ctx)


@step("may_destroy_this")
def _may_destroy_this(g: Engine, ctx: Ctx, then: Steps, action: Action | None = None) -> None:
    p = g.state.players[ctx.owner]
    if action is None:
        if ctx.source not in p.discard:
            return
        ask_step(g, ctx, ("may_destroy_this", then), "yes_no", ctx.you,
                 f"Destroy {ctx.source}?", [("yes",), ("no",)])
        return
    if action[0] == "yes":
        destroy_from(g, ctx.owner, "discard", ctx.source, ctx.source)
        g.push_steps(then, ctx)


@step("reveal_top_may_destroy")
def _reveal_top_may_destroy(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        if not p.deck:
            if not p.discard:
                return
            flip_discard(g, ctx.you)  # P-16: revealing from an empty deck
        g.ev("revealed", player=ctx.you, card=p.deck[0], source=ctx.source)
        ask_step(g, ctx, ("reveal_top_may_destroy",), "yes_no", ctx.you,
                 f"Destroy the revealed {p.deck[0]}?", [("yes",), ("no",)])
        return
    if action[0] == "yes" and p.deck:
        destroy_from(g, ctx.you, "deck", p.deck[0], ctx.source)


# ================================================================== life & damage


@step("damage")
def _damage(g: Engine, ctx: Ctx, n: int) -> None:
    st = g.state
    if st.cast_bonus and content.CARDS.get(ctx.source) is not None \
            and content.CARDS[ctx.source].type == "spell":
        n += st.cast_bonus[-1]
        st.cast_bonus[-1] = 0
    g.push("deal", ctx.you, ctx.source, n)


@step("damage_scaled")
def _damage_scaled(g: Engine, ctx: Ctx, base: int, per: int, counter: str) -> None:
    st = g.state
    if counter == "other_same_prepped_any":
        k = sum(br.spells.count(ctx.source) for p in st.players for br in p.breaches)
    elif counter == "your_other_prepped":
        k = sum(len(br.spells) for br in st.players[ctx.you].breaches)
    else:  # pragma: no cover
        raise ValueError(counter)
    _damage(g, ctx, base + per * k)


@step("crystallize")
def _crystallize(g: Engine, ctx: Ctx, per: int, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)]
        ask_step(g, ctx, ("crystallize", per), "player", ctx.you, "Which ally shows their hand?", opts)
        return
    j = int(action[1])
    hand = g.state.players[j].hand
    gems = sum(content.CARDS[c].type == "gem" for c in hand)
    g.ev("hand_revealed", player=j, cards=list(hand), source=ctx.source)
    _damage(g, ctx, per * gems)


@step("gravehold_life")
def _gravehold_life(g: Engine, ctx: Ctx, n: int) -> None:
    gravehold_heal(g, n, ctx.source)


@step("life")
def _life(g: Engine, ctx: Ctx, n: int, who: str, action: Action | None = None) -> None:
    if who == "you":
        heal_player(g, ctx.you, n, ctx.source)
        return
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(g.state.players) if not p.exhausted]
        if opts:
            ask_step(g, ctx, ("life", n, who), "player", chooser(g, ctx), f"Which player gains {n} life?", opts)
        return
    heal_player(g, int(action[1]), n, ctx.source)


# ================================================================== breaches


@step("focus_lowest")
def _focus_lowest(g: Engine, ctx: Ctx, who: str, action: Action | None = None) -> None:
    from .core import FOCUS_COST

    if action is None:
        players = [ctx.you] if who == "you" else range(len(g.state.players))
        opts: list[Action] = []
        for j in players:
            cand = [b for b in range(4) if focusable(g, j, b)]
            if cand:
                low = min(FOCUS_COST[b] for b in cand)
                opts += [("breach", j, b) for b in cand if FOCUS_COST[b] == low]
        if opts:
            ask_step(g, ctx, ("focus_lowest", who), "breach", ctx.you, "Focus which breach?", opts)
        return
    focus_breach(g, int(action[1]), int(action[2]))


@step("focus_any")
def _focus_any(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("breach", j, b) for j in range(len(g.state.players))
                              for b in range(4) if focusable(g, j, b)]
        if opts:
            ask_step(g, ctx, ("focus_any",), "breach", chooser(g, ctx), "Focus which breach?", opts)
        return
    focus_breach(g, int(action[1]), int(action[2]))


@step("cast_prepped_any")
def _cast_prepped_any(g: Engine, ctx: Ctx, to_hand: bool, action: Action | None = None) -> None:
    """P-18: you cast an ally's (or your own) prepped spell; it goes to its owner."""
    st = g.state
    if action is None:
        opts: list[Action] = [("spell", j, b, k) for j, p in enumerate(st.players)
                              for b, br in enumerate(p.breaches) for k in range(len(br.spells))]
        if opts:
            ask_step(g, ctx, ("cast_prepped_any", to_hand), "spell", ctx.you, "Cast which prepped spell?", opts)
        return
    j, b, k = int(action[1]), int(action[2]), int(action[3])
    name = st.players[j].breaches[b].spells[k]
    if to_hand:
        g.push("return_to_hand", j, name)
    cast_spell(g, ctx.you, j, b, k)


@op("return_to_hand")
def _return_to_hand(g: Engine, j: int, name: str) -> None:
    p = g.state.players[j]
    if name in p.discard:
        idx = len(p.discard) - 1 - p.discard[::-1].index(name)
        del p.discard[idx]
        p.hand.append(name)
        g.ev("returned_to_hand", player=j, card=name)


@step("ally_prep_from_discard")
def _ally_prep_from_discard(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = []
        for j in g.allies(ctx.you):
            p = st.players[j]
            for name in sorted({c for c in p.discard if content.CARDS[c].type == "spell"}):
                for b in prep_targets(p, name, own_turn=False, closed_any=True):
                    opts.append(("prep", j, name, b))
        if opts:
            ask_step(g, ctx, ("ally_prep_from_discard",), "prep", ctx.you,
                     "Prep a spell from an ally's discard?", opts + [("skip",)])
        return
    if action[0] == "skip":
        return
    j, name, b = int(action[1]), str(action[2]), int(action[3])
    p = st.players[j]
    idx = len(p.discard) - 1 - p.discard[::-1].index(name)
    del p.discard[idx]
    p.hand.append(name)  # passes through hand only to reuse prep_spell's bookkeeping
    prep_spell(g, j, name, b, from_zone="hand")


@step("ally_charges")
def _ally_charges(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    st = g.state
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)
                              if st.players[j].charges < st.players[j].max_charges]
        if n > 0 and opts:
            ask_step(g, ctx, ("ally_charges", n), "player", ctx.you, f"Who gains a charge? ({n} to go)", opts)
        return
    j = int(action[1])
    st.players[j].charges += 1
    g.ev("charge", player=j, charges=st.players[j].charges, source=ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("ally_charges", n - 1))


@step("gain_charge")
def _gain_charge(g: Engine, ctx: Ctx, n: int) -> None:
    """P-9: you gain charges, never more than the mat's slots."""
    p = g.state.players[ctx.you]
    got = min(n, p.max_charges - p.charges)
    if got > 0:
        p.charges += got
        g.ev("charge", player=ctx.you, charges=p.charges, source=ctx.source)


@step("lose_all_charges")
def _lose_all_charges(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    g.ev("charges_lost", player=ctx.you, amount=p.charges, source=ctx.source)
    p.charges = 0


@step("lose_charges")
def _lose_charges(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    lost = min(n, p.charges)
    p.charges -= lost
    g.ev("charges_lost", player=ctx.you, amount=lost, source=ctx.source)


@step("spend_aether")
def _spend_aether(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    pay(p, min(n, available(p, "other")), "other")


@step("destroy_hand_min_cost")
def _destroy_hand_min_cost(g: Engine, ctx: Ctx, cost: int, n: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("card", c) for c in sorted(set(p.hand)) if content.CARDS[c].cost >= cost]
        if n > 0 and opts:
            ask_step(g, ctx, ("destroy_hand_min_cost", cost, n), "destroy", ctx.you,
                     f"Destroy a card costing {cost}+ from hand", opts)
        return
    destroy_from(g, ctx.you, "hand", action[1], ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("destroy_hand_min_cost", cost, n - 1))


@step("destroy_prepped_min_cost")
def _destroy_prepped_min_cost(g: Engine, ctx: Ctx, n: int, cost: int, action: Action | None = None) -> None:
    st = g.state
    p = st.players[ctx.you]
    if action is None:
        opts: list[Action] = [("spell", ctx.you, b, k) for b, br in enumerate(p.breaches)
                              for k, sp in enumerate(br.spells) if content.CARDS[sp].cost >= cost]
        if n > 0 and opts:
            ask_step(g, ctx, ("destroy_prepped_min_cost", n, cost), "spell", ctx.you,
                     f"Destroy a prepped spell costing {cost}+", opts)
        return
    b, k = int(action[2]), int(action[3])
    _remove_prepped(g, ctx.you, b, k, destroy=True, source=ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("destroy_prepped_min_cost", n - 1, cost))


def _remove_prepped(g: Engine, j: int, b: int, k: int, destroy: bool, source: str) -> None:
    from .damage import uncover

    p = g.state.players[j]
    name = p.breaches[b].spells.pop(k)
    if content.CARDS[name].two_breaches:
        uncover(p, b)
    if destroy:
        g.state.destroyed.append(name)
        g.ev("destroyed", player=j, card=name, zone="breach", source=source)
    else:
        p.discard.append(name)
        g.ev("spell_discarded", player=j, breach=b, card=name, source=source)


# ================================================================== turn order


@step("flare")
def _flare(g: Engine, ctx: Ctx, hit: int, miss: int) -> None:
    top = reveal_turn_order_top(g)
    _damage(g, ctx, hit if top != "N" else miss)


@step("reorder_turn_order")
def _reorder_turn_order(g: Engine, ctx: Ctx, placed: int = 0, action: Action | None = None) -> None:
    """Reveal the whole turn order deck and put it back in an order of your choice."""
    st = g.state
    if action is not None:
        rest = st.to_deck[placed:]
        rest.remove(action[1])
        st.to_deck[placed:] = [action[1]] + rest
        placed += 1
    elif placed == 0:
        st.tokens["to_known"] = len(st.to_deck)
        g.ev("turn_order_revealed", cards=list(st.to_deck), source=ctx.source)
    rest = st.to_deck[placed:]
    if len(set(rest)) <= 1:
        return
    opts: list[Action] = [("card", c) for c in sorted(set(rest))]
    g.ask("order", ctx.you, ctx.source, f"Turn order card for position {placed + 1}?", opts,
          ("s", ctx.you, ctx.owner, ctx.source, ("reorder_turn_order", placed + 0)))


@step("shuffle_nemesis_turns")
def _shuffle_nemesis_turns(g: Engine, ctx: Ctx) -> None:
    st = g.state
    k = st.to_discard.count("N")
    st.to_discard = [c for c in st.to_discard if c != "N"]
    st.to_deck.extend(["N"] * k)
    st.rng = rng.shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck), source=ctx.source)


@step("cancel_nemesis_card")
def _cancel_nemesis_card(g: Engine, ctx: Ctx) -> None:
    st = g.state
    if st.phase == "nemesis_draw" and st.flags.get("drawn"):
        st.flags["cancelled"] = st.flags["drawn"]


@step("pay_for_ally_copy")
def _pay_for_ally_copy(g: Engine, ctx: Ctx, cost: int, action: Action | None = None) -> None:
    st = g.state
    p = st.players[ctx.you]
    if action is None:
        if ctx.you != st.active or available(p, "other") < cost or ctx.source not in st.supply_names \
                or st.supply_counts[st.supply_names.index(ctx.source)] <= 0:
            return
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)] + [("skip",)]
        ask_step(g, ctx, ("pay_for_ally_copy", cost), "player", ctx.you,
                 f"Pay {cost} Æ so that an ally gains {ctx.source}?", opts)
        return
    if action[0] == "skip":
        return
    pay(p, cost, "other")
    gain_card(g, int(action[1]), ctx.source, on_your_turn=False, to_deck=True)


# ================================================================== nemesis side


@step("unleash")
def _unleash_step(g: Engine, ctx: Ctx, n: int) -> None:
    g.push("unleash", n)


@step("gain_token")
def _gain_token(g: Engine, ctx: Ctx, token: str, n: int) -> None:
    t = g.state.nemesis.tokens
    t[token] = t.get(token, 0) + n
    g.ev("token", token=token, amount=n, total=t[token])
    check_token_loss(g)


def check_token_loss(g: Engine) -> None:
    """G-2: LoG's 10 fire tokens, or a nemesis' own token-count loss condition."""
    st = g.state
    t = st.nemesis.tokens
    if t.get("fire", 0) >= 10:
        g.end("loss", "fire")
        return
    nd = content.NEMESES[st.nemesis.id]
    if nd.loss_token and t.get(nd.loss_token[0], 0) >= nd.loss_token[1]:
        g.end("loss", "nemesis_rule")
        return
    h = hook(st.nemesis.id, "tokens")
    if h is not None:
        h(g)


@step("if_token_at_least")
def _if_token_at_least(g: Engine, ctx: Ctx, token: str, n: int, then: Steps) -> None:
    if g.state.nemesis.tokens.get(token, 0) >= n:
        g.push_steps(then, ctx)


@step("if_nemesis_turns_discarded")
def _if_nemesis_turns(g: Engine, ctx: Ctx, k: int, then: Steps) -> None:
    if g.state.to_discard.count("N") >= k:
        g.push_steps(then, ctx)


@step("gravehold_damage")
def _gravehold_damage(g: Engine, ctx: Ctx, n: int) -> None:
    gravehold_damage(g, n, ctx.source)


@step("gravehold_damage_token")
def _gravehold_damage_token(g: Engine, ctx: Ctx, token: str) -> None:
    gravehold_damage(g, g.state.nemesis.tokens.get(token, 0), ctx.source)


def _source_minion(g: Engine, name: str) -> Any:
    for c in g.state.nemesis.in_play:
        if c.name == name:
            return c
    return None


@step("gravehold_damage_self_life")
def _gravehold_damage_self_life(g: Engine, ctx: Ctx) -> None:
    c = _source_minion(g, ctx.source)
    if c is not None:
        gravehold_damage(g, c.life, ctx.source)


@step("self_damage")
def _self_damage(g: Engine, ctx: Ctx, n: int) -> None:
    from .damage import minion_damage

    minion_damage(g, ctx.source, n, ctx.source)


def _select(g: Engine, selector: str) -> list[int]:
    """N-6 / E-3: the candidates a nemesis selector names; ties go to the players."""
    st = g.state
    ps = st.players
    idx = list(range(len(ps)))
    cards = content.CARDS
    if selector == "any":
        return idx
    if selector == "any_prepped_min_cost":
        return [j for j in idx if any(cards[s].cost >= 3 for br in ps[j].breaches for s in br.spells)]
    if selector == "lowest_life":
        live = [j for j in idx if not ps[j].exhausted] or idx
        low = min(ps[j].life for j in live)
        return [j for j in live if ps[j].life == low]

    def measure(j: int) -> int:
        p = ps[j]
        if selector == "most_opened_breaches":
            return sum(b.state == "open" for b in p.breaches)
        if selector == "most_prepped":
            return sum(len(b.spells) for b in p.breaches)
        if selector == "most_charges":
            return p.charges
        raise ValueError(selector)  # pragma: no cover

    top = max(measure(j) for j in idx)
    return [j for j in idx if measure(j) == top]


@step("player")
def _player(g: Engine, ctx: Ctx, selector: str, steps: Steps, action: Action | None = None) -> None:
    if action is None:
        cand = _select(g, selector)
        if not cand:
            return
        need = max((s[1] for s in steps if s[0] in HAND_LOSS_STEPS), default=0)
        if need:  # N-6: as much as possible -- a player who can do it, else the most cards
            reach = {j: min(need, len(g.state.players[j].hand)) for j in cand}
            cand = [j for j in cand if reach[j] == max(reach.values())]
        opts: list[Action] = [("player", j) for j in cand]
        ask_step(g, ctx, ("player", selector, steps), "player", chooser(g, ctx),
                 "Which player is affected?", opts)
        return
    j = int(action[1])
    g.push_steps(steps, Ctx(j, j, ctx.source))


@step("suffer")
def _suffer(g: Engine, ctx: Ctx, n: int) -> None:
    player_damage(g, ctx.you, n, ctx.source)


@step("suffer_token")
def _suffer_token(g: Engine, ctx: Ctx, base: int, token: str) -> None:
    player_damage(g, ctx.you, base + g.state.nemesis.tokens.get(token, 0), ctx.source)


@step("suffer_per_prepped")
def _suffer_per_prepped(g: Engine, ctx: Ctx, per: int) -> None:
    k = sum(len(b.spells) for b in g.state.players[ctx.you].breaches)
    player_damage(g, ctx.you, per * k, ctx.source)


@step("suffer_source_life")
def _suffer_source_life(g: Engine, ctx: Ctx) -> None:
    c = _source_minion(g, ctx.source)
    if c is not None:
        player_damage(g, ctx.you, c.life, ctx.source)


@step("discard_prepped_expensive")
def _discard_prepped_expensive(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        prepped = [(content.CARDS[s].cost, b, k) for b, br in enumerate(p.breaches) for k, s in enumerate(br.spells)]
        if not prepped:
            return
        top = max(c for c, _, _ in prepped)
        opts: list[Action] = [("spell", ctx.you, b, k) for c, b, k in prepped if c == top]
        ask_step(g, ctx, ("discard_prepped_expensive",), "spell", ctx.you, "Discard which prepped spell?", opts)
        return
    _remove_prepped(g, ctx.you, int(action[2]), int(action[3]), destroy=False, source=ctx.source)


@step("discard_prepped_min_cost")
def _discard_prepped_min_cost(g: Engine, ctx: Ctx, cost: int, action: Action | None = None) -> None:
    p = g.state.players[ctx.you]
    if action is None:
        opts: list[Action] = [("spell", ctx.you, b, k) for b, br in enumerate(p.breaches)
                              for k, s in enumerate(br.spells) if content.CARDS[s].cost >= cost]
        if opts:
            ask_step(g, ctx, ("discard_prepped_min_cost", cost), "spell", ctx.you,
                     "Discard which prepped spell?", opts)
        return
    _remove_prepped(g, ctx.you, int(action[2]), int(action[3]), destroy=False, source=ctx.source)


@step("recycle_and_destroy")
def _recycle_and_destroy(g: Engine, ctx: Ctx, n: int) -> None:
    """Discard pile onto the deck, shuffle that deck (a named effect), destroy the top n."""
    st = g.state
    p = st.players[ctx.you]
    p.deck = p.discard + p.deck
    p.discard = []
    st.rng = rng.shuffle(st.rng, p.deck)
    g.ev("deck_shuffled", player=ctx.you, source=ctx.source)
    for _ in range(min(n, len(p.deck))):
        destroy_from(g, ctx.you, "deck", p.deck[0], ctx.source)


@step("strike")
def _strike(g: Engine, ctx: Ctx, n: int) -> None:
    for _ in range(n):
        g.push("strike_once", ctx.source)


@op("strike_once")
def _strike_once(g: Engine, source: str) -> None:
    """Draw the top strike card, resolve it, shuffle it back, then lose tokens."""
    st = g.state
    nd = content.NEMESES[st.nemesis.id]
    rule = dict(nd.rules["strike"])
    if g.expert():
        rule.update(nd.increased_difficulty.get("strike", {}))
    deck = st.nemesis.decks[rule["deck"]]
    name = deck[0]  # stays in its deck while it resolves; shuffled back afterwards
    g.ev("strike", card=name, source=source)
    g.push("strike_done", name, rule["deck"], rule["lose_token"], rule["lose"])
    g.push_steps(content.NEMESIS_CARDS[name].effect, Ctx(-1, -1, name))


@op("strike_done")
def _strike_done(g: Engine, name: str, deck: str, token: str, lose: int) -> None:
    st = g.state
    d = st.nemesis.decks[deck]
    st.rng = rng.shuffle(st.rng, d)
    t = st.nemesis.tokens
    t[token] = max(0, t.get(token, 0) - lose)
    g.ev("token", token=token, amount=-lose, total=t[token])
    check_token_loss(g)


@step("collective_discard_hand")
def _collective_discard_hand(g: Engine, ctx: Ctx, amount: Any, action: Action | None = None) -> None:
    st = g.state
    n = amount if isinstance(amount, int) else st.nemesis.tokens.get(amount, 0)
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if p.hand]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_discard_hand", n), "player", chooser(g, ctx),
                     f"Who discards the next card? ({n} to go)", opts)
        return
    j = int(action[1])
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("collective_discard_hand", n - 1))
    g.push("s", j, j, ctx.source, ("discard", 1))


def prepped_spells(g: Engine, players: list[int], min_cost: int = 0) -> list[tuple[int, int, int, int]]:
    """(cost, player, breach, slot) of every prepped spell of ``players`` costing min_cost+."""
    out = []
    cards = content.CARDS
    for j in players:
        for b, br in enumerate(g.state.players[j].breaches):
            for k, s in enumerate(br.spells):
                c = cards[s].cost
                if c >= min_cost:
                    out.append((c, j, b, k))
    return out


def costliest_prepped(g: Engine, ctx: Ctx, kind: str, n: int, destroy: bool, action: Action | None) -> None:
    """The n costliest prepped spells on the table leave, one pick at a time (ties: the
    players choose, N-6): discarded to their owners, or destroyed (K-10)."""
    if action is None:
        prepped = prepped_spells(g, list(range(len(g.state.players))))
        if n <= 0 or not prepped:
            return
        top = max(c for c, *_ in prepped)
        opts: list[Action] = [("spell", j, b, k) for c, j, b, k in prepped if c == top]
        verb = "Destroy" if destroy else "Discard"
        ask_step(g, ctx, (kind, n), "spell", chooser(g, ctx), f"{verb} which of the costliest prepped spells?", opts)
        return
    _remove_prepped(g, int(action[1]), int(action[2]), int(action[3]), destroy=destroy, source=ctx.source)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, (kind, n - 1))


@step("collective_discard_prepped_expensive")
def _collective_discard_prepped(g: Engine, ctx: Ctx, n: int, action: Action | None = None) -> None:
    costliest_prepped(g, ctx, "collective_discard_prepped_expensive", n, False, action)


@step("return_minion")
def _return_minion(g: Engine, ctx: Ctx) -> None:
    from .state import InPlay

    n = g.state.nemesis
    for idx in range(len(n.discard) - 1, -1, -1):
        name = n.discard[idx]
        card = content.NEMESIS_CARDS[name]
        if card.type == "minion":
            del n.discard[idx]
            n.in_play.append(InPlay(name, life=card.life, shields=card.shields))
            g.ev("nemesis_card_in_play", card=name, life=card.life, source=ctx.source)
            return


@step("pulverize")
def _pulverize(g: Engine, ctx: Ctx, dmg: int, most: int, per: int, action: Action | None = None) -> None:
    """Players may discard up to ``most`` gems between them; each prevents ``per``."""
    st = g.state
    if action is not None:
        if action[0] == "done":
            gravehold_damage(g, dmg, ctx.source)
            return
        j, name = int(action[1]), action[2]
        p = st.players[j]
        p.hand.remove(name)
        p.discard.append(name)
        g.ev("discard", player=j, card=name, source=ctx.source)
        dmg = max(0, dmg - per)
        most -= 1
    opts: list[Action] = []
    if most > 0 and dmg > 0:
        opts = [("gem", j, c) for j, p in enumerate(st.players)
                for c in sorted(set(p.hand)) if content.CARDS[c].type == "gem"]
    if not opts:
        gravehold_damage(g, dmg, ctx.source)
        return
    ask_step(g, ctx, ("pulverize", dmg, most, per), "gem", chooser(g, ctx),
             f"Discard a gem to prevent {per} of {dmg} damage to Gravehold?", opts + [("done",)])


@step("or")
def _or(g: Engine, ctx: Ctx, a: Steps, b: Steps, action: Action | None = None) -> None:
    """P-7 / N-6: choose a branch; one that can fully resolve is preferred when only one can."""
    if action is None:
        ok = [i for i, br in enumerate((a, b)) if can_resolve(g, ctx, br)]
        opts: list[Action] = [("choose", i) for i in (ok or [0, 1])]
        ask_step(g, ctx, ("or", a, b), "or", chooser(g, ctx), "Choose one", opts)
        return
    g.push_steps(a if action[1] == 0 else b, ctx)


#: P-7 / N-6: "could this step resolve fully now?" checks of step kinds defined by box
#: modules: ``check(g, ctx, step) -> bool`` (e.g. effects_ae_players: Unstable Prism).
RESOLVE_CHECKS: dict[str, Any] = {}


def can_resolve(g: Engine, ctx: Ctx, steps: Steps) -> bool:
    """Could these steps resolve fully now? (Only the checks our content needs.)"""
    st = g.state
    for s in steps:
        k = s[0]
        check = RESOLVE_CHECKS.get(k)
        if check is not None and not check(g, ctx, s):
            return False
        if k == "cast_prepped_any":
            if not any(br.spells for p in st.players for br in p.breaches):
                return False
        elif k == "focus_lowest":
            players = [ctx.you] if s[1] == "you" else range(len(st.players))
            if not any(focusable(g, j, b) for j in players for b in range(4)):
                return False
        elif k == "focus_any":
            if not any(focusable(g, j, b) for j in range(len(st.players)) for b in range(4)):
                return False
        elif k == "destroy_played":
            if not _others_played(st.players[ctx.you].played, ctx.source):
                return False
        elif k == "return_minion":
            if not any(content.NEMESIS_CARDS[c].type == "minion" for c in st.nemesis.discard):
                return False
        elif k == "shuffle_nemesis_turns":
            if "N" not in st.to_discard:
                return False
        elif k == "player":
            if not _select(g, s[1]):
                return False
        elif k == "destroy_hand":
            if ctx.you >= 0 and len(st.players[ctx.you].hand) < s[1]:
                return False
    return True

