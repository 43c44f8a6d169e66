"""What the bots should know of Outcasts' basics and curses that the steps cannot say.

The generic rules weigh an OR by what each branch gives, and count "destroy this card"
against it (a card in a deck is usually worth keeping). A curse is the other way round: it
comes back to the hand again and again, so getting rid of it is worth a little now.
"""

from __future__ import annotations

from ...boxapi import Board, Decision, Judge, Option, catalogue, hints

#: what a player keeps by throwing a card away, by cost (a starter card is nearly nothing)
_CHEAP = 1


@hints.decision("curse")
def _curse_or(b: Board, d: Decision, judge: Judge) -> Option | None:
    """Destroy a Cursed Shard whenever it can be paid for; a Cursed Bolt when the two cards
    it takes are cheap ones; a Curse of Rot for charges only with a full charge track
    (charges buy an ability); keep the rest (their first option costs little)."""
    opts = [o for o in d.options if o[0] == "choose"]
    if ("choose", 1) not in opts:
        return opts[0] if opts else None
    source = str(d.resume[3])
    me = b.players[d.player]
    if source == "Cursed Shard":
        return ("choose", 1)
    if source == "Cursed Bolt":
        costs = sorted(catalogue.CARDS[c].cost for c in me.hand if c in catalogue.CARDS)
        return ("choose", 1) if len(costs) >= 2 and costs[1] <= _CHEAP else ("choose", 0)
    if source == "Curse of Rot":
        return ("choose", 1) if me.charges >= me.max_charges else ("choose", 0)
    return ("choose", 0)
