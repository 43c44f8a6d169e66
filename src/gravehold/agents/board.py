"""The heuristic's board: the state's attribute names, holding only what one seat may see.

Two ways to the same board. :func:`board_from_view` reads a view dict (all a web or RL
driver has). :func:`board_from_state` builds it straight from the state with exactly the
view's masking (``engine/view.py``), skipping the dict, which took about 40 % of a
heuristic game's time: only deck sizes and sorted, corruption-masked contents of decks,
other players' hands only as part of their sorted pool, the nemesis deck only as its
size. The engine side hands it out as :class:`SeatView`, a view that also offers
``board(me)``; agents get the view and the board, never the state. ``tests/test_board.py``
checks that both ways agree on many positions and that swapping hidden cards leaves the
board as it is.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from ..content import registry as content
from ..engine.state import State
from ..engine.view import HIDDEN_CARD, view_for

#: A board: a plain namespace with the state's attribute names (the policy reads it only)
Board = SimpleNamespace
#: Crooked Mask's corruptions: shown as ``HIDDEN_CARD`` in deck contents and pools, as the view does
CORRUPTIONS = frozenset(n for n, c in content.CARDS.items() if c.type == "corruption")


class SeatView:
    """What one seat may see of a live game, offered by the engine side (``sim.run``).

    Calling it gives ``view_for(seat)``, so it is a ``View`` for every agent; ``board(me)``
    gives the heuristic's board for the same seat without building the view dict. Agents
    use only these two; the state stays behind them."""

    __slots__ = ("_state", "_seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self._seat = seat

    def __call__(self) -> dict[str, Any]:
        return view_for(self._state, self._seat)

    def board(self, me: int) -> Board:
        return board_from_state(self._state, self._seat, me)


def board_from_view(v: dict[str, Any], me: int) -> Board:
    """Turn a view into an object with the state's attribute names (hidden parts empty).

    Lists are shared with the view, not copied: the policy only reads the board."""
    players = []
    for p in v["players"]:
        q = dict(p)
        q.setdefault("hand", [])
        q["deck"] = p.get("deck_contents") or p.get("pool") or []
        q["breaches"] = [Board(state=b["state"], stage=b.get("stage", 0), focused=b.get("focused", False),
                               spells=b.get("spells", []), covered_by=b.get("covered_by", -1))
                         for b in p["breaches"]]
        players.append(Board(**q))
    n = v["nemesis"]
    nem = Board(id=n["id"], life=n["life"], max_life=n["max_life"], tokens=n["tokens"],
                in_play=[Board(name=c["name"], life=c.get("life", 0), power=c.get("power", 0))
                         for c in n["in_play"]],
                discard=n["discard"], deck=[None] * n["deck_size"])
    return Board(
        players=players, nemesis=nem, gravehold=v["gravehold"]["life"], gravehold_max=v["gravehold"]["max_life"],
        supply_names=tuple(s[0] for s in v["supply"]), supply_counts=[s[1] for s in v["supply"]],
        active=v["active"], turn=v["turn"], to_discard=v["turn_order"]["discard"], me=me,
    )


def _masked(cards: list[str]) -> list[str]:
    """Sorted, corruptions hidden (``view._mask``)."""
    if CORRUPTIONS.isdisjoint(cards):
        return sorted(cards)
    return sorted([HIDDEN_CARD if c in CORRUPTIONS else c for c in cards])


def board_from_state(st: State, seat: int | None, me: int) -> Board:
    """``board_from_view(view_for(st, seat), me)``, built without the view.

    Reads of hidden zones are only ``len`` and :func:`_masked` (sorted), exactly what the view
    shows; every list is a copy, so the board never changes with the game."""
    players = []
    for i, p in enumerate(st.players):
        brs = [Board(state=b.state, stage=b.stage if b.state == "closed" else 0, focused=bool(b.focused),
                     spells=b.spells[:], covered_by=b.covered_by if b.covered_by >= 0 else -1)
               for b in p.breaches]
        hand, deck = p.hand, p.deck
        q = Board(mage=p.mage, life=p.life, max_life=p.max_life, discard=p.discard[:], breaches=brs,
                  charges=p.charges, max_charges=p.max_charges, played=p.played[:], aether=p.aether,
                  aether_for=dict(p.aether_for), exhausted=p.exhausted, tokens=dict(p.tokens), deck_size=len(deck))
        if p.set_aside:  # cards beside the mat lie open, as the view shows them
            q.set_aside = p.set_aside[:]
        if i == seat:
            q.hand = hand[:]
            q.deck = q.deck_contents = _masked(deck)
        else:  # their hand only as part of what they own, as the view shows it
            q.hand = []
            q.hand_size = len(hand)
            q.deck = q.pool = _masked(hand + deck)
        players.append(q)
    n = st.nemesis
    nem = Board(id=n.id, life=n.life, max_life=n.max_life, tokens=dict(n.tokens),
                in_play=[Board(name=c.name, life=c.life, power=c.power) for c in n.in_play],
                discard=n.discard[:], deck=[None] * len(n.deck))
    return Board(
        players=players, nemesis=nem, gravehold=st.gravehold, gravehold_max=st.gravehold_max,
        supply_names=tuple(st.supply_names), supply_counts=st.supply_counts[:],
        active=st.active, turn=st.turn, to_discard=st.to_discard[:], me=me,
    )
