"""What the bots should know of Legacy of Gravehold beyond what the steps say (``boxapi.hints``).

*Gravehold mages with piles* (``mages_gravehold_decks``, ``mages_nook_inco``): each ability
waits until it has something to take or trade. Burst of Inspiration needs an Invention left;
Research a "Mazra" card in hand with an upgrade left, or two "Mazra" cards in the discard
pile; Time Ripple an Anomaly in the Regularity deck; Uproot two flowers to Harvest, or
Gravehold missing at least its 5 life.
"""

from __future__ import annotations

from ...boxapi import Board, Seat, hints
from .mages_gravehold_decks import INCO, INVENTIONS, MALASTAR, MAZRA, NOOK, REGULARITY, UPGRADES, base_of
from .mages_nook_inco import HARVEST


@hints.ability(MALASTAR)
def _malastar(b: Board, owner: int, me: Seat) -> bool:
    """An Invention costs 7 Æ: any one given is worth the charges."""
    return bool(b.players[owner].decks.get(INVENTIONS))


def _mazra_cards(cards: list[str]) -> int:
    return sum(1 for c in cards if "Mazra" in base_of(c))


@hints.ability(MAZRA)
def _mazra(b: Board, owner: int, me: Seat) -> bool:
    p = b.players[owner]
    upgrade = bool(p.decks.get(UPGRADES)) and _mazra_cards(p.hand) >= 1
    return upgrade or _mazra_cards(p.discard) >= 2


@hints.ability(NOOK)
def _nook(b: Board, owner: int, me: Seat) -> bool:
    return any(c.endswith(" Anomaly") for c in b.players[owner].decks.get(REGULARITY, []))


@hints.ability(INCO)
def _inco(b: Board, owner: int, me: Seat) -> bool:
    p = b.players[owner]
    flowers = sum(1 for c in (*p.hand, *p.discard) if base_of(c) in HARVEST)
    return flowers >= 2 or b.gravehold_max - b.gravehold >= 5
