"""Step kinds on breaches, prepped spells and charges: focus a breach, cast or return a prepped
spell, gain, give or lose charges, spend aether as a cost.
"""

from __future__ import annotations

from ...content import registry as content
from ...content.model import Step
from ...content.text import count_of
from ..core import Ctx, Engine, op, step
from ..keywords import keep_self
from ..keywords.conjure import face_up
from ..keywords.exclusive_aether import available, pay
from ..state import Action
from ..turn import (
    add_charges,
    cast_spell,
    charge_triggers,
    focus_breach,
    focusable,
)
from .base import ask_step, chooser


def _can_focus_lowest(g: Engine, ctx: Ctx, s: Step) -> bool:
    players = [ctx.you] if s[1] == "you" else range(len(g.state.players))
    return any(focusable(g, j, b) for j in players for b in range(4))


@step("focus_lowest", can_resolve=_can_focus_lowest, text=lambda who: (
        "Focus your closed breach with the cheapest focus cost." if who == "you"
        else "A player of your choice focuses their closed breach with the cheapest focus cost."))
def _focus_lowest(g: Engine, ctx: Ctx, who: str, action: Action | None = None) -> None:
    from ..core import FOCUS_COST

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


def _can_focus_any(g: Engine, ctx: Ctx, s: Step) -> bool:
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


def _any_prepped(g: Engine, ctx: Ctx, s: Step) -> bool:
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


def _free_slots(g: Engine, j: int) -> int:
    p = g.state.players[j]
    return max(0, p.max_charges - p.charges)


def _allies_have_room(g: Engine, ctx: Ctx, s: Step) -> bool:
    """P-7: n charges for allies resolve fully when their free slots hold n between them."""
    return sum(_free_slots(g, j) for j in g.allies(ctx.you)) >= int(s[1])


@step("ally_charges", can_resolve=_allies_have_room, text=lambda n: (
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
    h = g.on.get("charge_gain")
    if h is None or not h(g, j, 1, ctx.source):
        st.players[j].charges += 1
        g.ev("charge", player=j, charges=st.players[j].charges, source=ctx.source)
        charge_triggers(g, j)
    if n > 1:
        g.push("s", ctx.you, ctx.owner, ctx.source, ("ally_charges", n - 1))


def _room_for_charges(g: Engine, ctx: Ctx, s: Step) -> bool:
    """P-7 / N-6: gaining n charges resolves *fully* only with n free slots (P-9's cap).

    The reading of "fully resolved": with room for fewer, the step still gains what fits
    when it runs, but an OR prefers a branch that can be carried out completely, so a branch
    that gains charges gives way when they would not all fit (every slot full, or fewer free
    than it gains); with neither branch complete, ``or_fallback`` decides as ever.
    """
    return ctx.you < 0 or _free_slots(g, ctx.you) >= int(s[1])


@step("gain_charge", can_resolve=_room_for_charges, text=lambda n, *, they=False: (
        f"{'gains' if they else 'Gain'} {count_of(n, 'charge')}."))
def _gain_charge(g: Engine, ctx: Ctx, n: int) -> None:
    """P-9: you gain charges, never more than the mat's slots."""
    h = g.on.get("charge_gain")
    if h is not None and h(g, ctx.you, n, ctx.source):
        return
    add_charges(g, ctx.you, n, ctx.source)


@step("lose_all_charges", text=lambda: "loses every charge.")
def _lose_all_charges(g: Engine, ctx: Ctx) -> None:
    p = g.state.players[ctx.you]
    g.ev("charges_lost", player=ctx.you, amount=p.charges, source=ctx.source)
    p.charges = 0


def _can_pay_charges(g: Engine, i: int, s: Step) -> bool:
    return bool(g.state.players[i].charges >= s[1])


@step("lose_charges", can_pay=_can_pay_charges, text=lambda n, *, they=False: (
        f"loses {count_of(n, 'charge')}." if they else f"Lose {count_of(n, 'charge')}."))
def _lose_charges(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    lost = min(n, p.charges)
    p.charges -= lost
    g.ev("charges_lost", player=ctx.you, amount=lost, source=ctx.source)


def _can_pay_aether(g: Engine, i: int, s: Step) -> bool:
    return bool(available(g.state.players[i], "other") >= s[1])


@step("spend_aether", can_pay=_can_pay_aether, text=lambda n: f"Spend {n} Æ.")
def _spend_aether(g: Engine, ctx: Ctx, n: int) -> None:
    p = g.state.players[ctx.you]
    pay(p, min(n, available(p, "other")), "other")


def _remove_prepped(g: Engine, j: int, b: int, k: int, destroy: bool, source: str, kept: bool = False) -> None:
    from ..damage import uncover

    p = g.state.players[j]
    br = p.breaches[b]
    if not kept and keep_self.intercept(g, j, "prepped", br.spells[k], destroy, source, b):
        return
    name = face_up(br, br.spells.pop(k))  # K-3: a face-down card turns face up as it goes
    if content.CARDS[name].two_breaches:
        uncover(p, b)
    if destroy:
        g.state.destroyed.append(name)
        g.ev("destroyed", player=j, card=name, zone="breach", source=source)
    else:
        p.discard.append(name)
        g.ev("spell_discarded", player=j, breach=b, card=name, source=source)


keep_self.LEAVES["prepped"] = lambda g, j, b, k, destroy, source: _remove_prepped(g, j, b, k, destroy, source,
                                                                                   kept=True)


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
