"""How this box's own effect steps read (the project's wording; see content/text.py).

Player side of Aeon's End: the supply cards' and the mages' own step kinds, implemented in
``engine/effects_ae_players.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..text import render_steps

_ORDINAL = {1: "first", 2: "second", 3: "third"}

#: what ``damage_plus`` adds its bonus for
_PLUS = {
    "your_opened_breaches": "for each opened breach you have",
    "adjacent_prepped": "for each spell prepped on a breach right next to this spell's breach",
    "all_opened": "when no breach of yours is still closed",
}

_ZONES = {"hand": "your hand", "hand_discard": "your hand or your discard pile"}


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _sub(steps: Any) -> str:
    return render_steps(steps)


WORDING: dict[str, Callable[..., str]] = {
    # gems and relics
    "nth_play": lambda k, then: f"On your {_ORDINAL[k]} play of this card this turn: {_sub(then)}",
    "each_player_steps": lambda steps: f"Every player, you included, does this: {_sub(steps)}",
    "sift_top": lambda: "Show the top card of your deck; keep it there or put it on your discard pile.",
    "play_gem_twice": lambda: (
        "Pick a gem in your hand: it is played and resolves two times, then it is destroyed."),
    "breach_discount": lambda n: (
        f"This turn, the next focus or opening of a breach you pay for costs {n} Æ less."),
    "may_destroy_cards": lambda n, zones: (
        f"You may destroy up to {_n(n, 'card')} from {_ZONES[zones]}." if n > 1
        else f"You may destroy one card from {_ZONES[zones]}."),
    "cast_fresh_prepped": lambda extra: (
        f"You may cast a spell of yours that was prepped during this turn; it deals {extra} "
        "more damage."),
    "may_gain_to_deck": lambda: "On gaining it: you may put it on top of your deck instead.",
    # spells
    "damage_plus": lambda b, per, c: f"Deal {b} damage, plus {per} {_PLUS[c]}.",
    "hand_for_damage": lambda mode, n, per: (
        f"{mode.capitalize()} up to {_n(n, 'card')} from your hand; {per} damage per card "
        f"{'discarded' if mode == 'discard' else 'destroyed'}, dealt as one."),
    "damage_charge_boost": lambda base, extra: (
        f"Deal {base} damage; you may first give up 1 charge to add {extra} to it."),
    "damage_gem_boost": lambda base: (
        f"Deal {base} damage; you may first discard a gem from your hand to add its cost to it."),
    "return_played_gem": lambda: "Take a gem you played this turn back into your hand.",
    # mages
    "cast_prepped_twice": lambda: (
        "Pick any player's prepped spell: cast it while it stays prepped, then cast it once more "
        "as usual."),
    "spells_to_hand": lambda n: (
        f"The player whose turn it is may take up to {_n(n, 'spell')} from their discard pile "
        "into their hand."),
    "double_prep": lambda: "This turn, each opened breach of that player may hold two spells.",
    "turn_order_peek": lambda bonus: (
        "Look at the top turn order card, showing it to all; leave it on top or move it to the "
        f"bottom. Gain {bonus} more Æ if it is a player's card."),
    "shuffle_player_turn": lambda dmg: (
        "Pick a player's card (never the wild card) from the turn order discard; it goes back "
        f"in the turn order deck, which is then shuffled. Its player suffers {dmg} damage."),
    "ally_may_suffer_destroy": lambda: (
        "An ally of your choice may take 1 damage; if so, they destroy a card from their hand."),
    "ward_turn": lambda: "For the turn now starting, players and Gravehold suffer no damage.",
}
