"""The decision vocabulary: every decision kind and action head, declared once.

A :class:`~.state.Decision` has a **kind** (``"main"``, ``"target"``, ``"discard"`` …) and
options, action tuples whose first item is the **head**: ``("prep", <spell>, 0)`` has the
head ``"prep"``. Each is declared by one call that names, side by side, what the layers
need to know of it::

    decision_kind("target", "Choose what one damage source hits: the nemesis or a minion (P-3).", takes=("target",))
    action_head("focus", ("breach",), text=lambda b: f"focus breach {BREACH_NAMES[b]}",
                detail=..., phase="main", board=True)

* a kind: a one-line ``description``; ``board``: the web board answers it on the board
  itself (every other kind opens a dialog); ``rule``: the rule that places an action in
  that phase, for explaining one tried elsewhere;
* a head: the ``shapes`` of its arguments, as roles of :data:`ARGS` (a head may take
  different arguments in different decisions, hence several shapes); ``text``, the short
  label of an action, a function of its arguments (``label``); ``detail``, the label as
  the board shows it, with what the table adds (a cost, a card's text, a mage's name;
  ``describe``); ``phase``: the kind of the turn-phase decision it is an action of;
  ``board``: the web board places it on the thing it acts on.

The RL encoding (``rl/encode.py``: its kind and head one-hots fix ``OBS_SIZE``), the engine's
labels and explanations, the terminal and web UIs all read :data:`DECISION_KINDS` and
:data:`ACTION_HEADS`, so no layer keeps a copy to fall out of step. A box declares a kind or
head of its own mechanic with the same functions, in its module; ``tests/engine/test_decisions.py``
plays every nemesis and fails on a kind or head met but not declared, or an action whose
arguments fit none of its head's shapes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from ..content import registry as content
from ..content.text import card_text, nemesis_card_text, render_steps
from .core import BREACH_NAMES, CHARGE_COST, FOCUS_COST, OPEN_COST
from .shapes import Doc
from .state import Action, Decision, State

#: an action's short label, a function of its arguments
Wording = Callable[..., str]
#: an action's label as the board shows it: ``detail(state, decision, *args)``
Detail = Callable[..., str]
#: the roles of an action's arguments, in order
Shape = tuple[str, ...]


class Arg(NamedTuple):
    """What an argument of an action names, its Python type, and which values it takes."""

    name: str
    type: type
    doc: str
    valid: Callable[[Any, State], bool]


TURN_ORDER_CARDS = frozenset({"P1", "P2", "P3", "P4", "P12", "P34", "W", "N"})

#: every argument role a shape may use
ARGS: dict[str, Arg] = {a.name: a for a in (
    Arg("card", str, "a player card by name (a supply pile is named by its card)", lambda v, st: v in content.CARDS),
    Arg("nemesis_card", str, "a nemesis card in play by name (a minion or a power)",
        lambda v, st: v in content.NEMESIS_CARDS),
    Arg("target", str, 'what damage hits: "nemesis", a minion\'s name or a nemesis\' own target',
        lambda v, st: bool(v)),
    Arg("turn_card", str, 'a turn order card: "P1" to "P4", "P12", "P34", "W", "N" or a mat\'s own "N:<name>"',
        lambda v, st: v in TURN_ORDER_CARDS or v in st.to_deck or v in st.to_discard),
    Arg("zone", str, 'where a player card lies: "hand" or "discard"', lambda v, st: v in ("hand", "discard")),
    Arg("player", int, "a seat, from 0", lambda v, st: 0 <= v < len(st.players)),
    Arg("breach", int, "a breach, 0 (I) to 3 (IV)", lambda v, st: 0 <= v < len(BREACH_NAMES)),
    Arg("slot", int, "a spell's place on its breach, from 0", lambda v, st: v >= 0),
    Arg("branch", int, "a branch of an either/or effect, 0 or 1", lambda v, st: v in (0, 1)),
    Arg("amount", int, "how much, from 1", lambda v, st: v >= 1),
)}


class DecisionKind(NamedTuple):
    name: str
    description: str
    board: bool = False
    rule: str | None = None
    module: str = ""
    #: the heads its options may have, when one place asks it with a fixed vocabulary;
    #: None for a kind many steps ask with their own options (a loaded state's options of
    #: such a kind are checked against the heads' shapes only)
    takes: frozenset[str] | None = None


class ActionHead(NamedTuple):
    name: str
    shapes: tuple[Shape, ...]
    text: Wording | None = None
    detail: Detail | None = None
    phase: str | None = None
    board: bool = False
    module: str = ""


#: every decision kind by name, in declaration order (the engine's first, then each box's)
DECISION_KINDS: dict[str, DecisionKind] = {}
#: every action head by name, in declaration order
ACTION_HEADS: dict[str, ActionHead] = {}


def _caller() -> str:
    return str(sys._getframe(2).f_globals.get("__name__", ""))


def decision_kind(name: str, description: str, *, board: bool = False, rule: str | None = None,
                  takes: tuple[str, ...] | None = None) -> DecisionKind:
    """Declare a decision kind (the ``kind`` of :meth:`Engine.ask`), and with ``takes``
    the only heads its options have (a loaded state offering another is refused)."""
    module = _caller()
    if name in DECISION_KINDS:
        raise ValueError(f"decision kind {name!r} is declared twice ({DECISION_KINDS[name].module} and {module})")
    k = DecisionKind(name, description, board, rule, module, frozenset(takes) if takes is not None else None)
    DECISION_KINDS[name] = k
    return k


def action_head(name: str, *shapes: Shape, text: Wording | None = None, detail: Detail | None = None,
                phase: str | None = None, board: bool = False) -> ActionHead:
    """Declare an action head with the shapes of its arguments (none: ``()``) and its wording."""
    module = _caller()
    if name in ACTION_HEADS:
        raise ValueError(f"action head {name!r} is declared twice ({ACTION_HEADS[name].module} and {module})")
    unknown = sorted({r for s in shapes for r in s if r not in ARGS})
    if not shapes or unknown:
        raise ValueError(f"action head {name!r}: shapes must be tuples of {sorted(ARGS)}, got {shapes!r}")
    if phase is not None and phase not in DECISION_KINDS:
        raise ValueError(f"action head {name!r}: its phase {phase!r} is no declared decision kind")
    h = ActionHead(name, tuple(shapes), text, detail, phase, board, module)
    ACTION_HEADS[name] = h
    return h


# ------------------------------------------------------------------ reading the tables


def label(action: Action) -> str:
    """A short English label for an action, for prompts and logs (its head's ``text``)."""
    h = _head(action)
    if h is None or h.text is None:
        return " ".join(str(a) for a in action)
    return h.text(*action[1:])


def describe(state: State, decision: Decision | None, action: Action) -> str:
    """The label of one option as a board shows it (its head's ``detail``, else ``text``)."""
    h = _head(action)
    if h is not None and h.detail is not None:
        return h.detail(state, decision, *action[1:])
    return label(action)


def fits(action: Action, state: State | None = None) -> bool:
    """Is the head declared and do the arguments fit one of its shapes: their types, and
    with ``state`` their values too (a card in the catalogue, a seat of this game …)?"""
    h = _head(action)
    if h is None:
        return False
    args = action[1:]
    return any(len(s) == len(args) and all(_fits(a, ARGS[r], state) for a, r in zip(args, s, strict=True))
               for s in h.shapes)


def _head(action: Action) -> ActionHead | None:
    return ACTION_HEADS.get(action[0]) if action and isinstance(action[0], str) else None


def _fits(value: object, arg: Arg, state: State | None) -> bool:
    if not isinstance(value, arg.type) or (arg.type is int and isinstance(value, bool)):
        return False
    return state is None or arg.valid(value, state)


def vocabulary() -> Doc:
    """The tables as JSON, in declaration order (the web board reads them)."""
    return {
        "kinds": [{"name": k.name, "description": k.description, "board": k.board, "rule": k.rule}
                  for k in DECISION_KINDS.values()],
        "heads": [{"name": h.name, "args": [list(s) for s in h.shapes], "phase": h.phase, "board": h.board}
                  for h in ACTION_HEADS.values()],
        "args": {a.name: {"type": a.type.__name__, "doc": a.doc} for a in ARGS.values()},
    }


# ------------------------------------------------------------------ the engine's kinds

decision_kind("main", "Main phase: play, gain, charge, focus, open, prep, use, recall, or end the phase (P-6).",
              board=True, rule="P-6")
decision_kind("casting", "Casting phase: cast a prepped spell, or end the phase once none must be cast (P-1).",
              board=True, rule="P-1", takes=("cast", "ability", "end_casting"))
decision_kind("target", "Choose what one damage source hits: the nemesis or a minion (P-3).", takes=("target",))
decision_kind("discard_order", "Draw phase: keep the order the played cards go onto the discard pile in, "
              "or pick the one that goes next (P-15).", takes=("keep_order", "order"))
decision_kind("tutorial_discard", "Draw phase in tutorial mode: discard an unplayed gem or relic, or draw (P-15).",
              takes=("discard_card", "draw"))
decision_kind("ability_window", "Activate a charged ability in its window, or pass (P-10).", takes=("ability", "pass"))
decision_kind("wild", "The wild turn order card: which player takes this turn (T-3), or who holds the "
              "wild token first (T-6).", takes=("player",))
decision_kind("pair", "A paired turn order card: which player of the pair takes this turn (T-4).", takes=("player",))
decision_kind("destroy_breach", "An exhausted player destroys one of their breaches (E-1).", takes=("breach",))
decision_kind("player", "Choose a player: who draws, gains, suffers or acts next.")
decision_kind("or", "Choose one branch of an either/or effect (P-7, N-6).", takes=("choose",))
decision_kind("yes_no", "Take an optional effect, or not.")
decision_kind("discard", "Choose a card to discard.")
decision_kind("destroy", "Choose a card to destroy (K-10).")
decision_kind("spell", "Choose a prepped spell: to cast, discard or destroy it.")
decision_kind("spell_breach", "Choose a prepped spell and a breach it lies on.")
decision_kind("breach", "Choose a breach: to focus or mark it.")
decision_kind("prep", "Prep a spell outside the main phase, or not.")
decision_kind("conjure", "Prep your deck's top card face down to a breach, or leave it on top (K-3).",
              takes=("conjure", "skip"))
decision_kind("gain", "Choose a card to take from the supply (S-8).")
decision_kind("to_deck", "Put a gained card on top of the deck, or leave it on the discard pile.")
decision_kind("to_hand", "Choose a card to take into a hand.")
decision_kind("card", "Choose a card by name.")
decision_kind("play_gem", "Choose a gem in hand to play.")
decision_kind("gem", "Choose a player's gem to discard, or stop.")
decision_kind("sift", "Discard the revealed top card of a deck, or keep it there.")
decision_kind("pile", "Choose a supply pile.")
decision_kind("minion", "Choose a minion in play.")
decision_kind("silence", "Choose the minion in play that takes a silence token (K-5).")
decision_kind("divide", "Divide damage: how much of what is left goes to which target.")
decision_kind("turn_order", "Choose what happens to a turn order card.")
decision_kind("turn_order_card", "Choose a card of the turn order discard.")
decision_kind("order", "Put cards in an order, one pick at a time.")


# ------------------------------------------------------------------ the engine's heads


def _b(b: int) -> str:
    return BREACH_NAMES[b]


def _seat(st: State) -> int:
    """The player a main or casting option belongs to (the first seat on the nemesis' turn)."""
    return st.active if st.active >= 0 else 0


def _branch(st: State, d: Decision | None, i: int) -> str:
    """An OR branch by its rendered text when the decision says which step it is."""
    step = d.resume[4] if d is not None and len(d.resume) > 4 and isinstance(d.resume[4], tuple) else ()
    if step and step[0] == "or" and len(step) >= 3:
        try:
            return render_steps(step[1 + int(i)])
        except (KeyError, TypeError, IndexError):
            pass
    return f"option {int(i) + 1}"


def _keep_order(st: State, d: Decision | None) -> str:
    """The keep option of the draw phase with the order it keeps (the played cards, first first)."""
    played = st.players[d.player].played if d is not None and 0 <= d.player < len(st.players) else []
    return f"Keep the order played: {', '.join(played)}" if played else "Keep the order played"


def _prepped(st: State, j: int, b: int, k: int) -> str:
    return str(st.players[j].breaches[b].spells[k])


# the main phase (P-6) and the casting phase (P-1): placed on the board
action_head("play", ("card",), text=lambda c: f"play {c}",
            detail=lambda st, d, c: f"play {c} — {card_text(content.CARDS[c])}", phase="main", board=True)
action_head("gain", ("card",), ("player", "card"),
            text=lambda *a: f"gain {a[0]}" if len(a) == 1 else f"player {a[0] + 1} gains {a[1]}",
            detail=lambda st, d, *a: (f"gain {a[0]} ({content.CARDS[a[0]].cost} Æ) — {card_text(content.CARDS[a[0]])}"
                                      if len(a) == 1 else f"player {a[0] + 1} gains {a[1]}"),
            phase="main", board=True)
action_head("charge", (), text=lambda: "gain a charge", detail=lambda st, d: f"gain a charge ({CHARGE_COST} Æ)",
            phase="main", board=True)
action_head("focus", ("breach",), text=lambda b: f"focus breach {_b(b)}",
            detail=lambda st, d, b: f"focus breach {_b(b)} ({FOCUS_COST[b]} Æ)", phase="main", board=True)
action_head("open", ("breach",), text=lambda b: f"open breach {_b(b)}",
            detail=lambda st, d, b: f"open breach {_b(b)} ({OPEN_COST[b][st.players[_seat(st)].breaches[b].stage]} Æ)",
            phase="main", board=True)
action_head("prep", ("card", "breach"), ("player", "card", "breach"),
            text=lambda *a: (f"prep {a[0]} to breach {_b(a[1])}" if len(a) == 2
                             else f"player {a[0] + 1} preps {a[1]} to breach {_b(a[2])}"),
            phase="main", board=True)
action_head("use", ("breach", "card"), text=lambda b, c: f"use {c} on breach {_b(b)}", phase="main", board=True)
action_head("ability", ("player",), text=lambda j: f"activate player {j + 1}'s ability",
            detail=lambda st, d, j: f"activate {content.MAGES[st.players[j].mage].ability.name} (player {j + 1})",
            phase="main", board=True)
action_head("pay", ("nemesis_card",), text=lambda n: f"pay to discard {content.shown(n)}",
            detail=lambda st, d, n: (f"pay to discard {content.shown(n)} — "
                                     f"{nemesis_card_text(content.NEMESIS_CARDS[n]).splitlines()[0]}"),
            phase="main", board=True)
action_head("recall", ("card",), text=lambda c: f"use the Recall effect of {c} in your discard pile",
            detail=lambda st, d, c: f"Recall {c}: {render_steps(content.CARDS[c].recall)}", phase="main", board=True)
action_head("pay_damage", ("nemesis_card",), text=lambda n: f"pay 1 Æ to deal 1 damage to {content.shown(n)}",
            phase="main", board=True)
action_head("end_main", (), text=lambda: "end the main phase", detail=lambda st, d: "End the main phase",
            phase="main", board=True)
action_head("cast", ("breach", "slot"),
            text=lambda b, k: f"cast the spell on breach {_b(b)}" + (f" (slot {k + 1})" if k else ""),
            detail=lambda st, d, b, k: f"cast {_prepped(st, _seat(st), b, k)} from breach {_b(b)}",
            phase="casting", board=True)
action_head("end_casting", (), text=lambda: "end the casting phase", detail=lambda st, d: "End the casting phase",
            phase="casting", board=True)
# the draw phase (P-15)
action_head("keep_order", (), text=lambda: "keep the order played",
            detail=lambda st, d: _keep_order(st, d))
action_head("order", ("card",), text=lambda c: f"put {c} on your discard next")
action_head("discard_card", ("card",), text=lambda c: f"discard {c}")
action_head("draw", (), text=lambda: "Draw up to five")
# choices
action_head("target", ("target",), text=lambda t: f"target {content.shown(str(t))}")
action_head("assign", ("target", "amount"), text=lambda t, k: f"{k} damage to {t}")
action_head("player", ("player",), text=lambda j: f"player {j + 1}",
            detail=lambda st, d, j: f"player {j + 1} ({content.MAGES[st.players[j].mage].name})")
action_head("choose", ("branch",), text=lambda i: f"option {i + 1}", detail=lambda st, d, i: _branch(st, d, i))
action_head("card", ("card",), ("turn_card",), ("zone", "card"),
            text=lambda *a: str(a[0]) if len(a) == 1 else f"{a[1]} from your {a[0]}")
action_head("hand", ("card",), text=lambda c: f"{c} from your hand")
action_head("discard", (), ("card",), text=lambda *a: f"{a[0]} from your discard pile" if a else "discard it")
action_head("keep", (), text=lambda: "keep it")
action_head("gem", ("player", "card"), text=lambda j, c: f"player {j + 1} discards {c}")
action_head("pile", ("card",), text=lambda c: f"the {c} pile")
action_head("minion", ("nemesis_card",), text=lambda n: content.shown(str(n)))
action_head("breach", ("breach",), ("player", "breach"),
            text=lambda *a: f"breach {_b(a[-1])}" + (f" of player {a[0] + 1}" if len(a) == 2 else ""))
action_head("spell", ("player", "breach", "slot"),
            text=lambda j, b, k: f"the spell in slot {k + 1} of player {j + 1}'s breach {_b(b)}",
            detail=lambda st, d, j, b, k: f"{_prepped(st, j, b, k)} on player {j + 1}'s breach {_b(b)}")
action_head("spell_breach", ("player", "breach", "slot", "breach"),
            text=lambda j, b, k, x: f"the spell in slot {k + 1} of player {j + 1}'s breach {_b(b)}, and breach {_b(x)}",
            detail=lambda st, d, j, b, k, x: f"{_prepped(st, j, b, k)} on player {j + 1}'s breach {_b(b)}, "
                                             f"and breach {_b(x)}")
action_head("turn_card", ("turn_card",), ("turn_card", "player"),
            text=lambda *a: f"turn order card {a[0]}" + (f" (player {a[1] + 1})" if len(a) == 2 else ""))
action_head("top", (), text=lambda: "leave it on top")
action_head("bottom", (), text=lambda: "put it at the bottom")
action_head("yes", (), text=lambda: "Yes")
action_head("conjure", ("card", "breach"), text=lambda c, b: f"prep {c} face down to breach {_b(b)}")
action_head("no", (), text=lambda: "No")
action_head("pass", (), text=lambda: "Pass")
action_head("skip", (), text=lambda: "Skip")
action_head("done", (), text=lambda: "Done")
