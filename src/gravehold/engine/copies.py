"""Copies of a nemesis card in play, named by reference.

Two copies of one card in the nemesis play area keep their own life, shields and tokens,
so each is named: a reference is the card's name for the oldest copy in play, ``"Name#2"``
for the next, and so on. Only the state's ``in_play`` list is read, so any layer may name
a copy (the trigger registry's standing rules, damage, the turn).
"""

from __future__ import annotations

from .state import InPlay

#: A minion in play is named by a reference: its card name for the oldest copy in play,
#: ``"Name#2"``, ``"Name#3"``, ... for later copies of the same card. Two copies keep their
#: own life, shields and tokens (each is an ``InPlay``), and each is a target of its own.
COPY_MARK = "#"


def copy_ref(in_play: list[InPlay], idx: int) -> str:
    """The reference of the card at ``in_play[idx]``."""
    name = in_play[idx].name
    nth = sum(1 for c in in_play[:idx] if c.name == name)
    return name if nth == 0 else f"{name}{COPY_MARK}{nth + 1}"


def base_name(ref: str) -> str:
    """The card name of a reference (``"Name#2"`` -> ``"Name"``)."""
    name, mark, nth = ref.rpartition(COPY_MARK)
    return name if mark and nth.isdigit() else ref


def find_ref(in_play: list[InPlay], ref: str) -> int:
    """The index in play of a reference, or -1 when that copy is not in play."""
    name = base_name(ref)
    nth = 0 if name == ref else int(ref.rpartition(COPY_MARK)[2]) - 1
    for k, c in enumerate(in_play):
        if c.name == name:
            if nth == 0:
                return k
            nth -= 1
    return -1
