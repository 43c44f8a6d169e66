"""How this box's own effect steps read (the project's wording; see content/text.py).

Steps of Carapace Queen, Crooked Mask and Prince of Gluttons and of their cards,
implemented in ``engine/nemeses_ae.py``. A step that a chosen player resolves starts
with a lower-case verb so that it reads on from the selector. Marker steps (a card's
``passive`` rules, a mat's ``rules`` / ``increased_difficulty``) describe a standing rule
that a nemesis hook applies, and the hooks take their numbers from them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..text import render_steps


def _n(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def _sub(steps: Any) -> str:
    return render_steps(steps)


_WHERE = {"deck": "on top of their deck", "hand": "into their hand"}
_MOST = {"life": "the most life", "Crystal": "the most Crystals in hand"}
_COUNTER = {"husk": "husk in play", "empty_pile": "empty supply pile"}
_PILES = {
    "cheapest": "the cheapest supply pile",
    "priciest_gem": "the costliest gem pile",
    "second_gem": "the gem pile second in cost, counting from the costliest",
    "cheapest_relic": "the cheapest relic pile",
    "any_spell": "a spell pile of your choice",
    "any": "one supply pile of your choice",
}


def _count(n: Any) -> str:
    if n == "unleash":
        return "3 cards (2 with three or four players)"
    if n == "self_life":
        return "as many cards as this minion has life"
    return _n(int(n), "card")


def _husks(n: Any) -> str:
    if n == "turn_order_discard":
        return "Add one husk for every card lying in the turn order discard."
    return f"Add {_n(int(n), 'husk')} to the Husk Track."


def _swarm_table(rows: Any) -> str:
    parts = []
    for lo, hi, steps in rows:
        parts.append(f"{lo}-{hi} husks: {_sub(steps)}")
    return "To Swarm, count the husks in play: " + " | ".join(parts)


WORDING: dict[str, Callable[..., str]] = {
    # ------------------------------------------------------------ shared
    "set_entry_life": lambda base, per, counter: (
        f"It comes into play with {base} life plus {per} per {_COUNTER[counter]}." if base
        else f"It comes into play with {per} life per {_COUNTER[counter]}."),
    "gain_life": lambda n: f"gains {n} life.",
    "nemesis_life": lambda n: f"The nemesis gains {n} life.",
    # ------------------------------------------------------------ Carapace Queen
    "place_husks": _husks,
    "swarm": lambda: "The nemesis Swarms.",
    "swarm_table": _swarm_table,
    "husk_rules": lambda life, track: (
        f"Husks are minions of {life} life, counted on a Husk Track of {track} spaces. A player "
        "who damages a husk may take 1 damage to spread what exceeds that husk's life over other "
        "husks. A husk that finds the track full deals 1 damage to Gravehold instead."),
    "husk_life": lambda n: (
        f"Each husk has {n} life; at the end of every turn a damaged husk is back to full life."),
    "shielded_by_husks": lambda: "As long as one husk or more is in play, damage to this minion is prevented.",
    "discard_half_husks": lambda per: (
        f"Half the husks, rounded up, leave the track; Gravehold suffers {per} damage for each one."),
    "remove_husks": lambda n: f"{_n(n, 'husk')} leave{'s' if n == 1 else ''} the track.",
    "discard_any_prepped": lambda: "The players pick one prepped spell on the table; it is discarded.",
    # ------------------------------------------------------------ Crooked Mask
    "corruption_rules": lambda dmg: (
        "Corruptions are cards that players gain and can never play. When a player's turn "
        "starts (before casting) they resolve every corruption in their hand, in an order they "
        "choose; when their main phase ends they resolve the ones drawn this turn. A destroyed "
        "corruption goes under the corruption deck. With that deck empty, each corruption that "
        f"should be gained deals {dmg} damage to Gravehold instead."),
    "corruption_destroyed_to_discard": lambda: (
        "A destroyed corruption goes into the discard pile of a player of your choice instead."),
    "dealer_gains_corruption": lambda: (
        "Whenever this minion takes damage, the player who dealt it gains a corruption on top of "
        "their deck."),
    "gain_corruption": lambda n, where: f"gains {_n(n, 'corruption')} {_WHERE[where]}.",
    "collective_gain_corruption": lambda n: (
        f"The players share out {_n(n, 'corruption')}; each goes on top of its taker's deck."),
    "player_most": lambda what, steps: f"The player with {_MOST[what]} (players pick among ties): {_sub(steps)}",
    "discard_all_named": lambda name: f"discards every {name} from their hand,",
    "focus_other_player": lambda: "Then a different player focuses one of their breaches.",
    "nemesis_mill": lambda n, tier, dmg: (
        f"The top {_n(n, 'card')} of the nemesis deck go to the nemesis discard; Gravehold "
        f"suffers {dmg} damage per tier {tier} card among them."),
    "player_discarding": lambda n, then: (
        f"A player of your choice discards {n} cards that are not corruptions, then {_sub(then)}"),
    "discard_non_corruption": lambda n: f"Discard {_n(n, 'card')} from your hand, never a corruption.",
    "may_destroy_non_corruption": lambda: "You may destroy one card from your hand that is not a corruption.",
    "return_free_card": lambda: "Take a card that costs 0 Æ from your discard pile back into your hand.",
    "focus_own": lambda: "Focus one of your breaches.",
    "gain_cheapest_to_hand": lambda ctype: (
        f"Take a {ctype} from the cheapest {ctype} pile into your hand, without paying."),
    "reckless_relic": lambda: (
        "Take a relic of your choice from the supply onto your deck without paying, then suffer "
        "damage equal to half its cost (round up)."),
    "reshuffle_player_turn_card": lambda: (
        "Pick a turn order card of the players from the turn order discard; it goes back into "
        "the turn order deck, which is then shuffled."),
    # ------------------------------------------------------------ Prince of Gluttons
    "devour": lambda n, pile: f"Devour {_count(n)} from {_PILES[pile]}.",
    "gravehold_damage_per_empty": lambda per: f"Gravehold suffers {per} damage per empty supply pile.",
    "suffer_per_empty": lambda: "suffers 1 damage per empty supply pile.",
    "devoured_rules": lambda per: (
        "A devoured card goes on top of the face-up devoured pile, which anyone may look through; "
        "in their main phase a player may gain its top card, paying its cost as for a supply pile. "
        "Devoured cards are never devoured again. A Devour only starts on a pile that still has "
        f"cards; each card it cannot take deals {per} damage to Gravehold instead. Once every "
        "supply pile is empty the players lose."),
    "devour_setup_gems": lambda: (
        "Setup: one card of each gem pile starts the devoured pile, the costliest gem first."),
    "devour_setup_extra": lambda n: (
        f"At setup the players also move {n} cards of their choice from the supply piles onto "
        "the devoured pile, one at a time."),
}
