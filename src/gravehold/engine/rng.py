"""Seeded chance kept inside the game state (DESIGN: "Chance is explicit and seeded").

The generator is SplitMix64: its whole state is one 64-bit integer, so a state clone
copies one int and a JSON snapshot stores one number. Every draw goes through
:func:`next_u64`, which returns the new state with the value; the engine writes the
state back, so replaying the same actions reproduces every shuffle on any machine.
"""

from __future__ import annotations

import secrets
from typing import TypeVar

#: Seeds run from 0 to ``SEED_MAX``: what a record, a save and the CLI can hold.
SEED_MAX = 2**63 - 1
MASK = (1 << 64) - 1
T = TypeVar("T")
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: ``2**64 - 2**64 % n`` for the n of every shuffle of up to 64 cards: draws below it are kept
_LIMITS = (0,) + tuple(_TWO64 - (_TWO64 % n) for n in range(1, 65))


def fresh_seed() -> int:
    """A seed for a game or an expedition nobody named one for, drawn from the whole range.

    Why the whole range: everything a seat sees (its hand, the supply, a random nemesis) is
    dealt from the seed, so from a small range a seat could try every seed until one deals
    what it sees, and then know every deck order. 2**63 seeds leave no such search.
    """
    return secrets.randbelow(SEED_MAX + 1)


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


def next_u64(state: int) -> tuple[int, int]:
    state = (state + _GAMMA) & MASK
    z = state
    z = ((z ^ (z >> 30)) * _MIX1) & MASK
    z = ((z ^ (z >> 27)) * _MIX2) & MASK
    return state, z ^ (z >> 31)


def randbelow(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` (n >= 1), without modulo bias.

    :func:`next_u64` is written out here: this runs for every card of every shuffle, and
    the call cost more than the arithmetic. It draws exactly what ``next_u64`` draws.
    """
    limit = _TWO64 - (_TWO64 % n)
    while True:
        state = (state + _GAMMA) & MASK
        z = ((state ^ (state >> 30)) * _MIX1) & MASK
        z = ((z ^ (z >> 27)) * _MIX2) & MASK
        v = z ^ (z >> 31)
        if v < limit:
            return state, v % n


def shuffle(state: int, items: list[T]) -> int:
    """Fisher-Yates shuffle in place; returns the new generator state.

    ``randbelow`` is written out here too (a shuffle is most of a game's setup); the
    draws, the rejections and so the order are exactly those of ``randbelow``.
    """
    limits = _LIMITS
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = limits[n] if n < 65 else _TWO64 - (_TWO64 % n)
        while True:
            state = (state + _GAMMA) & MASK
            z = ((state ^ (state >> 30)) * _MIX1) & MASK
            z = ((z ^ (z >> 27)) * _MIX2) & MASK
            v = z ^ (z >> 31)
            if v < limit:
                break
        j = v % n
        items[i], items[j] = items[j], items[i]
    return state
