"""When a player may take back an action: one rule for every front end (web, terminal).

A player may undo their own last action, taken by hand (not by a bot), as long as it
revealed no hidden information: once a card was drawn, a deck shuffled or a card
revealed, taking the action back would let the player choose again knowing what it
showed. Each front end records a :class:`LastAction` per applied action and asks
:func:`can_undo`.

>>> can_undo(LastAction(0, "human", revealed=False), 0)
(True, '')
>>> can_undo(LastAction(0, "human", revealed=True), 0)[0]
False
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .engine.shapes import Event

#: Events after which hidden information is out: an undo past them is not allowed.
REVEALING = frozenset({
    "draw", "nemesis_draw", "turn_order_drawn", "turn_order_revealed", "revealed", "hand_revealed",
    "strike", "turn_order_shuffled", "deck_shuffled", "returned_to_hand",
})

#: Who took an action by hand (any other ``by`` names the agent that took it).
HUMAN = "human"


class LastAction(NamedTuple):
    """The latest applied action: the seat it was for, who took it, and whether it revealed."""

    seat: int
    by: str
    revealed: bool


def reveals(events: Iterable[Event]) -> bool:
    """Did any of these events (those one action caused) bring hidden information out?"""
    return any(e["event"] in REVEALING for e in events)


def can_undo(last: LastAction | tuple[int, str, bool] | None, seat: int) -> tuple[bool, str]:
    """May ``seat`` take back ``last``? ``(True, "")``, or ``(False, why)``."""
    if last is None:
        return False, "nothing to undo"
    last_seat, by, revealed = last
    if last_seat != seat or by != HUMAN:
        return False, "only your own last action can be undone"
    if revealed:
        return False, "hidden information was revealed since (a draw or reveal); no undo"
    return True, ""
