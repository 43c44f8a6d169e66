"""The chance a policy may draw on: any generator with ``randrange``, and a cheap one.

Search seeds a fresh generator for every rollout (common random numbers across the
options it compares). A ``random.Random`` costs a 624-word Mersenne Twister state to seed;
:class:`Chance` is the engine's own SplitMix64 (``engine/rng.py``), whose whole state is
one integer, so seeding it is one multiplication.
"""

from __future__ import annotations

from typing import Protocol

from ..engine.rng import randbelow, seed_state


class Rng(Protocol):
    """What the heuristic policy may ask of its generator (``random.Random`` or :class:`Chance`)."""

    def randrange(self, n: int, /) -> int: ...


class Chance:
    """A seeded SplitMix64 stream with ``random.Random``'s ``randrange(n)``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def randrange(self, n: int, /) -> int:
        """A uniform integer in ``range(n)`` (n >= 1), as ``engine.rng.randbelow`` draws it."""
        self.state, v = randbelow(self.state, n)
        return v
