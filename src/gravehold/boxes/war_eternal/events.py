"""The log lines of the events only War Eternal emits: Gate Witch's turn order tricks, Hollow
Crown's acolytes and Blood Magic, Magus of Cloaks' cloak, Sigil breaches.

Each line may name only what the whole table knows: the log is shared by every seat.
"""

from __future__ import annotations

from ...boxapi import Event, breach_name, by_source, card_list, event_text, seat


def _acolytes_shuffled_back(e: Event) -> str | None:
    cards = list(e.get("cards") or [])
    if not cards:
        return None
    return f"{card_list(cards)} shuffled back into the acolyte deck"


def _blood_magic(e: Event) -> str:
    return f"{e['card']}: Blood Magic" + (" (without self-damage)" if e.get("self_damage") is False else "")


def _cloak(e: Event) -> str | None:
    k = int(e.get("prevented", 0))
    return f"the cloak soaks {k} damage from {e.get('source')}" if k > 0 else None


event_text("accelerate_time", lambda e: "Accelerate Time: a nemesis turn order card goes back into the deck")
event_text("acolyte_discarded", lambda e: f"{e['card']} goes to the acolyte discard pile")
event_text("acolyte_to_deck_bottom", lambda e: f"{e['card']} goes under the acolyte deck")
event_text("acolytes_shuffled_back", _acolytes_shuffled_back)
event_text("blood_magic", _blood_magic)
event_text("cloak", _cloak)
event_text("extra_nemesis_draw", lambda e: "the nemesis draws one more card this turn" + by_source(e))
event_text("hand_revealed", lambda e: f"{seat(e['player'])} reveals their hand: {card_list(e.get('cards'))}")
event_text("nemesis_card_resolved_again", lambda e: f"{e['card']} resolves again" + by_source(e))
event_text("nemesis_card_to_deck_bottom", lambda e: f"{e['card']} goes under the nemesis deck")
event_text("sigil_breach", lambda e: f"{seat(e['player'])}'s breach {breach_name(e['breach'])} becomes a Sigil breach")
event_text("turn_order_skipped", lambda e: f"turn order card {e['card']} is discarded: that turn is skipped")
