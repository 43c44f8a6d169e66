"""The numbers of the Actions pane's options, and what the digits typed so far pick.

An option keeps its number while the decision stays the same, so a number learnt a moment
ago still means the same thing. "The same decision", and so what "stable" means here:

- the main phase, or the casting phase, of one turn for one seat is one decision, however
  often an action there offers its options again. An option is known by its stable key, the
  action itself: its kind and what it names (a card, a breach, a spell's place), never its
  place in the list. It keeps the number it was first given until it goes; a new option
  takes the next number never given in that phase; a number that went is not given again
  there. Playing a gem, say, takes that one option away and renumbers none of the others.
- any other decision (a target, a yes/no, a choice of cards) is known by its kind, what
  asks it, its prompt and its options: asked again the same (after a refused key, a redraw,
  an undo) it shows the same numbers, 1 to n in the engine's order.

Numbers are listed in increasing order. Typed digits pick an option as soon as no other
listed number begins with them; while another does, they wait (for a digit, Enter or a
moment); a number no option has is refused. A lone ``0`` is 10.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Literal, NamedTuple

from ..engine.state import Action, Decision

#: the decisions an action answers without ending them: their options come back, renewed
PHASES = frozenset({"main", "casting"})

Context = tuple[object, ...]


def context(d: Decision, turn: int) -> Context:
    """What makes two offers "the same decision" (see the module)."""
    if d.kind in PHASES:
        return (turn, d.seat, d.kind)
    return (turn, d.seat, d.kind, d.source, d.prompt, tuple(key(a) for a in d.options))


def key(action: Action) -> str:
    """An action as a dictionary key (its arguments may hold lists)."""
    return json.dumps(action, sort_keys=True)


class Numbering:
    """The numbers given so far in the decisions of one turn."""

    def __init__(self) -> None:
        self.turn: int | None = None
        self.given: dict[Context, dict[str, int]] = {}

    def number(self, d: Decision, turn: int) -> list[int]:
        """The number of each of ``d``'s options, in the order of ``d.options``."""
        if turn != self.turn:  # a new turn: nothing from the last one is kept
            self.turn, self.given = turn, {}
        given = self.given.setdefault(context(d, turn), {})
        following = max(given.values(), default=0) + 1
        keys = [key(a) for a in d.options]
        for k in keys:
            if k not in given:
                given[k] = following
                following += 1
        return [given[k] for k in keys]


class Reading(NamedTuple):
    """What typed digits pick: ``take`` the option at ``at`` (in the list), ``wait`` for
    more (``at``: the option to highlight meanwhile), or ``none`` (no such number)."""

    verdict: Literal["take", "wait", "none"]
    at: int | None = None


def read(typed: str, numbers: Sequence[int], final: bool = False) -> Reading:
    """What ``typed`` picks among the listed ``numbers``; ``final``: no more digits come
    (Enter, or the wait ran out), so a number that others begin with is taken."""
    shown = [str(n) for n in numbers]
    if typed == "0":
        typed = "10"
    exact = shown.index(typed) if typed in shown else None
    longer = [k for k, s in enumerate(shown) if s.startswith(typed) and s != typed]
    if exact is None and (final or not longer):
        return Reading("none")
    if exact is not None and (final or not longer):
        return Reading("take", exact)
    return Reading("wait", exact if exact is not None else longer[0])


def refusal(typed: str, numbers: Sequence[int]) -> str:
    """Why ``typed`` took nothing, naming the numbers there are."""
    said = "10" if typed == "0" else typed
    if list(numbers) == list(range(1, len(numbers) + 1)):
        return f"there is no action {said}: choose 1 to {len(numbers)}"
    return f"there is no action {said}: choose one of the numbers listed"
