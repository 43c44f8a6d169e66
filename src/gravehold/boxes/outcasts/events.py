"""The log lines of the events only Outcasts emits: Z'hana's glyph tokens, Taqren's barrier
track, cards passed from hand to hand by Dezmodia's Void Vortex, Xaxos: Outcast's charges and
abilities (K-18), a hand revealed by a card, curses taken from the curse deck, and Risen Thrall's
thralls flipped over and its thrall deck formed again.

Each line may name only what the whole table knows: the log is shared by every seat, so a
card passed from one hand to another is not named.
"""

from __future__ import annotations

from ...boxapi import by_source, card_list, event_text, seat

event_text("glyph_placed", lambda e: f"{seat(e['player'])} places the {e['glyph']} glyph on the {e['card']} pile"
           + by_source(e))
event_text("glyph_resolved", lambda e: f"{seat(e['player'])} resolves the {e['glyph']} glyph")
event_text("glyph_returned", lambda e: f"the {e['glyph']} glyph goes back beside Z'hana's mat: the {e['card']} "
           "pile has run out")
event_text("barrier_moved", lambda e: f"{seat(e['player'])} moves the barrier token to space {e['space']}")
event_text("hand_card_given", lambda e: f"{seat(e['player'])} passes a card from hand to {seat(e['to_player'])}"
           + by_source(e))

event_text("xaxos_charge", lambda e: f"Xaxos: Outcast has {e['charges']} charges" + by_source(e))
event_text("xaxos_ability", lambda e: f"Xaxos: Outcast loses his charges and resolves {e['card']}")
event_text("revealed_hand", lambda e: f"{seat(e['player'])} reveals their hand: {card_list(e['cards'])}" + by_source(e))

_WHERE = {"discard": "", "deck": " onto their deck", "hand": " into their hand"}

event_text("curse_gained", lambda e: f"{seat(e['player'])} takes {e['card']} from the curse deck"
           + _WHERE.get(str(e.get("zone")), "") + by_source(e))
event_text("no_curse_left", lambda e: f"no {e['card']} is left in the curse deck for {seat(e['player'])}"
           + by_source(e))
event_text("seeking_marked", lambda e: f"{seat(e['player'])}'s player token goes onto {e['source']}")
event_text("placed_in_front", lambda e: f"{e['card']} is placed in front of {seat(e['player'])}")

# Risen Thrall: thralls flipped over and the thrall deck formed again
event_text("thrall_flipped", lambda e: ("the nemesis" if e["player"] < 0 else seat(e["player"]))
           + f" flips {e['card']} over: " + ("an illusion, discarded" if e["result"] == "illusion" else "it is real")
           + by_source(e))
event_text("thrall_deck_formed", lambda e: f"the thrall discard pile is shuffled into the thrall deck ({e['amount']})")
event_text("no_thrall_left", lambda e: "no thrall is left to place" + by_source(e))
