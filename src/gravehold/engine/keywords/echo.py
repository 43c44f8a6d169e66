"""P-5 Echo: an echo spell's Cast effect resolves twice, each time with the breach's bonus.

State: ``CardDef.echo``, a printed fact of the spell; nothing of the game state is its own.
It is still one cast of one card (one ``cast`` event, one card discarded), so the casting
code asks ``resolutions`` how many times to push the Cast effect and its bonus frames; each
resolution is a separate source of damage (shields, targets). No step of its own.
"""

from __future__ import annotations

from ...content.model import CardDef


def resolutions(card: CardDef) -> int:
    """How many times the Cast effect of ``card`` resolves for one cast."""
    return 2 if card.echo else 1
