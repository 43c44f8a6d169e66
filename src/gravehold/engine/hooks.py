"""Nemesis rules that change the engine's own procedures, as named hook points.

A nemesis mat may say "the nemesis cannot be damaged", "husks are minions", "when a
player is exhausted do X instead". Rather than scanning every card on every event
(DESIGN: avoid hooks that fan out), the engine asks exactly one question at each fixed
point: "does the current nemesis define hook H?" — one dict lookup.

Hook points and their signatures:

``setup(st)``                          after the standard setup (S-7); may use ``st.rng``
``targets(g, you, targets) -> list``   damage targets offered (add "husk", drop "nemesis")
``damage_target(g, you, target, amount, source) -> bool``  deal damage to a custom target
``divide_targets(g, you, shares) -> list``  where a share of divided damage may go, as
                                       (target, least, most); one name may stand for several
                                       minions, each its own target (listed once per minion)
``nemesis_damage(g, amount, source) -> int``  change damage about to hit the nemesis
``exhaust(g, i) -> bool``              True when it replaced E-1's "Unleash twice"
``turn_start(g, i)``                   before player i's casting phase
``main_end(g, i)``                     after player i's main phase, before the draw phase
``main_options(g, i) -> list``         extra main-phase actions
``main_action(g, i, action)``          resolve one of those extra actions
``end_of_turn(g)``                     end of any turn, before the G-1 check
``board_clear(g) -> bool``             G-1: False while custom minions (husks) are in play
``tokens(g)``                          after the nemesis' tokens changed (bounds, loss rules)
``supply_empty(g)``                    a player's gain emptied a supply pile
``token_room(g, token, n) -> bool``    may the nemesis gain n more such tokens in full
``win(g, reason) -> bool``             G-1: the players would win; True when the mat replaced
                                       the win with something else (the game goes on)
``nemesis_turn_start(g)``              at the start of the nemesis' turn, before its main phase;
                                       steps it pushes resolve before the main phase
``nemesis_draw(g) -> bool``            True when the mat skips this nemesis draw phase
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

POINTS = (
    "setup", "targets", "damage_target", "divide_targets", "nemesis_damage", "exhaust", "turn_start",
    "main_end", "main_options", "main_action", "end_of_turn", "board_clear", "tokens",
    "supply_empty", "token_room", "win", "nemesis_turn_start", "nemesis_draw",
)

#: point -> {nemesis id: hook}. Every point's table exists from the start and is only ever
#: added to, so the engine may keep a point's table (``table``) and ask it directly.
HOOKS: dict[str, dict[str, Callable[..., Any]]] = {p: {} for p in POINTS}


def nemesis_hook(nemesis_id: str, point: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    if point not in POINTS:
        raise ValueError(f"unknown hook point {point!r}; use one of {', '.join(POINTS)}")

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        HOOKS.setdefault(point, {})[nemesis_id] = fn
        return fn
    return deco


def hook(nemesis_id: str, point: str) -> Callable[..., Any] | None:
    table = HOOKS.get(point)
    return table.get(nemesis_id) if table else None


def table(point: str) -> dict[str, Callable[..., Any]]:
    """The live table of one hook point, nemesis id -> hook (hot paths ask it directly:
    ``table(point).get(nemesis_id)`` is ``hook(nemesis_id, point)`` without the call)."""
    return HOOKS[point]
