"""The log lines of the events only Aeon's End emits: Crooked Mask's corruptions, Prince of
Gluttons' devoured pile, Carapace Queen's husks, Rageborne's strikes, Phaedraxa's ward.

Each line may name only what the whole table knows: the log is shared by every seat.
"""

from __future__ import annotations

from ...boxapi import Event, by_source, card_list, count_of, event_text, seat
from ...boxapi import catalogue as content


def _corruption_gained(e: Event) -> str:
    # never the card: a corruption is hidden from all but its taker, and this log is shared
    where = "into their hand" if e.get("to") == "hand" else "on top of their deck"
    return f"{seat(e['player'])} gains a corruption {where}"


def _devoured(e: Event) -> str:
    k = int(e.get("amount", 0))
    if k <= 0:
        return f"the {e['card']} pile is empty: nothing to devour"
    return f"the nemesis devours {k} {e['card']}" + by_source(e)


def _husks_killed(e: Event) -> str:
    src = e.get("source")
    verb = "removes" if src in content.NEMESIS_CARDS or src in content.NEMESES else "kills"
    who = src if src else "the players"
    return f"{who} {verb} {count_of(int(e['amount']), 'husk')} ({e['total']} left)"


def _husks_placed(e: Event) -> str:
    k = int(e["amount"])
    if k <= 0:
        return f"the husk track is full ({e['total']} on it)"
    return f"{count_of(k, 'husk')} {'joins' if k == 1 else 'join'} the track ({e['total']} on it)"


def _nemesis_cards_discarded(e: Event) -> str | None:
    cards = list(e.get("cards") or [])
    if not cards:
        return None
    return f"the nemesis deck loses its top {count_of(len(cards), 'card')} to the discard: {card_list(cards)}"


event_text("corruption_gained", _corruption_gained)
event_text("corruption_resolved", lambda e: f"{seat(e['player'])} resolves {e['card']}")
event_text("corruption_to_discard", lambda e: f"{e['card']} goes to {seat(e['player'])}'s discard pile")
event_text("devoured", _devoured)
event_text("gain_devoured", lambda e: f"{seat(e['player'])} gains {e['card']} from the devoured pile")
event_text("husk_damaged", lambda e: f"a husk takes {e['damage']} damage" + by_source(e))
event_text("husks_killed", _husks_killed)
event_text("husks_placed", _husks_placed)
event_text("nemesis_cards_discarded", _nemesis_cards_discarded)
event_text("strike", lambda e: f"Strike: {e['card']}")
event_text("swarm", lambda e: f"the husks swarm ({e['husks']} on the track)")
event_text("to_hand", lambda e: f"{seat(e['player'])} takes {e['card']} into their hand" + by_source(e))
event_text("ward", lambda e: (f"turn {e['warded_turn']}" if "warded_turn" in e else "the next turn")
           + " is warded: players and Gravehold take no damage")
