"""The log lines of the events only Outcasts emits: Z'hana's glyph tokens, Taqren's barrier
track, and cards passed from hand to hand by Dezmodia's Void Vortex.

Each line may name only what the whole table knows: the log is shared by every seat, so a
card passed from one hand to another is not named.
"""

from __future__ import annotations

from ...boxapi import by_source, event_text, seat

event_text("glyph_placed", lambda e: f"{seat(e['player'])} places the {e['glyph']} glyph on the {e['card']} pile"
           + by_source(e))
event_text("glyph_resolved", lambda e: f"{seat(e['player'])} resolves the {e['glyph']} glyph")
event_text("glyph_returned", lambda e: f"the {e['glyph']} glyph goes back beside Z'hana's mat: the {e['card']} "
           "pile has run out")
event_text("barrier_moved", lambda e: f"{seat(e['player'])} moves the barrier token to space {e['space']}")
event_text("hand_card_given", lambda e: f"{seat(e['player'])} passes a card from hand to {seat(e['to_player'])}"
           + by_source(e))
