"""The log lines of the events only Outcasts emits: Xaxos: Outcast's charges and abilities (K-18),
a hand revealed by a card.

Each line may name only what the whole table knows: the log is shared by every seat.
"""

from __future__ import annotations

from ...boxapi import by_source, card_list, event_text, seat

event_text("xaxos_charge", lambda e: f"Xaxos: Outcast has {e['charges']} charges" + by_source(e))
event_text("xaxos_ability", lambda e: f"Xaxos: Outcast loses his charges and resolves {e['card']}")
event_text("revealed_hand", lambda e: f"{seat(e['player'])} reveals their hand: {card_list(e['cards'])}" + by_source(e))
