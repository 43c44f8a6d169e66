"""The log lines of the events only The New Age emits: Fenrix's claws and Position tokens,
Maggoth's nest, Arachnos' ritual, Ageless Walker's exiled pile and curses, its mages' cards.

Each line may name only what the whole table knows: the log is shared by every seat.
"""

from __future__ import annotations

from ...boxapi import Event, by_source, card_list, event_text, seat


def _nest(k: int, kind: str) -> str:
    """Maggoth's Nest Mat: "a maggot", "3 flies"."""
    return f"a {kind}" if k == 1 else f"{k} {'flies' if kind == 'fly' else kind + 's'}"


def _exiled(e: Event) -> str:
    """An exiled card lies face up on the exiled pile, so the line may name it."""
    j = int(e.get("player", -1))
    if j < 0:
        return f"{e['card']} from the supply is exiled" + by_source(e)
    where = {"hand": "hand", "discard": "discard pile"}.get(str(e.get("zone")), "cards")
    return f"{seat(j)} exiles {e['card']} from their {where}" + by_source(e)


def _nest_hit(e: Event) -> str:
    done = "turns into a maggot" if e.get("result") == "maggot" else "dies"
    return f"a {e['kind']} in nest row {e['row']} takes {e['amount']} damage and {done}" + by_source(e)


event_text("beside_mat", lambda e: f"{e['card']} now lies beside the mat until the game ends")
event_text("claw_deck_empty", lambda e: "the claw deck is empty")
event_text("claw_to_deck", lambda e: f"{e['card']} goes face down on top of the claw deck")
event_text("curse_resolved", lambda e: f"{seat(e['player'])} resolves {e['card']}")
event_text("exiled", _exiled)
event_text("exiled_destroyed", lambda e: f"every card of the exiled pile is destroyed: {card_list(e.get('cards'))}"
           + by_source(e))
event_text("fly_hatched", lambda e: f"a fly hatches in nest row {e['row']}")
event_text("gain_exiled", lambda e: f"{seat(e['player'])} gains {e['card']} from the exiled pile")
event_text("nest_full", lambda e: f"the nest is full: {_nest(int(e['amount']), e['kind'])} not placed")
event_text("nest_hit", _nest_hit)
event_text("nest_placed", lambda e: f"{_nest(int(e['amount']), e['kind'])} into nest row {e['row']}" + by_source(e))
event_text("nest_row_filled", lambda e: f"nest row {e['row']} is filled")
event_text("position", lambda e: (f"{seat(e['player'])}'s Position token goes onto {e['card']}" if e.get("card")
           else f"{seat(e['player'])}'s Position token goes back to them") + by_source(e))
event_text("positions_barred", lambda e: "no Position token may go onto a claw this turn" + by_source(e))
event_text("put_in_hand", lambda e: f"{seat(e['player'])} puts {e['card']} into their hand" + by_source(e))
event_text("returned_to_supply", lambda e: f"{seat(e['player'])} returns {e['card']} to its supply pile" + by_source(e))
event_text("ritual_back", lambda e: f"{seat(e['player'])} pays {e['cost']} Æ: the ritual token goes back to "
           f"space {e['space']}")
event_text("ritual_complete", lambda e: (f"the ritual is complete: {e['removed']} nemesis cards leave the game "
           f"and {e['card']} comes into play"))
