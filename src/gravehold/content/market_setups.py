"""Market setups: the randomizer's nine supply tiles, each a constraint on one pile.

A tile is ``(type, op, value)``: ``op`` is ``"any"``, ``"<"``, ``"<="``, ``"="``, ``">="``, ``">"`` (compare
the cost with ``value``) or ``"in"`` (the cost is one of the ``value`` tuple). The official
setups are the layouts printed for the game; a setup does not always hold 3 gems, 2
relics and 4 spells. ``"random"`` is the plain default (3 gems, 2 relics, 4 spells, any
cost).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Tile = tuple[str, str, Any]


@dataclass(frozen=True)
class MarketSetup:
    name: str
    official: bool
    tiles: tuple[Tile, ...]


def _t(kind: str, op: str = "any", value: Any = None) -> Tile:
    return (kind, op, value)


G, R, S = "gem", "relic", "spell"

SETUPS = (
    MarketSetup("Market Setup 1", True, (
        _t(G, "<", 4), _t(G, "=", 4), _t(G), _t(R), _t(R),
        _t(S, "<", 5), _t(S, "<", 5), _t(S, ">", 5), _t(S, ">", 5))),
    MarketSetup("Market Setup 1 (inclusive)", False, (
        _t(G, "<", 4), _t(G, "=", 4), _t(G), _t(R), _t(R),
        _t(S, "<=", 5), _t(S, "<=", 5), _t(S, ">=", 5), _t(S, ">=", 5))),
    MarketSetup("Market Setup 2", True, (
        _t(G, "<", 3), _t(G, ">", 3), _t(G, ">", 3), _t(R, ">", 4), _t(R),
        _t(S, "<", 6), _t(S, "<", 6), _t(S, "<", 6), _t(S, ">", 6))),
    MarketSetup("Market Setup 3", True, (
        _t(G, "<", 4), _t(G, "in", (4, 5)), _t(G, "in", (4, 5)), _t(R),
        _t(S, "=", 3), _t(S, "=", 4), _t(S, ">", 5), _t(S, ">", 5), _t(S, ">", 5))),
    MarketSetup("Market Setup 4", True, (
        _t(G, ">", 4), _t(G), _t(G), _t(R, "<", 4), _t(R, ">", 4), _t(R),
        _t(S, "<", 5), _t(S, ">", 5), _t(S))),
    MarketSetup("Market Setup 5", True, (
        _t(G, "=", 2), _t(G, "=", 3), _t(G, "=", 4), _t(G, "=", 5), _t(R),
        _t(S, "=", 4), _t(S, "=", 5), _t(S, "=", 6), _t(S, ">", 6))),
    MarketSetup("Market Setup 6", True, (
        _t(G, "=", 3), _t(G, "=", 4), _t(R, "<", 4), _t(R, ">", 4), _t(R),
        _t(S, "in", (3, 4)), _t(S, "in", (5, 6)), _t(S, "in", (5, 6)), _t(S, ">", 6))),
    MarketSetup("random", True, (_t(G), _t(G), _t(G), _t(R), _t(R), _t(S), _t(S), _t(S), _t(S))),
)


def matches(tile: Tile, card_type: str, cost: int) -> bool:
    kind, op, value = tile
    if card_type != kind:
        return False
    if op == "any":
        return True
    if op == "in":
        return bool(cost in value)
    v = int(value)
    return {"<": cost < v, "<=": cost <= v, "=": cost == v, ">=": cost >= v, ">": cost > v}[op]


def describe(tile: Tile) -> str:
    kind, op, value = tile
    if op == "any":
        return f"any {kind}"
    if op == "in":
        return f"{kind} costing " + " or ".join(str(v) for v in value)
    return f"{kind} costing {op} {value}"
