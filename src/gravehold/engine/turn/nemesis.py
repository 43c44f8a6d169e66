"""The nemesis' turn (N-1 … N-4): its main phase, draw phase and Unleash; dealing damage to a
chosen target (P-3)."""

from __future__ import annotations

from ...content import registry as content
from ..core import (
    Ctx,
    Engine,
    op,
)
from ..damage import COPY_MARK, copy_ref, find_ref, leave_play
from ..keywords.silence import skips
from ..state import Action
from .common import _END_TURN, _NEMESIS_DRAW, _UNLEASH_CTX, _UNLEASH_END, _new_ctx, activate_ability

# ====================================================================== nemesis turn


@op("nemesis_turn")
def _nemesis_turn(g: Engine) -> None:
    """N: main phase, draw phase, end of turn. The main phase's frame would run next, so
    it runs at once (folded), unless the mat's ``nemesis_turn_start`` hook acts first;
    ``nemesis_draw`` stays a frame (a power may add another)."""
    st = g.state
    st.active = -1
    st.turn += 1
    g.turn_begun()
    st.phase = "nemesis_main"
    st.flags = {}
    if g.events is not None:
        g.ev("turn_start", player=-1)
    nd = content.NEMESES[st.nemesis.id]
    st.stack.append(_END_TURN)
    if nd.end_of_turn:
        g.push_steps(nd.end_of_turn, _new_ctx(Ctx, (-1, -1, nd.name)))  # N-7
    st.stack.append(_NEMESIS_DRAW)
    names = tuple([c.name for c in st.nemesis.in_play])  # a list first: quicker than a generator
    acting = g.on.get("nemesis_acting")
    if acting is not None:  # N-13: the mat says whose cards act this turn
        names = tuple(acting(g, names))
    h = g.on.get("nemesis_turn_start")
    if h is not None:  # the mat's start-of-turn effects resolve before the main phase
        st.stack.append(("nemesis_main", names, 0))
        h(g)
        return
    _nemesis_main(g, names, 0)


@op("nemesis_main")
def _nemesis_main(g: Engine, names: tuple[str, ...], k: int) -> None:
    """N-1: oldest to newest, minions act and powers tick down.

    A card's steps resolve with its copy reference as their source (``damage.copy_ref``:
    the card name for the only or oldest copy), so "this minion" is the copy acting.

    The frame for the next card, ``("nemesis_main", names, k + 1)``, is pushed only
    under a card's effect; a card that resolves nothing (silenced, left play, a power
    still ticking) goes straight on to the next one, as that frame would run next.
    """
    n = g.state.nemesis
    stack = g.state.stack
    while k < len(names):
        name = names[k]
        if names.index(name) == k:  # the first copy of its name: the usual case
            ref = name
            for c in n.in_play:
                if c.name == name:
                    break
            else:
                k += 1
                continue  # left play earlier this phase
        else:  # the k-th card acts, not the first copy of its name again (``damage.copy_ref``)
            ref = f"{name}{COPY_MARK}{names[:k].count(name) + 1}"
            idx = find_ref(n.in_play, ref)
            if idx < 0:
                k += 1
                continue
            c = n.in_play[idx]
        k += 1
        card = content.NEMESIS_CARDS[name]
        if card.type == "minion":
            if skips(c):  # K-5
                continue
            stack.append(("nemesis_main", names, k))
            if g.events is not None:
                g.ev("persistent", card=name)
            after = g.on.get("persistent")
            if after is not None:  # what it pushes resolves after the effect
                after(g, ref)
            g.run_steps(card.persistent, _new_ctx(Ctx, (-1, -1, ref)))
            return
        if card.type == "power":
            c.power -= 1
            if g.events is not None:
                g.ev("power_tick", card=name, power=c.power)
            tick = g.on.get("power_tick")  # a card that acts each time it loses a power token
            if c.power <= 0:
                stack.append(("nemesis_main", names, k))
                g.push("discard_nemesis_card", ref)
                if tick is None:
                    g.run_steps(card.power, _new_ctx(Ctx, (-1, -1, ref)))
                    return
                g.push_steps(card.power, _new_ctx(Ctx, (-1, -1, ref)))
                tick(g, ref)  # what it pushes resolves first
                return
            if tick is not None:
                depth = len(stack)
                stack.append(("nemesis_main", names, k))
                tick(g, ref)
                if len(stack) > depth + 1:
                    return
                stack.pop()


@op("discard_nemesis_card")
def _discard_nemesis_card(g: Engine, ref: str) -> None:
    """A card leaves the nemesis play area for the discard; its ``discarded`` steps then
    resolve. ``ref`` names the copy (``damage.copy_ref``)."""
    n = g.state.nemesis
    idx = find_ref(n.in_play, ref)
    if idx >= 0:
        g.ev("nemesis_card_discarded", card=n.in_play[idx].name)
        leave_play(g, idx)


@op("nemesis_draw")
def _nemesis_draw(g: Engine) -> None:
    """N-2 / N-3."""
    st = g.state
    st.phase = "nemesis_draw"
    n = st.nemesis
    skip = g.on.get("nemesis_draw")
    if skip is not None and skip(g):  # the mat skips the draw phase
        return
    rs = st.config.get("ruleset", {})
    if not n.deck:
        if rs.get("deck_out_win", "end_of_turn") != "end_of_turn" and g.deck_out():  # G-1 / N-3 (NA)
            g.end("win", "nemesis_deck_empty")
            return
        times = int(rs.get("empty_deck_unleashes", 2))
        g.ev("nemesis_deck_empty", unleashes=times)
        g.push("unleash", times)
        return
    name = n.deck.pop(0)
    n.resolving.append(name)
    card = content.NEMESIS_CARDS[name]
    if g.events is not None:
        g.ev("nemesis_draw", card=name, type=card.type, tier=card.tier)
    st.flags["drawn"] = name
    offers: list[int] = []
    if card.type in ("attack", "power"):
        for i, p in enumerate(st.players):
            if p.charges >= p.max_charges and content.MAGES[p.mage].ability.window == "nemesis_draw":
                offers.append(i)
    if not offers:  # the card resolves at once (its frame would be next: folded)
        _nemesis_resolve(g, name)
        return
    g.push("nemesis_resolve", name)
    for i in offers:
        g.push("offer_cancel", i, name)


@op("offer_cancel")
def _offer_cancel(g: Engine, i: int, name: str, action: Action | None = None) -> None:
    """A nemesis-draw-phase ability may discard the drawn card."""
    st = g.state
    p = st.players[i]
    if st.flags.get("cancelled") == name or p.charges < p.max_charges:
        return
    if action is None:
        ab = content.MAGES[p.mage].ability
        g.ask("ability_window", i, p.mage, f"Activate {ab.name} against {name}?",
              [("ability", i), ("pass",)], ("offer_cancel", i, name))
        return
    if action[0] == "ability":
        activate_ability(g, i, i)


@op("nemesis_resolve")
def _nemesis_resolve(g: Engine, name: str) -> None:
    st = g.state
    n = st.nemesis
    card = content.NEMESIS_CARDS[name]
    ctx = _new_ctx(Ctx, (-1, -1, name))
    if st.flags.get("cancelled") == name:
        n.resolving.remove(name)
        n.discard.append(name)
        g.ev("nemesis_card_cancelled", card=name)
        return
    if card.type == "attack":
        g.push("to_nemesis_discard", name)
        g.run_steps(card.effect, ctx)
    elif card.immediately:
        g.push("enter_play", name)
        g.run_steps(card.immediately, ctx)
    else:
        _enter_play(g, name)  # nothing resolves first: its frame would be next


@op("to_nemesis_discard")
def _to_nemesis_discard(g: Engine, name: str) -> None:
    """A resolved attack goes to the nemesis discard, unless its own effect already moved
    it elsewhere (under the nemesis deck, say)."""
    n = g.state.nemesis
    if name not in n.resolving:
        return
    n.resolving.remove(name)
    n.discard.append(name)


@op("enter_play")
def _enter_play(g: Engine, name: str) -> None:
    from ..state import InPlay

    card = content.NEMESIS_CARDS[name]
    life = card.life
    fixed = g.state.flags.get("entry_life")  # set by an IMMEDIATELY effect
    if fixed is not None and fixed[0] == name:
        del g.state.flags["entry_life"]
        life = int(fixed[1])
    c = InPlay(name, life=life, power=card.power_tokens, shields=card.shields)
    n = g.state.nemesis
    if name in n.resolving:
        n.resolving.remove(name)
    n.in_play.append(c)
    if g.events is not None:
        g.ev("nemesis_card_in_play", card=name, life=c.life, power=c.power)
    entered = g.on.get("entered_play")
    if entered is not None:
        entered(g, name)


enter_play = _enter_play  # its public name, for a box's own procedures (``gravehold.boxapi``)


@op("unleash")
def _unleash(g: Engine, times: int) -> None:
    """N-4: Unleash ``times`` times in a row (the first at once: its frame would be next)."""
    if times <= 0:
        return
    stack = g.state.stack
    for _ in range(times - 1):
        stack.append(("unleash_once",))
    _unleash_once(g)


@op("unleash_once")
def _unleash_once(g: Engine) -> None:
    st = g.state
    nd = content.NEMESES[st.nemesis.id]
    st.unleash_depth += 1
    if g.events is not None:
        g.ev("unleash")
    st.stack.append(_UNLEASH_END)
    g.run_steps(nd.unleash, _UNLEASH_CTX)


@op("unleash_end")
def _unleash_end(g: Engine) -> None:
    st = g.state
    st.unleash_depth -= 1
    if st.unleash_depth == 0 and st.deferred:
        for f in reversed(st.deferred):
            st.stack.append(f)
        st.deferred.clear()


@op("deal")
def _deal(g: Engine, you: int, source: str, amount: int, action: Action | None = None) -> None:
    """Deal ``amount`` to one target: the nemesis or a minion (P-3)."""
    from ..damage import deal

    if action is None:
        in_play = g.state.nemesis.in_play
        targets = ["nemesis"] + [copy_ref(in_play, k) for k, c in enumerate(in_play)
                                 if content.NEMESIS_CARDS[c.name].type == "minion"]
        h = g.on.get("targets")
        if h is not None:
            targets = h(g, you, targets)
        if not targets:
            return
        g.ask("target", you, source, f"Deal {amount} damage to which target?",
              [("target", t) for t in targets], ("deal", you, source, amount))
        return
    target = str(action[1])
    more = g.on.get("damage_dealt")
    if more is not None:  # a modifier (a treasure's bonus to the nemesis)
        amount = more(g, you, target, amount, source)
    h = g.on.get("damage_target")
    if h is not None and h(g, you, target, amount, source):
        return
    deal(g, target, amount, source)
