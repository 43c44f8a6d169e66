"""What several Aeon's End nemeses share: how their cards are written, the lookups their
rules make, and the one step kind two of them use (``set_entry_life``, whose life is a
counted amount: each nemesis declares the counter its card needs)."""

from __future__ import annotations

from typing import Any

from ....boxapi import (
    ENTRY_LIFE,
    Ctx,
    Engine,
    NemesisCardDef,
    amount,
    amount_at,
    amount_text,
    find_ref,
    printed_rule,
    step,
)
from ....boxapi import catalogue as content

Steps = tuple[tuple[Any, ...], ...]


class Cards:
    """A nemesis' own cards, kept in the order they are written (the catalogue's order, and
    the nemesis deck's before it is shuffled). Calling it adds one card."""

    def __init__(self, nemesis: str) -> None:
        self.nemesis = nemesis
        self.cards: list[NemesisCardDef] = []

    def __call__(self, name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
        card = NemesisCardDef(name, type_, tier, "AE", nemesis=self.nemesis, **kw)
        self.cards.append(card)
        return card

    def deck(self) -> tuple[str, ...]:
        """The names of the cards of the nemesis deck (special decks left out)."""
        return tuple(c.name for c in self.cards if c.deck == "nemesis")


def any_player(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def mat_rule(nid: str, key: str, kind: str) -> tuple[Any, ...] | None:
    """The marker step ``kind`` among nemesis ``nid``'s rules[key] (or increased_difficulty)."""
    nd = content.NEMESES.get(nid)
    if nd is None:
        return None
    for table in (nd.rules, nd.increased_difficulty):
        for s in table.get(key, ()):
            if s and s[0] == kind:
                return tuple(s)
    return None


def card_passive(name: str, kind: str) -> tuple[Any, ...] | None:
    """``name`` may be a reference to one copy in play (``engine.damage.copy_ref``)."""
    return printed_rule(name, kind)


def in_play(g: Engine, name: str) -> Any:
    """The card in play that ``name`` (a card name or a copy reference) refers to, or None."""
    idx = find_ref(g.state.nemesis.in_play, name)
    return g.state.nemesis.in_play[idx] if idx >= 0 else None


def supply_piles(g: Engine, ctype: str | None = None) -> list[str]:
    """Supply piles that still hold cards, of one type or of any."""
    st = g.state
    cards = content.CARDS
    return [name for name, k in zip(st.supply_names, st.supply_counts, strict=True)
            if k > 0 and (ctype is None or cards[name].type == ctype)]


ENTRY_LIFE.add("set_entry_life")  # its minions enter above their printed life (N-10)


@step("set_entry_life", check=amount_at(1), text=lambda n: (
        f"It comes into play with {amount_text(n, 'life')}."))
def _set_entry_life(g: Engine, ctx: Ctx, n: Any) -> None:
    """Maggot Engine, Mindguzzler: the IMMEDIATELY effect fixes the life it comes into play
    with (read by ``turn._enter_play`` from the turn flag ``entry_life``), counted now."""
    life = amount(g, ctx, n)
    g.state.flags["entry_life"] = (ctx.source, life)
    g.ev("entry_life", card=ctx.source, life=life)
