"""K-8 Fire tokens (LoG, C-13): fire on the location being fought over; ten or more lose at once (G-2).

State: the table token ``State.tokens["fire"]`` (saved in the state's ``tokens``; absent
is none). One count for the table, never a nemesis' token: nemesis cards add them
(``add_fire``), player cards take them away (``remove_fire``). ``check`` ends the game the
moment the count reaches ``LOSS_AT`` (reason ``"fire"``), wherever it is added. The count
stays on the table when the game ends, and ``Game.summary`` records it (``"fire"``, in a game that had fire) so a
campaign can read the rewards it costs. **Unstated** (C-13): fire outside the campaign still
counts and ten still lose.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...content.model import Step
from ...content.text import count_of, table_panel
from ..amounts import Amount, amount, amount_at, amount_text
from ..core import Ctx, Engine, step
from ..flags import table_token
from ..state import State

#: G-2: this many fire tokens lose the game
LOSS_AT = 10


def _fault(value: int, state: Any, rest: str) -> str | None:
    """A saved count is a count, and ten or more only in a game that is over (G-2)."""
    if value < 0:
        return f"must be a number of fire tokens (0 or more), got {value}"
    if value >= LOSS_AT and not state.over:
        return f"{value} fire tokens have lost the game (G-2), but the game is not over"
    return None


#: the key of the table's fire tokens in ``State.tokens``
KEY = table_token("fire", f"fire tokens on the location being fought over (K-8); {LOSS_AT} or more lose the "
                  "game (G-2)", _fault)


def count(st: State) -> int:
    """The fire tokens on the table."""
    return st.tokens.get(KEY, 0)


def check(g: Engine) -> None:
    """G-2: ten or more fire tokens lose the game at once."""
    if count(g.state) >= LOSS_AT and not g.state.over:
        g.end("loss", "fire")


@step("add_fire", check=amount_at(1),
      text=lambda n: f"Place {amount_text(n, 'fire token', noun=True)} on the location.")
def _add(g: Engine, ctx: Ctx, a: Amount) -> None:
    st, n = g.state, amount(g, ctx, a)
    st.tokens[KEY] = total = count(st) + n
    g.ev("fire", amount=n, total=total, source=ctx.source)
    check(g)


def _some(g: Engine, ctx: Ctx, s: Step) -> bool:
    return count(g.state) >= amount(g, ctx, s[1])


@step("remove_fire", can_resolve=_some, check=amount_at(1),
      text=lambda n: f"Remove {amount_text(n, 'fire token', noun=True)} from the location.")
def _remove(g: Engine, ctx: Ctx, a: Amount) -> None:
    """As many as lie there, at most the amount (P-7: fewer is a partial resolution)."""
    st, n = g.state, amount(g, ctx, a)
    gone = min(n, count(st))
    if gone:
        st.tokens[KEY] = count(st) - gone
    g.ev("fire", amount=-gone, total=count(st), source=ctx.source)


@table_panel
def _panel(view: Mapping[str, Any]) -> tuple[str, str] | None:
    """Both boards show the fire once there is some (or was: a doused location shows 0)."""
    tokens = view.get("tokens") or {}
    if KEY not in tokens:
        return None
    return ("Fire", f"{count_of(tokens[KEY], 'fire token')} on the location; {LOSS_AT} lose the game")
