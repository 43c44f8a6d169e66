"""The random agent: uniform over the legal options, from its own seeded generator."""

from __future__ import annotations

import random as _random

from ..engine.state import Action, Decision
from .base import SeeView


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = _random.Random(seed)

    def choose(self, decision: Decision, view: SeeView) -> Action:
        opts = decision.options
        return opts[self.rng.randrange(len(opts))]
