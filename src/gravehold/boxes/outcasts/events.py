"""The log lines of the events only Outcasts emits: curses taken from the curse deck.

Each line may name only what the whole table knows: the log is shared by every seat.
"""

from __future__ import annotations

from ...boxapi import by_source, event_text, seat

_WHERE = {"discard": "", "deck": " onto their deck", "hand": " into their hand"}

event_text("curse_gained", lambda e: f"{seat(e['player'])} takes {e['card']} from the curse deck"
           + _WHERE.get(str(e.get("zone")), "") + by_source(e))
event_text("no_curse_left", lambda e: f"no {e['card']} is left in the curse deck for {seat(e['player'])}"
           + by_source(e))
event_text("seeking_marked", lambda e: f"{seat(e['player'])}'s player token goes onto {e['source']}")
event_text("placed_in_front", lambda e: f"{e['card']} is placed in front of {seat(e['player'])}")
