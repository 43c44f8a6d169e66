"""How this box's own effect steps read (the project's wording; see content/text.py).

Steps of the four War Eternal nemeses (Gate Witch, Umbra Titan, Magus of Cloaks and
Hollow Crown) and of their cards. A step that a chosen player resolves starts with a
lower-case verb, so that it reads on from the selector ("A player of your choice
suffers ..."). Marker steps (``passive`` card rules, mat rules) describe a standing
rule that a nemesis hook applies; they read as a full sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..text import render_steps


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _sub(steps: Any) -> str:
    return render_steps(steps)


_ACOLYTE = {"most_life": "The acolyte with the most life", "least_life": "The acolyte with the least life"}

WORDING: dict[str, Callable[..., str]] = {
    # ------------------------------------------------------------ shared
    "lose_token": lambda t, n: f"The nemesis loses {_n(n, t + ' token')}.",
    "suffer_per_token": lambda t: f"suffers 1 damage per {t} token.",
    "players_lose": lambda: "The players lose the game.",
    "normal_or_expert": lambda normal, expert: (
        (_sub(normal) + " " if normal else "") + f"On expert and extinction: {_sub(expert)}"),
    "start_tokens": lambda t, n: f"The nemesis starts with {_n(n, t + ' token')} instead.",
    "to_nemesis_deck_bottom": lambda: "This card then goes under the nemesis deck instead of anywhere else.",
    # ------------------------------------------------------------ Gate Witch
    "suffer_per_turn_card": lambda n: (
        f"Every player suffers {n} damage per turn order card of theirs in the turn order discard "
        "(for a wild or shared card, the players pick who)."),
    "extra_nemesis_draw": lambda: "In this turn's draw phase the nemesis draws one more card.",
    "keep_player_turn_card": lambda: (
        "Pick a player's card in the turn order discard to stay there; every other turn order "
        "card is shuffled together into the turn order deck."),
    "reveal_turn_order_skip": lambda n: (
        "Show the top turn order card: a player's card goes straight to the turn order discard "
        f"(that turn is skipped); a nemesis card stays on top and Gravehold suffers {n} damage."),
    "unleash_until_token": lambda t, n: f"Unleash again and again until the nemesis holds {n} {t} tokens.",
    "shuffle_one_nemesis_turn": lambda: (
        "A nemesis card from the turn order discard is shuffled back into the turn order deck."),
    "accelerate_time": lambda at, lose, lose_x: (
        f"With {at}+ nemesis tokens and just one nemesis card in the turn order discard, time "
        f"speeds up: that nemesis card is shuffled back into the turn order deck, then the nemesis "
        f"loses {lose} nemesis tokens ({lose_x} on expert and extinction)."),
    # ------------------------------------------------------------ Umbra Titan
    "nemesis_turns_exactly": lambda k, then, otherwise: (
        f"With exactly {k} nemesis {'card' if k == 1 else 'cards'} in the turn order discard: {_sub(then)}"
        + (f" Otherwise: {_sub(otherwise)}" if otherwise else "")),
    "if_token_else": lambda t, n, then, otherwise: (
        f"While the nemesis holds {n}+ {t} tokens: {_sub(then)} Otherwise: {_sub(otherwise)}"),
    "if_self_life_at_most": lambda n, then: f"If this minion has at most {n} life: {_sub(then)}",
    "lose_at_zero_tokens": lambda t: (
        f"Once the nemesis holds no {t} tokens, Gravehold caves in and the players lose at once."),
    # ------------------------------------------------------------ Magus of Cloaks
    "any_player_loses_charge": lambda n: f"A player of your choice who has a charge loses {_n(n, 'charge')}.",
    "suffer_half_token": lambda t: f"suffers 1 damage per two {t} tokens, rounding up.",
    "destroy_prepped_costing": lambda c, n: (
        f"The players destroy {_n(n, 'prepped spell')} costing exactly {c} Æ between them."),
    "prepped_player": lambda steps: (
        "A player of your choice who has a prepped spell (anyone, if nobody has one) "
        + _sub(steps)),
    "discard_prepped": lambda: "discards one of their prepped spells.",
    "destroy_costliest_prepped_and": lambda then: (
        "The owner of the costliest prepped spell on the table destroys it and " + _sub(then)),
    "damage_reduced": lambda n: f"Every damage dealt to this minion is {n} lower.",
    "damage_reduced_by_token": lambda t: f"Every damage dealt to this minion is lowered by 1 per {t} token.",
    "damaged_gain_token": lambda t, n: f"Whenever this minion takes damage, the nemesis gains {_n(n, t + ' token')}.",
    "discard_when_nemesis_damaged": lambda: "As soon as the nemesis itself takes damage, discard this power.",
    "cloaked": lambda t: (
        f"Damage to the nemesis is lowered by 1 per {t} token it holds; after each such hit it "
        f"loses one {t} token."),
    "token_bounds": lambda t, lo, hi: f"The nemesis never holds fewer than {lo} or more than {hi} {t} tokens.",
    # ------------------------------------------------------------ Hollow Crown
    "acolyte": lambda which, steps: f"{_ACOLYTE[which]} (players pick among ties): {_sub(steps)}",
    "own_blood_magic": lambda: "Its Blood Magic resolves.",
    "blood_magic_each": lambda: (
        "The Blood Magic of every acolyte in play resolves, longest in play first, leaving out the "
        "damage each would deal to itself."),
    "it_suffers": lambda n: f"It suffers {n} damage.",
    "self_heal": lambda n: f"It gains {n} life, never above its starting life.",
    "acolyte_to_deck_bottom": lambda: "It goes under the acolyte deck.",
    "draw_acolyte": lambda: "The top acolyte enters play.",
    "acolytes_back_to_deck": lambda n: (
        f"The {n} acolytes discarded last go back into the acolyte deck, which is then shuffled."),
    "to_acolyte_discard": lambda: "It goes to the acolyte discard pile.",
    "self_damage_most_prepped": lambda per: (
        f"This minion suffers {per} damage per spell held by whoever has the most prepped spells."),
    "self_damage_if_life_at_most": lambda life, n: (
        f"then, if that player has at most {life} life, this minion suffers {n} damage."),
    "different_players": lambda k, steps: (
        f"{k} different players of your choice (in true solo, you {k} times) each {_sub(steps)}"),
    "no_damage": lambda: "Nothing can damage the nemesis itself.",
    "win_without_acolytes": lambda: "At the end of any turn with no acolyte in play, the players win.",
    "acolyte_replaced": lambda: (
        "An acolyte discarded from play goes to the acolyte discard pile and the next acolyte enters play."),
    "on_exhaust_instead": lambda steps: (
        f"Whenever a player is exhausted, this replaces the two Unleashes: {_sub(steps)}"),
    "setup_acolytes": lambda n: (
        f"Setup: shuffle the acolyte deck and put its top {n} acolytes into play; on beginner, "
        "also discard the next one."),
}
