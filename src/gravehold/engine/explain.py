"""Say why an action is illegal, naming the rule it breaks (DESIGN: "Errors")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..content import registry as content
from ..errors import clip
from .core import BREACH_NAMES, CHARGE_COST, FOCUS_COST, OPEN_COST, REFUSAL, Engine
from .decisions import ACTION_HEADS, ARGS, DECISION_KINDS, ActionHead, fits
from .keywords.exclusive_aether import available
from .state import Action, Decision, Player
from .triggers import MAIN_ACTIONS


def explain(g: Engine, d: Decision, action: Any) -> tuple[str, str | None]:
    """A message and a rule id (docs/rules.md) for an action that is not among ``d.options``."""
    st = g.state
    if not isinstance(action, tuple) or not action:
        return (f"an action must be a non-empty tuple, got {clip(repr(action), SHOWN)}", None)
    bad = _odd_part(action)
    if bad is not None:
        return bad
    kind = action[0]
    who = f"player {d.player + 1}"
    head = ACTION_HEADS.get(kind)
    if head is not None and not fits(action):  # the types of its parts: what every reader below relies on
        return _misfit(head, action)
    if d.kind == "main" and kind in WHY_MAIN:
        p = st.players[d.player]
        try:
            return WHY_MAIN[kind](g, p, action)
        except (IndexError, KeyError, TypeError, ValueError):
            return (f"malformed {kind} action {clip(repr(action), SHOWN)}", None)
    if head is not None and not fits(action, st):  # their values: a seat of this game, a known card ...
        return _misfit(head, action)
    declared = MAIN_ACTIONS.get(kind) if d.kind == "main" and isinstance(kind, str) else None
    if declared is not None:  # a main-phase action a source declared, explained by that source
        if declared.why is not None:
            try:
                msg, rule = declared.why(g, st.players[d.player], action)
                return (str(msg), rule)
            except (IndexError, KeyError, TypeError, ValueError):
                return (f"malformed {kind} action {clip(repr(action), SHOWN)}", None)
        return (f"{clip(repr(action), SHOWN)} is not an option now (an action of the {declared.kind} "
                f"{declared.key})", None)
    if kind == "end_casting" and d.kind == "casting":
        return ("a spell prepped on a closed breach must be cast this casting phase", "P-1")
    if head is not None and head.phase is not None and head.phase != d.kind \
            and all(o[0] != kind for o in d.options):  # a phase's action, and no answer to this decision
        return (f"{kind} is a {head.phase} phase action, but {who} must now answer a {d.kind} decision",
                DECISION_KINDS[head.phase].rule)
    return (f"{clip(repr(action), SHOWN)} is not one of the {len(d.options)} options of the {d.kind} decision "
            f"for {who}", None)


#: how much of a refused action a message repeats
SHOWN = 120


def _odd_part(action: tuple[Any, ...]) -> tuple[str, str | None] | None:
    """An action whose head is no name, or a part no name nor whole number (a float, a
    bool, a list, ``inf``), said as such: nothing else may read it (``int(inf)`` raises)."""
    shown = clip(repr(action), SHOWN)
    if type(action[0]) is not str:
        return (f"an action starts with the name of what it does, got {shown}", None)
    for k, x in enumerate(action[1:], 1):
        if type(x) is not str and type(x) is not int:
            what = "true or false" if isinstance(x, bool) else f"a {type(x).__name__}"
            return (f"part {k} of {shown} is {what}: an action's parts are names and whole numbers", None)
    return None


def _misfit(head: ActionHead, action: tuple[Any, ...]) -> tuple[str, str | None]:
    """An action of a known head whose parts fit none of its shapes here (a breach 7, a
    seat the game does not have), said with the parts it takes."""
    takes = " or ".join(f"({', '.join(s)})" if s else "nothing" for s in head.shapes)
    roles = dict.fromkeys(r for s in head.shapes for r in s)
    docs = "".join(f"; {r}: {ARGS[r].doc}" for r in roles if r != "card")  # a card is a card
    return (f"{clip(repr(action), SHOWN)}: {head.name} takes {takes}{docs}", None)


Why = Callable[[Engine, Player, Action], tuple[str, str | None]]


def _play(g: Engine, p: Player, a: Action) -> tuple[str, str | None]:
    name = a[1]
    if name not in p.hand:
        return (f"{name} is not in your hand", "P-7")
    kind = content.TYPES.get(content.CARDS[name].type)
    if kind is not None and not kind.played:  # its box says why (a nemesis resolves it)
        return (kind.unplayed_why.format(card=name), None)
    return (f"{name} is a spell: prep it to a breach instead of playing it", "P-7")


def _gain(g: Engine, p: Player, a: Action) -> tuple[str, str | None]:
    st = g.state
    name = a[-1]  # ("gain", card), or ("gain", player, card) as other decisions take it
    if name not in st.supply_names:
        return (f"{name} is not in the supply", "S-8")
    if st.supply_counts[st.supply_names.index(name)] == 0:
        return (f"the {name} pile is empty", "S-8")
    c = content.CARDS[name]
    have = available(p, c.type)
    return (f"{name} costs {c.cost} Æ and you have {have}", "P-8")


def _charge(g: Engine, p: Player, a: Action) -> tuple[str, str | None]:
    if p.charges >= p.max_charges:
        return (f"all {p.max_charges} charge slots are full", "P-9")
    return (f"a charge costs {CHARGE_COST} Æ and you have {available(p, 'charge')}", "P-9")


def _breach(g: Engine, p: Player, a: Action) -> tuple[str, str | None]:
    st = g.state
    kind = a[0]
    b = int(a[1])
    if not 0 <= b < 4:
        return (f"there is no breach number {b}; breaches are 0 (I) to 3 (IV)", "S-3")
    br = p.breaches[b]
    name = BREACH_NAMES[b]
    if br.state != "closed":
        return (f"breach {name} is {br.state}, not closed", "P-11" if kind == "focus" else "P-12")
    if kind == "focus":
        if br.stage >= 3 and st.config.get("ruleset", {}).get("last_stage_focus") == "locked":
            return (f"breach {name} is at its last position and can only be opened", "P-11")
        return (f"focusing breach {name} costs {FOCUS_COST[b]} Æ and you have {available(p, 'focus')}",
                "P-11")
    return (f"opening breach {name} costs {OPEN_COST[b][br.stage]} Æ and you have {available(p, 'open')}",
            "P-12")


def _prep(g: Engine, p: Player, a: Action) -> tuple[str, str | None]:
    name, b = a[1], int(a[2])
    if not 0 <= b < 4:
        return (f"there is no breach number {b}; breaches are 0 (I) to 3 (IV)", "S-3")
    if name not in p.hand:
        return (f"{name} is not in your hand", "P-13")
    if content.CARDS[name].type != "spell":
        return (f"{name} is not a spell", "P-13")
    br = p.breaches[b]
    bn = BREACH_NAMES[b]
    if br.state == "closed" and not br.focused:
        return (f"breach {bn} is closed and was not focused this turn", "P-13")
    if br.state in ("none", "destroyed"):
        return (f"you have no breach {bn}", "S-3")
    if content.CARDS[name].two_breaches and not br.spells and br.covered_by < 0:
        return (f"{name} needs two adjacent empty breaches you may prep to, from breach {bn} on", "P-13")
    return (f"breach {bn} already holds a spell", "P-13")


def _ability(g: Engine, p: Player, a: Action) -> tuple[str, str | None]:
    j = int(a[1])
    if not 0 <= j < len(g.state.players):
        return (f"seat {j} is not in this game (seats are 0 to {len(g.state.players) - 1})", None)
    q = g.state.players[j]
    ab = content.MAGES[q.mage].ability
    if q.charges < q.max_charges:
        return (f"{ab.name} needs {q.max_charges} charges; {q.mage} has {q.charges}", "P-10")
    return (f"{ab.name} cannot be activated in this window", "P-10")


def _use(g: Engine, p: Player, a: Action) -> tuple[str, str | None]:
    return ("that while-prepped effect is not available (once per turn)", "P-14")


def _pay(g: Engine, p: Player, a: Action) -> tuple[str, str | None]:
    return (f"you cannot pay the TO DISCARD cost of {a[1]}", "P-14")


#: why a main phase action (a declared head of the "main" phase) is not an option now
WHY_MAIN: dict[str, Why] = {
    "play": _play, "gain": _gain, "charge": _charge, "focus": _breach, "open": _breach, "prep": _prep,
    "ability": _ability, "use": _use, "pay": _pay,
}

REFUSAL[0] = explain  # the kernel's refusals are explained (``core.REFUSAL``)
