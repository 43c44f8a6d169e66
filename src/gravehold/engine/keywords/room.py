"""P-13 room on a breach: how many spells one breach may hold.

A breach holds one spell; some rules let more share it: Link (K-1, ``link.share``), a card
attached under it (K-2), a unique breach that holds any number while opened (K-13,
``model.MANY_SPELLS``), a turn's wider rule (turn flags ``two_per_open``, ``two_per_breach``,
``more_per_open``) and a prepped spell that makes room beside itself (while-prepped hook
``("extra_room", n)``). ``turn.prep_targets`` asks
``room`` when a breach already holds a spell; a saved state is checked against
``most_spells``. No step of its own.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...content import registry
from ...content.model import MANY_SPELLS, MORE_SPELLS, CardDef


def made_room(cards: Mapping[str, CardDef], spells: list[str]) -> int:
    """The room the prepped spells make beside themselves (``extra_room``)."""
    return sum(int(h[1]) for sp in spells if sp in cards for h in cards[sp].while_prepped if h[0] == "extra_room")


def room(cards: Mapping[str, CardDef], state: str, spells: list[str], two_any: bool, more_per_open: int) -> int:
    """How many spells a breach in ``state`` holding ``spells`` may hold now under a turn's
    wider rules (1 without them); a two-breach spell on it never shares it."""
    if any(cards[sp].two_breaches for sp in spells):
        return 1
    return (2 if two_any else 1) + (more_per_open if state == "open" else 0) + made_room(cards, spells)


def most_spells(mage: str, b: int, state: str, spells: list[str]) -> int | None:
    """The most spells breach b of this mage can come to hold (None: any number, K-13): two,
    more beside a spell that makes room, and more on an opened breach of a mage whose own
    effect lets more join (``model.MORE_SPELLS``)."""
    m = registry.MAGES.get(mage)
    if state == "open" and m is not None and m.breaches[b].special in MANY_SPELLS:
        return None
    return 2 + (MORE_SPELLS.get(mage, 0) if state == "open" else 0) + made_room(registry.CARDS, spells)
