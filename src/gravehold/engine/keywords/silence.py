"""K-5 Silence: a silenced minion skips its next PERSISTENT effect (N-1), then loses the token.

State: ``InPlay.silenced``, one flag per minion in play (a token: a minion holds one at
most). The nemesis main phase asks ``skips`` for each minion before its PERSISTENT effect,
so the skip and the loss of the token are one rule in one place. No card of the loaded
boxes silences yet, so there is no step here; a state may start with a silenced minion
(``docs/state-format.md``), and a step that silences would set the flag and live here.
"""

from __future__ import annotations

from ..state import InPlay


def skips(c: InPlay) -> bool:
    """Does minion ``c`` skip this PERSISTENT effect? Silence is used up by skipping."""
    if c.silenced:
        c.silenced = False
        return True
    return False
