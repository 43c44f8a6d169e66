"""How this box's own effect steps read (the project's wording; see content/text.py).

Steps of the War Eternal supply cards, unique starting cards and mage abilities.
"""

from __future__ import annotations

from collections.abc import Callable

from ..text import render_steps as _sub


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _gain_from_supply(ctype: str, max_cost: int, may: bool) -> str:
    what = "a card" if ctype == "any" else f"a {ctype}"
    cost = f" costing at most {max_cost} Æ" if max_cost >= 0 else ""
    verb = "You may take" if may else "Take"
    return f"{verb} {what}{cost} from the supply without paying for it."


WORDING: dict[str, Callable[..., str]] = {
    # supply cards
    "turn_order_top_may_bottom": lambda only: (
        "Show the top turn order card; you may move it under the turn order deck."
        if only == "any" else
        "Show the top turn order card; if it is a nemesis card you may move it under the turn order deck."),
    "may_destroy_hand_or_discard": lambda: "You may destroy one card from your hand or from your discard pile.",
    "if_pile_empty": lambda then: f"When this card's supply pile has run out: {_sub(then)}",
    "may_discard_prepped": lambda then: (
        f"You may discard one of your prepped spells; if you do: {_sub(then)}"),
    "may_destroy_discard": lambda: "You may destroy one card from your discard pile.",
    "ally_may_destroy_hand": lambda: "An ally of your choice may destroy one card from their hand.",
    "may_destroy_ally_discard_top": lambda: (
        "You may destroy the card lying on top of an ally's discard pile."),
    "plain_damage": lambda n: f"Deal {n} damage.",
    # unique starting cards
    "may_take_ally_discard_top": lambda: (
        "You may move the card lying on top of an ally's discard pile into your hand."),
    "next_gain_to_ally_discard": lambda: (
        "Whatever you gain next this turn lands on an ally's discard pile, not on yours."),
    "ally_may_prep_from_hand": lambda: (
        "An ally may prep one spell from their hand to any of their breaches, opened or closed."),
    "damage_trophy": lambda n: (
        f"Deal {n} damage. Quilius takes a Trophy token if that damage defeats a minion "
        "that came from the nemesis deck."),
    "if_life_at_most": lambda n, then, other: (
        f"With {n} life or less: {_sub(then)} With more: {_sub(other)}"),
    "you_suffer": lambda n: f"Suffer {n} damage.",
    # abilities
    "sigil_breach": lambda: (
        "Pick a player's opened breach I or II; its prepped spells go back to that player's hand "
        "and it is replaced by a Sigil breach (an opened breach whose spells get +2 damage). "
        "That player may then prep a spell from hand to one of their breaches."),
    "discard_prepped_then_divide": lambda most, base, per: (
        f"Discard as many as {most} of your prepped spells. Then deal {base} damage, {per} more per "
        "spell discarded, split as you like between the nemesis and any minions."),
    "may_destroy_discard_cost": lambda cost, n: (
        f"Destroy as many as {n} cards costing {cost} Æ from your discard pile."),
    "ally_draw_life": lambda n, life: (
        f"An ally of your choice draws {_n(n, 'card')} and gains {life} life."),
    "gain_from_supply": _gain_from_supply,
    "cast_prepped_to_ally_hand": lambda n: (
        f"Cast as many as {n} prepped spells of any players, one after another; each spell cast "
        "this way then goes to the hand of an ally of your choice."),
    "damage_per_token": lambda per, token: f"Deal {per} damage per {token} token you hold.",
    "if_you_exhausted": lambda then, other: f"If you are exhausted: {_sub(then)} Otherwise: {_sub(other)}",
    "if_opened_breaches": lambda n, then: f"If you have {n} opened breaches: {_sub(then)}",
    "ally_gain_to_deck": lambda: (
        "An ally of your choice takes a card from the supply without paying and puts it on their deck."),
}
