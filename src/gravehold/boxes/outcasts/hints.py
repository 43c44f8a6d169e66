"""What the bots should know of Outcasts that its steps cannot say.

*Xaxos: Outcast's offer* (K-18, ``xaxos_offer``): a player gives him the charges their own
slots cannot hold (kept, they would be lost), and keeps the rest for their own ability.
"""

from __future__ import annotations

from ...boxapi import Board, Decision, Judge, Option, hints


@hints.policy("xaxos_offer")
def _xaxos_offer(b: Board, d: Decision, judge: Judge) -> Option | None:
    me = b.players[d.player]
    step = d.resume[-1]  # the asking step, ("xaxos_offer", n)
    n = int(step[1]) if isinstance(step, (list, tuple)) and len(step) > 1 else 1
    return ("yes",) if me.charges + n > me.max_charges else ("no",)
