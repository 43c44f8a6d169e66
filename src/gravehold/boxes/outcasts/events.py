"""The log lines of the events only Outcasts emits: Z'hana's glyph tokens, Taqren's barrier
track, cards passed from hand to hand by Dezmodia's Void Vortex, Xaxos: Outcast's charges and
abilities (K-18), a hand revealed by a card, curses taken from the curse deck, and the souls,
lantern and Soulfires of Fountain of Souls.

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

# Experiment 153's maws on the Growth Mat
event_text("maw_moved", lambda e: f"maw {e['maw']} of Experiment 153 moves to space {e['space']} of its track"
           + by_source(e))
event_text("maw_space", lambda e: f"maw {e['maw']}'s space {e['space']} resolves"
           + ("" if e["times"] == 1 else f" {e['times']} times"))
event_text("maw_damage", lambda e: f"maw {e['maw']} of Experiment 153 takes {e['amount']} damage, "
           f"{e['life']} life left" + by_source(e))
event_text("maw_defeated", lambda e: f"maw {e['maw']} of Experiment 153 is defeated: its token leaves the Growth Mat")
event_text("maw_life", lambda e: f"maw {e['maw']} of Experiment 153 now has {e['life']} life" + by_source(e))
event_text("beside_growth_mat", lambda e: f"{e['card']} now lies beside the Growth Mat: a maw moves back only for "
           f"{e['damage']} or more damage")

# Thief of Dreams: the Dream Mat and the Dream deck
event_text("dream_placed", lambda e: f"{e['card']} goes onto space 1 of the Dream Mat" + by_source(e))
event_text("dream_moved", lambda e: f"{e['card']} moves to space {e['space']} of the Dream Mat"
           + (" and leaves it" if e["space"] >= 6 else "") + by_source(e))
event_text("dream_deck_empty", lambda e: "the Dream deck is empty: no card goes onto the Dream Mat" + by_source(e))
event_text("dream_emptied", lambda e: "no supply card is left on the Dream Mat and the Dream deck is empty")
event_text("dream_revealed", lambda e: f"the top of the Dream deck is revealed: {card_list(e['cards'])}" + by_source(e))
event_text("dream_to_bottom", lambda e: f"{e['card']} is slid under the Dream deck" + by_source(e))
event_text("dream_space_skipped", lambda e: "from now on a card advancing on the Dream Mat passes "
           f"space {e['space']} by" + by_source(e))
event_text("dream_given", lambda e: f"{seat(e['player'])} puts {e['card']} on top of the Dream deck" + by_source(e))
event_text("dream_gained", lambda e: f"{seat(e['player'])} gains {e['card']} from space {e['space']} of the Dream Mat")
event_text("dream_destroyed", lambda e: f"{seat(e['player'])} destroys {e['card']} on space {e['space']} of the "
           "Dream Mat")
event_text("delirium", lambda e: "the Delirium card: the nemesis Unleashes before its turn")

# Fountain of Souls: its souls on the Fountain of Souls Track, the lantern, the Soulfire pile
_SOULS = {1: "a soul"}


def _souls(n: int) -> str:
    return _SOULS.get(n, f"{n} souls")


event_text("souls_placed", lambda e: f"{_souls(e['amount'])} placed on space {e['space']} of the Fountain of "
           "Souls Track" + by_source(e))
event_text("souls_moved", lambda e: f"{_souls(e['amount'])} moved from space {e['space']} to space {e['to']}"
           + by_source(e))
event_text("souls_discarded", lambda e: f"{_souls(e['amount'])} discarded from space {e['space']}" + by_source(e))
event_text("lantern_used", lambda e: f"{seat(e['player'])} uses the lantern, which loses all its fuel")
event_text("soulfire_returned", lambda e: f"{seat(e['player'])} returns a Soulfire to the Soulfire pile"
           + by_source(e))
event_text("gain_soulfire", lambda e: f"{seat(e['player'])} gains a Soulfire from the Soulfire pile")

# Risen Thrall: thralls flipped over and the thrall deck formed again
event_text("thrall_flipped", lambda e: ("the nemesis" if e["player"] < 0 else seat(e["player"]))
           + f" flips {e['card']} over: " + ("an illusion, discarded" if e["result"] == "illusion" else "it is real")
           + by_source(e))
event_text("thrall_deck_formed", lambda e: f"the thrall discard pile is shuffled into the thrall deck ({e['amount']})")
event_text("no_thrall_left", lambda e: "no thrall is left to place" + by_source(e))
