"""Turn flags: facts that last for the current turn only (``state.flags``), declared once.

Every key the engine or a box writes into ``state.flags`` is declared here or by the box
with :func:`turn_flag`, with what it means; a hand-written state naming an undeclared flag
is refused. A key ending in ``:*`` declares a family (``"plays:*"`` covers ``"plays:"`` followed by any card name).
``docs/state-format.md`` lists them all (a test keeps the list current).
"""

from __future__ import annotations

#: flag key -> what it means
FLAGS: dict[str, str] = {}


def turn_flag(key: str, meaning: str) -> str:
    """Declare a turn flag (or a ``prefix:*`` family); returns the key."""
    if key in FLAGS and FLAGS[key] != meaning:
        raise ValueError(f"turn flag {key!r} is declared twice")
    FLAGS[key] = meaning
    return key


def known_flag(key: str) -> bool:
    if key in FLAGS:
        return True
    prefix, sep, _ = key.partition(":")
    return bool(sep) and f"{prefix}:*" in FLAGS


BREACH_DISCOUNT = turn_flag("breach_discount", "Æ off the next focus or opening of a breach this turn")
USED = turn_flag("used", "[breach, spell] of each once-per-turn use of a prepped spell this turn (P-14)")
TWO_PER_OPEN = turn_flag("two_per_open", "players who may prep two spells to each opened breach this turn")
PREPPED = turn_flag("prepped", "[player, breach, spell] of each prep this turn")
GAIN_TO_DECK = turn_flag("gain_to_deck", "the next card gained this turn may go on top of the deck")
GAIN_TO_ALLY = turn_flag("gain_to_ally", "the next card gained this turn goes to an ally's discard pile")
ENTRY_LIFE = turn_flag("entry_life", "the life the minion coming into play enters with")
DRAWN = turn_flag("drawn", "the nemesis card drawn in this nemesis draw phase")
CANCELLED = turn_flag("cancelled", "the drawn nemesis card that is discarded before it resolves")
TUTORIAL_DONE = turn_flag("tutorial_done", "the tutorial discard of the draw phase was offered (P-15)")
CAST_FROM = turn_flag("cast_from", "[player, breach] the spell being cast was prepped on")
COPY_GAIN = turn_flag("copy_gain", "[player, copier]: the copier gains a copy of the next card that player gains "
                                   "from a supply pile this turn")
