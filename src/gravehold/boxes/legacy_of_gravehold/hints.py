"""What the bots should know of Legacy of Gravehold beyond what the steps say (``boxapi.hints``).

*Azer mages*: when each ability is worth its charges. Devour Magic needs a spell on an opened
Incanted breach (else the charges are thrown away), Reanimate Magic and Void Tear a spell in
the discard pile, Weaver's Web a card worth taking back or a wounded player, Absorb Aether an
ally with cards to give, Guardian's Strength a closed breach to focus.
"""

from __future__ import annotations

from ...boxapi import Board, Seat, catalogue, hints
from .breaches_azer import INCANTED
from .mages_azer import ARACHNOS, DEZMODIA, KEL, TAQREN
from .mages_azer_more import INDIRA, YAN_MAGDA


def _spell_in_discard(b: Board, owner: int) -> bool:
    cards = catalogue.CARDS
    return any(c in cards and cards[c].type == "spell" for c in b.players[owner].discard)


@hints.ability(YAN_MAGDA)
def _yan_magda(b: Board, owner: int, me: Seat) -> bool:
    """Devour Magic casts a spell of an opened Incanted breach: wait for one."""
    mat = catalogue.MAGES[b.players[owner].mage].breaches
    return any(br.state == "open" and br.spells and mat[k].special in INCANTED
               for k, br in enumerate(b.players[owner].breaches))


@hints.ability(INDIRA)
def _indira(b: Board, owner: int, me: Seat) -> bool:
    """Reanimate Magic casts spells from her discard pile: wait for one there."""
    return _spell_in_discard(b, owner)


@hints.ability(DEZMODIA)
def _dezmodia(b: Board, owner: int, me: Seat) -> bool:
    """Void Tear takes spells back from her discard pile: wait for one there."""
    return _spell_in_discard(b, owner)


@hints.ability(ARACHNOS)
def _arachnos(b: Board, owner: int, me: Seat) -> bool:
    """Weaver's Web: a card of 1 to 4 Æ to take back, or a player down 3 life or more."""
    cards = catalogue.CARDS
    back = any(c in cards and 1 <= cards[c].cost <= 4 for c in b.players[owner].discard)
    return back or any(not p.exhausted and p.life <= p.max_life - 3 for p in b.players)


@hints.ability(KEL)
def _kel(b: Board, owner: int, me: Seat) -> bool:
    """Absorb Aether needs an ally with a card in hand or discard pile."""
    return any(j != owner and (p.hand_size > 0 or bool(p.discard)) for j, p in enumerate(b.players))


@hints.ability(TAQREN)
def _taqren(b: Board, owner: int, me: Seat) -> bool:
    """Guardian's Strength focuses breaches: some must still be closed."""
    return bool(sum(br.state == "closed" for p in b.players for br in p.breaches) >= 2)
