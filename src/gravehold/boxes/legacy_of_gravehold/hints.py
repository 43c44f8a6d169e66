"""What the bots should know of Legacy of Gravehold beyond what the steps say (``boxapi.hints``).

*Razra's Train Rip* (``mages_azer_decks``): a bot without a hint would spend the four charges
as soon as they are full, often to take back a single Rip, Help! (a charge for four). It waits
until a Rip card in hand can be traded up the Rip deck, or until the Rip cards it would take
back from her discard pile are worth 6 Æ or more between them (cards played this turn do not
count: replaying them could loop for ever).
"""

from __future__ import annotations

from ...boxapi import Board, Seat, catalogue, hints
from .mages_azer_decks import RAZRA, READINGS, RIP_DECK, is_rip

#: the Æ the Rip cards taken back must be worth for Train Rip's return
RIP_RETURN_WORTH = 6


@hints.ability(RAZRA)
def _razra(b: Board, owner: int, me: Seat) -> bool:
    p = b.players[owner]
    cards = catalogue.CARDS
    more = int(READINGS["train_rip_more"])
    deck = [c for c in p.decks.get(RIP_DECK, ()) if c in cards]
    trade = any(is_rip(c) and any(cards[w].cost <= cards[c].cost + more for w in deck) for c in p.hand if c in cards)
    # only the discard pile counts: Rip cards played again this turn would loop (in true solo
    # Rip, Eat! refills her own charges), so what was played this turn never starts a return
    back = sum(cards[c].cost for c in p.discard if c in cards and is_rip(c))
    return trade or back >= RIP_RETURN_WORTH
