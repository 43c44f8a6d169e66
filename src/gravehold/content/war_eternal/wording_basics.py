"""How this box's own effect steps read (the project's wording; see content/text.py).

Steps of the War Eternal basic nemesis cards. A step that a chosen player resolves
starts with a lower-case verb, so that it reads on from the selector.
"""

from __future__ import annotations

from collections.abc import Callable


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _costliest(verb: str, n: int) -> str:
    what = "their costliest card" if n == 1 else f"their {n} costliest cards"
    return f"{verb} {what} in hand."


WORDING: dict[str, Callable[..., str]] = {
    "may_take_from_discard": lambda: "may then move one card of their discard pile to their hand.",
    "discard_costliest_hand": lambda n: _costliest("discards", n),
    "destroy_costliest_hand": lambda n: _costliest("destroys", n),
    "recycle_deck": lambda: "puts their discard pile onto their deck and shuffles the lot.",
    "reveal_destroy_costliest": lambda n: (
        f"shows the top {_n(n, 'card')} of their deck and destroys the costliest one shown."),
    "discard_prepped_spells": lambda n: f"Discard {_n(n, 'spell')} you have prepped.",
    "collective_discard_prepped_spells": lambda n: (
        f"The players discard {_n(n, 'prepped spell')} of their choice between them."),
    "collective_destroy_prepped_expensive": lambda n: (
        f"The players destroy the {n} costliest prepped spells between them."),
    "destroy_prepped_and_breach": lambda c: (
        f"Destroy one of your prepped spells costing {c} or more, and a breach it is on."),
    "gravehold_damage_most_prepped": lambda per: (
        f"Gravehold suffers {per} damage per spell held by whoever has the most prepped spells."),
    "gravehold_damage_per_nemesis_turn": lambda per: (
        f"Gravehold suffers {per} damage per nemesis card lying in the turn order discard."),
    "reveal_turn_order_hit": lambda hit, miss: (
        f"Show the top turn order card and leave it there: the player it names suffers {hit} "
        f"damage; for a nemesis card, Gravehold suffers {miss} damage instead."),
    "resolve_last_attack": lambda: "The nemesis' most recently discarded attack resolves again.",
}
