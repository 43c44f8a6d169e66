"""What several War Eternal nemeses share: their token, card makers and small helpers.

Every token these mats speak of is the box's plain "nemesis token", kept in
``state.nemesis.tokens["nemesis"]`` (one source calls them time gates, cloaks and
Gravehold's pillars).
"""

from __future__ import annotations

from typing import Any

from ....boxapi import Engine, InPlay, NemesisCardDef

T = "nemesis"  # the nemesis token of this box


def card_maker(nemesis: str) -> Any:
    """``make(name, type, tier, **fields)``: a card of this nemesis."""
    def make(name: str, type_: str, tier: int, **kw: Any) -> NemesisCardDef:
        return NemesisCardDef(name, type_, tier, "WE", nemesis=nemesis, **kw)
    return make


def any_player(*steps: tuple[Any, ...]) -> tuple[Any, ...]:
    return ("player", "any", tuple(steps))


def either(a: tuple[tuple[Any, ...], ...], b: tuple[tuple[Any, ...], ...]) -> tuple[Any, ...]:
    return ("or", a, b)


def names(cards: tuple[NemesisCardDef, ...]) -> tuple[str, ...]:
    return tuple(c.name for c in cards)


def is_steps(x: Any) -> bool:
    return isinstance(x, tuple) and bool(x) and all(isinstance(s, tuple) and s and isinstance(s[0], str) for s in x)


def in_play(g: Engine, name: str) -> InPlay | None:
    for c in g.state.nemesis.in_play:
        if c.name == name:
            return c
    return None


def set_tokens(g: Engine, t: str, value: int, source: str) -> None:
    tk = g.state.nemesis.tokens
    before = tk.get(t, 0)
    tk[t] = value
    if value != before:
        g.ev("token", token=t, amount=value - before, total=value, source=source)
