"""K-4 Recall: a card's Recall effect, resolved from its owner's discard pile in their main phase.

State: ``CardDef.recall``, the effect's steps (a printed fact of the card), and the turn flag
``recalled``, the names of the cards whose Recall effect the active player used this turn,
once per use. Copies are alike, so uses are counted: a name is offered while the discard
pile holds more copies of it than the flag names (once per turn per copy, wherever the copy
lies in the pile, the turn it was gained too). The main action ``("recall", card)`` is
offered by ``turn.main_options`` (:func:`options`) and resolved with the other main actions
in ``turn.actions`` (:func:`resolve`); its wording is with the other heads in
``engine.decisions``. The card stays in the discard pile.
"""

from __future__ import annotations

from ...content import registry as content
from ..core import Ctx, Engine
from ..state import Action, Player

#: the cards with a Recall effect, for the catalogue of ``_RECALLERS_FOR`` cards
_RECALLERS: set[str] = set()
_RECALLERS_FOR = [-1]


def _recallers() -> set[str]:
    """The names of the cards with a Recall effect (rebuilt when the catalogue's size changes)."""
    if _RECALLERS_FOR[0] != len(content.CARDS):
        _RECALLERS.clear()
        _RECALLERS.update(n for n, c in content.CARDS.items() if c.recall)
        _RECALLERS_FOR[0] = len(content.CARDS)
    return _RECALLERS


def options(p: Player, used: tuple[str, ...]) -> list[Action]:
    """The ``recall`` actions of player p's discard pile, each name once, in pile order."""
    names = _recallers()
    if not names:
        return []
    opts: list[Action] = []
    for name in dict.fromkeys(p.discard):
        if name in names and p.discard.count(name) > used.count(name):
            opts.append(("recall", name))
    return opts


def resolve(g: Engine, i: int, action: Action) -> None:
    """Use one copy's Recall effect this turn; the card stays where it lies."""
    name = str(action[1])
    st = g.state
    st.flags["recalled"] = (*st.flags.get("recalled", ()), name)
    g.ev("recall", player=i, card=name)
    g.push_steps(content.CARDS[name].recall, Ctx(i, i, name))
