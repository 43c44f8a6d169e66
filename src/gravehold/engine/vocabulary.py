"""The effect vocabulary: every step kind, declared once with all it needs.

A card's effect is a tuple of steps such as ``("aether", 2)``. Each step kind is registered
by one decorator that names, side by side, what the engine and the other layers need to
know of it::

    @step("aether", text=lambda n: f"Gain {n} Æ.")
    def _aether(g, ctx, n): ...

* ``run``: the behaviour, ``run(engine, ctx, *args, action=None)``;
* ``text``: the wording a user reads, a function of the step's arguments; its argument
  count is the step's **arity**, which content is checked against when it loads (a step
  may carry a hidden trailing argument, such as a running count, that its text ignores);
* ``can_resolve(engine, ctx, step) -> bool``: could it resolve fully now (P-7, N-6)?
* ``can_pay(engine, player, step) -> bool``: can this player pay it alone as a TO DISCARD
  cost (P-14)?
* ``hand_loss(engine, player, step) -> int``: how many cards of their hand that player would
  lose to the step, so "any player" must be one who can lose them all (N-6);
  ``hand_loss=True`` reads a step ``(kind, n, ...)`` as losing n cards of the hand;
* ``check(step)``: raise ``ValueError`` when a step's arguments are malformed (an unknown
  name in one of its tables, a count that is no count); content is checked when it loads.

Standing rules printed on a mat or a card (``("husk_rules", 1, 15)``) are not steps: they are
declared with :func:`rule` (wording and arity only) and applied by the nemesis' trigger handlers.

This module imports nothing of the engine, so the content layer can render text from it.
Before, one step kind could be registered in five tables kept in four modules; a step kind
now cannot be half-declared.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from ..content.model import Step

#: a step's behaviour: ``run(engine, ctx, *args, action=None)``
Run = Callable[..., None]
#: ``can_resolve(engine, ctx, step) -> bool``
ResolveCheck = Callable[[Any, Any, Step], bool]
#: ``can_pay(engine, player, step) -> bool``
PayCheck = Callable[[Any, int, Step], bool]
#: a step's wording, a function of its arguments
Wording = Callable[..., str]
#: ``hand_loss(engine, player, step) -> int``
HandLoss = Callable[[Any, int, Step], int]
#: ``check(step)``: raises ValueError naming what is wrong
Check = Callable[[Step], None]


class StepKind(NamedTuple):
    name: str
    run: Run
    text: Wording
    arity: int
    can_resolve: ResolveCheck | None = None
    can_pay: PayCheck | None = None
    hand_loss: HandLoss | None = None
    module: str = ""
    check: Check | None = None


#: every step kind by name
STEP_KINDS: dict[str, StepKind] = {}
#: step kinds that set the life a minion enters play with (above its printed life): the
#: state loader's N-10 check cannot know such a minion's cap, so it does not apply one
ENTRY_LIFE: set[str] = set()
#: nemeses whose minions may gain life above their printed life (N-10 as their cards say):
#: the state loader applies no cap to the minions of such a nemesis
MINION_LIFE_UNCAPPED: set[str] = set()
#: name -> behaviour, the engine's hot-path table (kept in step with STEP_KINDS)
STEPS: dict[str, Run] = {}


def _loses_step_1(g: Any, j: int, s: Step) -> int:
    """``hand_loss=True``: a step ``(kind, n, ...)`` takes n cards of the hand, as many as it holds."""
    return min(int(s[1]), len(g.state.players[j].hand))


def step(name: str, text: Wording, *, can_resolve: ResolveCheck | None = None,
         can_pay: PayCheck | None = None, hand_loss: bool | HandLoss = False,
         check: Check | None = None) -> Callable[[Run], Run]:
    """Register a step kind: its behaviour (the decorated function) and all its facts."""
    loss: HandLoss | None = None
    if hand_loss is True:
        loss = _loses_step_1
    elif callable(hand_loss):
        loss = hand_loss

    def deco(fn: Run) -> Run:
        module = fn.__module__
        if name in STEP_KINDS:
            raise ValueError(f"effect step {name!r} is registered twice "
                             f"({STEP_KINDS[name].module} and {module})")
        STEP_KINDS[name] = StepKind(name, fn, text, text.__code__.co_argcount, can_resolve, can_pay,
                                    loss, module, check)
        STEPS[name] = fn
        return fn
    return deco


class RuleKind(NamedTuple):
    """A kind of standing rule: printed on a mat or a card, applied by a hook, never resolved."""

    name: str
    text: Wording
    arity: int
    module: str = ""


#: every standing-rule kind by name (a mat's ``rules``, a card's ``passive``)
RULE_KINDS: dict[str, RuleKind] = {}


def rule(name: str, text: Wording) -> str:
    """Declare a standing-rule kind: its wording (whose argument count is its arity).

    A rule such as ``("husk_rules", 1, 15)`` on a mat is data that its nemesis' hooks read;
    it is no step, so it can never be put on the stack, and content that uses a rule kind
    where an effect is expected is refused when it loads. Returns the name.
    """
    module = str(sys._getframe(1).f_globals.get("__name__", ""))
    if name in RULE_KINDS or name in STEP_KINDS:
        raise ValueError(f"rule kind {name!r} is declared twice, or is a step kind")
    RULE_KINDS[name] = RuleKind(name, text, text.__code__.co_argcount, module)
    return name


def kind_of(name: str) -> StepKind | RuleKind:
    """The step or rule kind ``name`` (a KeyError when it is neither)."""
    k = STEP_KINDS.get(name)
    return k if k is not None else RULE_KINDS[name]
