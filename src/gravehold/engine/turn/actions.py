"""What each main-phase action does (P-7 … P-14), and gaining cards (P-8): the built-in
resolutions of ``main.MAIN_ACTIONS``; a source's own actions resolve through ``triggers``."""

from __future__ import annotations

from collections.abc import Callable

from ...content import registry as content
from ...content.model import CardDef
from .. import triggers
from ..core import (
    CHARGE_COST,
    FOCUS_COST,
    OPEN_COST,
    Ctx,
    Engine,
    op,
)
from ..damage import minion_damage
from ..keywords import recall, wandering
from ..keywords.exclusive_aether import pay
from ..keywords.supply_bottom import take_top
from ..state import Action
from .common import _new_ctx, activate_ability


def _play(g: Engine, i: int, action: Action) -> None:
    """P-7: play a gem or relic and resolve it (its first step at once: ``run_steps``)."""
    st = g.state
    p = st.players[i]
    name = action[1]
    p.hand.remove(name)
    p.played.append(name)
    flags = g.state.flags
    flags["played"] = (*flags.get("played", ()), name)  # K-16: "just played" reaches back all turn
    if g.events is not None:
        g.ev("play", player=i, card=name)
    h = g.on.get("played")
    if h is not None:  # pushed first: resolves after the card's effect
        h(g, i, name)
    g.run_steps(content.CARDS[name].play, _new_ctx(Ctx, (i, i, name)))


def _gain(g: Engine, i: int, action: Action) -> None:
    """P-8: pay the cost and take the top card of the pile."""
    st = g.state
    p = st.players[i]
    name = action[1]
    card = content.CARDS[name]
    cheaper = g.on.get("gain_cost")
    cost = card.cost if cheaper is None else cheaper(g, i, name, card.cost)
    pay(p, cost, card.type)
    gain_card(g, i, name, on_your_turn=True)


def gain_card(g: Engine, i: int, name: str, on_your_turn: bool, to_deck: bool = False,
              to_hand: bool = False) -> bool:
    """Move the top card of a supply pile to player i (discard top, deck top, or hand); the
    card gained is the pile's top copy, a marked one at its bottom last (C-17).

    Turn flag ``copy_gain``: (player, copier): the next card that player gains from the
    supply this turn, the copier gains one from the same pile too (onto their discard).
    """
    st = g.state
    try:
        idx = st.supply_names.index(name)
    except ValueError:
        return False
    if st.supply_counts[idx] <= 0:
        return False
    if st.supply_bottom:  # C-17: the pile's top may be a marked copy
        got = take_top(st, idx)
    else:
        st.supply_counts[idx] -= 1
        got = name
    receive_gained(g, i, got, on_your_turn, to_deck, to_hand)
    h = g.on.get("gained")
    if h is not None:
        h(g, i, got)
    if st.supply_counts[idx] == 0:  # a pile ran out (a nemesis may lose or win on it)
        h = g.on.get("pile_emptied")
        if h is not None:
            h(g, i)
    copy = st.flags.get("copy_gain") if st.flags else None
    if copy is not None and copy[0] == i:
        del st.flags["copy_gain"]
        g.ev("gain_copied", player=int(copy[1]), from_player=i, card=name)
        gain_card(g, int(copy[1]), name, on_your_turn=False)
    return True


def receive_gained(g: Engine, i: int, name: str, on_your_turn: bool, to_deck: bool = False,
                   to_hand: bool = False) -> None:
    """Where a gained card goes (discard top, deck top, or hand) and its on-gain effect.

    Also used for cards gained from outside the supply (a nemesis' special deck, cards set
    aside beside a mat).
    """
    st = g.state
    p = st.players[i]
    g.ev("gain", player=i, card=name, to_deck=to_deck)
    if i == st.active:  # K-16: "just gained" reaches back over the whole turn
        st.flags["gained"] = (*st.flags.get("gained", ()), name)
    card = content.CARDS[name]
    if to_hand:
        p.hand.append(name)
    elif not to_deck and on_your_turn and st.flags.get("gain_to_ally") and i == st.active:
        # turn flag: your next gain of the turn lands on an ally's discard pile
        st.flags["gain_to_ally"] = False
        p.discard.append(name)
        g.push("we_gain_to_ally", i, name)
    elif not to_deck and on_your_turn and st.flags.get("gain_to_deck") and i == st.active:
        st.flags["gain_to_deck"] = False
        p.discard.append(name)
        g.push("maybe_to_deck", i, name)
    elif to_deck:
        p.deck.insert(0, name)
    else:
        p.discard.append(name)
    if on_your_turn and card.on_gain:
        g.push_steps(card.on_gain, Ctx(i, i, name))


@op("maybe_to_deck")
def _maybe_to_deck(g: Engine, i: int, name: str, action: Action | None = None) -> None:
    p = g.state.players[i]
    if action is None:
        g.ask("to_deck", i, name, f"Put {name} on top of your deck?", [("yes",), ("no",)],
              ("maybe_to_deck", i, name))
        return
    if action[0] == "yes" and p.discard and p.discard[-1] == name:
        p.discard.pop()
        p.deck.insert(0, name)
        g.ev("to_deck", player=i, card=name)


def _charge(g: Engine, i: int, action: Action) -> None:
    """P-9."""
    p = g.state.players[i]
    pay(p, CHARGE_COST, "charge")
    h = g.on.get("charge_gain")
    if h is not None and h(g, i, 1, ""):
        return
    p.charges += 1
    g.ev("charge", player=i, charges=p.charges)
    charge_triggers(g, i)


def _focus(g: Engine, i: int, action: Action) -> None:
    """P-11: pay the focus cost and turn the breach a quarter.

    A pending discount (turn flag ``breach_discount``) is used up here."""
    b = int(action[1])
    disc = g.state.flags.pop("breach_discount", 0)
    pay(g.state.players[i], max(0, FOCUS_COST[b] - disc), "focus")
    focus_breach(g, i, b)


def focus_breach(g: Engine, i: int, b: int) -> None:
    """One quarter turn; a breach already at its last stage opens instead (P-11)."""
    br = g.state.players[i].breaches[b]
    if br.state != "closed":
        return
    if br.stage >= 3:
        if g.state.config.get("ruleset", {}).get("last_stage_focus") == "locked":
            return
        open_breach(g, i, b)
        return
    br.stage += 1
    br.focused = True
    g.ev("focus", player=i, breach=b, stage=br.stage)
    h = g.on.get("focused_breach")
    if h is not None:
        h(g, i, b)
    focus_triggers(g, i)


def focus_triggers(g: Engine, i: int) -> None:
    """Player i focused or opened one of their breaches: fire ``breach_focused``."""
    h = g.on.get("breach_focused")
    if h is not None:
        h(g, i)


@triggers.card_rule("while_prepped", "on_focus", at="breach_focused", zone="prepped")
def _on_focus(card: CardDef) -> Callable[..., None]:
    """While prepped, ("on_focus", steps): its owner focused or opened one of their own
    breaches during their own turn."""
    steps = [wp[1] for wp in card.while_prepped if wp[0] == "on_focus"]

    def on_focus(g: Engine, i: int, b: int, sp: str) -> None:
        if g.state.active == i:
            for s in steps:
                g.push_steps(s, Ctx(i, i, sp))
    return on_focus


def add_charges(g: Engine, i: int, n: int, source: str) -> None:
    """P-9: player i takes n charges, never more than their mat's slots (what a charge gained
    comes to once nothing, such as a box's ``charge_gain`` answer, has taken it instead)."""
    p = g.state.players[i]
    got = min(n, p.max_charges - p.charges)
    if got > 0:
        p.charges += got
        g.ev("charge", player=i, charges=p.charges, source=source)
        charge_triggers(g, i)


def charge_triggers(g: Engine, i: int) -> None:
    """Player i gained a charge: fire the ``charge`` point."""
    h = g.on.get("charge")
    if h is not None:
        h(g, i)


@triggers.card_rule("while_prepped", "on_charge", at="charge", zone="prepped")
def _on_charge(card: CardDef) -> Callable[..., None]:
    """While prepped, ("on_charge", steps): its owner gained a charge on their own turn; each
    prepped copy triggers once per turn (turn flag ``on_charge``)."""
    steps = [wp[1] for wp in card.while_prepped if wp[0] == "on_charge"]

    def on_charge(g: Engine, i: int, b: int, sp: str) -> None:
        st = g.state
        if st.active != i:
            return
        used = tuple(tuple(u) for u in st.flags.get("on_charge", ()))
        if (b, sp) in used:
            return
        st.flags["on_charge"] = (*used, (b, sp))
        for s in steps:
            g.push_steps(s, Ctx(i, i, sp))
    return on_charge


def focusable(g: Engine, i: int, b: int) -> bool:
    br = g.state.players[i].breaches[b]
    if br.state != "closed":
        return False
    locked = g.state.config.get("ruleset", {}).get("last_stage_focus") == "locked"
    return not (locked and br.stage >= 3)


def open_breach(g: Engine, i: int, b: int) -> None:
    br = g.state.players[i].breaches[b]
    br.state = "open"
    br.stage = 0
    br.focused = False
    g.ev("open", player=i, breach=b)
    focus_triggers(g, i)
    h = g.on.get("breach_opened")
    if h is not None:
        h(g, i)


def _open(g: Engine, i: int, action: Action) -> None:
    """P-12 (a pending ``breach_discount`` is used up here, as in ``_focus``)."""
    b = int(action[1])
    p = g.state.players[i]
    disc = g.state.flags.pop("breach_discount", 0)
    pay(p, max(0, OPEN_COST[b][p.breaches[b].stage] - disc), "open")
    open_breach(g, i, b)


def _prep(g: Engine, i: int, action: Action) -> None:
    """P-13."""
    prep_spell(g, i, action[1], int(action[2]), from_zone="hand")


def prep_spell(g: Engine, i: int, name: str, b: int, from_zone: str) -> None:
    """Turn flag ``prepped``: (player, breach, spell) of each prep this turn."""
    st = g.state
    p = st.players[i]
    getattr(p, from_zone).remove(name)
    p.breaches[b].spells.append(name)
    st.flags["prepped"] = tuple(st.flags.get("prepped", ())) + ((i, b, name),)
    if content.CARDS[name].two_breaches:
        p.breaches[b + 1].covered_by = b
    g.ev("prep", player=i, breach=b, card=name, source=from_zone)
    h = g.on.get("spell_prepped")
    if h is not None:
        h(g, i, b, name)


def _ability(g: Engine, i: int, action: Action) -> None:
    activate_ability(g, int(action[1]), i)


def _use(g: Engine, i: int, action: Action) -> None:
    """P-14: a while-prepped effect, once per turn per copy (a ``main_paid`` one: each time paid).

    Copies are alike, so uses are counted (``_usable``): two copies on one breach give two
    uses, and a used copy re-prepped elsewhere in the same turn gives none, as it is no new
    copy. (A copy gained and prepped after another was used and cast off counts as that one.)
    """
    b, name = int(action[1]), action[2]
    st = g.state
    for wp in content.CARDS[name].while_prepped:
        if wp[0] == "main_paid":
            pay(st.players[i], wp[1], "other")
            g.ev("use", player=i, breach=b, card=name)
            g.push_steps(wp[2], Ctx(i, i, name))
            return
    st.flags["used"] = tuple(st.flags.get("used", ())) + ((b, name),)
    for wp in content.CARDS[name].while_prepped:
        if wp[0] == "main":
            g.ev("use", player=i, breach=b, card=name)
            g.push_steps(wp[1], Ctx(i, i, name))


def _pay(g: Engine, i: int, action: Action) -> None:
    """P-14: pay a power's TO DISCARD cost yourself; the power is discarded unresolved."""
    name = action[1]
    g.ev("pay_to_discard", player=i, card=name)
    g.push("discard_nemesis_card", name)
    g.push_steps(content.NEMESIS_CARDS[name].to_discard, Ctx(i, i, name))


def _pay_damage(g: Engine, i: int, action: Action) -> None:
    """N-8: spend ``wandering.COST`` Æ to deal 1 damage to the wandering minion ``action[1]``,
    not reduced (damage bought with aether)."""
    pay(g.state.players[i], wandering.COST, "other")
    minion_damage(g, action[1], 1, "aether", reduce=False)


MAIN_ACTIONS = {
    "pay_damage": _pay_damage,  # N-8
    "play": _play, "gain": _gain, "charge": _charge, "focus": _focus, "open": _open,
    "prep": _prep, "ability": _ability, "use": _use, "pay": _pay,
    "recall": recall.resolve,  # K-4
}
