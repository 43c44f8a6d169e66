"""Say why an action is illegal, naming the rule it breaks (DESIGN: "Errors")."""

from __future__ import annotations

from typing import Any

from ..content import registry as content
from .aether import available
from .core import BREACH_NAMES, CHARGE_COST, FOCUS_COST, OPEN_COST, Engine
from .state import Decision


def explain(g: Engine, d: Decision, action: Any) -> tuple[str, str | None]:
    """A message and a RULES.md id for an action that is not among ``d.options``."""
    st = g.state
    if not isinstance(action, tuple) or not action:
        return (f"an action must be a non-empty tuple, got {action!r}", None)
    kind = action[0]
    who = f"player {d.player + 1}"
    if d.kind == "main" and kind in ("play", "gain", "charge", "focus", "open", "prep", "ability", "use", "pay"):
        p = st.players[d.player]
        try:
            return _main(g, p, action)
        except (IndexError, KeyError, TypeError, ValueError):
            return (f"malformed {kind} action {action!r}", None)
    if kind == "cast" and d.kind != "casting":
        return ("spells are cast in your casting phase, not now", "P-1")
    if kind == "end_casting" and d.kind == "casting":
        return ("a spell prepped on a closed breach must be cast this casting phase", "P-1")
    if kind in ("play", "gain", "charge", "focus", "open", "prep", "end_main") and d.kind != "main":
        return (f"{kind} is a main phase action, but {who} must now answer a {d.kind} decision", "P-6")
    return (f"{action!r} is not one of the {len(d.options)} options of the {d.kind} decision "
            f"for {who}", None)


def _main(g: Engine, p: Any, a: tuple[Any, ...]) -> tuple[str, str | None]:
    st = g.state
    kind = a[0]
    if kind == "play":
        name = a[1]
        if name not in p.hand:
            return (f"{name} is not in your hand", "P-7")
        if content.CARDS[name].type == "corruption":  # never played (a nemesis resolves it)
            return (f"{name} is a corruption: it is never played, it resolves when your turn "
                    "starts or when your main phase ends", None)
        return (f"{name} is a spell: prep it to a breach instead of playing it", "P-7")
    if kind == "gain":
        name = a[1]
        if name not in st.supply_names:
            return (f"{name} is not in the supply", "S-8")
        if st.supply_counts[st.supply_names.index(name)] == 0:
            return (f"the {name} pile is empty", "S-8")
        c = content.CARDS[name]
        have = available(p, c.type)
        return (f"{name} costs {c.cost} Æ and you have {have}", "P-8")
    if kind == "charge":
        if p.charges >= p.max_charges:
            return (f"all {p.max_charges} charge slots are full", "P-9")
        return (f"a charge costs {CHARGE_COST} Æ and you have {available(p, 'charge')}", "P-9")
    if kind in ("focus", "open"):
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
    if kind == "prep":
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
    if kind == "ability":
        j = int(a[1])
        q = st.players[j]
        ab = content.MAGES[q.mage].ability
        if q.charges < q.max_charges:
            return (f"{ab.name} needs {q.max_charges} charges; {q.mage} has {q.charges}", "P-10")
        return (f"{ab.name} cannot be activated in this window", "P-10")
    if kind == "use":
        return ("that while-prepped effect is not available (once per turn)", "P-14")
    return (f"you cannot pay the TO DISCARD cost of {a[1]}", "P-14")
