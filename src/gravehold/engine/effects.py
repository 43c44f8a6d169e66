"""The engine's own effect vocabulary: the step kinds any box may use (see ``vocabulary``).

A step that needs a choice calls :func:`ask_step`; the decision resumes the very same
frame with the chosen action as the keyword ``action``. Choices that take several picks
re-push a smaller step (a ``pick`` of 2 after one card of three), so every pick is a
single action and the flat action space stays small. The generic steps that most cards
use (``pick``, ``if``) are in ``generic``; the amounts that the damage steps take may be
counted on the table (``amounts``).
"""

from __future__ import annotations

from typing import Any

from ..content import registry as content
from ..content.text import SELECTORS, WHO, count_of, predicate, render_steps, who_does
from . import rng
from .amounts import amount, amount_at, amount_text
from .core import Ctx, Engine, op, step
from .damage import gravehold_damage, gravehold_heal, heal_player, player_damage
from .keywords import damage_bonus
from .keywords.exclusive_aether import available, pay
from .state import Action
from .turn import _unleash as unleash
from .turn import (
    cast_spell,
    charge_triggers,
    draw_cards,
    flip_discard,
    focus_breach,
    focusable,
    gain_card,
)
from .vocabulary import STEP_KINDS

Steps = tuple[tuple[Any, ...], ...]



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


@step("aether", text=lambda n: f"Gain {n} Æ.")
def _aether(g: Engine, ctx: Ctx, n: int) -> None:
    g.state.players[ctx.you].aether += n
    if g.events is not None:
        g.ev("aether", player=ctx.you, amount=n, source=ctx.source)


@step("next_gain_to_deck", text=lambda: "This turn, the next card you gain may go on top of your deck.")
def _next_gain_to_deck(g: Engine, ctx: Ctx) -> None:
    g.state.flags["gain_to_deck"] = True


@step("draw", text=lambda n, who, *, they=False: (
        f"{WHO[who].capitalize()} draws {count_of(n, 'card')}." if who != "you"
        else f"draws {count_of(n, 'card')}." if they else f"Draw {count_of(n, 'card')}."))
def _draw(g: Engine, ctx: Ctx, n: int, who: str, action: Action | None = None) -> None:
    if who == "you":
        draw_cards(g, ctx.you, n)
        return
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)]
        ask_step(g, ctx, ("draw", n, who), "player", chooser(g, ctx), f"Which ally draws {n}?", opts)
        return
    draw_cards(g, int(action[1]), n)


#: the player discards one card of their hand (``generic.pick``)
DISCARD_ONE = ("pick", "you", "hand", "any", 1, "discard", "must", ())


@step("ally_may_cycle", text=lambda: "An ally may draw 1 card, then discards 1 card from hand.")
def _ally_may_cycle(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("player", j) for j in g.allies(ctx.you)] + [("skip",)]
        ask_step(g, ctx, ("ally_may_cycle",), "player", ctx.you, "Which ally draws then discards?", opts)
        return
    if action[0] == "skip":
        return
    j = int(action[1])
    g.push("s", j, j, ctx.source, DISCARD_ONE)
    draw_cards(g, j, 1)


#: card type -> ``fn(g, player, name, source)`` that takes a destroyed card of that type
#: instead of the destroyed pile (a nemesis may take back cards of its own type).
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


@step("destroy_this", text=lambda: "Destroy this card.")
def _destroy_this(g: Engine, ctx: Ctx) -> None:
    card = content.CARDS[ctx.source]
    i = ctx.owner
    zone = "discard" if card.type == "spell" else "played"
    if ctx.source in getattr(g.state.players[i], zone):
        destroy_from(g, i, zone, ctx.source, ctx.source)


def _others_played(played: list[str], source: str) -> list[str]:
    rest = list(played)
    if source in rest:
        rest.remove(source)
    return rest


@step("may_destroy_this", text=lambda then: f"You may destroy this card; if you do: {render_steps(then)}")
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


@step("reveal_top_may_destroy", text=lambda: "Reveal your deck's top card and optionally destroy that card.")
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


@step("damage", check=amount_at(1), text=lambda n: f"Deal {amount_text(n, 'damage')}.")
def _damage(g: Engine, ctx: Ctx, n: Any) -> None:
    """One source of damage (P-3); a spell's bonus raises each of its sources (P-20)."""
    if type(n) is not int:
        n = amount(g, ctx, n)
    g.push("deal", ctx.you, ctx.source, n + damage_bonus.take(g.state, ctx.source))


@step("gravehold_life", text=lambda n: f"Gravehold gains {n} life.")
def _gravehold_life(g: Engine, ctx: Ctx, n: int) -> None:
    gravehold_heal(g, n, ctx.source)


@step("life", text=lambda n, who: f"{WHO[who].capitalize()} gain{'s' if who != 'you' else ''} {n} life.")
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


def _can_focus_lowest(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    players = [ctx.you] if s[1] == "you" else range(len(g.state.players))
    return any(focusable(g, j, b) for j in players for b in range(4))


@step("focus_lowest", can_resolve=_can_focus_lowest, text=lambda who: (
        "Focus your closed breach with the cheapest focus cost." if who == "you"
        else "A player of your choice focuses their closed breach with the cheapest focus cost."))
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


def _can_focus_any(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return any(focusable(g, j, b) for j in range(len(g.state.players)) for b in range(4))


@step("focus_any", can_resolve=_can_focus_any, text=lambda: "Focus one breach of any player.")
def _focus_any(g: Engine, ctx: Ctx, action: Action | None = None) -> None:
    if action is None:
        opts: list[Action] = [("breach", j, b) for j in range(len(g.state.players))
                              for b in range(4) if focusable(g, j, b)]
        if opts:
            ask_step(g, ctx, ("focus_any",), "breach", chooser(g, ctx), "Focus which breach?", opts)
        return
    focus_breach(g, int(action[1]), int(action[2]))


def _any_prepped(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return any(br.spells for p in g.state.players for br in p.breaches)


@step("cast_prepped_any", can_resolve=_any_prepped, text=lambda back: "Cast a spell prepped by any player"
    + ("; it then returns to its owner's hand." if back else "."))
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


@step("ally_charges", text=lambda n: (
        "An ally of your choice gains 1 charge." if n == 1 else f"Allies gain {n} charges between them."))
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
    charge_triggers(g, j)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("ally_charges", n - 1))


@step("gain_charge", text=lambda n, *, they=False: f"{'gains' if they else 'Gain'} {count_of(n, 'charge')}.")
def _gain_charge(g: Engine, ctx: Ctx, n: int) -> None:
    """P-9: you gain charges, never more than the mat's slots."""
    p = g.state.players[ctx.you]
    got = min(n, p.max_charges - p.charges)
    if got > 0:
        p.charges += got
        g.ev("charge", player=ctx.you, charges=p.charges, source=ctx.source)
        charge_triggers(g, ctx.you)


@step("lose_all_charges", text=lambda: "loses every charge.")
def _lose_all_charges(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    g.ev("charges_lost", player=ctx.you, amount=p.charges, source=ctx.source)
    p.charges = 0


def _can_pay_charges(g: Engine, i: int, s: tuple[Any, ...]) -> bool:
    return bool(g.state.players[i].charges >= s[1])


@step("lose_charges", can_pay=_can_pay_charges, text=lambda n: f"Lose {count_of(n, 'charge')}.")
def _lose_charges(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    lost = min(n, p.charges)
    p.charges -= lost
    g.ev("charges_lost", player=ctx.you, amount=lost, source=ctx.source)


def _can_pay_aether(g: Engine, i: int, s: tuple[Any, ...]) -> bool:
    return bool(available(g.state.players[i], "other") >= s[1])


@step("spend_aether", can_pay=_can_pay_aether, text=lambda n: f"Spend {n} Æ.")
def _spend_aether(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    pay(p, min(n, available(p, "other")), "other")


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


def _nemesis_turn_discarded(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return "N" in g.state.to_discard


@step("shuffle_nemesis_turns", can_resolve=_nemesis_turn_discarded, text=lambda: (
        "Return the nemesis cards of the turn order discard to its deck, then shuffle that deck."))
def _shuffle_nemesis_turns(g: Engine, ctx: Ctx) -> None:
    st = g.state
    k = st.to_discard.count("N")
    st.to_discard = [c for c in st.to_discard if c != "N"]
    st.to_deck.extend(["N"] * k)
    st.rng = rng.shuffle(st.rng, st.to_deck)
    st.tokens["to_known"] = 0
    g.ev("turn_order_shuffled", cards=len(st.to_deck), source=ctx.source)




# ================================================================== nemesis side


@step("unleash", text=lambda n: "Unleash." if n == 1 else f"Unleash {n} times.")
def _unleash_step(g: Engine, ctx: Ctx, n: int) -> None:
    """The ``unleash`` frame it would push runs next, so it runs at once (folded)."""
    unleash(g, n)


def _room_for_tokens(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    """A nemesis may cap its tokens (trigger point ``token_room``); gaining resolves fully only below it."""
    room = g.on.get("token_room")
    return room is None or bool(room(g, s[1], s[2]))


@step("gain_token", can_resolve=_room_for_tokens, text=lambda t, n: f"The nemesis gains {count_of(n, t + ' token')}.")
def _gain_token(g: Engine, ctx: Ctx, token: str, n: int) -> None:
    t = g.state.nemesis.tokens
    t[token] = t.get(token, 0) + n
    if g.events is not None:
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
    h = g.on.get("tokens")
    if h is not None:
        h(g)




@step("gravehold_damage", check=amount_at(1), text=lambda n: f"Gravehold suffers {amount_text(n, 'damage')}.")
def _gravehold_damage(g: Engine, ctx: Ctx, n: Any) -> None:
    gravehold_damage(g, n if type(n) is int else amount(g, ctx, n), ctx.source)


@step("self_damage", check=amount_at(1), text=lambda n: f"This minion suffers {amount_text(n, 'damage')}.")
def _self_damage(g: Engine, ctx: Ctx, n: Any) -> None:
    from .damage import minion_damage

    minion_damage(g, ctx.source, n if type(n) is int else amount(g, ctx, n), ctx.source)


def _select(g: Engine, selector: str) -> list[int]:
    """N-6 / E-3 / SO-3: the candidates a nemesis selector names; ties go to the players."""
    st = g.state
    ps = st.players
    idx = list(range(len(ps)))
    cards = content.CARDS
    if selector == "any":
        return idx
    if selector == "any_prepped_min_cost":
        return [j for j in idx if any(cards[s].cost >= 3 for br in ps[j].breaches for s in br.spells)]
    if selector == "lowest_life":
        live = [j for j in idx if not ps[j].exhausted]
        if not live:  # only in true solo (E-4): SO-3 says whether you still count
            if st.config.get("ruleset", {}).get("solo_exhausted_lowest_life") == "nobody":
                return []
            live = idx
        low = min(ps[j].life for j in live)
        return [j for j in live if ps[j].life == low]

    def measure(j: int) -> int:
        p = ps[j]
        if selector == "most_opened_breaches":
            return sum(b.state == "open" for b in p.breaches)
        if selector == "fewest_opened_breaches":  # the fewest is the most, counted down
            return -sum(b.state == "open" for b in p.breaches)
        if selector == "costliest_in_hand":  # an empty hand holds nothing costly
            return max((cards[c].cost for c in p.hand), default=-1)
        if selector == "most_prepped":
            return sum(len(b.spells) for b in p.breaches)
        if selector == "most_charges":
            return p.charges
        raise ValueError(selector)  # pragma: no cover

    top = max(measure(j) for j in idx)
    return [j for j in idx if measure(j) == top]


def _anyone_selected(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return bool(_select(g, s[1]))


@step("player", can_resolve=_anyone_selected, text=lambda sel, steps: who_does(SELECTORS[sel], steps))
def _player(g: Engine, ctx: Ctx, selector: str, steps: Steps, action: Action | None = None) -> None:
    if action is None:
        cand = _select(g, selector)
        if not cand:
            return
        losing = [(s, loss) for s in steps if (loss := STEP_KINDS[s[0]].hand_loss) is not None]
        if losing:  # N-6: as much as possible -- a player who can do it, else the most cards
            reach = {j: max(loss(g, j, s) for s, loss in losing) for j in cand}
            cand = [j for j in cand if reach[j] == max(reach.values())]
        opts: list[Action] = [("player", j) for j in cand]
        ask_step(g, ctx, ("player", selector, steps), "player", chooser(g, ctx),
                 "Which player is affected?", opts)
        return
    j = int(action[1])
    g.run_steps(steps, Ctx(j, j, ctx.source))


@step("suffer", check=amount_at(1), text=lambda n: f"suffers {amount_text(n, 'damage', they=True)}.")
def _suffer(g: Engine, ctx: Ctx, n: Any) -> None:
    player_damage(g, ctx.you, n if type(n) is int else amount(g, ctx, n), ctx.source)


@step("collective_discard_hand", check=amount_at(1), text=lambda n: (
        f"The players discard {amount_text(n, 'card', noun=True)} from their hands between them."))
def _collective_discard_hand(g: Engine, ctx: Ctx, n: Any, action: Action | None = None) -> None:
    """The count is fixed when the step first resolves; each pick is one card of one player."""
    st = g.state
    if type(n) is not int:
        n = amount(g, ctx, n)
    if action is None:
        opts: list[Action] = [("player", j) for j, p in enumerate(st.players) if p.hand]
        if n > 0 and opts:
            ask_step(g, ctx, ("collective_discard_hand", n), "player", chooser(g, ctx),
                     f"Who discards the next card? ({n} to go)", opts)
        return
    j = int(action[1])
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("collective_discard_hand", n - 1))
    g.push("s", j, j, ctx.source, DISCARD_ONE)


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


def _minion_discarded(g: Engine, ctx: Ctx, s: tuple[Any, ...]) -> bool:
    return any(content.NEMESIS_CARDS[c].type == "minion" for c in g.state.nemesis.discard)


@step("return_minion", can_resolve=_minion_discarded, text=lambda: (
        "The minion discarded most recently returns to play."))
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


def _or_text(a: Steps, b: Steps, *, they: bool = False) -> str:
    """Said of a named player, who makes the choice: "either suffers 4 damage or ..."."""
    pa, pb = (predicate(a), predicate(b)) if they else (None, None)
    if pa is not None and pb is not None:
        return f"either {pa} or {pb}, as they choose."
    return f"Choose: {render_steps(a)} — or — {render_steps(b)}"


@step("or", text=_or_text)
def _or(g: Engine, ctx: Ctx, a: Steps, b: Steps, action: Action | None = None) -> None:
    """P-7 / N-6: choose a branch; one that can fully resolve is preferred when only one can.

    When neither can, ``or_fallback`` "free" leaves both open; "most" (NA) keeps the branch
    that can be carried out furthest, measured as more of its steps that can resolve in full.
    """
    if action is None:
        ok = [i for i, br in enumerate((a, b)) if can_resolve(g, ctx, br)]
        if not ok and g.state.config.get("ruleset", {}).get("or_fallback") == "most":
            done = [sum(can_resolve(g, ctx, (s,)) for s in br) for br in (a, b)]
            ok = [i for i in (0, 1) if done[i] == max(done)]
        opts: list[Action] = [("choose", i) for i in (ok or [0, 1])]
        ask_step(g, ctx, ("or", a, b), "or", chooser(g, ctx), "Choose one", opts)
        return
    g.run_steps(a if action[1] == 0 else b, ctx)


def can_resolve(g: Engine, ctx: Ctx, steps: Steps) -> bool:
    """P-7 / N-6: could these steps resolve fully now? Each step kind says so itself."""
    kinds = STEP_KINDS
    for s in steps:
        check = kinds[s[0]].can_resolve
        if check is not None and not check(g, ctx, s):
            return False
    return True


def _gain_from_supply_text(ctype: str, max_cost: int, may: bool, *, they: bool = False) -> str:
    what = "a card" if ctype == "any" else f"a {ctype}"
    cost = f" costing at most {max_cost} Æ" if max_cost >= 0 else ""
    verb = ("may take" if may else "takes") if they else ("You may take" if may else "Take")
    return f"{verb} {what}{cost} from the supply without paying for it."


@step("you_suffer", text=lambda n: f"Suffer {n} damage.")
def _you_suffer(g: Engine, ctx: Ctx, n: int) -> None:
    player_damage(g, ctx.you, n, ctx.source)


def _gainable(g: Engine, ctype: str, max_cost: int) -> list[str]:
    st = g.state
    out = []
    for name, count in zip(st.supply_names, st.supply_counts, strict=True):
        c = content.CARDS[name]
        if count > 0 and (ctype == "any" or c.type == ctype) and (max_cost < 0 or c.cost <= max_cost):
            out.append(name)
    return out


@step("gain_from_supply", text=_gain_from_supply_text)
def _gain_from_supply(g: Engine, ctx: Ctx, ctype: str, max_cost: int, may: bool,
                      action: Action | None = None) -> None:
    """Take a card from the supply without paying (S-8: the top card of its pile)."""
    if action is None:
        opts: list[Action] = [("gain", n) for n in _gainable(g, ctype, max_cost)]
        if opts:
            ask_step(g, ctx, ("gain_from_supply", ctype, max_cost, may), "gain", ctx.you,
                     "Take which card from the supply?", opts + ([("skip",)] if may else []))
        return
    if action[0] != "skip":
        gain_card(g, ctx.you, str(action[1]), on_your_turn=ctx.you == g.state.active)


@step("recycle_deck", text=lambda: "puts their discard pile onto their deck and shuffles the lot.")
def _recycle_deck(g: Engine, ctx: Ctx) -> None:
    recycle(g, ctx.you, ctx.source)


def recycle(g: Engine, i: int, source: str) -> None:
    """Player i's discard pile goes onto their deck and that deck is shuffled."""
    st = g.state
    p = st.players[i]
    p.deck = p.discard + p.deck
    p.discard = []
    st.rng = rng.shuffle(st.rng, p.deck)
    g.ev("deck_shuffled", player=i, source=source)


@step("players_lose", text=lambda: "The players lose the game.")
def _players_lose(g: Engine, ctx: Ctx) -> None:
    """A nemesis card's own loss condition (G-2)."""
    g.end("loss", "nemesis_rule")


@step("different_players", text=lambda k, steps: (
        who_does(f"Each of {k} different players of your choice (in true solo, you, {k} times)", steps)))
def _different_players(g: Engine, ctx: Ctx, k: int, steps: Steps) -> None:
    """k different players each resolve ``steps``; in true solo you, k times."""
    g.push("different_players_pick", ctx.source, k, steps, ())


@op("different_players_pick")
def _different_players_pick(g: Engine, source: str, k: int, steps: Steps, chosen: tuple[int, ...],
                            action: Action | None = None) -> None:
    st = g.state
    if len(st.players) == 1:
        for _ in range(k):
            g.push_steps(steps, Ctx(0, 0, source))
        return
    if action is None:
        opts: list[Action] = [("player", j) for j in range(len(st.players)) if j not in chosen]
        if k > 0 and opts:
            g.ask("player", g.team(), source, f"Which player is next? ({k} to go)", opts,
                  ("different_players_pick", source, k, steps, chosen))
        return
    j = int(action[1])
    g.push("different_players_pick", source, k - 1, steps, (*chosen, j))
    g.push_steps(steps, Ctx(j, j, source))


#: public names of the helpers above that box procedures call (exported by ``gravehold.boxapi``)
gain_aether, damage_source, gainable, remove_prepped = _aether, _damage, _gainable, _remove_prepped
