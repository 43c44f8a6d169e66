"""Seeded chance kept inside the game state (DESIGN: "Chance is explicit and seeded").

The generator is SplitMix64: its whole state is one 64-bit integer, so a state clone
copies one int and a JSON snapshot stores one number. Every draw goes through
:func:`next_u64`, which returns the new state with the value; the engine writes the
state back, so replaying the same actions reproduces every shuffle on any machine.
"""

from __future__ import annotations

from typing import TypeVar

MASK = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


def next_u64(state: int) -> tuple[int, int]:
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def randbelow(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in ``range(n)`` (n >= 1), without modulo bias."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        state, v = next_u64(state)
        if v < limit:
            return state, v % n


def shuffle(state: int, items: list[T]) -> int:
    """Fisher-Yates shuffle in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
