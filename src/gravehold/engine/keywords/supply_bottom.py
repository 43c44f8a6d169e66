"""C-17 Copies with marks at the bottom of supply piles: a campaign's copies back in the box.

A Legacy campaign keeps its marks on physical copies (K-9), and a marked supply card that
no player keeps goes back under its pile: the next battle deals it from there, last. A pile
is still a count of its card (``State.supply_counts``), and the few marked copies in it are
listed bottom first in ``State.supply_bottom`` (pile name -> names, e.g.
``{"Name": ("Name{boost}",)}``), never more than the pile holds: the card at position
``k`` from the bottom is ``bottom[k]`` when the list is that long, else the plain card
(a list may name the plain card too, below a marked one, once covered cards come back
under a pile: :func:`put_under`).
Whatever takes the top card of a pile takes it with :func:`take_top`, which names the copy
that left; a card put back on a pile goes on top as a plain copy, which the count alone says.

The lists are tuples, and the dict is replaced rather than changed, so ``State.clone`` shares
it for free: the hot path (a gain in a simulated game) pays one falsy check while no pile has
marked copies. Set up from ``config["supply_marked"]`` (the same shape, as lists).
"""

from __future__ import annotations

from typing import Any

from ...content import registry as content
from ...errors import SetupError

KEY = "supply_marked"


def take_top(st: Any, idx: int) -> str:
    """The top card of supply pile ``idx`` leaves it: one fewer, and the copy it was.
    The caller has checked the pile is not empty."""
    c = st.supply_counts[idx] - 1
    st.supply_counts[idx] = c
    name: str = st.supply_names[idx]
    if st.supply_bottom:
        bottom = st.supply_bottom.get(name)
        if bottom is not None and c < len(bottom):
            rest = dict(st.supply_bottom)
            if c:
                rest[name] = bottom[:c]
            else:
                del rest[name]
            st.supply_bottom = rest
            return str(bottom[c])
    return name


def take(st: Any, idx: int, k: int) -> list[str]:
    """The top ``k`` cards of pile ``idx`` (as many as it holds) leave it, top first."""
    return [take_top(st, idx) for _ in range(min(k, st.supply_counts[idx]))]


def put_under(st: Any, idx: int, cards: list[str]) -> None:
    """``cards`` (top first, as :func:`take` gave them) go back under pile ``idx``, below the
    cards it holds now, marked copies and all (a pile's covered cards coming back)."""
    st.supply_counts[idx] += len(cards)
    if all("{" not in c for c in cards) and not st.supply_bottom:
        return
    name = st.supply_names[idx]
    under = [*reversed(cards), *st.supply_bottom.get(name, ())]  # what lay there now sits on them
    while under and under[-1] == name:
        under.pop()
    rest = dict(st.supply_bottom)
    if under:
        rest[name] = tuple(under)
    else:
        rest.pop(name, None)
    st.supply_bottom = rest


def fault(pile: str, names: Any, count: int, plain_ok: bool = False) -> tuple[int | None, str] | None:
    """Why ``names`` cannot lie at the bottom of pile ``pile`` of ``count`` cards:
    (the entry at fault or None for the list, reason), or None."""
    if not isinstance(names, (list, tuple)):
        return None, f"must list the marked copies at the bottom of the pile, bottom first, got {names!r}"
    if len(names) > count:
        return None, f"the pile holds {count} cards, and {len(names)} are listed"
    for k, name in enumerate(names):
        if isinstance(name, str):
            content.register_marked_names(name)
        card = content.CARDS.get(name) if isinstance(name, str) else None
        if card is None or card.base != pile and (plain_ok is False or name != pile):
            return k, f"{name!r} is no marked copy of {pile} (e.g. '{pile}{{boost}}')"
    return None


def deal(st: Any, spec: Any) -> dict[str, list[str]]:
    """Setup (C-17): the marked copies under the piles; the spec as dealt, for the config."""
    if not isinstance(spec, dict):
        raise SetupError(f"{KEY}: must map supply piles to the marked copies at their bottom, got {spec!r}",
                         field=KEY)
    out: dict[str, list[str]] = {}
    for pile, names in spec.items():
        if pile not in st.supply_names:
            raise SetupError(f"{KEY}.{pile}: no supply pile of this game; its piles are "
                             f"{', '.join(st.supply_names)}", field=KEY)
        why = fault(pile, names, st.supply_counts[st.supply_names.index(pile)])
        if why is not None:
            at = f"{KEY}.{pile}" + (f"[{why[0]}]" if why[0] is not None else "")
            raise SetupError(f"{at}: {why[1]}", field=KEY)
        if names:
            out[pile] = list(names)
    st.supply_bottom = {pile: tuple(names) for pile, names in out.items()}
    return out


def check_saved(st: Any) -> tuple[str, str] | None:
    """A loaded state's ``supply_bottom``: (field, reason) of its first fault, or None."""
    for pile, names in st.supply_bottom.items():
        if pile not in st.supply_names:
            return f"supply_bottom.{pile}", "is no supply pile of this game"
        why = fault(pile, names, st.supply_counts[st.supply_names.index(pile)], plain_ok=True)
        if why is not None:
            return f"supply_bottom.{pile}" + (f"[{why[0]}]" if why[0] is not None else ""), why[1]
    return None
