"""Damage, life and exhaustion (P-3, P-4, N-9, E-1 … E-5, G-1, G-2)."""

from __future__ import annotations

from collections.abc import Callable

from ..content import registry as content
from ..content.model import CardDef
from . import triggers
from .copies import COPY_MARK, base_name, copy_ref, find_ref
from .core import Ctx, Engine, op
from .flags import table_token
from .keywords import wandering
from .keywords.attach import release_all
from .keywords.conjure import all_face_up
from .keywords.shields import soak
from .state import Frame

#: table token: the turn number during which no damage reaches players or Gravehold
#: (a mage ability may set it right after that turn's turn order card is drawn).
WARD_TOKEN = table_token("ward_turn", "the turn during which no damage reaches players or Gravehold",
                         lambda v, st, rest: None if 0 <= v <= st.turn + 1 else
                         f"must be a turn number from 0 to the next turn ({st.turn + 1}), got {v}")


def warded(g: Engine, amount: int, target: str | int) -> bool:
    """Auspex Rune: damage to players and Gravehold is prevented during the warded turn."""
    st = g.state
    if st.tokens.get(WARD_TOKEN, -1) != st.turn:
        return False
    g.ev("damage_prevented", amount=amount, target=target)
    return True


@triggers.card_rule("while_prepped", "reduce_damage", at="player_damage", zone="prepped")
def _reduce_damage(card: CardDef) -> Callable[..., int]:
    """While prepped, ("reduce_damage", n): damage its owner suffers is n less, never below 1."""
    cut = sum(int(wp[1]) for wp in card.while_prepped if wp[0] == "reduce_damage")

    def reduce(g: Engine, i: int, amount: int, b: int, name: str) -> int:
        return max(1, amount - cut)
    return reduce


def gravehold_damage(g: Engine, amount: int, source: str) -> None:
    """N-9 / G-2: Gravehold loses life; at 0 the players lose at once."""
    if amount <= 0:
        return
    st = g.state
    if WARD_TOKEN in st.tokens and warded(g, amount, "gravehold"):
        return
    st.gravehold = max(0, st.gravehold - amount)
    if g.events is not None:
        g.ev("gravehold_damage", amount=amount, source=source, life=st.gravehold)
    if st.gravehold == 0:
        g.end("loss", "gravehold")


def gravehold_heal(g: Engine, amount: int, source: str) -> None:
    """Never above the maximum; a source may change the amount first (``gravehold_heal``)."""
    st = g.state
    h = g.on.get("gravehold_heal")
    if h is not None:
        amount = h(g, amount, source)
    gained = min(amount, st.gravehold_max - st.gravehold)
    st.gravehold += gained
    g.ev("gravehold_life", amount=gained, source=source, life=st.gravehold)


def heal_player(g: Engine, i: int, amount: int, source: str) -> None:
    """S-4: never above the maximum; E-3: an exhausted player never gains life."""
    p = g.state.players[i]
    if p.exhausted:
        return
    gained = min(amount, p.max_life - p.life)
    p.life += gained
    g.ev("life", player=i, amount=gained, source=source, life=p.life)


def player_damage(g: Engine, i: int, amount: int, source: str) -> None:
    """A player suffers damage (E-1, E-2, E-3)."""
    if amount <= 0:
        return
    st = g.state
    if WARD_TOKEN in st.tokens and warded(g, amount, i):
        return
    p = st.players[i]
    if amount > 1:  # a modifier (a prepped spell's reduce_damage: less, never below 1)
        less = g.on.get("player_damage")
        if less is not None:
            amount = less(g, i, amount)
    damaged = g.on.get("player_damaged")  # a mat that acts when its mage suffers damage (K-13)
    if damaged is not None:
        damaged(g, i, amount)
    if p.exhausted:  # E-3: doubled and dealt to Gravehold instead (a mat may say otherwise)
        g.ev("player_damage", player=i, amount=amount, source=source, redirected=True)
        rate = g.on.get("redirected_damage")
        gravehold_damage(g, rate(g, i, 2 * amount) if rate is not None else 2 * amount, source)
        return
    if amount < p.life:
        p.life -= amount
        g.ev("player_damage", player=i, amount=amount, source=source, life=p.life)
        return
    excess = amount - p.life
    p.life = 0
    p.exhausted = True
    g.ev("player_damage", player=i, amount=amount, source=source, life=0)
    g.ev("exhausted", player=i)
    later = excess > 0 and st.config.get("ruleset", {}).get("exhaustion_excess") == "after"
    if excess and not later:  # E-2, E-5 "before": at once
        gravehold_damage(g, 2 * excess, source)
        if st.over:
            return
    if len(st.players) > 1 and all(q.exhausted for q in st.players):  # E-4, SO-1
        g.end("loss", "exhausted")
        return
    frame: Frame = ("exhaust", i, 2 * excess, source) if later else ("exhaust", i)
    if st.unleash_depth > 0:  # E-1 (1): finish the Unleash in progress first
        st.deferred.append(frame)
    else:
        g.push(*frame)


@op("exhaust")
def _exhaust(g: Engine, i: int, excess: int = 0, source: str = "") -> None:
    """E-1 in order: Unleash twice, destroy a breach, discard all charges; then, under
    E-5 "after", the doubled excess (already doubled in ``excess``) reaches Gravehold."""
    if excess:
        g.push("exhaust_excess", excess, source)
    g.push("exhaust_charges", i)
    g.push("exhaust_breach", i)
    h = g.on.get("exhaust")
    if h is None or not h(g, i):
        g.push("unleash", 2)


#: K-13: unique breaches a mat keeps when its mage is exhausted (E-1 destroys another, or none)
KEPT_ON_EXHAUST: set[str] = set()


@op("exhaust_breach")
def _exhaust_breach(g: Engine, i: int, action: tuple[object, ...] | None = None) -> None:
    p = g.state.players[i]
    if action is None:
        m = content.MAGES.get(p.mage)
        options = [("breach", b) for b, br in enumerate(p.breaches) if br.state in ("open", "closed")
                   and (m is None or m.breaches[b].special not in KEPT_ON_EXHAUST)]
        if options:
            g.ask("destroy_breach", i, p.mage, "Exhausted: choose a breach to destroy", options,
                  ("exhaust_breach", i))
        return
    destroy_breach(g, i, int(action[1]))  # type: ignore[call-overload]


def destroy_breach(g: Engine, i: int, b: int, source: str | None = None) -> None:
    """A breach is destroyed: its spells (a two-breach spell also lying on it too) and the
    cards attached under it (K-2) go to the discard pile, and it stays gone (E-1)."""
    p = g.state.players[i]
    anchor = p.breaches[b].covered_by
    if anchor >= 0:  # a two-breach spell also lying on this breach goes too
        discard_breach_spells(g, i, anchor)
    discard_breach_spells(g, i, b)
    release_all(g, i, b)
    p.breaches[b].state = "destroyed"
    p.breaches[b].focused = False
    if source is None:
        g.ev("breach_destroyed", player=i, breach=b)
    else:
        g.ev("breach_destroyed", player=i, breach=b, source=source)


@op("exhaust_excess")
def _exhaust_excess(g: Engine, amount: int, source: str) -> None:
    """E-5 "after": the doubled excess, once the E-1 steps are done (E-2)."""
    gravehold_damage(g, amount, source)


@op("exhaust_charges")
def _exhaust_charges(g: Engine, i: int) -> None:
    p = g.state.players[i]
    if p.charges:
        g.ev("charges_lost", player=i, amount=p.charges)
    p.charges = 0


def discard_breach_spells(g: Engine, i: int, b: int) -> None:
    """Every spell on breach b goes to its owner's discard pile."""
    p = g.state.players[i]
    br = p.breaches[b]
    for sp in all_face_up(br, br.spells):  # K-3: a face-down card turns face up as it goes
        p.discard.append(sp)
        g.ev("spell_discarded", player=i, breach=b, card=sp)
    br.spells.clear()
    uncover(p, b)


def uncover(p: object, b: int) -> None:
    """Free the neighbour a two-breach spell on breach b was covering."""
    for other in p.breaches:  # type: ignore[attr-defined]
        if other.covered_by == b:
            other.covered_by = -1


def minion_damage(g: Engine, ref: str, amount: int, source: str, reduce: bool = True) -> None:
    """P-4: at 0 life the minion is discarded at once; K-6: a shield soaks a whole source.

    N-8: a wandering minion takes less from cards and abilities (``reduce``), as the
    ruleset's ``wandering`` reading says (``keywords.wandering``).
    A defeated minion's ``discarded`` steps then resolve. ``ref`` names one copy
    (``copy_ref``).
    """
    n = g.state.nemesis
    for idx, c in enumerate(n.in_play):  # noqa: B007 (idx: where the card lies, used below)
        if c.name == ref:  # the oldest copy, named by its card name: the usual case
            break
    else:
        idx = find_ref(n.in_play, ref)
        if idx < 0:
            return
        c = n.in_play[idx]
    name = c.name
    card = content.NEMESIS_CARDS[name]
    if card.wandering and reduce:
        amount = wandering.reduced(amount, g.state.config.get("ruleset", {}).get("wandering", wandering.DEFAULT))
    cap = card.damage_cap
    if cap is not None:
        amount = min(amount, cap)
    if soak(c, amount):
        g.ev("shield_lost", card=name, source=source, shields=c.shields)
        return
    c.life = max(0, c.life - amount)
    g.ev("minion_damage", card=name, amount=amount, source=source, life=c.life)
    if c.life == 0:
        g.ev("minion_defeated", card=name)
        leave_play(g, idx)


def leave_play(g: Engine, idx: int) -> None:
    """The card at ``in_play[idx]`` leaves the nemesis play area for the discard (defeated
    or discarded; the caller has logged which): the ``left_play`` point fires, then its
    ``discarded`` steps ("when discarded from play") are pushed."""
    n = g.state.nemesis
    name = n.in_play[idx].name
    del n.in_play[idx]
    n.discard.append(name)
    left = g.on.get("left_play")
    if left is not None:
        left(g, idx, name)
    steps = content.NEMESIS_CARDS[name].discarded
    if steps:
        g.push_steps(steps, Ctx(-1, -1, name))


def nemesis_damage(g: Engine, amount: int, source: str) -> None:
    """P-4 / G-1: at 0 life the players win at once."""
    n = g.state.nemesis
    h = g.on.get("nemesis_damage")
    if h is not None:
        amount = h(g, amount, source)
    n.life = max(0, n.life - amount)
    g.ev("nemesis_damage", amount=amount, source=source, life=n.life)
    if n.life == 0:
        g.end("win", "nemesis_defeated")


def deal(g: Engine, target: str, amount: int, source: str) -> None:
    if target == "nemesis":
        nemesis_damage(g, amount, source)
    else:
        minion_damage(g, target, amount, source)


__all__ = ["COPY_MARK", "base_name", "copy_ref", "find_ref", "minion_damage"]
